package clip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestWord(t *testing.T) {
	tests := []struct {
		name, s, unit, want string
	}{
		{"short", "12345", "digits", "12345"},
		{"at the limit", strings.Repeat("7", 40), "digits", strings.Repeat("7", 40)},
		{"long", "1234567890123456" + strings.Repeat("0", 100) + "abcdefgh", "digits", "1234567890123456…abcdefgh (124 digits)"},
		{"multi-byte at the cuts", strings.Repeat("é", 100), "characters", strings.Repeat("é", 8) + "…" + strings.Repeat("é", 4) + " (100 characters)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Word(tt.s, tt.unit); got != tt.want {
				t.Errorf("Word = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestList(t *testing.T) {
	many := make([]string, 3000001)
	for i := range many {
		many[i] = "A1"
	}
	tests := []struct {
		name  string
		items []string
		n     int
		want  string
	}{
		{"empty", nil, 3, ""},
		{"fits", []string{"A1", "B2", "C3"}, 3, "A1, B2, C3"},
		{"cut", []string{"A1", "B2", "C3", "D4"}, 2, "A1, B2, … (4 in all)"},
		{"millions", many, 3, "A1, A1, A1, … (3000001 in all)"},
		{"long item", []string{"A" + strings.Repeat("9", 1000)}, 3, "A999999999999999…99999999 (1001 characters)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := List(tt.items, ", ", tt.n); got != tt.want {
				t.Errorf("List = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		name, s  string
		max      int
		want     string // "" to check only the bounds
		wantCut  bool
		wantHead string
	}{
		{name: "short", s: "line 3: WA", max: 1024, want: "line 3: WA"},
		{name: "exactly max", s: strings.Repeat("x", 1024), max: 1024, want: strings.Repeat("x", 1024)},
		{name: "one over", s: strings.Repeat("x", 1025), max: 1024, wantCut: true, wantHead: "xxxx"},
		{name: "12 MB", s: strings.Repeat("A1, ", 3000000), max: 1024, wantCut: true, wantHead: "A1, A1, "},
		{name: "multi-byte", s: strings.Repeat("€", 5000), max: 1024, wantCut: true, wantHead: "€€€"},
		{name: "four-byte", s: "x" + strings.Repeat("𝄞", 5000), max: 1024, wantCut: true, wantHead: "x𝄞"},
		{name: "tiny max", s: strings.Repeat("x", 100), max: 3, want: "… (100 bytes cut)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Text(tt.s, tt.max)
			if tt.want != "" {
				if got != tt.want {
					t.Errorf("Text = %q, want %q", got, tt.want)
				}
				return
			}
			if len(got) > tt.max {
				t.Errorf("Text is %d bytes, over %d", len(got), tt.max)
			}
			if !utf8.ValidString(got) {
				t.Errorf("Text is not valid UTF-8: %q", got[len(got)-40:])
			}
			if !strings.HasPrefix(got, tt.wantHead) {
				t.Errorf("Text starts %q, want %q", got[:20], tt.wantHead)
			}
			kept := strings.TrimSuffix(got, got[strings.LastIndex(got, "…"):])
			if want := marker(len(tt.s) - len(kept)); !strings.HasSuffix(got, want) {
				t.Errorf("Text ends %q, want %q", got[len(got)-30:], want)
			}
			if !strings.HasPrefix(tt.s, kept) {
				t.Error("Text's start is not the start of s")
			}
		})
	}
}
