package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/dist"
)

func brokerCommand() *cli.Command {
	return &cli.Command{
		Name:      "broker",
		Usage:     "run a NATS JetStream broker that hands jobs to workers on other machines",
		ArgsUsage: " ",
		Description: `Starts a NATS server with JetStream inside judge, so nothing else needs installing.
Workers (judge worker --nats URL) pull jobs from it; a contest or run given
--nats URL publishes its jobs there and collects the results. Its streams live in
--store and survive a restart: a broker stopped and started again on the same
store loses no job and no result. Any NATS server run with -js works the same way.
It runs until Ctrl-C.

By default it listens on 127.0.0.1 only. To let workers on other machines in,
listen on an address they reach (and keep that network private: the broker has no
authentication of its own).

Examples:
   judge broker                                   # 127.0.0.1:4222, store .judge/broker
   judge broker --listen 0.0.0.0:4222 --store /var/lib/judge-broker
   judge worker --nats nats://HOST:4222 -j 2      # on each judging machine
   judge contest examples/contest.yaml --nats nats://HOST:4222`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "store", Value: ".judge/broker", Usage: "folder for the broker's streams"},
			&cli.StringFlag{Name: "listen", Value: "127.0.0.1:4222", Usage: "HOST:PORT to accept clients on"},
			&cli.BoolFlag{Name: "sync", Usage: "write every message to disk before acknowledging it (survives power loss; slower)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("broker: takes no arguments (see judge broker --help)")
			}
			b, err := dist.StartBroker(dist.BrokerOptions{StoreDir: c.String("store"), Listen: c.String("listen"), SyncAlways: c.Bool("sync")})
			if err != nil {
				return usageError("%v", err)
			}
			defer b.Shutdown()
			ctx, stop := signalContext(c.Context)
			defer stop()
			fmt.Fprintf(c.App.Writer, "broker listening on %s (store %s); Ctrl-C stops it\n", b.ClientURL(), c.String("store"))
			fmt.Fprintf(c.App.Writer, "workers:     judge worker --nats %s\n", b.ClientURL())
			fmt.Fprintf(c.App.Writer, "a contest:   judge contest FILE.yaml --nats %s\n", b.ClientURL())
			<-ctx.Done()
			fmt.Fprintln(c.App.ErrWriter, "broker: stopping")
			return nil
		},
	}
}
