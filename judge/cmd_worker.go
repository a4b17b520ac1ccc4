package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/build"
	"github.com/judgehq/judge/harness/dist"
	"github.com/judgehq/judge/harness/workflow"
	"github.com/judgehq/judge/reports"
)

func workerCommand() *cli.Command {
	return &cli.Command{
		Name:      "worker",
		Usage:     "judge jobs from a NATS JetStream broker until Ctrl-C",
		ArgsUsage: " ",
		Description: `Connects to a broker (judge broker, or any NATS server with JetStream), advertises
its id (host-pid), host, machine fingerprint and the languages whose toolchains it
has, then pulls jobs -j at a time. For each job it fetches the problem folder, the
submission and the language table by content hash (kept in --cache), builds with
its own content-hash build cache, judges the one dataset exactly as a local run
does and publishes the result before it acknowledges the job: a worker killed
mid-job loses nothing, the job goes to another worker after the broker's
acknowledgement wait. It logs one line per job.

It presents the broker's token from --token-file (a copy of the file judge broker
names when it starts, mode 0600); for a broker on this machine started in the same
folder it finds .judge/broker/token by itself. With a tls:// URL or --tls-ca it
talks TLS, trusting the certificate in --tls-ca. A refused token or an untrusted
certificate stops it with exit 2 and what to give.

Examples:
   judge worker --nats nats://127.0.0.1:4222
   judge worker --nats tls://judgehost:4222 --token-file token --tls-ca broker.pem -j 2 --cache /var/cache/judge-worker`,
		Flags: []cli.Flag{
			natsFlag(), tokenFileFlag(), tlsCAFlag(), ackWaitFlag(),
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: 1, Usage: "jobs judged at once, 1 to 256"},
			&cli.StringFlag{Name: "cache", Usage: "folder for fetched problems, sources and builds (default: STATE/worker)"},
		},
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			url := c.String("nats")
			if url == "" {
				return usageError("worker: --nats URL is needed (e.g. --nats nats://127.0.0.1:4222)")
			}
			if j := c.Int("jobs"); j < 1 || j > maxJobs {
				return usageError("worker: -j %d: want 1 to %d jobs at once", j, maxJobs)
			}
			e, err := newEnv(c)
			if err != nil {
				return err
			}
			defer e.close()
			cache := c.String("cache")
			if cache == "" {
				cache = filepath.Join(e.State, "worker")
			}
			if cache, err = filepath.Abs(cache); err != nil {
				return usageError("--cache: %v", err)
			}
			// The worker's builds and scratch runs live under its cache folder, so
			// workers sharing a machine and a state folder never collide.
			wenv := *e.Env
			wenv.State = cache
			wenv.Builder = &build.Builder{Cache: filepath.Join(cache, "build"), Languages: e.Builder.Languages, Jail: e.Builder.Jail}
			ctx, stop := signalContext(c.Context)
			defer stop()
			nc, js, err := connectBroker(ctx, c, "judge worker")
			if err != nil {
				return err
			}
			defer nc.Close()
			host, _ := os.Hostname()
			logger := log.New(c.App.ErrWriter, "", log.LstdFlags|log.Lmicroseconds)
			w := &dist.Worker{
				Info: dist.WorkerInfo{ID: fmt.Sprintf("%s-%d", host, os.Getpid()), Host: host,
					Fingerprint: fingerprint(), Jobs: c.Int("jobs"), Languages: wenv.Toolchains()},
				JS: js, Exec: &workflow.Executor{Env: &wenv}, Cache: filepath.Join(cache, "blobs"),
				Config: distConfig(c), Logf: logger.Printf,
			}
			logger.Printf("worker %s: %s, %d at once, languages %s; Ctrl-C stops it",
				w.Info.ID, w.Info.Fingerprint, w.Info.Jobs, strings.Join(w.Info.Languages, " "))
			if err := w.Run(ctx); err != nil {
				return failed("worker: %v", err)
			}
			logger.Printf("worker %s: stopped", w.Info.ID)
			return nil
		},
	}
}

// natsFlag is --nats URL, shared by the commands that talk to a broker.
func natsFlag() cli.Flag {
	return &cli.StringFlag{Name: "nats", Usage: "URL of a NATS server with JetStream (judge broker), e.g. nats://127.0.0.1:4222 or tls://HOST:4222", EnvVars: []string{"JUDGE_NATS"}}
}

// tokenFileFlag is --token-file FILE, the file holding the broker's token,
// shared by the commands that talk to a broker. The token itself never goes on
// the command line, where ps shows it to every user.
func tokenFileFlag() cli.Flag {
	return &cli.StringFlag{Name: "token-file", EnvVars: []string{"JUDGE_NATS_TOKEN_FILE"},
		Usage: "file holding the broker's token (judge broker prints where it keeps it; default for a broker on this machine: " +
			filepath.Join(defaultBrokerStore, dist.TokenFileName) + " when it exists)"}
}

// tlsCAFlag is --tls-ca FILE, the certificate a client trusts the broker by.
func tlsCAFlag() cli.Flag {
	return &cli.StringFlag{Name: "tls-ca", EnvVars: []string{"JUDGE_NATS_TLS_CA"},
		Usage: "connect with TLS, trusting the CA certificate (or the broker's self-signed certificate) in FILE"}
}

// connectBroker connects to the broker at --nats as the client name, with the
// token of --token-file (or the one in the URL, or a local broker's default
// token file) and TLS when the URL is tls:// or --tls-ca is given. A missing
// or refused token and an untrusted certificate are bad input (exit 2), with
// what to do; a broker that cannot be reached is a failure (exit 1).
func connectBroker(ctx context.Context, c *cli.Context, name string) (*nats.Conn, jetstream.JetStream, error) {
	url := c.String("nats")
	opts := dist.ClientOptions{Name: name}
	file := c.String("token-file")
	// Every server of a list: NATS tries them all, with the same token.
	inURL, local := dist.Servers(url)
	switch {
	case file != "" && inURL:
		return nil, nil, usageError("--token-file %s and a token in the --nats URL: give the token once (the file keeps it out of ps)", file)
	case file != "":
		tok, err := dist.ReadToken(file)
		if err != nil {
			return nil, nil, usageError("%v", err)
		}
		opts.Token = tok
	case !inURL && local:
		// A broker started here with its default store: its token is at hand.
		// Only when every server listed is this machine: a remote server
		// never sees a local token.
		def := filepath.Join(defaultBrokerStore, dist.TokenFileName)
		tok, err := dist.ReadToken(def)
		if err == nil {
			opts.Token, file = tok, def
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, nil, usageError("%v", err)
		}
	}
	if ca := c.String("tls-ca"); ca != "" {
		cfg, err := dist.ClientTLS(ca)
		if err != nil {
			return nil, nil, usageError("--tls-ca: %v", err)
		}
		opts.TLS = cfg
	}
	nc, js, err := dist.Connect(ctx, url, opts)
	switch {
	case err == nil:
		if _, tlsErr := nc.TLSConnectionState(); tlsErr != nil && !local {
			fmt.Fprintf(c.App.ErrWriter, "%s: warning: connected to %s without TLS: the token, problems with their secret answers, "+
				"submissions and results cross the network in plain text (connect with tls:// and --tls-ca to a broker serving TLS)\n",
				name, dist.Redact(nc.ConnectedUrl()))
		}
		return nc, js, nil
	case errors.Is(err, dist.ErrAuth) && opts.Token == "" && !inURL:
		return nil, nil, usageError("%v: give the broker's token with --token-file FILE or JUDGE_NATS_TOKEN_FILE "+
			"(the broker prints where it keeps it: STORE/%s unless started with --token-file)", err, dist.TokenFileName)
	case errors.Is(err, dist.ErrAuth) && file != "":
		return nil, nil, usageError("%v: the token in %s is not this broker's (it prints where it keeps its own; "+
			"a broker given a new store or token file has a new token)", err, file)
	case errors.Is(err, dist.ErrAuth):
		return nil, nil, usageError("%v: the token in the URL is not this broker's (give its token file with --token-file instead)", err)
	case errors.Is(err, dist.ErrTLS) && opts.TLS == nil:
		return nil, nil, usageError("%v: trust its certificate with --tls-ca FILE (the certificate the broker was given with --tls-cert, or its CA)", err)
	case errors.Is(err, dist.ErrTLS):
		return nil, nil, usageError("%v (--tls-ca %s)", err, c.String("tls-ca"))
	}
	return nil, nil, failed("%v", err)
}

// ackWaitFlag is --ack-wait, how long a job may go without a sign of life from
// its worker before another worker gets it.
func ackWaitFlag() cli.Flag {
	return &cli.DurationFlag{Name: "ack-wait", Value: dist.DefaultConfig.AckWait, EnvVars: []string{"JUDGE_ACK_WAIT"},
		Usage: "how long a job may go without a sign of life from its worker before another gets it (the same for every worker and contest)"}
}

// distConfig is the delivery configuration of --ack-wait.
func distConfig(c *cli.Context) dist.Config {
	cfg := dist.DefaultConfig
	if d := c.Duration("ack-wait"); d > 0 {
		cfg.AckWait = d
	}
	return cfg
}

// fingerprint names the machine: OS, architecture, CPU model and cores.
func fingerprint() string {
	model := "unknown CPU"
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
		f.Close()
	}
	return fmt.Sprintf("%s/%s, %s, %d cores", runtime.GOOS, runtime.GOARCH, model, runtime.NumCPU())
}

// doctorBroker shows the broker at url: server, JetStream, streams and workers.
func doctorBroker(c *cli.Context, url string) error {
	ctx := c.Context
	nc, js, err := connectBroker(ctx, c, "judge doctor")
	if err != nil {
		return err
	}
	defer nc.Close()
	w := c.App.Writer
	rows := [][]string{
		{"server", fmt.Sprintf("%s (%s), NATS %s", nc.ConnectedServerName(), dist.Redact(nc.ConnectedUrl()), nc.ConnectedServerVersion())},
	}
	if ai, err := js.AccountInfo(ctx); err == nil {
		rows = append(rows, []string{"JetStream", fmt.Sprintf("%d streams, %d consumers, %.1f MiB on disk, %.1f MiB in memory",
			ai.Streams, ai.Consumers, float64(ai.Store)/(1<<20), float64(ai.Memory)/(1<<20))})
	}
	if err := reports.WriteTable(w, reports.ASCII, []reports.Column{{Name: "broker"}, {Name: "state"}}, rows); err != nil {
		return err
	}
	fmt.Fprintln(w)
	var streams [][]string
	names := js.StreamNames(ctx)
	for name := range names.Name() {
		s, err := js.Stream(ctx, name)
		if err != nil {
			continue
		}
		info, err := s.Info(ctx)
		if err != nil {
			continue
		}
		streams = append(streams, []string{name, strings.Join(info.Config.Subjects, " "),
			fmt.Sprint(info.State.Msgs), fmt.Sprintf("%.1f", float64(info.State.Bytes)/1024), fmt.Sprint(info.State.Consumers)})
	}
	if err := names.Err(); err != nil {
		return failed("listing streams: %v", err)
	}
	if err := reports.WriteTable(w, reports.ASCII, []reports.Column{{Name: "stream"}, {Name: "subjects"},
		{Name: "messages", Numeric: true}, {Name: "KiB", Numeric: true}, {Name: "consumers", Numeric: true}}, streams); err != nil {
		return err
	}
	fmt.Fprintln(w)
	workers, err := dist.Workers(ctx, js)
	if err != nil {
		return failed("listing workers: %v", err)
	}
	var wrows [][]string
	for _, wi := range workers {
		wrows = append(wrows, []string{wi.ID, wi.Fingerprint, fmt.Sprint(wi.Jobs), fmt.Sprint(wi.Judged),
			wi.Seen.Local().Format("15:04:05"), strings.Join(wi.Languages, " ")})
	}
	if len(wrows) == 0 {
		fmt.Fprintln(w, "no workers advertised in the last minute (start one: judge worker --nats "+dist.Redact(url)+" --token-file FILE, FILE a copy of the broker's token)")
		return nil
	}
	return reports.WriteTable(w, reports.ASCII, []reports.Column{{Name: "worker"}, {Name: "machine"}, {Name: "jobs", Numeric: true},
		{Name: "judged", Numeric: true}, {Name: "seen"}, {Name: "languages"}}, wrows)
}
