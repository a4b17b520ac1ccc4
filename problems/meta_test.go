package problems

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseMeta(t *testing.T) {
	base := "slug: demo\ntitle: Demo\nkind: pass-fail\nreference: ref\n"
	tests := []struct {
		name    string
		yaml    string
		wantErr string
		check   func(t *testing.T, m Meta)
	}{
		{name: "defaults", yaml: base, check: func(t *testing.T, m Meta) {
			if m.IO != Stdio || m.Limits.Time != 2*time.Second || m.Limits.Memory != 256*MiB || m.Score.Ranking != RankPassFail {
				t.Errorf("defaults not applied: %+v", m)
			}
			if got := m.Limits.WallLimit(); got != 5*time.Second {
				t.Errorf("wall default = %v, want 5s", got)
			}
		}},
		{name: "interactive io implied", yaml: "slug: x\ntitle: X\nkind: interactive\nreference: r\n", check: func(t *testing.T, m Meta) {
			if m.IO != InteractIO || m.Score.Ranking != RankPoints {
				t.Errorf("got io %q ranking %q", m.IO, m.Score.Ranking)
			}
		}},
		{name: "unknown key", yaml: base + "colour: red\n", wantErr: "line 5, column 1: field colour not found"},
		{name: "bad kind", yaml: "slug: x\ntitle: X\nkind: fun\nreference: r\n", wantErr: `line 3, column 7: kind "fun"`},
		{name: "bad slug", yaml: "slug: X Y\ntitle: X\nkind: pass-fail\nreference: r\n", wantErr: `line 1, column 7: slug "X Y"`},
		{name: "no title", yaml: "slug: x\nkind: pass-fail\nreference: r\n", wantErr: "title: missing"},
		{name: "negative time", yaml: base + "limits: {time: -1}\n", wantErr: "line 5, column 16: limits.time -1"},
		{name: "absurd time", yaml: base + "limits: {time: 1e300}\n", wantErr: "line 5, column 16: limits.time 1e+300: want seconds"},
		{name: "absurd wall", yaml: base + "limits:\n  time: 1\n  wall: 1e300\n", wantErr: "line 7, column 9: limits.wall 1e+300: want seconds"},
		{name: "time not a number", yaml: base + "limits: {time: .nan}\n", wantErr: "line 5, column 16: limits.time NaN: want seconds"},
		{name: "time a word", yaml: base + "limits:\n  time: abc\n", wantErr: "line 6, column 9: limits.time: cannot unmarshal !!str `abc` into float64"},
		{name: "memory a fraction", yaml: base + "limits: {time: 1, memory: 1.5}\n", wantErr: "line 5, column 27: limits.memory 1.5: want a whole number of MiB"},
		{name: "processes a fraction", yaml: base + "limits:\n  time: 1\n  processes: 2.0\n", wantErr: "line 7, column 14: limits.processes 2.0: want a whole count"},
		{name: "infinite wall", yaml: base + "limits: {time: 1, wall: .inf}\n", wantErr: "line 5, column 25: limits.wall +Inf: want seconds"},
		{name: "wall below time", yaml: base + "limits:\n  time: 2\n  wall: 1\n", wantErr: "line 7, column 9: limits.wall 1 is below limits.time 2"},
		{name: "unknown limit", yaml: base + "limits:\n  time: 1\n  colour: 2\n", wantErr: "line 7, column 3: field colour not found"},
		{name: "bad direction", yaml: base + "score: {direction: up}\n", wantErr: `line 5, column 20: score.direction "up"`},
		{name: "unknown score key", yaml: base + "score: {directon: max}\n", wantErr: "line 5, column 9: field directon not found"},
		{name: "title a list", yaml: "slug: x\ntitle: [X]\nkind: pass-fail\nreference: r\n", wantErr: "line 2, column 8: title: cannot unmarshal !!seq into string"},
		{name: "group a list", yaml: base + "groups:\n  - a\n  - [b]\n", wantErr: "line 7, column 5: groups: cannot unmarshal !!seq into string"},
		{name: "key twice", yaml: base + "slug: y\n", wantErr: `line 5, column 1: mapping key "slug" already defined at line 1`},
		{name: "syntax", yaml: base + "limits: {time: 1\n", wantErr: "line 5: did not find expected ',' or '}'"},
		{name: "no reference", yaml: "slug: x\ntitle: X\nkind: pass-fail\n", wantErr: "reference: missing"},
		{name: "empty", yaml: "", wantErr: "empty file"},
		{name: "not a map", yaml: "[1, 2]\n", wantErr: "line 1, column 1: cannot unmarshal !!seq"},
		{name: "files with interactive kind", yaml: "slug: x\ntitle: X\nkind: interactive\nio: files\nreference: r\n", wantErr: "line 4, column 5: kind \"interactive\" with io \"files\": interactive problems and interactive I/O go together"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseMeta([]byte(tt.yaml))
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want it to start %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, m)
		})
	}
}

func FuzzParseMeta(f *testing.F) {
	f.Add([]byte("slug: demo\ntitle: Demo\nkind: pass-fail\nreference: ref\n"))
	f.Add([]byte("slug: x\ntitle: X\nkind: scoring\nio: files\nlimits: {time: 1.5, memory: 64}\nscore: {direction: min, ranking: penalty}\nreference: r\n"))
	f.Add([]byte("{{{"))
	f.Add([]byte("slug: x\ntitle: X\nkind: pass-fail\nreference: r\nlimits:\n  time: abc\n  wall: 1e300\n"))
	f.Add([]byte("slug: x\ntitle: [X]\nscore: {directon: max}\ngroups: [[a]]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMeta(data)
		if err == nil && m.check() != nil {
			t.Fatalf("accepted meta fails its own check: %+v", m)
		}
		var ie *InputError
		if errors.As(err, &ie) && (ie.Line < 0 || ie.Col < 0 || ie.Line > bytes.Count(data, []byte("\n"))+bytes.Count(data, []byte("\r"))+2) {
			t.Fatalf("error at line %d, column %d of a %d-byte file: %v", ie.Line, ie.Col, len(data), err)
		}
	})
}

func TestParseVerdict(t *testing.T) {
	for _, v := range Verdicts {
		if got, ok := ParseVerdict(string(v)); !ok || got != v {
			t.Errorf("ParseVerdict(%q) = %q, %v", v, got, ok)
		}
	}
	if v, ok := ParseVerdict("time_limit_exceeded"); !ok || v != TLE {
		t.Errorf("folder name not understood: %q %v", v, ok)
	}
	if _, ok := ParseVerdict("tle"); ok {
		t.Error("lower-case short names should not parse")
	}
}

// TestScoreGroupTotal scores by test groups: sum, min and avg of parts, accept
// and reject scores, a validator's own score, and cases not judged as rejected.
func TestScoreGroupTotal(t *testing.T) {
	ac := Outcome{Verdict: AC, Score: 1}
	g := &ScoreGroup{Aggregation: "sum", Groups: []*ScoreGroup{
		{Aggregation: "min", Accept: 30, Cases: []string{"g1/1", "g1/2"}},
		{Aggregation: "min", Accept: 70, Cases: []string{"g2/1", "g2/2"}},
		{Aggregation: "avg", Accept: 10, Cases: []string{"g3/1", "g3/2"}},
		{Aggregation: "sum", Accept: 1, Cases: []string{"g4/1"}},
	}}
	tests := []struct {
		name string
		out  map[string]Outcome
		want float64
	}{
		{"all", map[string]Outcome{"g1/1": ac, "g1/2": ac, "g2/1": ac, "g2/2": ac, "g3/1": ac, "g3/2": ac, "g4/1": ac}, 111},
		{"one wa", map[string]Outcome{"g1/1": ac, "g1/2": ac, "g2/1": ac, "g2/2": {Verdict: WA}, "g3/1": ac, "g3/2": ac, "g4/1": ac}, 41},
		{"half avg, unjudged", map[string]Outcome{"g1/1": ac, "g1/2": ac, "g3/1": ac}, 35},
		{"validator score", map[string]Outcome{"g4/1": {Verdict: AC, Score: 7.5}}, 7.5},
		{"validator score of 1 and 0", map[string]Outcome{
			"g3/1": {Verdict: AC, Score: 1, Metrics: []Metric{{Name: ValidatorScoreMetric, Value: 1}}},
			"g3/2": {Verdict: AC, Score: 0, Metrics: []Metric{{Name: ValidatorScoreMetric, Value: 0}}}}, 0.5},
		{"nothing", nil, 0},
	}
	for _, tc := range tests {
		if got := g.Total(tc.out); got != tc.want {
			t.Errorf("%s: %g, want %g", tc.name, got, tc.want)
		}
	}
}

// TestErrorfClipsLongTokens checks that an input error quotes a huge token of
// the input only in part: a 5 MB number must not make a 5 MB message.
func TestErrorfClipsLongTokens(t *testing.T) {
	huge := strings.Repeat("7", 5<<20)
	for _, arg := range []any{huge, []byte(huge)} {
		msg := Errorf(3, 4, "count %q out of range", arg).Error()
		if len(msg) > 200 || !strings.Contains(msg, "(5242880 bytes)") || !strings.HasPrefix(msg, "line 3, column 4: count \"7777") {
			t.Errorf("message of %d bytes: %.120s", len(msg), msg)
		}
	}
	if msg := Errorf(1, 1, "%q", strings.Repeat("é", 30)).Error(); strings.Contains(msg, "\\x") {
		t.Errorf("cut inside a character: %s", msg)
	}
	if msg := Errorf(1, 1, "word %q", "short").Error(); msg != `line 1, column 1: word "short"` {
		t.Errorf("short token changed: %s", msg)
	}
}
