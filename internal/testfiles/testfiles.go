// Package testfiles writes small trees of files for tests.
package testfiles

import (
	"os"
	"path/filepath"
	"testing"
)

// Write writes files under dir: each key is a slash-separated path relative to
// dir, each value its contents. Folders are made as needed; any error fails tb.
func Write(tb testing.TB, dir string, files map[string]string) {
	tb.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}
