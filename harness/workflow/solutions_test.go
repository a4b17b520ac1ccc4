package workflow

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/judgehq/judge/internal/testfiles"
	"github.com/judgehq/judge/problems"
)

func TestSolutions(t *testing.T) {
	root := t.TempDir()
	testfiles.Write(t, root, map[string]string{
		"solutions/p/ref/main.go":                "package main",
		"solutions/p/fast/main.go":               "package main",
		"solutions/p/internal/x/x.go":            "package x",
		"solutions/p/README.md":                  "docs",
		"solutions/p/wrong_answer/a.c":           "",
		"solutions/p/wrong_answer/notes.txt":     "",
		"solutions/p/wrong_answer/gofolder/m.go": "package main",
		"solutions/p/time_limit_exceeded/b.py":   "",
	})
	meta := struct{ Slug, Reference string }{"p", "ref"}
	sols, err := Solutions(root, problems.Meta{Slug: meta.Slug, Reference: meta.Reference})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range sols {
		rel, _ := filepath.Rel(filepath.Join(root, "solutions", "p"), s.Path)
		got = append(got, rel+"="+string(s.Expected))
	}
	want := []string{"ref=AC", "fast=AC", "time_limit_exceeded/b.py=TLE", "wrong_answer/a.c=WA", "wrong_answer/gofolder=WA"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Solutions = %v, want %v", got, want)
	}
}
