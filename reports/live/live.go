// Package live serves a contest's report page while the contest runs: the same
// report.html the report folder gets, rebuilt from the results published so far,
// and a version counter the page polls to swap in fresh content when a result
// arrives. It is read-only (GET and HEAD only) and can freeze the standings at a
// time, as ICPC contests freeze their last hour: results of runs started after it
// are counted but not shown until the freeze is lifted.
//
// Publishing is an append under a mutex; the page is rendered only when a browser
// asks for a version it has not seen, at most once per Options.Every, in the
// server's goroutine, never in the judge's.
package live

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/reports"
	"golang.org/x/net/netutil"
)

// Options configure a Server.
type Options struct {
	// Freeze, when not zero, hides results of runs started after it.
	Freeze time.Time
	// HTML are the options of the page (pictures, stderr tails); Live and Note are
	// set by the server.
	HTML reports.HTMLOptions
	// Every is the least time between two renderings of the page. 0 means
	// DefaultEvery, stretched to 50 times the last rendering's duration when that is
	// longer, which bounds what watching costs the judge however many results
	// arrive and however big the page grows.
	Every time.Duration
	// Host is a name the page may be asked for by, besides IP addresses and
	// localhost (the host of --serve when it is a name; "" for none). Requests
	// naming any other host are refused, against DNS rebinding.
	Host string
}

// DefaultEvery is how often at most the page is rebuilt while results arrive.
const DefaultEvery = 10 * time.Second

// Server holds the published results and serves the page.
type Server struct {
	in  reports.Input
	opt Options

	// building is held while the page is rendered, so that requests arriving
	// together wait for one rendering instead of each making its own.
	building sync.Mutex

	mu      sync.Mutex
	results []problems.Result
	version uint64
	frozen  bool // the freeze is lifted when false
	page    []byte
	pageVer uint64
	pageAt  time.Time // when page was rendered
	now     func() time.Time
	// adaptive: with the default Every, the page is rebuilt at most once per
	// renderShare times its last rendering time, so a big contest's page costs
	// the judge a bounded share of one CPU however often it is watched.
	adaptive bool
	cost     time.Duration // the last rendering's duration
	renders  int           // renderings so far
}

// renderShare bounds rendering to 1/renderShare of one CPU (see adaptive).
const renderShare = 50

// every is the least time between two renderings now.
func (s *Server) every() time.Duration {
	if s.adaptive {
		return max(s.opt.Every, renderShare*s.cost)
	}
	return s.opt.Every
}

// New returns a server for a contest: in names the contest, its problems, entrants
// and standings rule (in.Results, if any, are the results already known, as when a
// contest resumes).
func New(in reports.Input, opt Options) *Server {
	adaptive := opt.Every <= 0
	if adaptive {
		opt.Every = DefaultEvery
	}
	s := &Server{in: in, opt: opt, frozen: !opt.Freeze.IsZero(), version: 1, now: time.Now, adaptive: adaptive}
	s.results = append(s.results, in.Results...)
	s.in.Results = nil
	return s
}

// Publish adds a finished result. It is cheap (an append under a lock) and safe to
// call from any goroutine.
func (s *Server) Publish(r problems.Result) {
	s.mu.Lock()
	s.results = append(s.results, r)
	s.version++
	s.mu.Unlock()
}

// Unfreeze lifts the freeze: every result is shown from now on.
func (s *Server) Unfreeze() {
	s.mu.Lock()
	s.frozen = false
	s.version++
	s.mu.Unlock()
}

// Version is the number the page polls: the version of the page a request gets
// now. It moves on when results arrived and the page may be rebuilt (Options.Every
// after the last rendering).
func (s *Server) Version() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.page != nil && s.now().Sub(s.pageAt) < s.opt.Every {
		return s.pageVer
	}
	return s.version
}

// Page renders the page for the current results. The page is cached: it is
// rebuilt only when results arrived and Options.Every has passed since the last
// rendering.
func (s *Server) Page() ([]byte, error) {
	if p := s.cached(); p != nil {
		return p, nil
	}
	s.building.Lock()
	defer s.building.Unlock()
	if p := s.cached(); p != nil { // rendered while this request waited
		return p, nil
	}
	s.mu.Lock()
	ver := s.version
	frozen := s.frozen
	results := append([]problems.Result(nil), s.results...)
	s.mu.Unlock()

	began := time.Now()
	in := s.in
	note := fmt.Sprintf("Live: %d results so far; this page updates as results arrive.", len(results))
	if frozen {
		shown := results[:0:0]
		hidden := 0
		for _, r := range results {
			if r.Started.After(s.opt.Freeze) {
				hidden++
				continue
			}
			shown = append(shown, r)
		}
		results = shown
		note = fmt.Sprintf("Standings frozen at %s: %d results judged after it are hidden until the end.",
			s.opt.Freeze.UTC().Format(time.RFC3339), hidden)
	}
	public := make([]problems.Result, len(results))
	for i, r := range results {
		public[i] = publicResult(r)
	}
	in.Results = public
	rep := reports.Build(in)
	opt := s.opt.HTML
	opt.Live = "version"
	opt.Note = note
	var b bytes.Buffer
	if err := reports.WriteHTML(&b, rep, opt); err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.cost = time.Since(began)
	s.renders++
	if ver >= s.pageVer {
		s.page, s.pageVer, s.pageAt = b.Bytes(), ver, s.now()
	}
	s.mu.Unlock()
	return b.Bytes(), nil
}

// publicResult is r as the scoreboard shows it: verdict, score and figures.
// A result's diff, details and message quote the expected answer ("expected …,
// found …"), and the page is shown to the entrants: a program that printed
// nothing would collect every secret answer from it. The sample group's
// answers are public, so its messages stay.
func publicResult(r problems.Result) problems.Result {
	r.Diff, r.KeptOutput, r.StderrTail = "", nil, ""
	r.Outcome.Details = ""
	if !strings.HasPrefix(r.Dataset, "sample/") {
		r.Outcome.Message = ""
	}
	return r
}

// cached returns the page when the one rendered last is still due, else nil.
func (s *Server) cached() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.page != nil && (s.pageVer == s.version || s.now().Sub(s.pageAt) < s.every()) {
		return s.page
	}
	return nil
}

// Handler serves "/" (the page) and "/version" (the version as text), both
// read-only and uncached.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	get := func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if !hostAllowed(r.Host, s.opt.Host) {
				// A page elsewhere that rebinds its own name to this address
				// (DNS rebinding) asks with its name in Host.
				http.Error(w, "unknown host", http.StatusMisdirectedRequest)
				return
			}
			w.Header().Set("X-Content-Type-Options", "nosniff")
			w.Header().Set("X-Frame-Options", "DENY")
			w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; connect-src 'self'; frame-ancestors 'none'")
			if r.Method != http.MethodGet && r.Method != http.MethodHead {
				w.Header().Set("Allow", "GET, HEAD")
				http.Error(w, "read-only", http.StatusMethodNotAllowed)
				return
			}
			w.Header().Set("Cache-Control", "no-store")
			h(w, r)
		}
	}
	mux.HandleFunc("/version", get(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, strconv.FormatUint(s.Version(), 10))
	}))
	mux.HandleFunc("/", get(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		page, err := s.Page()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	}))
	return mux
}

// hostAllowed reports whether a request's Host names this server: an IP
// address, localhost, or the host the scoreboard was told to serve (want).
func hostAllowed(host, want string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	switch {
	case host == "":
		return false
	case net.ParseIP(host) != nil, strings.EqualFold(host, "localhost"):
		return true
	}
	return want != "" && strings.EqualFold(host, want)
}

// maxConns bounds the scoreboard's open connections: the judge shares its
// descriptors with the runs, and a run that cannot make its pipes is a judge
// error stored as the entrant's result.
const maxConns = 128

// Listen opens addr for Serve; an address without a host ("":8080") listens on
// the loopback interface only, never on every interface.
func Listen(addr string) (net.Listener, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("scoreboard address %q: %w", addr, err)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	l, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		return nil, fmt.Errorf("scoreboard: %w", err)
	}
	return l, nil
}

// Serve serves the page on l until ctx ends, then shuts down, giving requests in
// flight a second to finish.
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	// Timeouts and a bound on connections: idle or slow clients must not hold
	// the judge's descriptors.
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 30 * time.Second, MaxHeaderBytes: 16 << 10}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(netutil.LimitListener(l, maxConns)) }()
	select {
	case err := <-done:
		return fmt.Errorf("scoreboard: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("scoreboard shutdown: %w", err)
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("scoreboard: %w", err)
	}
	return nil
}
