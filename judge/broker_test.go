package main

import (
	"bufio"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/judgehq/judge/harness/dist"
	"github.com/judgehq/judge/internal/testfiles"
)

// brokerProcess runs judge broker with args as a process until its start-up
// lines are out and returns them (stdout, then stderr so far); the broker is
// stopped with Ctrl-C at the end of the test, or by the returned function.
func brokerProcess(t *testing.T, args ...string) (out, errOut string, stop func()) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	errPath := filepath.Join(t.TempDir(), "stderr")
	errFile, err := os.Create(errPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, append([]string{"broker"}, args...)...)
	cmd.Env = append(os.Environ(), cliEnv+"=1")
	cmd.Stderr = errFile
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(time.Minute):
			_ = cmd.Process.Signal(syscall.SIGKILL)
			<-done
		}
		errFile.Close()
	}
	t.Cleanup(stop)
	var b strings.Builder
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		b.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "a contest:") {
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	e, _ := os.ReadFile(errPath)
	if !strings.Contains(b.String(), "a contest:") {
		t.Fatalf("judge broker %s: no start-up lines: %s\n%s", strings.Join(args, " "), b.String(), e)
	}
	return b.String(), string(e), stop
}

var brokerURLRe = regexp.MustCompile(`workers: +judge worker --nats (\S+)`)

// TestBrokerCommandToken: judge broker writes a private token file in its store,
// shows where it is but never the token, keeps it across a restart, and
// refuses a broken token file naming it.
func TestBrokerCommandToken(t *testing.T) {
	store := filepath.Join(t.TempDir(), "store")
	out, errOut, stop := brokerProcess(t, "--listen", "127.0.0.1:0", "--store", store)
	tokenFile := filepath.Join(store, dist.TokenFileName)
	st, err := os.Stat(tokenFile)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("token file %s: %v, %v; want mode 0600", tokenFile, st, err)
	}
	token, err := dist.ReadToken(tokenFile)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out+errOut, token) {
		t.Errorf("the broker printed its token:\n%s%s", out, errOut)
	}
	for _, want := range []string{tokenFile + " (new)", "--token-file " + tokenFile} {
		if !strings.Contains(out, want) {
			t.Errorf("start-up lines lack %q:\n%s", want, out)
		}
	}
	if strings.Contains(errOut, "warning") {
		t.Errorf("a loopback broker warns: %s", errOut)
	}
	stop()
	out, _, _ = brokerProcess(t, "--listen", "127.0.0.1:0", "--store", store)
	again, err := dist.ReadToken(tokenFile)
	if err != nil || again != token || !strings.Contains(out, tokenFile+" (kept from before)") {
		t.Errorf("after a restart: token changed %v (%v):\n%s", again != token, err, out)
	}

	bad := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(bad, []byte("\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, key := testCertificate(t)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"empty token file", []string{"--token-file", bad}, bad + ":1: empty"},
		{"token file is a folder", []string{"--token-file", store}, store + ": not a regular file"},
		{"cert without key", []string{"--tls-cert", cert}, "--tls-cert and --tls-key go together"},
		{"key as cert", []string{"--tls-cert", key, "--tls-key", key}, key + ": no PEM certificate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"broker", "--listen", "127.0.0.1:0", "--store", t.TempDir()}, tt.args...)
			code, _, errOut := judge(t, args...)
			if code != exitUsage || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, %q; want %d and %q", code, errOut, exitUsage, tt.want)
			}
		})
	}
}

// TestBrokerClientsNeedToken: the commands that talk to a broker are refused
// without its token or with a wrong one (exit 2, naming the broker and what to
// do), and let in with its token file, the token in the URL, or, for a broker
// on this machine, the default store's token file.
func TestBrokerClientsNeedToken(t *testing.T) {
	url, tokenFile := startBroker(t)
	host := strings.TrimPrefix(url, "nats://")
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	wrong := write("wrong", strings.Repeat("0", 64)+"\n")
	empty := write("empty", "")
	token, err := dist.ReadToken(tokenFile)
	if err != nil {
		t.Fatal(err)
	}
	// A folder holding the default store's token file, as judge broker leaves
	// it in the folder it was started in.
	local := t.TempDir()
	if err := os.MkdirAll(filepath.Join(local, defaultBrokerStore), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(local, defaultBrokerStore, dist.TokenFileName), []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	closed := func() string { // a port nobody listens on
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		return "nats://" + l.Addr().String()
	}()
	tests := []struct {
		name string
		dir  string // the current folder; "" an empty one
		args []string
		code int
		want []string // in stderr (exit != 0) or stdout
	}{
		{"no token", "", []string{"--nats", url}, exitUsage, []string{host, "authorization refused", "--token-file FILE"}},
		{"wrong token", "", []string{"--nats", url, "--token-file", wrong}, exitUsage, []string{host, "authorization refused", wrong + " is not this broker's"}},
		{"wrong token in the URL", "", []string{"--nats", "nats://0000@" + host}, exitUsage, []string{"authorization refused", "token in the URL"}},
		{"missing token file", "", []string{"--nats", url, "--token-file", filepath.Join(dir, "nope")}, exitUsage, []string{filepath.Join(dir, "nope") + ": no such token file"}},
		{"empty token file", "", []string{"--nats", url, "--token-file", empty}, exitUsage, []string{empty + ":1: empty"}},
		{"token twice", "", []string{"--nats", "nats://" + token + "@" + host, "--token-file", tokenFile}, exitUsage, []string{"give the token once"}},
		{"bad CA file", "", []string{"--nats", url, "--token-file", tokenFile, "--tls-ca", empty}, exitUsage, []string{empty + ": no PEM certificate"}},
		{"TLS to a plain broker", "", []string{"--nats", url, "--token-file", tokenFile, "--tls-ca", testCA(t)}, exitUsage, []string{"does not serve TLS"}},
		{"unreachable broker", "", []string{"--nats", closed, "--token-file", tokenFile}, exitFailed, []string{closed}},
		{"token file", "", []string{"--nats", url, "--token-file", tokenFile}, 0, []string{"JetStream"}},
		{"token in the URL", "", []string{"--nats", "nats://" + token + "@" + host}, 0, []string{"JetStream"}},
		{"local default token file", local, []string{"--nats", url}, 0, []string{"JetStream"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.dir == "" {
				tt.dir = t.TempDir()
			}
			t.Chdir(tt.dir)
			code, out, errOut := judge(t, append([]string{"doctor"}, tt.args...)...)
			got := out
			if tt.code != 0 {
				got = errOut
			}
			if code != tt.code {
				t.Errorf("exit %d, want %d: %s%s", code, tt.code, out, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("output %q lacks %q", got, w)
				}
			}
			if strings.Contains(out+errOut, token) {
				t.Errorf("the token shows in the output: %s%s", out, errOut)
			}
		})
	}
}

// TestBrokerCommandTLS: judge broker --tls-cert --tls-key serves TLS; a client
// trusting the certificate with --tls-ca is let in, one without it is refused
// with what to do. A broker on every address without TLS warns.
func TestBrokerCommandTLS(t *testing.T) {
	cert, key := testCertificate(t)
	store := t.TempDir()
	out, _, _ := brokerProcess(t, "--listen", "127.0.0.1:0", "--store", store, "--tls-cert", cert, "--tls-key", key)
	m := brokerURLRe.FindStringSubmatch(out)
	if m == nil || !strings.HasPrefix(m[1], "tls://127.0.0.1:") || !strings.Contains(out, "--tls-ca "+cert) {
		t.Fatalf("start-up lines: want a tls:// URL and --tls-ca %s:\n%s", cert, out)
	}
	url, tokenFile := m[1], filepath.Join(store, dist.TokenFileName)
	code, stdout, errOut := judge(t, "doctor", "--nats", url, "--token-file", tokenFile, "--tls-ca", cert)
	if code != 0 || !strings.Contains(stdout, "JetStream") {
		t.Errorf("trusting client: exit %d: %s%s", code, stdout, errOut)
	}
	for _, u := range []string{url, strings.Replace(url, "tls://", "nats://", 1)} {
		code, _, errOut = judge(t, "doctor", "--nats", u, "--token-file", tokenFile)
		if code != exitUsage || !strings.Contains(errOut, "not trusted") || !strings.Contains(errOut, "--tls-ca FILE") {
			t.Errorf("client without --tls-ca to %s: exit %d: %s", u, code, errOut)
		}
	}
	_, errOut, _ = brokerProcess(t, "--listen", "0.0.0.0:0", "--store", t.TempDir())
	if !strings.Contains(errOut, "warning") || !strings.Contains(errOut, "without TLS") {
		t.Errorf("a broker on every address without TLS: stderr %q; want a warning", errOut)
	}
	// On every address with TLS, the URL it prints names what the
	// certificate is valid for (here 127.0.0.1), so the printed command works.
	store = t.TempDir()
	out, _, _ = brokerProcess(t, "--listen", "0.0.0.0:0", "--store", store, "--tls-cert", cert, "--tls-key", key)
	if m = brokerURLRe.FindStringSubmatch(out); m == nil || !strings.HasPrefix(m[1], "tls://127.0.0.1:") {
		t.Fatalf("start-up lines on every address: want tls://127.0.0.1:PORT, the certificate's address:\n%s", out)
	}
	code, stdout, errOut = judge(t, "doctor", "--nats", m[1], "--token-file", filepath.Join(store, dist.TokenFileName), "--tls-ca", cert)
	if code != 0 || !strings.Contains(stdout, "JetStream") {
		t.Errorf("the printed command: exit %d: %s%s", code, stdout, errOut)
	}
}

// testCertificate writes a self-signed certificate for 127.0.0.1 and its key
// and returns their files.
func testCertificate(t *testing.T) (cert, key string) {
	return testfiles.SelfSigned(t, t.TempDir())
}

// testCA is the file of a certificate nobody uses.
func testCA(t *testing.T) string {
	cert, _ := testCertificate(t)
	return cert
}

// TestPlainConnectionWarns: a client that reaches a broker on another address
// than loopback without TLS says that the token and the answers cross the
// network in plain text; on loopback it says nothing of the kind.
func TestPlainConnectionWarns(t *testing.T) {
	var host string
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() {
			host = n.IP.String()
			break
		}
	}
	if host == "" {
		t.Skip("no address but loopback here")
	}
	store := t.TempDir()
	tokenFile := filepath.Join(store, dist.TokenFileName)
	token, _, err := dist.BrokerToken(tokenFile)
	if err != nil {
		t.Fatal(err)
	}
	b, err := dist.StartBroker(dist.BrokerOptions{StoreDir: store, Listen: net.JoinHostPort(host, "0"), Token: token})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Shutdown)
	loopURL, loopToken := startBroker(t)
	for _, tc := range []struct {
		url, token string
		warns      bool
	}{{b.ClientURL(), tokenFile, true}, {loopURL, loopToken, false}} {
		code, _, errOut := judge(t, "--state", t.TempDir(), "doctor", "--nats", tc.url, "--token-file", tc.token)
		if code != 0 {
			t.Fatalf("doctor --nats %s: exit %d\n%s", tc.url, code, errOut)
		}
		if got := strings.Contains(errOut, "without TLS"); got != tc.warns {
			t.Errorf("doctor --nats %s: warned %v, want %v:\n%s", tc.url, got, tc.warns, errOut)
		}
	}
}
