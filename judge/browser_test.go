package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/registry"
	"github.com/judgehq/judge/reports"
	"github.com/judgehq/judge/reports/live"
)

// The browser test opens the pages judge writes in a real headless Chromium: the
// report.html of a small set of results, a judge view page per problem and the live
// scoreboard. It fails on any console message of the page (a script error, a
// failed request) and takes a screenshot of every page, checking that it is not
// blank. $JUDGE_SCREENSHOTS names a folder to keep the screenshots in. Without a
// chromium (or chromium-browser) on $PATH the test is skipped.

// chromium returns the browser's path, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on $PATH: the browser test needs Debian's chromium package (apt-get install -y chromium)")
	return ""
}

// browse opens url in headless Chromium with extra flags and returns the DOM it
// dumped (for --dump-dom) and its log. The log is checked for console messages and
// failed requests: a page of ours logs nothing.
func browse(t *testing.T, browser, url string, extra ...string) (dom string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--no-first-run", "--hide-scrollbars", "--user-data-dir=" + t.TempDir(),
		"--enable-logging=stderr", "--v=0"}
	cmd := exec.CommandContext(ctx, browser, append(append(args, extra...), url)...)
	var out, log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &log
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %s: %v\n%s", url, err, log.String())
	}
	for _, line := range strings.Split(log.String(), "\n") {
		for _, bad := range []string{"CONSOLE", "Uncaught", "net::ERR_", "Failed to load"} {
			if strings.Contains(line, bad) {
				t.Errorf("%s: %s", url, line)
			}
		}
	}
	return out.String()
}

// screenshot takes a screenshot of url into file and checks that it shows more
// than a blank page.
func screenshot(t *testing.T, browser, url, file, size string) {
	t.Helper()
	browse(t, browser, url, "--screenshot="+file, "--window-size="+size)
	f, err := os.Open(file)
	if err != nil {
		t.Fatalf("screenshot of %s: %v", url, err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot of %s: %v", url, err)
	}
	if n := colours(img); n < 8 {
		t.Errorf("screenshot of %s has %d colours: blank?", url, n)
	}
}

// colours counts the distinct colours of an image, sampling every fourth pixel.
func colours(img image.Image) int {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		for x := b.Min.X; x < b.Max.X; x += 4 {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen)
}

// shotDir is where screenshots go: $JUDGE_SCREENSHOTS or a temporary folder.
func shotDir(t *testing.T) string {
	if d := os.Getenv("JUDGE_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// smallResults judges made-up outputs with each problem's own checker: per problem,
// "right" hands in the answer file on the first two datasets and "wrong" hands in
// nonsense on the first and the answer on the second.
func smallResults(t *testing.T, root string) ([]problems.Meta, []problems.Result) {
	t.Helper()
	var metas []problems.Meta
	var rs []problems.Result
	start := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	for _, slug := range registry.Slugs() {
		p, err := registry.Open(root, slug)
		if err != nil {
			t.Fatal(err)
		}
		metas = append(metas, p.Meta())
		all, err := p.Datasets("sample")
		if err != nil || len(all) == 0 {
			t.Fatalf("%s: no samples (%v)", slug, err)
		}
		for _, sub := range []string{"right", "wrong"} {
			for i, ds := range all[:min(2, len(all))] {
				data := ds.Answer
				if sub == "wrong" && i == 0 {
					data = []byte("nonsense\n")
				}
				if _, ok := p.(problems.Interactor); ok {
					data = playAll(t, ds.Input, sub == "wrong" && i == 0)
				}
				_, oc := judgeOutput(context.Background(), p, ds, data)
				rs = append(rs, problems.Result{Run: "browser", Problem: slug, Submission: sub, Dataset: ds.Name,
					Outcome: oc, Started: start, Usage: problems.Usage{CPU: time.Duration(3+i) * time.Millisecond}})
			}
		}
	}
	return metas, rs
}

// playAll writes the moves of a trimines game that plays every safe cell and marks
// every bomb of the board file in, or (lose) that plays a bomb after a few moves.
func playAll(t *testing.T, in []byte, lose bool) []byte {
	t.Helper()
	var n, bombs, r0, c0 int
	rest := string(in)
	if _, err := fmt.Sscan(rest, &n, &bombs, &r0, &c0); err != nil {
		t.Fatal(err)
	}
	isBomb := map[[2]int]bool{}
	lines := strings.Split(strings.TrimSpace(rest), "\n")[1:]
	for _, l := range lines {
		var r, c int
		fmt.Sscan(l, &r, &c)
		isBomb[[2]int{r, c}] = true
	}
	var b strings.Builder
	played := 0
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if !isBomb[[2]int{r, c}] {
				fmt.Fprintf(&b, "P %d %d\n", r, c)
				played++
			}
			if lose && played == 5 {
				for k := range isBomb {
					fmt.Fprintf(&b, "P %d %d\n", k[0], k[1])
					return []byte(b.String())
				}
			}
		}
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if isBomb[[2]int{r, c}] {
				fmt.Fprintf(&b, "M %d %d\n", r, c)
			}
		}
	}
	return []byte(b.String())
}

func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes minutes; not in -short mode")
	}
	browser := chromium(t)
	root, err := registry.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	shots := shotDir(t)
	dir := t.TempDir()

	// The check catches a page that logs an error: a page with a script error
	// must fail it.
	broken := filepath.Join(dir, "broken.html")
	os.WriteFile(broken, []byte(`<!DOCTYPE html><title>x</title><script>nosuch();</script>`), 0o644)
	if log := rawLog(t, browser, "file://"+broken); !strings.Contains(log, "CONSOLE") && !strings.Contains(log, "Uncaught") {
		t.Fatalf("a script error leaves no trace in chromium's log; the console check would see nothing:\n%s", log)
	}

	t.Run("report", func(t *testing.T) {
		metas, rs := smallResults(t, root)
		rep := reports.Build(reports.Input{Run: "browser", Contest: "Browser test", Rule: reports.ICPC,
			Problems: metas, Entrants: []string{"right", "wrong"}, Results: rs})
		rep.HTML.Picture = resultPictures(root)
		out := filepath.Join(dir, "report")
		if err := reports.WriteReport(context.Background(), out, rep); err != nil {
			t.Fatal(err)
		}
		url := "file://" + filepath.Join(out, "report.html")
		dom := browse(t, browser, url, "--dump-dom")
		if got := strings.Count(dom, `class="detail"`); got != len(rs) {
			t.Errorf("%d details sections in the DOM, want %d", got, len(rs))
		}
		if got := strings.Count(dom, "<svg"); got < len(metas) {
			t.Errorf("%d pictures in the DOM, want at least one per problem (%d)", got, len(metas))
		}
		screenshot(t, browser, url, filepath.Join(shots, "report.png"), "1280,1600")
		// A matrix cell opened: the first WA of battleships, its picture showing.
		id := ""
		for _, pr := range rep.Rankings {
			if pr.Meta.Slug != "battleships" {
				continue
			}
			pi := indexOf(rep.Rankings, pr.Meta.Slug)
			for ei, e := range pr.Entries {
				for di, ds := range pr.Datasets {
					for _, r := range e.Results {
						if r.Dataset == ds && r.Outcome.Verdict != problems.AC && id == "" {
							id = fmt.Sprintf("p%d-e%d-d%d", pi, ei, di)
						}
					}
				}
			}
		}
		if id == "" {
			t.Fatal("no battleships result that is not AC")
		}
		screenshot(t, browser, url+"#"+id, filepath.Join(shots, "report-cell.png"), "1280,1000")
	})

	t.Run("view", func(t *testing.T) {
		// One page per problem, of its last secret dataset; the screenshot shows
		// the picture drew (the Go tests check what it holds).
		for _, slug := range registry.Slugs() {
			p, _ := registry.Open(root, slug)
			all, _ := p.Datasets("sample", "secret")
			for _, ds := range []problems.Dataset{all[len(all)-1]} {
				name := slug + "-" + strings.ReplaceAll(ds.Name, "/", "-")
				page := filepath.Join(dir, name+".html")
				if code, _, stderr := judge(t, "view", slug, ds.Name, "-o", page); code != 0 {
					t.Fatalf("judge view %s %s: exit %d: %s", slug, ds.Name, code, stderr)
				}
				screenshot(t, browser, "file://"+page, filepath.Join(shots, "view-"+name+".png"), "1000,900")
			}
		}
	})

	t.Run("live", func(t *testing.T) {
		metas, rs := smallResults(t, root)
		srv := live.New(reports.Input{Run: "browser", Contest: "Live browser test", Rule: reports.ICPC,
			Problems: metas, Entrants: []string{"right", "wrong", "late"}}, live.Options{Every: time.Millisecond})
		for _, r := range rs {
			srv.Publish(r)
		}
		// Once the page has polled the version twice, a new entrant's result arrives.
		var polls atomic.Int32
		late := rs[0]
		late.Submission, late.Outcome.Message = "late", "the late result"
		h := srv.Handler()
		l, err := live.Listen("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/version" && polls.Add(1) == 2 {
				srv.Publish(late)
			}
			h.ServeHTTP(w, r)
		})}
		go hs.Serve(l)
		defer hs.Close()
		url := "http://" + l.Addr().String() + "/"
		dom := browse(t, browser, url, "--dump-dom", "--virtual-time-budget=10000")
		if !strings.Contains(dom, `data-updates="1"`) || !strings.Contains(dom, "the late result") {
			t.Errorf("the live page did not take in the late result (polls %d)", polls.Load())
		}
		screenshot(t, browser, url, filepath.Join(shots, "live.png"), "1280,900")
	})
}

// rawLog returns chromium's log for url without judging it.
func rawLog(t *testing.T, browser, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--no-first-run", "--user-data-dir="+t.TempDir(), "--enable-logging=stderr", "--v=0", "--dump-dom", url)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &log
	_ = cmd.Run()
	return log.String()
}

func indexOf(rs []reports.ProblemRanking, slug string) int {
	for i, pr := range rs {
		if pr.Meta.Slug == slug {
			return i
		}
	}
	return -1
}
