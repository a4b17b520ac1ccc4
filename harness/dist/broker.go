package dist

import (
	"context"
	"crypto/tls"
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
	// Token is the secret every client must present (NATS token
	// authentication); it is required, loopback clients included (see
	// BrokerToken).
	Token string
	// TLS, when set, makes the broker serve TLS only (see ServerTLS): clients
	// connect with tls:// and trust its certificate.
	TLS *tls.Config
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
	if len(opts.Token) < MinBrokerToken {
		return nil, fmt.Errorf("broker: a token of at least %d characters is needed", MinBrokerToken)
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
	sopts := &server.Options{
		ServerName: "judge-broker", Host: host, Port: port,
		JetStream: true, StoreDir: opts.StoreDir, NoSigs: true, NoLog: true,
		SyncAlways: opts.SyncAlways, MaxPayload: 8 << 20,
		Authorization: opts.Token,
	}
	if opts.TLS != nil {
		// Generous: handshakes on a busy judging machine can be slow.
		sopts.TLSConfig, sopts.TLSTimeout = opts.TLS, 10
	}
	srv, err := server.NewServer(sopts)
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

// ClientOptions are how a client connects to a broker.
type ClientOptions struct {
	// Name names the client to the server (shown by its monitoring).
	Name string
	// Token is the broker's token; "" sends none, or the one in the URL
	// (nats://TOKEN@host:4222), which takes precedence.
	Token string
	// TLS, when set, makes the connection use TLS with this configuration
	// (see ClientTLS); a tls:// URL uses TLS with the system's CAs without it.
	TLS *tls.Config
}

// Errors Connect wraps when the broker turns the client away.
var (
	// ErrAuth: the broker refused the client's token, or its lack of one.
	ErrAuth = errors.New("authorization refused")
	// ErrTLS: the client and the broker do not agree on TLS, or the client does
	// not trust the broker's certificate.
	ErrTLS = errors.New("TLS refused")
)

// Connect opens a connection to the server at url and its JetStream context. The
// connection reconnects by itself after a broker restart. A refused token wraps
// ErrAuth and a TLS mismatch or an untrusted certificate ErrTLS; messages show
// url without a token in it.
func Connect(ctx context.Context, url string, o ClientOptions) (*nats.Conn, jetstream.JetStream, error) {
	shown := Redact(url)
	nopts := []nats.Option{nats.Name(o.Name), nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond), nats.Timeout(10 * time.Second)}
	if o.Token != "" {
		nopts = append(nopts, nats.Token(o.Token))
	}
	if o.TLS != nil {
		nopts = append(nopts, nats.Secure(o.TLS))
	}
	nc, err := nats.Connect(url, nopts...)
	if err != nil {
		return nil, nil, connectError(shown, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("JetStream at %s: %w", shown, err)
	}
	if _, err := js.AccountInfo(ctx); err != nil {
		nc.Close()
		if errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, jetstream.ErrJetStreamNotEnabledForAccount) {
			return nil, nil, ErrNotReady
		}
		return nil, nil, fmt.Errorf("JetStream at %s: %w", shown, err)
	}
	return nc, js, nil
}

// connectError says why the broker at url (redacted) turned the client away.
func connectError(url string, err error) error {
	var verify *tls.CertificateVerificationError
	switch {
	case errors.Is(err, nats.ErrAuthorization):
		return fmt.Errorf("%s: %w (no token, or a wrong one)", url, ErrAuth)
	case errors.Is(err, nats.ErrSecureConnRequired):
		return fmt.Errorf("%s: %w: the broker serves TLS only (connect with tls:// and trust its certificate)", url, ErrTLS)
	case errors.Is(err, nats.ErrSecureConnWanted):
		return fmt.Errorf("%s: %w: the broker does not serve TLS", url, ErrTLS)
	case errors.As(err, &verify):
		return fmt.Errorf("%s: %w: the broker's certificate is not trusted: %v", url, ErrTLS, err)
	}
	return fmt.Errorf("connecting to %s: %w", url, err)
}
