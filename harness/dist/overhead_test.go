package dist

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/judgehq/judge/problems"
)

// instantExec judges every job AC at once, so that only the broker path is timed.
type instantExec struct{}

func (instantExec) Execute(context.Context, Job, Inputs) (problems.Result, error) {
	return problems.Result{Outcome: problems.Accepted(1, "instant")}, nil
}

// BenchmarkBrokerPath times one job at a time from its publication to its result
// being handed to the coordinator's store function, through an embedded broker
// and an in-process worker whose executor does nothing: the overhead the broker
// path adds to each job. It reports the median and p99 of those times.
func BenchmarkBrokerPath(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	br, err := StartBroker(BrokerOptions{StoreDir: b.TempDir(), Listen: "127.0.0.1:0", Token: testToken})
	if err != nil {
		b.Fatal(err)
	}
	defer br.Shutdown()
	jobs := testJobs(b, ctx, br, 1, "")
	nc, js, err := Connect(ctx, br.ClientURL(), testClient("bench"))
	if err != nil {
		b.Fatal(err)
	}
	defer nc.Close()
	cfg := Config{AckWait: 30 * time.Second, MaxTries: 3}
	w := &Worker{Info: WorkerInfo{ID: "bench", Jobs: 1}, JS: js, Exec: instantExec{}, Cache: b.TempDir(), Config: cfg}
	go func() { _ = w.Run(ctx) }()
	const run = "bench"
	n := b.N
	want := map[string]bool{}
	for i := range n {
		want[fmt.Sprintf("job-%d", i)] = true
	}
	stored := make(chan time.Time, 1)
	c := &Coordinator{JS: js, Run: run, Config: cfg}
	if err := Setup(ctx, js, cfg); err != nil {
		b.Fatal(err)
	}
	collected := make(chan error, 1)
	go func() {
		collected <- c.Collect(ctx, want, func(Result) error { stored <- time.Now(); return nil })
	}()
	took := make([]time.Duration, 0, n)
	b.ResetTimer()
	for i := range n {
		j := jobs[0]
		j.ID, j.Run, j.Published = fmt.Sprintf("job-%d", i), run, time.Now().UTC()
		data, err := json.Marshal(j)
		if err != nil {
			b.Fatal(err)
		}
		m := nats.NewMsg(jobSubject + run)
		m.Data = data
		m.Header.Set(jetstream.MsgIDHeader, run+"/"+j.ID)
		start := time.Now()
		if _, err := js.PublishMsg(ctx, m); err != nil {
			b.Fatal(err)
		}
		select {
		case at := <-stored:
			took = append(took, at.Sub(start))
		case <-time.After(time.Minute):
			b.Fatalf("job %d: no result after a minute", i)
		}
	}
	b.StopTimer()
	if err := <-collected; err != nil {
		b.Fatal(err)
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}
