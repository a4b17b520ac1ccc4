package problems

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Size is an amount of memory or output, in bytes.
type Size int64

// Units of Size.
const (
	KiB Size = 1 << (10 * (iota + 1))
	MiB
	GiB
)

// Bytes returns s as a plain number of bytes.
func (s Size) Bytes() int64 { return int64(s) }

// MiB returns s in MiB (the unit of problem.yaml and contest files), rounded down.
func (s Size) MiB() int64 { return int64(s / MiB) }

// String writes s in the largest binary unit that divides it: "256 MiB", "1 GiB",
// "100 B".
func (s Size) String() string {
	for _, u := range []struct {
		size Size
		name string
	}{{GiB, "GiB"}, {MiB, "MiB"}, {KiB, "KiB"}} {
		if s != 0 && s%u.size == 0 {
			return fmt.Sprintf("%d %s", s/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d B", int64(s))
}

// ParseSize reads a size as a user writes it: a plain number is MiB ("256", "0.5"),
// else a number with a unit B, KiB, MiB or GiB ("256MiB", "1 GiB", "512KiB").
func ParseSize(s string) (Size, error) {
	t := strings.TrimSpace(s)
	unit := MiB
	for _, u := range []struct {
		suffix string
		size   Size
	}{{"GiB", GiB}, {"MiB", MiB}, {"KiB", KiB}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, unit = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.size
			break
		}
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || !(x >= 0) || x*float64(unit) > math.MaxInt64/2 {
		return 0, fmt.Errorf("size %q: want MiB (256) or a number with B, KiB, MiB or GiB (256MiB, 1GiB)", s)
	}
	return Size(x * float64(unit)), nil
}

// ParseSeconds reads a duration as a user writes it: plain seconds ("2", "1.5") or
// a Go duration ("1s", "500ms", "1m30s").
func ParseSeconds(s string) (time.Duration, error) {
	t := strings.TrimSpace(s)
	if x, err := strconv.ParseFloat(t, 64); err == nil {
		if !(x >= 0) || x > float64(math.MaxInt64)/float64(time.Second) {
			return 0, fmt.Errorf("duration %q: want a positive number of seconds", s)
		}
		return Seconds(x), nil
	}
	d, err := time.ParseDuration(t)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("duration %q: want seconds (2, 1.5) or a duration (1s, 500ms)", s)
	}
	return d, nil
}

// Seconds converts a number of seconds to a duration.
func Seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// Limits are the resource limits of one run on one dataset: the one limits type of
// the project. problem.yaml and contest files write them in seconds and MiB
// (limits: {time: 2, wall: 5, memory: 256, output: 16, processes: 16}); in memory
// they are durations and sizes.
type Limits struct {
	// Time is the CPU time limit (user + system).
	Time time.Duration
	// Wall is the wall-clock limit; 0 means the default, 2 × Time + 1 s (WallLimit).
	Wall time.Duration
	// Memory is the memory limit; 0 means none (problem.yaml requires one).
	Memory Size
	// Output is the limit on each output stream or file; 0 means none.
	Output Size
	// Processes is the most processes (and threads) the program may have at once; 0
	// means no limit.
	Processes int
}

// DefaultLimits are the limits of a problem.yaml that names none: 2 s of CPU, the
// default wall limit, 256 MiB of memory, 16 MiB of output, 16 processes.
func DefaultLimits() Limits {
	return Limits{Time: 2 * time.Second, Memory: 256 * MiB, Output: 16 * MiB, Processes: 16}
}

// WallLimit returns the wall-clock limit, applying the default: 2 × Time + 1 s.
// This is the only place the default is computed.
func (l Limits) WallLimit() time.Duration {
	if l.Wall > 0 {
		return l.Wall
	}
	return 2*l.Time + time.Second
}

// LimitOverrides change some limits and keep the others: a nil field is not
// overridden. The command line's --time-limit, --wall-limit and --memory-limit and a
// contest file's per-problem limits are overrides.
type LimitOverrides struct {
	Time      *time.Duration
	Wall      *time.Duration
	Memory    *Size
	Output    *Size
	Processes *int
}

// Apply returns l with the overrides set in o. The one override rule: overriding
// the time limit without the wall limit resets the wall limit to its default
// (2 × the new time + 1 s), so that a larger time limit is never cut short by the
// problem's own wall limit; overriding both sets both.
func (o LimitOverrides) Apply(l Limits) Limits {
	if o.Time != nil {
		l.Time, l.Wall = *o.Time, 0
	}
	if o.Wall != nil {
		l.Wall = *o.Wall
	}
	if o.Memory != nil {
		l.Memory = *o.Memory
	}
	if o.Output != nil {
		l.Output = *o.Output
	}
	if o.Processes != nil {
		l.Processes = *o.Processes
	}
	return l
}

// limitsFile is Limits as problem.yaml and the stored run configuration write them:
// seconds and MiB.
type limitsFile struct {
	Time      float64 `yaml:"time" json:"time"`
	Wall      float64 `yaml:"wall,omitempty" json:"wall,omitempty"`
	Memory    int64   `yaml:"memory" json:"memory"`
	Output    int64   `yaml:"output" json:"output"`
	Processes int64   `yaml:"processes" json:"processes"`
}

func (l Limits) file() limitsFile {
	return limitsFile{Time: l.Time.Seconds(), Wall: l.Wall.Seconds(), Memory: l.Memory.MiB(), Output: l.Output.MiB(), Processes: int64(l.Processes)}
}

// check checks the limits of a file against the bounds of problem.yaml.
func (f limitsFile) check() error {
	switch {
	case !(f.Time > 0 && f.Time <= 3600): // NaN too
		return fmt.Errorf("limits.time %v: want seconds in (0, 3600]", f.Time)
	case !(f.Wall >= 0 && f.Wall <= 7200):
		return fmt.Errorf("limits.wall %v: want seconds in [0, 7200]", f.Wall)
	case f.Memory < 1 || f.Memory > 1<<20:
		return fmt.Errorf("limits.memory %v: want MiB in [1, 1048576]", f.Memory)
	case f.Output < 1 || f.Output > 1<<14:
		return fmt.Errorf("limits.output %v: want MiB in [1, 16384]", f.Output)
	case f.Processes < 1 || f.Processes > 4096:
		return fmt.Errorf("limits.processes %v: want a count in [1, 4096]", f.Processes)
	}
	return nil
}

func (f limitsFile) limits() Limits {
	return Limits{Time: Seconds(f.Time), Wall: Seconds(f.Wall), Memory: Size(f.Memory) * MiB, Output: Size(f.Output) * MiB, Processes: int(f.Processes)}
}

// MarshalYAML writes the limits in seconds and MiB.
func (l Limits) MarshalYAML() (any, error) { return l.file(), nil }

// UnmarshalYAML reads limits in seconds and MiB; keys left out keep their values.
func (l *Limits) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.MappingNode {
		// n.Decode does not inherit the file decoder's KnownFields: check keys here.
		var unknown []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			switch k := n.Content[i]; k.Value {
			case "time", "wall", "memory", "output", "processes":
			default:
				unknown = append(unknown, fmt.Sprintf("line %d: field %s not found in type problems.Limits", k.Line, k.Value))
			}
		}
		if len(unknown) > 0 {
			return &yaml.TypeError{Errors: unknown}
		}
	}
	// yaml.v3 cuts a float down to an integer field without a word
	// (memory: 1.5 would be 1 MiB): whole numbers only.
	for _, key := range []string{"memory", "output", "processes"} {
		if v := valueOf(n, key); v != n && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!float" {
			what := "a whole number of MiB"
			if key == "processes" {
				what = "a whole count"
			}
			return Errorf(v.Line, v.Column, "limits.%s %s: want %s", key, v.Value, what)
		}
	}
	f := l.file()
	if err := n.Decode(&f); err != nil {
		return err
	}
	// Out of every bound before they become durations, which could not hold
	// them (1e300 s would read back as a negative number).
	for _, v := range []struct {
		name string
		x    float64
	}{{"time", f.Time}, {"wall", f.Wall}} {
		if !(math.Abs(v.x) <= 1e6) {
			at := valueOf(n, v.name)
			return Errorf(at.Line, at.Column, "limits.%s %v: want seconds (at most %d for time, %d for wall)", v.name, v.x, 3600, 7200)
		}
	}
	*l = f.limits()
	return nil
}

// valueOf returns the value of key in the mapping n, or n when it has none.
func valueOf(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return n
}

// MarshalJSON writes the limits in seconds and MiB, as problem.yaml does.
func (l Limits) MarshalJSON() ([]byte, error) { return json.Marshal(l.file()) }

// UnmarshalJSON reads limits in seconds and MiB.
func (l *Limits) UnmarshalJSON(data []byte) error {
	f := l.file()
	if err := json.Unmarshal(data, &f); err != nil {
		return err
	}
	*l = f.limits()
	return nil
}

// Check reports limits outside the bounds problem.yaml allows.
func (l Limits) Check() error {
	if l.Memory%MiB != 0 || l.Output%MiB != 0 {
		return errors.New("limits.memory and limits.output: want whole MiB")
	}
	return l.file().check()
}
