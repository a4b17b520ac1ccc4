package dist

import (
	"context"
	"crypto/tls"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/internal/testfiles"
	"github.com/judgehq/judge/problems"
)

// judgeOne publishes one job to the broker at url through a client with opts and
// checks that a worker process (given env) judges it.
func judgeOne(t *testing.T, ctx context.Context, url string, opts ClientOptions, run string, env ...string) {
	t.Helper()
	cfg := testConfig()
	job := uploadJobs(t, ctx, url, opts, 1, "")[0]
	startWorker(t, url, "w-"+run, "ok", cfg, env...)
	nc, js, err := Connect(ctx, url, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	c := &Coordinator{JS: js, Run: run, Config: cfg}
	if err := c.Publish(ctx, []Job{job}); err != nil {
		t.Fatal(err)
	}
	var got []Result
	err = c.Collect(ctx, map[string]bool{job.ID: true}, func(r Result) error {
		got = append(got, r)
		return nil
	})
	if err != nil || len(got) != 1 || got[0].Result.Outcome.Verdict != problems.AC || got[0].Worker != "w-"+run {
		t.Fatalf("one job through %s: %+v, %v", url, got, err)
	}
}

// TestBrokerToken: a client without the broker's token, or with a wrong one, is
// refused before it can read or publish anything; the right one, given as an
// option or in the URL, is let in, and a worker with it judges a job.
func TestBrokerToken(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b := testBroker(t, t.TempDir())
	url := b.ClientURL()
	inURL := strings.Replace(url, "nats://", "nats://%s@", 1)
	tests := []struct {
		name, url, token string
		ok               bool
	}{
		{"no token", url, "", false},
		{"wrong token", url, strings.Repeat("x", len(testToken)), false},
		{"the token cut short", url, testToken[:len(testToken)-1], false},
		{"wrong token in the URL", strings.Replace(inURL, "%s", "nope", 1), "", false},
		{"the URL's token wins", strings.Replace(inURL, "%s", "nope", 1), testToken, false},
		{"right token", url, testToken, true},
		{"right token in the URL", strings.Replace(inURL, "%s", testToken, 1), "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nc, _, err := Connect(ctx, tt.url, ClientOptions{Name: "test", Token: tt.token})
			if tt.ok {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				nc.Close()
				return
			}
			if err == nil {
				nc.Close()
				t.Fatal("let in")
			}
			if host := strings.TrimPrefix(url, "nats://"); !errors.Is(err, ErrAuth) || !strings.Contains(err.Error(), host) {
				t.Errorf("error %q: want ErrAuth naming %s", err, host)
			}
			if strings.Contains(err.Error(), "nope") || strings.Contains(err.Error(), testToken) {
				t.Errorf("error %q shows a token", err)
			}
		})
	}
	// A worker with a wrong token gives up at once, saying why.
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), envURL+"="+url, envMode+"=ok", envID+"=intruder", envToken+"=wrong")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(out), "authorization refused") {
		t.Errorf("worker with a wrong token: %v, %s", err, out)
	}
	judgeOne(t, ctx, url, testClient("test"), "tok")
}

// TestBrokerTokenFile: BrokerToken creates a private file with a fresh token,
// reads the same token again after a restart, and refuses a file it cannot
// trust with an error naming it.
func TestBrokerTokenFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "store", TokenFileName)
	tok, created, err := BrokerToken(path)
	if err != nil || !created {
		t.Fatalf("BrokerToken = %v, %v; want a new file", created, err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("token file: %v, %v; want mode 0600", st, err)
	}
	if len(tok) != 64 || strings.Trim(tok, "0123456789abcdef") != "" {
		t.Errorf("token %q: want 256 bits in hex", tok)
	}
	again, created, err := BrokerToken(path)
	if err != nil || created || again != tok {
		t.Errorf("after a restart: %q, created %v, %v; want the same token", again, created, err)
	}
	other, _, err := BrokerToken(filepath.Join(dir, "other"))
	if err != nil || other == tok {
		t.Errorf("a second broker's token %q, %v: want a different one", other, err)
	}
	good := strings.Repeat("k", MinBrokerToken)
	tests := []struct {
		name, content string
		mode          os.FileMode
		want          string // in the error, after "FILE:"
	}{
		{"empty", "", 0o600, "1: empty"},
		{"blank line", "\n", 0o600, "1: empty"},
		{"two lines", good + "\n" + good + "\n", 0o600, "2: a second line"},
		{"space inside", "abc def" + good + "\n", 0o600, "1:4: a space"},
		{"too long", strings.Repeat("k", maxTokenFile+1), 0o600, "more than 4096 bytes"},
		{"too short", "short\n", 0o600, "too short"},
		{"readable by others", good + "\n", 0o644, "other users may read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "token")
			if err := os.WriteFile(p, []byte(tt.content), tt.mode); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(p, tt.mode); err != nil {
				t.Fatal(err)
			}
			_, _, err := BrokerToken(p)
			if err == nil || !strings.HasPrefix(err.Error(), p+":") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("BrokerToken: %v; want %q naming the file", err, tt.want)
			}
		})
	}
	if _, err := ReadToken(dir); err == nil || !strings.HasPrefix(err.Error(), dir+":") {
		t.Errorf("a folder as token file: %v", err)
	}
	// A named pipe is refused at once, not waited for (the test would hang).
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadToken(fifo); err == nil || !strings.HasPrefix(err.Error(), fifo+": not a regular file") {
		t.Errorf("a pipe as token file: %v", err)
	}
	if _, err := ReadToken(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing token file: %v", err)
	}
	// A client-side token file may be short (another NATS server's token).
	p := filepath.Join(dir, "short")
	if err := os.WriteFile(p, []byte("s3cret\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if tok, err := ReadToken(p); err != nil || tok != "s3cret" {
		t.Errorf("ReadToken = %q, %v", tok, err)
	}
}

// TestBrokerTLS: a broker serving TLS lets in a client that trusts its
// certificate (and has the token), refuses one that does not trust it, whether
// it asked for TLS or not, and a worker trusting it judges a job.
func TestBrokerTLS(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	certFile, keyFile := testfiles.SelfSigned(t, dir)
	scfg, err := ServerTLS(certFile, keyFile)
	if err != nil {
		t.Fatal(err)
	}
	b, err := StartBroker(BrokerOptions{StoreDir: t.TempDir(), Listen: "127.0.0.1:0", Token: testToken, TLS: scfg})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Shutdown)
	url := b.ClientURL()
	if !strings.HasPrefix(url, "tls://") {
		t.Fatalf("ClientURL %q: want tls://", url)
	}
	trusting, err := ClientTLS(certFile)
	if err != nil {
		t.Fatal(err)
	}
	system, err := ClientTLS("")
	if err != nil {
		t.Fatal(err)
	}
	plainURL := strings.Replace(url, "tls://", "nats://", 1)
	tests := []struct {
		name, url string
		tls       *tls.Config
		token     string
		want      error // nil: let in
	}{
		{"trusting", url, trusting, testToken, nil},
		{"trusting, nats:// URL", plainURL, trusting, testToken, nil},
		{"trusting, no token", url, trusting, "", ErrAuth},
		{"system CAs only", url, system, testToken, ErrTLS},
		{"plain client", plainURL, nil, testToken, ErrTLS},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nc, _, err := Connect(ctx, tt.url, ClientOptions{Name: "test", Token: tt.token, TLS: tt.tls})
			if err == nil {
				nc.Close()
			}
			if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("Connect = %v; want %v", err, tt.want)
			}
		})
	}
	// A TLS client to a broker without TLS is refused before it sends its token.
	plain := testBroker(t, t.TempDir())
	if nc, _, err := Connect(ctx, plain.ClientURL(), ClientOptions{Name: "test", Token: testToken, TLS: trusting}); !errors.Is(err, ErrTLS) {
		if err == nil {
			nc.Close()
		}
		t.Errorf("TLS client to a plain broker: %v; want ErrTLS", err)
	}
	judgeOne(t, ctx, url, ClientOptions{Name: "test", Token: testToken, TLS: trusting}, "tls", envCA+"="+certFile)
}

// TestTLSFilesNamed: unreadable or wrong certificate, key and CA files are
// refused with an error naming the file.
func TestTLSFilesNamed(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile := testfiles.SelfSigned(t, dir)
	otherCert, _ := testfiles.SelfSigned(t, t.TempDir())
	garbage := filepath.Join(dir, "garbage.pem")
	if err := os.WriteFile(garbage, []byte("not a certificate\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.pem")
	tests := []struct {
		name       string
		load       func() error
		file, want string
	}{
		{"missing cert", func() error { _, err := ServerTLS(missing, keyFile); return err }, missing, "no such file"},
		{"garbage cert", func() error { _, err := ServerTLS(garbage, keyFile); return err }, garbage, "no PEM certificate"},
		{"cert as key", func() error { _, err := ServerTLS(certFile, certFile); return err }, certFile, "no PEM private key"},
		{"key of another cert", func() error { _, err := ServerTLS(otherCert, keyFile); return err }, otherCert, "private key does not match"},
		{"missing CA", func() error { _, err := ClientTLS(missing); return err }, missing, "no such file"},
		{"garbage CA", func() error { _, err := ClientTLS(garbage); return err }, garbage, "no PEM certificate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.load()
			if err == nil || !strings.HasPrefix(err.Error(), tt.file) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%v; want %q naming %s", err, tt.want, tt.file)
			}
		})
	}
}

// FuzzParseToken feeds token-file contents to parseToken: it never panics, a
// token it accepts is printable ASCII without spaces and is the file's first
// line, and every refusal starts with a line number.
func FuzzParseToken(f *testing.F) {
	for _, s := range []string{"", "\n", "abc", "abc\n", "abc\r\n", "abc\n\n", "a b", "abc\ndef", "é", "\x00", strings.Repeat("k", maxTokenFile+1)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		token, err := parseToken(data)
		if err != nil {
			if msg := err.Error(); msg == "" || msg[0] < '1' || msg[0] > '9' {
				t.Fatalf("refusal without a line number: %q", msg)
			}
			return
		}
		if !strings.HasPrefix(string(data), token) {
			t.Fatalf("token %q is not the start of %q", token, data)
		}
		for i := 0; i < len(token); i++ {
			if token[i] <= ' ' || token[i] >= 0x7f {
				t.Fatalf("token %q holds byte %#x", token, token[i])
			}
		}
	})
}

// TestRedactAndServers: a token never shows in a message, whichever server of
// a list carries it, and a local token goes only where every server listed is
// this machine.
func TestRedactAndServers(t *testing.T) {
	const tok = "s3cr3t"
	tests := []struct {
		url               string
		withUser, loopbck bool
	}{
		{"nats://127.0.0.1:4222", false, true},
		{"nats://localhost:4222", false, true},
		{"nats://[::1]:4222", false, true},
		{"nats://" + tok + "@127.0.0.1:4222", true, true},
		{"tls://judgehost:4222", false, false},
		{"nats://127.0.0.1:1/,nats://judgehost:4222", false, false},
		{"nats://wrong@127.0.0.1:1,nats://" + tok + "@127.0.0.1:2", true, true},
		{"nats://127.0.0.1:1, nats://" + tok + "@judgehost:2", true, false},
		{"127.0.0.1:4222", false, false},
		{"nats://user:" + tok + "@127.0.0.1:4222", true, true},
	}
	for _, tt := range tests {
		if got := Redact(tt.url); strings.Contains(got, tok) {
			t.Errorf("Redact(%q) = %q: the token shows", tt.url, got)
		}
		withUser, local := Servers(tt.url)
		if withUser != tt.withUser || local != tt.loopbck {
			t.Errorf("Servers(%q) = %v, %v; want %v, %v", tt.url, withUser, local, tt.withUser, tt.loopbck)
		}
	}
}
