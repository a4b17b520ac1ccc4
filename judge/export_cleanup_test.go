package main

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/judgehq/judge/internal/dirlock"
	"github.com/judgehq/judge/internal/filemeta"
	"github.com/judgehq/judge/internal/testfiles"
)

// listTree lists every file and folder under root by its slash path: a
// folder as "NAME/" with "", a file with its contents, a symbolic link with
// "-> TARGET".
func listTree(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == root {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		switch {
		case d.IsDir():
			out[rel+"/"] = ""
			return nil
		case d.Type()&os.ModeSymlink != 0:
			target, err := os.Readlink(p)
			out[rel] = "-> " + target
			return err
		}
		b, err := os.ReadFile(p)
		out[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func keys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// TestExportIntoCleansOnlyItsOwn: a failed, refused or interrupted export
// removes what it wrote and the folders it made, and nothing else: a file the
// user put into the folder while it ran stays.
func TestExportIntoCleansOnlyItsOwn(t *testing.T) {
	boom := errors.New("boom")
	writePkg := func(staging string) {
		for _, f := range []string{"problem.yaml", "data/secret/1.in", "submissions/accepted/a/main.go"} {
			p := filepath.Join(staging, filepath.FromSlash(f))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				panic(err)
			}
			if err := os.WriteFile(p, []byte("pkg\n"), 0o644); err != nil {
				panic(err)
			}
		}
	}
	addUsers := func(dst, name string) {
		if err := os.WriteFile(filepath.Join(dst, name), []byte("mine\n"), 0o644); err != nil {
			panic(err)
		}
	}
	tests := []struct {
		name   string
		dst    string // below the test's folder
		mkdst  bool   // dst exists (empty) before
		write  func(ctx context.Context, cancel func(), dst, staging string) error
		want   []string // the test folder's tree after, besides the folders on dst's way
		errHas []string // "" for success
	}{
		{"fails, user file added mid-way", "pkg", true, func(ctx context.Context, cancel func(), dst, staging string) error {
			writePkg(staging)
			addUsers(dst, "notes.txt")
			return boom
		}, []string{"pkg/", "pkg/notes.txt"}, []string{"boom", "nothing written"}},
		{"fails in a new nested folder", "a/b/pkg", false, func(ctx context.Context, cancel func(), dst, staging string) error {
			writePkg(staging)
			return boom
		}, nil, []string{"boom", "nothing written"}},
		{"fails in a new folder the user wrote into", "a/pkg", false, func(ctx context.Context, cancel func(), dst, staging string) error {
			writePkg(staging)
			addUsers(dst, "notes.txt")
			return boom
		}, []string{"a/", "a/pkg/", "a/pkg/notes.txt"}, []string{"boom", "nothing written"}},
		{"interrupted, export finishing anyway", "pkg", false, func(ctx context.Context, cancel func(), dst, staging string) error {
			writePkg(staging)
			cancel()
			return nil
		}, nil, []string{"interrupted", "nothing written"}},
		{"interrupted, export noticing", "pkg", true, func(ctx context.Context, cancel func(), dst, staging string) error {
			writePkg(staging)
			cancel()
			return ctx.Err()
		}, []string{"pkg/"}, []string{"canceled", "nothing written"}},
		{"user file where the package has one", "pkg", true, func(ctx context.Context, cancel func(), dst, staging string) error {
			writePkg(staging)
			addUsers(dst, "problem.yaml")
			return nil
		}, []string{"pkg/", "pkg/problem.yaml"}, []string{"problem.yaml appeared", "nothing written"}},
		{"succeeds beside a user file added mid-way", "pkg", true, func(ctx context.Context, cancel func(), dst, staging string) error {
			writePkg(staging)
			addUsers(dst, "notes.txt")
			return nil
		}, []string{"pkg/", "pkg/notes.txt", "pkg/data/", "pkg/data/secret/", "pkg/data/secret/1.in", "pkg/problem.yaml",
			"pkg/submissions/", "pkg/submissions/accepted/", "pkg/submissions/accepted/a/", "pkg/submissions/accepted/a/main.go"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			dst := filepath.Join(root, filepath.FromSlash(tt.dst))
			if tt.mkdst {
				if err := os.MkdirAll(dst, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			err := exportInto(ctx, dst, func(ctx context.Context, staging string) error {
				if !strings.HasPrefix(staging, dst+string(filepath.Separator)) {
					t.Errorf("staging folder %s is not inside %s", staging, dst)
				}
				return tt.write(ctx, cancel, dst, staging)
			})
			switch {
			case tt.errHas == nil && err != nil:
				t.Fatalf("exportInto: %v", err)
			case tt.errHas != nil && err == nil:
				t.Fatal("exportInto succeeded, want a failure")
			}
			for _, s := range tt.errHas {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
			want := map[string]bool{}
			for _, w := range tt.want {
				want[w] = true
			}
			got := listTree(t, root)
			for _, k := range keys(got) {
				if !want[k] {
					t.Errorf("left behind: %s", k)
				}
			}
			for _, w := range tt.want {
				if _, ok := got[w]; !ok {
					t.Errorf("missing: %s", w)
				}
			}
			if v, ok := got[filepath.ToSlash(tt.dst)+"/notes.txt"]; ok && v != "mine\n" {
				t.Errorf("the user's notes.txt is now %q", v)
			}
			if v, ok := got["pkg/problem.yaml"]; ok && tt.name == "user file where the package has one" && v != "mine\n" {
				t.Errorf("the user's problem.yaml is now %q", v)
			}
		})
	}
}

// TestExportIntoRefusesNonEmpty: a folder holding anything is refused before
// anything is written.
func TestExportIntoRefusesNonEmpty(t *testing.T) {
	dst := t.TempDir()
	if err := os.WriteFile(filepath.Join(dst, "x"), []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	called := false
	err := exportInto(context.Background(), dst, func(context.Context, string) error { called = true; return nil })
	if !errors.Is(err, errExportNotEmpty) || called {
		t.Fatalf("err %v, write called %v; want errExportNotEmpty and no write", err, called)
	}
	if got := listTree(t, dst); len(got) != 1 || got["x"] != "mine\n" {
		t.Errorf("folder now %v", got)
	}
}

// TestExportIntoAfterAKill: staging folders a killed export left (marked, or
// empty) are all the folder holds; they are removed and the export goes on.
// Beside a user's file they are not touched: the folder is refused as not
// empty. A user's folder that merely has such a name, and the staging folder
// of an export still writing (locked), are never removed.
func TestExportIntoAfterAKill(t *testing.T) {
	write := func(_ context.Context, staging string) error {
		return os.WriteFile(filepath.Join(staging, "problem.yaml"), []byte("name: x\n"), 0o644)
	}
	left := stagingPrefix + "123/"
	tests := []struct {
		name    string
		files   map[string]string
		empty   string // a staging folder with nothing in it
		hold    string // a staging folder an export still running holds
		wantErr string // "": the export goes on and the package is all there is
	}{
		{"two leftovers", map[string]string{left + stagingMarker: "", left + "problem.yaml": "half\n",
			stagingPrefix + "456/" + stagingMarker: "", stagingPrefix + "456/data/x.in": "1\n"}, "", "", ""},
		{"an empty leftover", nil, stagingPrefix + "789", "", ""},
		{"a leftover beside a user's file", map[string]string{left + stagingMarker: "", left + "problem.yaml": "half\n",
			"notes.txt": "mine\n"}, "", "", "not empty"},
		{"a user's folder named like one", map[string]string{stagingPrefix + "mywork/thesis.txt": "precious\n"}, "", "", "not empty"},
		{"a user's folder beside a leftover", map[string]string{left + stagingMarker: "",
			stagingPrefix + "mywork/thesis.txt": "precious\n"}, "", "", "not empty"},
		{"an export still writing", map[string]string{left + stagingMarker: "", left + "problem.yaml": "half\n"},
			"", stagingPrefix + "123", "another judge export is writing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := t.TempDir()
			testfiles.Write(t, dst, tt.files)
			if tt.empty != "" {
				if err := os.Mkdir(filepath.Join(dst, tt.empty), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if tt.hold != "" {
				release, ok, err := dirlock.Try(filepath.Join(dst, tt.hold))
				if err != nil || !ok {
					t.Fatalf("locking: %v, %v", ok, err)
				}
				defer release()
			}
			before := listTree(t, dst)
			err := exportInto(context.Background(), dst, write)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := listTree(t, dst); len(got) != 1 || got["problem.yaml"] != "name: x\n" {
					t.Errorf("after the export: %v, want the package alone", got)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("exportInto: %v, want an error saying %q", err, tt.wantErr)
			}
			if got := listTree(t, dst); !maps.Equal(got, before) {
				t.Errorf("a refused export changed the folder: %v, was %v", got, before)
			}
		})
	}
}

// TestExportIntoOwner: run as root, a package exported into an empty folder a
// user made is the user's (the folder's owner and group), file and folder.
func TestExportIntoOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: only root can give files to another user")
	}
	user := filemeta.Owner{UID: 1000, GID: 1234}
	dst := t.TempDir()
	if err := filemeta.Give(dst, user); err != nil {
		t.Fatal(err)
	}
	write := func(_ context.Context, staging string) error {
		testfiles.Write(t, staging, map[string]string{"problem.yaml": "name: x\n", "data/sample/1.in": "1\n"})
		return nil
	}
	if err := exportInto(context.Background(), dst, write); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"problem.yaml", "data", "data/sample", "data/sample/1.in"} {
		st, err := os.Lstat(filepath.Join(dst, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := filemeta.Of(st); got != user {
			t.Errorf("%s: owner %+v, want the folder's %+v", rel, got, user)
		}
	}
}
