package live

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
)

func input() reports.Input {
	return reports.Input{Run: "r1", Contest: "Live test", Rule: reports.ICPC,
		Problems: []problems.Meta{{Slug: "s", Score: problems.Score{Direction: problems.Maximize, Ranking: problems.RankPassFail}}},
		Entrants: []string{"alice", "bob"}}
}

func result(sub, ds string, v problems.Verdict, started time.Time) problems.Result {
	return problems.Result{Run: "r1", Problem: "s", Submission: sub, Dataset: ds, Started: started,
		Outcome: problems.Outcome{Verdict: v, Score: 1, Message: sub + " " + string(v)},
		Usage:   problems.Usage{CPU: time.Millisecond}}
}

func get(t *testing.T, h http.Handler, method, path string) (int, string) {
	t.Helper()
	w := httptest.NewRecorder()
	req := httptest.NewRequest(method, path, nil)
	req.Host = "127.0.0.1:8080"
	h.ServeHTTP(w, req)
	body, _ := io.ReadAll(w.Result().Body)
	return w.Code, string(body)
}

func TestPublishAndServe(t *testing.T) {
	start := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	s := New(input(), Options{Every: time.Nanosecond})
	h := s.Handler()
	code, v1 := get(t, h, "GET", "/version")
	if code != 200 {
		t.Fatalf("version: %d", code)
	}
	_, page := get(t, h, "GET", "/")
	if strings.Contains(page, "alice AC") || !strings.Contains(page, `judgeLive("version")`) {
		t.Fatalf("first page shows a result or no live script")
	}
	s.Publish(result("alice", "sample/1", problems.AC, start))
	_, v2 := get(t, h, "GET", "/version")
	if v1 == v2 {
		t.Errorf("version stayed %s after a result", v1)
	}
	_, page = get(t, h, "GET", "/")
	if !strings.Contains(page, "alice AC") || !strings.Contains(page, "1 results so far") {
		t.Errorf("page lacks the published result")
	}
	tests := []struct {
		method, path string
		code         int
	}{{"POST", "/", 405}, {"PUT", "/version", 405}, {"DELETE", "/", 405}, {"GET", "/nope", 404}, {"HEAD", "/", 200}}
	for _, tt := range tests {
		if code, _ := get(t, h, tt.method, tt.path); code != tt.code {
			t.Errorf("%s %s: %d, want %d", tt.method, tt.path, code, tt.code)
		}
	}
}

func TestFreeze(t *testing.T) {
	freeze := time.Date(2026, 1, 1, 11, 0, 0, 0, time.UTC)
	s := New(input(), Options{Freeze: freeze, Every: time.Nanosecond})
	s.Publish(result("alice", "sample/1", problems.AC, freeze.Add(-time.Minute)))
	s.Publish(result("bob", "sample/1", problems.WA, freeze.Add(time.Minute)))
	page, err := s.Page()
	if err != nil {
		t.Fatal(err)
	}
	p := string(page)
	if !strings.Contains(p, "alice AC") || strings.Contains(p, "bob WA") || !strings.Contains(p, "1 results judged after it are hidden") {
		t.Errorf("frozen page shows the wrong results")
	}
	s.Unfreeze()
	page, _ = s.Page()
	if !strings.Contains(string(page), "bob WA") {
		t.Error("bob's result still hidden after the freeze was lifted")
	}
}

// TestEvery checks that the page is rebuilt at most once per Options.Every and
// that the version a browser polls moves on only when a rebuilt page is due.
func TestEvery(t *testing.T) {
	now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	s := New(input(), Options{Every: 10 * time.Second})
	s.now = func() time.Time { return now }
	first, _ := s.Page()
	v := s.Version()
	s.Publish(result("alice", "sample/1", problems.AC, now))
	if s.Version() != v {
		t.Error("the version moved on before a new page was due")
	}
	if p, _ := s.Page(); string(p) != string(first) {
		t.Error("the page was rebuilt within Every")
	}
	now = now.Add(11 * time.Second)
	if s.Version() == v {
		t.Error("the version stayed after Every passed")
	}
	if p, _ := s.Page(); !strings.Contains(string(p), "alice AC") {
		t.Error("the page was not rebuilt after Every passed")
	}
}

func TestServeStops(t *testing.T) {
	l, err := Listen("localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New(input(), Options{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, l) }()
	resp, err := http.Get("http://" + l.Addr().String() + "/version")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve after cancel: %v", err)
	}
	if _, err := http.Get("http://" + l.Addr().String() + "/version"); err == nil {
		t.Error("still serving after the context ended")
	}
}

func TestListenLoopbackByDefault(t *testing.T) {
	l, err := Listen(":0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if host, _, _ := strings.Cut(l.Addr().String(), ":"); host != "127.0.0.1" {
		t.Errorf("listening on %s, want the loopback interface", l.Addr())
	}
	if _, err := Listen("no-port"); err == nil {
		t.Error("an address without a port was accepted")
	}
}

// BenchmarkPublish measures what a result costs the judge: one Publish, into
// servers of contests of 2000 results (a fresh server every 2000, so the figure is
// that of a demo-sized contest, not of one with millions of results).
func BenchmarkPublish(b *testing.B) {
	var s *Server
	r := result("alice", "1", problems.AC, time.Now())
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		if n%2000 == 0 {
			s = New(input(), Options{})
		}
		s.Publish(r)
		n++
	}
}

// BenchmarkPage measures rendering the page of a demo-sized contest (8 entrants ×
// 6 problems × 40 datasets), which happens in the server, at most once per
// Options.Every.
func BenchmarkPage(b *testing.B) {
	in := input()
	in.Entrants = nil
	in.Problems = nil
	s := New(in, Options{Every: time.Nanosecond})
	for e := range 8 {
		for p := range 6 {
			for d := range 40 {
				r := result(fmt.Sprintf("e%d", e), fmt.Sprintf("secret/%02d", d), problems.AC, time.Now())
				r.Problem = fmt.Sprintf("p%d", p)
				s.Publish(r)
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Publish(result("e0", "secret/00", problems.WA, time.Now())) // a new version each time
		if _, err := s.Page(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSecretsStayOffThePage publishes a wrong answer on a secret dataset whose
// message, details and diff quote the expected answer: the page, shown to the
// entrants, holds none of them (a sample's message stays: it is public).
func TestSecretsStayOffThePage(t *testing.T) {
	s := New(input(), Options{Every: time.Nanosecond})
	r := result("alice", "secret/01", problems.WA, time.Now())
	r.Outcome.Message = "line 1: expected \"298\", found \"1\""
	r.Outcome.Details = "answer 298 436 715"
	r.Diff = "-298 436 715\n+1\n"
	r.StderrTail = "stderr 298"
	s.Publish(r)
	sample := result("bob", "sample/1", problems.WA, time.Now())
	sample.Outcome.Message = "sample message shown"
	s.Publish(sample)
	page, err := s.Page()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(page), "298") {
		t.Errorf("the page quotes a secret answer")
	}
	if !strings.Contains(string(page), "sample message shown") || !strings.Contains(string(page), "WA") {
		t.Errorf("the page lost the verdicts or the sample's message")
	}
}

// TestHostsAndHeaders checks that the page answers only requests naming an IP
// address, localhost or the configured host (a rebound name elsewhere gets
// 421), with headers that keep it from being framed or sniffed.
func TestHostsAndHeaders(t *testing.T) {
	h := New(input(), Options{Host: "scores.example"}).Handler()
	tests := []struct {
		host string
		code int
	}{
		{"127.0.0.1:8080", 200}, {"[::1]:8080", 200}, {"localhost:8080", 200}, {"LOCALHOST", 200},
		{"scores.example:8080", 200}, {"10.0.0.7", 200},
		{"evil.example", 421}, {"evil.example:8080", 421}, {"", 421},
	}
	for _, tt := range tests {
		w := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/version", nil)
		req.Host = tt.host
		h.ServeHTTP(w, req)
		if w.Code != tt.code {
			t.Errorf("Host %q: %d, want %d", tt.host, w.Code, tt.code)
		}
		if tt.code == 200 && (w.Header().Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(w.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'")) {
			t.Errorf("Host %q: headers %v", tt.host, w.Header())
		}
	}
}

// TestConnectionsAreBounded opens more idle connections than the scoreboard
// takes: the judge holds at most maxConns of them (the rest wait in the kernel's
// queue), so a flood cannot use up the descriptors its runs need.
func TestConnectionsAreBounded(t *testing.T) {
	l, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	// The server's connections are counted where it accepts them, not in the
	// process's descriptors, which other tests' closing connections change.
	cl := &countingListener{Listener: l}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- New(input(), Options{}).Serve(ctx, cl) }()
	defer func() { cancel(); <-done }()
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range maxConns + 40 {
		c, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	// Wait until the server holds as many as it will; then give it a moment
	// more to take one too many, if it would.
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) && cl.open.Load() < maxConns {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	if held := cl.open.Load(); held > maxConns {
		t.Errorf("the server holds %d connections, want at most %d", held, maxConns)
	} else if held < maxConns/2 {
		t.Errorf("the server took only %d connections", held)
	}
}

// countingListener counts the connections accepted through it and not yet
// closed.
type countingListener struct {
	net.Listener
	open atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l.open.Add(1)
	return &countedConn{Conn: c, l: l}, nil
}

// countedConn is an accepted connection that leaves its listener's count when
// closed (once, however often Close is called).
type countedConn struct {
	net.Conn
	l    *countingListener
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.l.open.Add(-1) })
	return c.Conn.Close()
}

// TestRequestsShareARendering asks for a page that is due for a rebuild from
// many requests at once: they wait for one rendering, not one each.
func TestRequestsShareARendering(t *testing.T) {
	s := New(input(), Options{Every: time.Nanosecond})
	if _, err := s.Page(); err != nil {
		t.Fatal(err)
	}
	s.Publish(result("alice", "sample/1", problems.AC, time.Now()))
	var wg sync.WaitGroup
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.Page(); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.renders != 2 {
		t.Errorf("%d renderings for one change, want 2 (the first page and one after the change)", s.renders)
	}
}
