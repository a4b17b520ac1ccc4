package problems

import (
	"testing"
	"time"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in      string
		want    Size
		wantErr bool
	}{
		{in: "256", want: 256 * MiB},
		{in: "0.5", want: 512 * KiB},
		{in: "256MiB", want: 256 * MiB},
		{in: "1GiB", want: GiB},
		{in: " 1 GiB ", want: GiB},
		{in: "512KiB", want: 512 * KiB},
		{in: "100B", want: 100},
		{in: "", wantErr: true},
		{in: "-1", wantErr: true},
		{in: "1TB", wantErr: true},
		{in: "MiB", wantErr: true},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseSize(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestParseSeconds(t *testing.T) {
	tests := []struct {
		in      string
		want    time.Duration
		wantErr bool
	}{
		{in: "2", want: 2 * time.Second},
		{in: "1.5", want: 1500 * time.Millisecond},
		{in: "1s", want: time.Second},
		{in: "500ms", want: 500 * time.Millisecond},
		{in: "1m30s", want: 90 * time.Second},
		{in: "-1", wantErr: true},
		{in: "-1s", wantErr: true},
		{in: "soon", wantErr: true},
		{in: "", wantErr: true},
	}
	for _, tt := range tests {
		got, err := ParseSeconds(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseSeconds(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestSizeString(t *testing.T) {
	for s, want := range map[Size]string{256 * MiB: "256 MiB", GiB: "1 GiB", 3 * KiB: "3 KiB", 100: "100 B", 0: "0 B"} {
		if got := s.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", int64(s), got, want)
		}
	}
}

func TestLimitOverridesApply(t *testing.T) {
	d := func(x time.Duration) *time.Duration { return &x }
	base := Limits{Time: time.Second, Wall: 10 * time.Second, Memory: 256 * MiB, Output: 16 * MiB, Processes: 4}
	mem := 512 * MiB
	tests := []struct {
		name     string
		o        LimitOverrides
		wantWall time.Duration
		want     Limits
	}{
		{name: "none", want: base, wantWall: 10 * time.Second},
		{name: "time resets wall to its default", o: LimitOverrides{Time: d(3 * time.Second)},
			want: Limits{Time: 3 * time.Second, Memory: 256 * MiB, Output: 16 * MiB, Processes: 4}, wantWall: 7 * time.Second},
		{name: "time and wall", o: LimitOverrides{Time: d(3 * time.Second), Wall: d(4 * time.Second)},
			want: Limits{Time: 3 * time.Second, Wall: 4 * time.Second, Memory: 256 * MiB, Output: 16 * MiB, Processes: 4}, wantWall: 4 * time.Second},
		{name: "wall only", o: LimitOverrides{Wall: d(20 * time.Second)},
			want: Limits{Time: time.Second, Wall: 20 * time.Second, Memory: 256 * MiB, Output: 16 * MiB, Processes: 4}, wantWall: 20 * time.Second},
		{name: "memory", o: LimitOverrides{Memory: &mem},
			want: Limits{Time: time.Second, Wall: 10 * time.Second, Memory: 512 * MiB, Output: 16 * MiB, Processes: 4}, wantWall: 10 * time.Second},
	}
	for _, tt := range tests {
		got := tt.o.Apply(base)
		if got != tt.want || got.WallLimit() != tt.wantWall {
			t.Errorf("%s: Apply = %+v (wall %v), want %+v (wall %v)", tt.name, got, got.WallLimit(), tt.want, tt.wantWall)
		}
	}
}

func TestLimitsJSONKeepsSecondsAndMiB(t *testing.T) {
	l := Limits{Time: 1500 * time.Millisecond, Memory: 256 * MiB, Output: 16 * MiB, Processes: 16}
	b, err := l.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"time":1.5,"memory":256,"output":16,"processes":16}` {
		t.Errorf("JSON = %s", b)
	}
	var back Limits
	if err := back.UnmarshalJSON(b); err != nil || back != l {
		t.Errorf("round trip = %+v, %v", back, err)
	}
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"256", "0.5", "1GiB", "512 KiB", "100B", "-1", "1e30", "NaN", "Inf"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, err := ParseSize(s); err == nil && got < 0 {
			t.Errorf("ParseSize(%q) = %v: negative", s, got)
		}
	})
}

func FuzzParseSeconds(f *testing.F) {
	for _, s := range []string{"2", "1.5", "1s", "500ms", "-1", "1e300", "NaN", "soon"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, err := ParseSeconds(s); err == nil && got < 0 {
			t.Errorf("ParseSeconds(%q) = %v: negative", s, got)
		}
	})
}
