package dist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Coordinator publishes a run's jobs and collects their results.
type Coordinator struct {
	JS     jetstream.JetStream
	Run    string
	Config Config
}

// Publish sends the jobs to the work queue. Each carries its run and id as a
// message id, so publishing a job again (a resumed coordinator) while the first
// copy is still waiting does not queue it twice.
func (c *Coordinator) Publish(ctx context.Context, jobs []Job) error {
	sub, err := subjectToken(c.Run)
	if err != nil {
		return err
	}
	if err := Setup(ctx, c.JS, c.Config); err != nil {
		return err
	}
	for i := range jobs {
		j := jobs[i]
		j.Run, j.Published = c.Run, time.Now().UTC()
		data, err := json.Marshal(j)
		if err != nil {
			return fmt.Errorf("job %s: %w", j.ID, err)
		}
		m := nats.NewMsg(jobSubject + sub)
		m.Data = data
		m.Header.Set(jetstream.MsgIDHeader, c.Run+"/"+j.ID)
		if _, err := c.JS.PublishMsgAsync(m); err != nil {
			return fmt.Errorf("publishing job %s: %w", j.ID, err)
		}
	}
	select {
	case <-c.JS.PublishAsyncComplete():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Collect receives the run's results until every job in want has one or ctx
// ends. store is called once per job of want, with the first result that arrives
// for it (a job judged twice after a redelivery is stored once); a result is
// acknowledged only after store returns nil, so a coordinator that dies loses
// none: the next Collect of the run receives what was not yet stored.
func (c *Coordinator) Collect(ctx context.Context, want map[string]bool, store func(Result) error) error {
	sub, err := subjectToken(c.Run)
	if err != nil {
		return err
	}
	if len(want) == 0 {
		return nil
	}
	cons, err := c.JS.CreateOrUpdateConsumer(ctx, ResultsStream, jetstream.ConsumerConfig{
		Durable: "coordinator-" + sub, FilterSubject: resultSubject + sub,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: 15 * time.Second,
		InactiveThreshold: 7 * 24 * time.Hour,
	})
	if err != nil {
		return fmt.Errorf("results of run %s: %w", c.Run, err)
	}
	left := len(want)
	pending := make(map[string]bool, len(want))
	for id := range want {
		pending[id] = true
	}
	for left > 0 {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		batch, err := cons.Fetch(64, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			continue
		}
		for msg := range batch.Messages() {
			var r Result
			if err := json.Unmarshal(msg.Data(), &r); err != nil {
				_ = msg.Term()
				continue
			}
			if pending[r.JobID] {
				if err := store(r); err != nil {
					_ = msg.Nak()
					for rest := range batch.Messages() {
						_ = rest.Nak() // at once to the next coordinator, not after AckWait
					}
					return err
				}
				delete(pending, r.JobID)
				left--
			}
			if err := msg.Ack(); err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
				return fmt.Errorf("acknowledging result %s: %w", r.JobID, err)
			}
		}
		if err := batch.Error(); err != nil && !errors.Is(err, nats.ErrTimeout) && ctx.Err() == nil {
			return fmt.Errorf("receiving results: %w", err)
		}
	}
	return nil
}

// Finish removes the run's result consumer once all its results are stored.
func (c *Coordinator) Finish(ctx context.Context) error {
	sub, err := subjectToken(c.Run)
	if err != nil {
		return err
	}
	if err := c.JS.DeleteConsumer(ctx, ResultsStream, "coordinator-"+sub); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
		return fmt.Errorf("removing the result consumer of run %s: %w", c.Run, err)
	}
	return nil
}

// Workers lists the workers that advertised themselves in the last minute.
func Workers(ctx context.Context, js jetstream.JetStream) ([]WorkerInfo, error) {
	kv, err := js.KeyValue(ctx, WorkerBucket)
	if err != nil {
		if errors.Is(err, jetstream.ErrBucketNotFound) {
			return nil, nil
		}
		return nil, err
	}
	keys, err := kv.Keys(ctx)
	if err != nil {
		if errors.Is(err, jetstream.ErrNoKeysFound) {
			return nil, nil
		}
		return nil, err
	}
	var out []WorkerInfo
	for _, k := range keys {
		e, err := kv.Get(ctx, k)
		if err != nil {
			continue
		}
		var w WorkerInfo
		if json.Unmarshal(e.Value(), &w) == nil {
			out = append(out, w)
		}
	}
	return out, nil
}
