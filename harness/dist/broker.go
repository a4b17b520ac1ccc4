package dist

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// BrokerOptions configure an embedded broker.
type BrokerOptions struct {
	// StoreDir is where JetStream keeps its streams; they survive a restart.
	StoreDir string
	// Listen is HOST:PORT for clients; "" means 127.0.0.1:4222. Port 0 picks a free
	// port (tests). A host other than loopback lets workers on other machines in.
	Listen string
	// SyncAlways makes JetStream write every message to disk before it answers,
	// so a power loss loses nothing acknowledged (about +0.4 ms a message).
	SyncAlways bool
}

// Broker is a NATS server with JetStream running inside this process.
type Broker struct {
	srv *server.Server
}

// StartBroker starts an embedded NATS server with JetStream and waits until it
// accepts clients.
func StartBroker(opts BrokerOptions) (*Broker, error) {
	if opts.StoreDir == "" {
		return nil, errors.New("broker: a store folder is needed")
	}
	host, port := "127.0.0.1", 4222
	if opts.Listen != "" {
		h, p, err := net.SplitHostPort(opts.Listen)
		if err != nil {
			return nil, fmt.Errorf("broker: --listen %q: want HOST:PORT: %w", opts.Listen, err)
		}
		if port, err = strconv.Atoi(p); err != nil || port < 0 || port > 65535 {
			return nil, fmt.Errorf("broker: --listen %q: port %q is not a port number", opts.Listen, p)
		}
		if h != "" {
			host = h
		}
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	srv, err := server.NewServer(&server.Options{
		ServerName: "judge-broker", Host: host, Port: port,
		JetStream: true, StoreDir: opts.StoreDir, NoSigs: true, NoLog: true,
		SyncAlways: opts.SyncAlways, MaxPayload: 8 << 20,
	})
	if err != nil {
		return nil, fmt.Errorf("broker: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(30 * time.Second) {
		srv.Shutdown()
		return nil, fmt.Errorf("broker: the server did not start listening on %s:%d", host, port)
	}
	return &Broker{srv: srv}, nil
}

// ClientURL is the URL clients connect to.
func (b *Broker) ClientURL() string { return b.srv.ClientURL() }

// Shutdown stops the server and waits until it has stopped.
func (b *Broker) Shutdown() {
	b.srv.Shutdown()
	b.srv.WaitForShutdown()
}

// Connect opens a connection to the server at url and its JetStream context. The
// connection reconnects by itself after a broker restart.
func Connect(ctx context.Context, url, name string) (*nats.Conn, jetstream.JetStream, error) {
	nc, err := nats.Connect(url, nats.Name(name), nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond), nats.Timeout(10*time.Second))
	if err != nil {
		return nil, nil, fmt.Errorf("connecting to %s: %w", url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("JetStream at %s: %w", url, err)
	}
	if _, err := js.AccountInfo(ctx); err != nil {
		nc.Close()
		if errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, jetstream.ErrJetStreamNotEnabledForAccount) {
			return nil, nil, ErrNotReady
		}
		return nil, nil, fmt.Errorf("JetStream at %s: %w", url, err)
	}
	return nc, js, nil
}
