package svg

import (
	"strings"
	"testing"
)

func TestCanvasWellFormed(t *testing.T) {
	c := New("pic", 100, 50, ".a{fill:red}")
	c.Group("group <1>", Class("g"))
	c.Rect(0, 0, 10, 10, "a & b", Class("a cell"))
	c.Circle(5, 5, 2, "", Class("cell"))
	c.Polygon([]float64{0, 0, 1, 1, 2, 0}, "tri", Class("tri"))
	c.Text(1, 2, `x < y "quoted"`, Class("label"))
	doc := c.Bytes() // the group is closed by Bytes
	counts, err := Count(doc)
	if err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	for class, want := range map[string]int{"a": 1, "cell": 2, "tri": 1, "label": 1, "g": 1} {
		if counts[class] != want {
			t.Errorf("class %s: %d elements, want %d", class, counts[class], want)
		}
	}
	texts, err := Texts(doc)
	if err != nil || len(texts) != 1 || texts[0] != `x < y "quoted"` {
		t.Errorf("Texts = %q, %v", texts, err)
	}
}

func TestCountRejects(t *testing.T) {
	for _, doc := range []string{"", "<svg>", "<html></html>", "<svg><g></svg>"} {
		if _, err := Count([]byte(doc)); err == nil {
			t.Errorf("Count(%q): no error", doc)
		}
	}
}

func TestNumAndWrap(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{{1, "1"}, {1.5, "1.5"}, {2.125, "2.12"}, {0.333333, "0.33"}, {-3, "-3"}}
	for _, tt := range tests {
		if got := Num(tt.v); got != tt.want {
			t.Errorf("Num(%v) = %q, want %q", tt.v, got, tt.want)
		}
	}
	lines := Wrap("one two three four five", 9)
	if strings.Join(lines, "|") != "one two|three|four five" {
		t.Errorf("Wrap = %q", lines)
	}
}

func TestScope(t *testing.T) {
	got := Scope("p", ".a{fill:red}.b,.c d{x:1}")
	if want := ".p .a{fill:red}.p .b,.p .c d{x:1}"; got != want {
		t.Errorf("Scope = %q, want %q", got, want)
	}
	doc := New("p", 1, 1, ".a{fill:red}").Bytes()
	if !strings.Contains(string(doc), `<svg xmlns="http://www.w3.org/2000/svg" class="p"`) || !strings.Contains(string(doc), ".p .a{fill:red}") {
		t.Errorf("scoped document:\n%s", doc)
	}
}
