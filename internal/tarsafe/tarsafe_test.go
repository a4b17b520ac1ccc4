package tarsafe

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type entry struct {
	name string
	kind byte
	mode int64
	body string
	link string
}

func archive(t testing.TB, entries []entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, e := range entries {
		hdr := &tar.Header{Name: e.name, Typeflag: e.kind, Mode: e.mode, Size: int64(len(e.body)), Linkname: e.link}
		if e.kind != tar.TypeReg {
			hdr.Size = 0
		}
		if err := tw.WriteHeader(hdr); err != nil {
			t.Fatal(err)
		}
		if e.kind == tar.TypeReg {
			if _, err := tw.Write([]byte(e.body)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestExtract(t *testing.T) {
	tests := []struct {
		name    string
		entries []entry
		max     int64
		err     string            // "" for success
		files   map[string]string // what dir holds afterwards (success only)
	}{
		{"files and folders", []entry{{name: "./", kind: tar.TypeDir}, {name: "a/", kind: tar.TypeDir}, {name: "a/b.txt", kind: tar.TypeReg, mode: 0o644, body: "hi"}},
			0, "", map[string]string{"a/b.txt": "hi"}},
		{"climbs out", []entry{{name: "../evil", kind: tar.TypeReg, body: "x"}}, 0, "leaves the folder", nil},
		{"climbs out inside", []entry{{name: "a/../../evil", kind: tar.TypeReg, body: "x"}}, 0, "leaves the folder", nil},
		{"absolute", []entry{{name: "/tmp/evil", kind: tar.TypeReg, body: "x"}}, 0, "leaves the folder", nil},
		{"symbolic link", []entry{{name: "l", kind: tar.TypeSymlink, link: "/etc/shadow"}}, 0, "only files and folders", nil},
		{"hard link", []entry{{name: "l", kind: tar.TypeLink, link: "/etc/shadow"}}, 0, "only files and folders", nil},
		{"device", []entry{{name: "d", kind: tar.TypeChar}}, 0, "only files and folders", nil},
		{"a file twice", []entry{{name: "f", kind: tar.TypeReg, body: "1"}, {name: "f", kind: tar.TypeReg, body: "2"}}, 0, "exists", nil},
		{"over the bound", []entry{{name: "f", kind: tar.TypeReg, body: "12345"}, {name: "g", kind: tar.TypeReg, body: "6"}}, 5, "more than 5 bytes", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			err := Extract(bytes.NewReader(archive(t, tt.entries)), dir, tt.max)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Extract: %v, want an error with %q", err, tt.err)
				}
				if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "evil")); err == nil {
					t.Errorf("a file was written outside the folder")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for name, body := range tt.files {
				got, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil || string(got) != body {
					t.Errorf("%s: %q, %v; want %q", name, got, err, body)
				}
			}
		})
	}
}

func TestExtractModes(t *testing.T) {
	dir := t.TempDir()
	err := Extract(bytes.NewReader(archive(t, []entry{{name: "run", kind: tar.TypeReg, mode: 0o4755, body: "#!/bin/sh\n"},
		{name: "data", kind: tar.TypeReg, mode: 0o666, body: "x"}})), dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]os.FileMode{"run": 0o755, "data": 0o644} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil || st.Mode() != want {
			t.Errorf("%s: mode %v (%v), want %v (no setuid, no world write)", name, st.Mode(), err, want)
		}
	}
}

// FuzzExtract unpacks arbitrary archives: no panic, and nothing written outside
// the folder.
func FuzzExtract(f *testing.F) {
	f.Add(archive(f, []entry{{name: "a/b", kind: tar.TypeReg, body: "x"}}))
	f.Add(archive(f, []entry{{name: "../x", kind: tar.TypeReg, body: "x"}}))
	f.Add(archive(f, []entry{{name: "l", kind: tar.TypeSymlink, link: ".."}}))
	f.Add([]byte("not a tar file"))
	f.Fuzz(func(t *testing.T, data []byte) {
		root := t.TempDir()
		dir := filepath.Join(root, "out")
		_ = Extract(bytes.NewReader(data), dir, 1<<20)
		entries, err := os.ReadDir(root)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Name() != "out" {
				t.Errorf("written outside the folder: %s", e.Name())
			}
		}
	})
}
