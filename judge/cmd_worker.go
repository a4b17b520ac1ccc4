package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strings"

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

Examples:
   judge worker --nats nats://127.0.0.1:4222
   judge worker --nats nats://judgehost:4222 -j 2 --cache /var/cache/judge-worker`,
		Flags: []cli.Flag{
			natsFlag(), ackWaitFlag(),
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: 1, Usage: "jobs judged at once"},
			&cli.StringFlag{Name: "cache", Usage: "folder for fetched problems, sources and builds (default: STATE/worker)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("worker: takes no arguments (see judge worker --help)")
			}
			url := c.String("nats")
			if url == "" {
				return usageError("worker: --nats URL is needed (e.g. --nats nats://127.0.0.1:4222)")
			}
			if c.Int("jobs") < 1 {
				return usageError("worker: -j %d: want at least 1", c.Int("jobs"))
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
			nc, js, err := dist.Connect(ctx, url, "judge worker")
			if err != nil {
				return failed("%v", err)
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
	return &cli.StringFlag{Name: "nats", Usage: "URL of a NATS server with JetStream (judge broker), e.g. nats://127.0.0.1:4222", EnvVars: []string{"JUDGE_NATS"}}
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
	nc, js, err := dist.Connect(ctx, url, "judge doctor")
	if err != nil {
		return failed("%v", err)
	}
	defer nc.Close()
	w := c.App.Writer
	rows := [][]string{
		{"server", fmt.Sprintf("%s (%s), NATS %s", nc.ConnectedServerName(), nc.ConnectedUrlRedacted(), nc.ConnectedServerVersion())},
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
		fmt.Fprintln(w, "no workers advertised in the last minute (start one: judge worker --nats "+url+")")
		return nil
	}
	return reports.WriteTable(w, reports.ASCII, []reports.Column{{Name: "worker"}, {Name: "machine"}, {Name: "jobs", Numeric: true},
		{Name: "judged", Numeric: true}, {Name: "seen"}, {Name: "languages"}}, wrows)
}
