package main

import (
	"crypto/tls"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/judgehq/judge/harness/dist"
)

// defaultBrokerStore is judge broker's --store; a client connecting to a broker
// on this machine finds its token there when given none.
const defaultBrokerStore = ".judge/broker"

func brokerCommand() *cli.Command {
	return &cli.Command{
		Name:      "broker",
		Usage:     "run a NATS JetStream broker that hands jobs to workers on other machines",
		ArgsUsage: " ",
		Description: `Starts a NATS server with JetStream inside judge, so nothing else needs installing.
Workers (judge worker --nats URL) pull jobs from it; a contest given --nats URL
publishes its jobs there and collects the results. Its streams live in --store and
survive a restart: a broker stopped and started again on the same store loses no
job and no result. Any NATS server run with -js works the same way.
It runs until Ctrl-C.

Every client must present the broker's token, on this machine too (other users
and whatever runs beside the workers reach 127.0.0.1 as well): the jobs carry the
problems' secret answers, and a client let in could read them or publish forged
results. The token lives in a file, STORE/token unless --token-file says
otherwise, written with a fresh random 256-bit token (mode 0600) when missing and
kept across restarts, so workers need no new token. Copy that file to each judging
machine (mode 0600) and give it with --token-file; a worker, contest or doctor
talking to 127.0.0.1 finds .judge/broker/token by itself. The token is never
printed nor needed on a command line.

By default it listens on 127.0.0.1 only. To let workers on other machines in,
listen on an address they reach, and serve TLS with --tls-cert and --tls-key:
without it, problems, answers, submissions, results and the token cross the
network in plain text (the broker warns). Clients then connect with tls://HOST:4222
and trust the certificate with --tls-ca (the certificate itself when
self-signed, else its CA). A self-signed one for the broker's address:
   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 \
     -subj /CN=judge-broker -addext subjectAltName=IP:192.0.2.10 \
     -keyout broker.key -out broker.pem

Examples:
   judge broker                                   # 127.0.0.1:4222, store .judge/broker
   judge worker --nats nats://127.0.0.1:4222      # on the same machine, same folder
   judge broker --listen 0.0.0.0:4222 --store /var/lib/judge-broker \
     --tls-cert broker.pem --tls-key broker.key
   judge worker --nats tls://HOST:4222 --token-file token --tls-ca broker.pem -j 2   # on each judging machine
   judge contest examples/contest.yaml --nats tls://HOST:4222 --token-file token --tls-ca broker.pem`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "store", Value: defaultBrokerStore, Usage: "folder for the broker's streams (and its token)"},
			&cli.StringFlag{Name: "listen", Value: "127.0.0.1:4222", Usage: "HOST:PORT to accept clients on"},
			&cli.BoolFlag{Name: "sync", Usage: "write every message to disk before acknowledging it (survives power loss; slower)"},
			&cli.StringFlag{Name: "token-file", Usage: "file holding the token clients must present, created when missing (default: STORE/token)"},
			&cli.StringFlag{Name: "tls-cert", Usage: "serve TLS only, with the certificate (PEM) in FILE; goes with --tls-key"},
			&cli.StringFlag{Name: "tls-key", Usage: "the private key (PEM) of --tls-cert"},
		},
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			store := c.String("store")
			tokenFile := c.String("token-file")
			if tokenFile == "" {
				tokenFile = filepath.Join(store, dist.TokenFileName)
			}
			certFile, keyFile := c.String("tls-cert"), c.String("tls-key")
			// Printed for clients started in other folders.
			if abs, err := filepath.Abs(tokenFile); err == nil {
				tokenFile = abs
			}
			if abs, err := filepath.Abs(certFile); err == nil && certFile != "" {
				certFile = abs
			}
			if (certFile == "") != (keyFile == "") {
				return usageError("broker: --tls-cert and --tls-key go together (the certificate and its private key)")
			}
			opts := dist.BrokerOptions{StoreDir: store, Listen: c.String("listen"), SyncAlways: c.Bool("sync")}
			if certFile != "" {
				cfg, err := dist.ServerTLS(certFile, keyFile)
				if err != nil {
					return usageError("broker: %v", err)
				}
				opts.TLS = cfg
			}
			token, created, err := dist.BrokerToken(tokenFile)
			if err != nil {
				return usageError("broker: %v", err)
			}
			opts.Token = token
			b, err := dist.StartBroker(opts)
			if err != nil {
				return usageError("%v", err)
			}
			defer b.Shutdown()
			ctx, stop := signalContext(c.Context)
			defer stop()
			url, host := clientURL(b.ClientURL(), certName(opts.TLS))
			if !dist.IsLoopback(host) && opts.TLS == nil {
				fmt.Fprintf(c.App.ErrWriter, "broker: warning: listening on %s without TLS: problems with their secret answers, "+
					"submissions, results and the token cross the network in plain text for anyone on it to read "+
					"(serve TLS with --tls-cert and --tls-key)\n", host)
			}
			w := c.App.Writer
			fmt.Fprintf(w, "broker listening on %s (store %s); Ctrl-C stops it\n", url, store)
			state := "kept from before"
			if created {
				state = "new"
			}
			fmt.Fprintf(w, "token:       in %s (%s); copy it (mode 0600) to each machine that connects\n", tokenFile, state)
			flags := " --token-file " + tokenFile
			if opts.TLS != nil {
				flags += " --tls-ca " + certFile
			}
			fmt.Fprintf(w, "workers:     judge worker --nats %s%s\n", url, flags)
			fmt.Fprintf(w, "a contest:   judge contest FILE.yaml --nats %s%s\n", url, flags)
			<-ctx.Done()
			fmt.Fprintln(c.App.ErrWriter, "broker: stopping")
			return nil
		},
	}
}

// clientURL is the URL clients on other machines connect to for the server URL
// u, and its host: a broker listening on every address (0.0.0.0, ::) is
// reached by name, the certificate's when it serves TLS (a client checks the
// name it dials against it), else this machine's.
func clientURL(u, name string) (url, host string) {
	scheme, hostport, _ := strings.Cut(u, "://")
	h, port, err := net.SplitHostPort(hostport)
	if err != nil {
		return u, hostport
	}
	if ip := net.ParseIP(h); ip != nil && ip.IsUnspecified() {
		if name == "" {
			name, _ = os.Hostname()
		}
		if name != "" {
			return scheme + "://" + net.JoinHostPort(name, port), h
		}
	}
	return u, h
}

// certName is a name or address the broker's TLS certificate is valid for,
// for the URL it prints: its first DNS name, else its first IP address that
// is not loopback, else its first; "" without TLS or names.
func certName(cfg *tls.Config) string {
	if cfg == nil || len(cfg.Certificates) == 0 || cfg.Certificates[0].Leaf == nil {
		return ""
	}
	leaf := cfg.Certificates[0].Leaf
	if len(leaf.DNSNames) > 0 {
		return leaf.DNSNames[0]
	}
	for _, ip := range leaf.IPAddresses {
		if !ip.IsLoopback() && !ip.IsUnspecified() {
			return ip.String()
		}
	}
	if len(leaf.IPAddresses) > 0 {
		return leaf.IPAddresses[0].String()
	}
	return ""
}
