package fleetcount

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/judgehq/judge/problems"
)

const (
	sampleIn  = "3 3\ntouch\n2 2 1\n0 0 0\n0 0 0\n0 0 0\n"
	sampleAns = "84\n24 30 24\n30 36 30\n24 30 24\n"
)

func dataset() problems.Dataset {
	return problems.Dataset{Name: "sample/1", Group: "sample", Input: []byte(sampleIn), Answer: []byte(sampleAns)}
}

func TestCheck(t *testing.T) {
	p := &Problem{}
	tests := []struct {
		name, out string
		want      problems.Verdict
		msg       string // a part of the message
	}{
		{"right", sampleAns, problems.AC, "total 84"},
		{"right without final newline", strings.TrimSuffix(sampleAns, "\n"), problems.AC, ""},
		{"wrong total", "85\n24 30 24\n30 36 30\n24 30 24\n", problems.WA, "total: got 85, want 84"},
		{"wrong cell", "84\n24 30 24\n30 36 30\n24 31 24\n", problems.WA, "row 3, column 2: got 31, want 30"},
		{"first wrong cell named", "84\n24 30 25\n30 35 30\n24 30 24\n", problems.WA, "row 1, column 3"},
		{"half the count", "42\n12 15 12\n15 18 15\n12 15 12\n", problems.WA, "total"},
		{"huge number", "84\n24 30 24\n30 36 30\n24 30 " + strings.Repeat("9", 100) + "\n", problems.WA, "100 digits"},
		{"empty", "", problems.PE, "line 1, column 1"},
		{"only total", "84\n", problems.PE, "line 2, column 1"},
		{"missing cell", "84\n24 30 24\n30 36\n24 30 24\n", problems.PE, "line 3, column 6"},
		{"extra cell", "84\n24 30 24 0\n30 36 30\n24 30 24\n", problems.PE, "line 2, column 10"},
		{"two numbers on total line", "84 0\n24 30 24\n30 36 30\n24 30 24\n", problems.PE, "line 1, column 4"},
		{"double space", "84\n24  30 24\n30 36 30\n24 30 24\n", problems.PE, "line 2, column 4"},
		{"trailing space", "84 \n24 30 24\n30 36 30\n24 30 24\n", problems.PE, "line 1, column 3"},
		{"leading zero", "084\n24 30 24\n30 36 30\n24 30 24\n", problems.PE, "leading zero"},
		{"negative", "-84\n24 30 24\n30 36 30\n24 30 24\n", problems.PE, "line 1, column 1"},
		{"decimal point", "84.0\n24 30 24\n30 36 30\n24 30 24\n", problems.PE, "line 1, column 3"},
		{"crlf", "84\r\n24 30 24\n30 36 30\n24 30 24\n", problems.PE, "line 1, column 3"},
		{"extra line", sampleAns + "0\n", problems.PE, "line 5"},
		{"blank line", "84\n\n24 30 24\n30 36 30\n24 30 24\n", problems.PE, "line 2, column 1"},
		{"binary", "\x00\xff\x01", problems.PE, "line 1, column 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := p.Check(dataset(), problems.Output{Stdout: []byte(tc.out)})
			if o.Verdict != tc.want || !strings.Contains(o.Message, tc.msg) {
				t.Fatalf("got %s %q, want %s with %q", o.Verdict, o.Message, tc.want, tc.msg)
			}
		})
	}
}

func TestCheckBadAnswerFile(t *testing.T) {
	ds := dataset()
	ds.Answer = []byte("84\n")
	if o := (&Problem{}).Check(ds, problems.Output{Stdout: []byte(sampleAns)}); o.Verdict != problems.JE {
		t.Fatalf("a broken answer file gave %s, want JE", o.Verdict)
	}
}

// FuzzCheck feeds the checker arbitrary output: it must never panic, must only
// answer AC, WA or PE, must name a line for PE, and must accept exactly the answer.
func FuzzCheck(f *testing.F) {
	f.Add([]byte(sampleAns))
	f.Add([]byte("85\n24 30 24\n30 36 30\n24 30 24\n"))
	f.Add([]byte("84\n24 30 24\n30 36 30\n24 30\n"))
	f.Add([]byte(""))
	f.Add([]byte("\n\n\n\n"))
	f.Add([]byte("84\n24 30 24\n30 36 30\n24 30 24\n\x00"))
	f.Add([]byte(strings.Repeat("9", 5000)))
	p := &Problem{}
	f.Fuzz(func(t *testing.T, out []byte) {
		o := p.Check(dataset(), problems.Output{Stdout: out})
		switch o.Verdict {
		case problems.AC:
			if strings.TrimSuffix(string(out), "\n")+"\n" != sampleAns {
				t.Fatalf("accepted %q", out)
			}
		case problems.WA:
		case problems.PE:
			if !strings.HasPrefix(o.Message, "line ") {
				t.Fatalf("PE without a position: %q", o.Message)
			}
		default:
			t.Fatalf("verdict %s for %q", o.Verdict, out)
		}
		if strings.Contains(o.Message, "\n") {
			t.Fatalf("message on several lines: %q", o.Message)
		}
	})
}

// FuzzWrongNumber changes one number of a right answer: the checker must say WA.
func FuzzWrongNumber(f *testing.F) {
	f.Add(uint8(0), uint64(1))
	f.Add(uint8(5), uint64(1<<63))
	f.Add(uint8(9), uint64(7))
	p := &Problem{}
	f.Fuzz(func(t *testing.T, which uint8, delta uint64) {
		if delta == 0 {
			return
		}
		a, err := parseAnswer([]byte(sampleAns), 3, 3)
		if err != nil {
			t.Fatal(err)
		}
		nums := []*string{&a.total}
		for i := range a.cells {
			for j := range a.cells[i] {
				nums = append(nums, &a.cells[i][j])
			}
		}
		target := nums[int(which)%len(nums)]
		*target = addDecimal(*target, delta)
		var sb strings.Builder
		sb.WriteString(a.total + "\n")
		for _, row := range a.cells {
			sb.WriteString(strings.Join(row, " ") + "\n")
		}
		if o := p.Check(dataset(), problems.Output{Stdout: []byte(sb.String())}); o.Verdict != problems.WA {
			t.Fatalf("changed number gave %s %q", o.Verdict, o.Message)
		}
	})
}

// addDecimal adds d to the decimal string s.
func addDecimal(s string, d uint64) string {
	digits := []byte(s)
	carry := d
	for i := len(digits) - 1; i >= 0 && carry > 0; i-- {
		v := uint64(digits[i]-'0') + carry%10
		carry /= 10
		if v >= 10 {
			v -= 10
			carry++
		}
		digits[i] = byte('0' + v)
	}
	out := string(digits)
	if carry > 0 {
		out = strings.TrimLeft(addDecimal("0", carry), "0") + out
	}
	return out
}

// TestData validates every input of the problem folder and checks each answer
// file against itself, so broken data fails here before it reaches the judge.
func TestData(t *testing.T) {
	f, err := problems.LoadFolder(".")
	if err != nil {
		t.Fatal(err)
	}
	p := New(f)
	sets, err := p.Datasets()
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) < 20 {
		t.Fatalf("only %d datasets", len(sets))
	}
	for _, ds := range sets {
		if err := p.Validate(ds.Input); err != nil {
			t.Errorf("%s: %v", ds.Name, err)
			continue
		}
		if o := p.Check(ds, problems.Output{Stdout: ds.Answer}); o.Verdict != problems.AC {
			t.Errorf("%s: its own answer gets %s %s", ds.Name, o.Verdict, o.Message)
		}
	}
	if _, err := os.Stat(filepath.Join("data", "sample", "1.in")); err != nil {
		t.Error(err)
	}
}
