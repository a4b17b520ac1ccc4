package dist

import (
	"bytes"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/judgehq/judge/internal/atomicfile"
	"github.com/judgehq/judge/internal/regular"
)

// A broker admits only clients that present its token (NATS token
// authentication), loopback clients included: on a shared judging machine other
// users, and whatever runs beside the workers, reach 127.0.0.1 too.

const (
	// TokenFileName is the broker's token file inside its store folder, where
	// StartBroker's caller keeps it unless told otherwise.
	TokenFileName = "token"
	// maxTokenFile bounds what a token file may hold: one line.
	maxTokenFile = 4096
	// MinBrokerToken is the fewest characters a broker accepts as its token; a
	// fresh one has 64 (256 random bits in hex).
	MinBrokerToken = 32
)

// NewToken returns a fresh random token: 256 bits in hex.
func NewToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("a random token: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// BrokerToken returns the token kept in path, creating the file (mode 0600,
// and its folder 0700 when missing) with a fresh token when there is none, so a
// broker started again on the same file admits the same workers. created says
// whether it wrote the file. A token shorter than MinBrokerToken is refused.
func BrokerToken(path string) (token string, created bool, err error) {
	token, err = ReadToken(path)
	if err == nil {
		if len(token) < MinBrokerToken {
			return "", false, fmt.Errorf("%s: a token of %d characters is too short to trust (at least %d; remove the file and the broker writes a fresh one)",
				path, len(token), MinBrokerToken)
		}
		return token, false, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", false, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", false, fmt.Errorf("%s: %w", path, err)
	}
	token, err = NewToken()
	if err != nil {
		return "", false, err
	}
	if err := atomicfile.CreateMode(path, []byte(token+"\n"), 0o600); err != nil {
		if errors.Is(err, fs.ErrExist) { // another broker wrote it meanwhile
			token, err := ReadToken(path)
			return token, false, err
		}
		return "", false, err
	}
	return token, true, nil
}

// ReadToken reads the token a token file holds: one line, no spaces or control
// characters, in a regular file no other user can read or write (mode 0600 or
// stricter). Every error names the file; a missing file wraps fs.ErrNotExist.
func ReadToken(path string) (string, error) {
	f, err := regular.Open(path) // a pipe put there is refused, not waited for
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("%s: no such token file: %w", path, fs.ErrNotExist)
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return "", fmt.Errorf("%s: %w", path, pe.Err)
		}
		return "", err // it names the file first: not a regular file
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("token file %w", err)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return "", fmt.Errorf("%s: other users may read or change it (mode %04o); make it yours alone: chmod 600 %s", path, perm, path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxTokenFile+1))
	if err != nil {
		return "", fmt.Errorf("token file %s: %w", path, err)
	}
	token, err := parseToken(data)
	if err != nil {
		return "", fmt.Errorf("%s:%w", path, err)
	}
	return token, nil
}

// parseToken reads the content of a token file: one line, the token, of
// printable ASCII without spaces (a final newline, with or without a carriage
// return, and blank lines after it are allowed). Its errors start with the
// line, and the column where one applies, as "LINE[:COL]: what".
func parseToken(data []byte) (string, error) {
	if len(data) > maxTokenFile {
		return "", fmt.Errorf("1: more than %d bytes; a token file holds one line, the token", maxTokenFile)
	}
	line, rest, _ := bytes.Cut(data, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if len(bytes.TrimSpace(rest)) > 0 {
		return "", errors.New("2: a second line; a token file holds one line, the token")
	}
	token := string(line)
	if token == "" {
		return "", errors.New("1: empty; the file must hold the broker's token")
	}
	for i := 0; i < len(token); i++ {
		if c := token[i]; c <= ' ' || c >= 0x7f {
			return "", fmt.Errorf("1:%d: a space, control or non-ASCII character; a token is printable ASCII alone", i+1)
		}
	}
	return token, nil
}

// ServerTLS loads a broker's certificate (PEM, the chain from the broker's own
// first) and its private key (PEM). Every error names the file at fault.
func ServerTLS(certFile, keyFile string) (*tls.Config, error) {
	certPEM, err := readPEM(certFile, "CERTIFICATE")
	if err != nil {
		return nil, err
	}
	keyPEM, err := readPEM(keyFile, "PRIVATE KEY")
	if err != nil {
		return nil, err
	}
	pair, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		return nil, fmt.Errorf("%s, %s: %w", certFile, keyFile, err)
	}
	return &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}, nil
}

// ClientTLS is the TLS configuration of a client that trusts the certificates
// in caFile (PEM: a CA, or the broker's self-signed certificate); with caFile
// "" it trusts the system's CAs.
func ClientTLS(caFile string) (*tls.Config, error) {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if caFile == "" {
		return cfg, nil
	}
	data, err := readPEM(caFile, "CERTIFICATE")
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(data) {
		return nil, fmt.Errorf("%s: no certificate in it could be parsed", caFile)
	}
	cfg.RootCAs = pool
	return cfg, nil
}

// readPEM reads a PEM file and checks that it holds a block whose type ends in
// kind ("CERTIFICATE", "PRIVATE KEY": RSA and EC keys included).
func readPEM(path, kind string) ([]byte, error) {
	data, err := regular.ReadFileMax(path, regular.ConfigMax)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file", path)
		}
		return nil, fmt.Errorf("reading %w", err)
	}
	for rest := data; ; {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			return nil, fmt.Errorf("%s: no PEM %s in it", path, strings.ToLower(kind))
		}
		if strings.HasSuffix(b.Type, kind) {
			return data, nil
		}
	}
}

// IsLoopback reports whether host (a name or an address, as in a URL or a
// --listen) is this machine alone.
func IsLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Redact returns the broker URL u without a token or password in it, for
// messages. u may list several servers, separated by commas, as NATS clients
// take them: each loses its own.
func Redact(u string) string {
	parts := strings.Split(u, ",")
	for i, part := range parts {
		parts[i] = redactOne(part)
	}
	return strings.Join(parts, ",")
}

// redactOne is Redact of one server's URL.
func redactOne(u string) string {
	p, err := url.Parse(strings.TrimSpace(u))
	if err != nil {
		if at := strings.LastIndex(u, "@"); at >= 0 {
			return "REDACTED@" + u[at+1:]
		}
		return u
	}
	if p.User == nil {
		return u
	}
	p.User = nil
	return strings.Replace(p.String(), "//", "//REDACTED@", 1)
}

// Servers looks at every server a broker URL lists (several are separated by
// commas, as NATS clients take them, and each is tried with the same
// credentials): whether any carries a token or password, and whether every
// one is on this machine (IsLoopback; false when one of them cannot be read).
func Servers(u string) (withUser, allLoopback bool) {
	allLoopback = true
	for _, part := range strings.Split(u, ",") {
		p, err := url.Parse(strings.TrimSpace(part))
		if err != nil || p.Host == "" {
			allLoopback = false
			if strings.Contains(part, "@") {
				withUser = true
			}
			continue
		}
		if p.User != nil {
			withUser = true
		}
		if !IsLoopback(p.Hostname()) {
			allLoopback = false
		}
	}
	return withUser, allLoopback
}
