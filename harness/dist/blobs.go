package dist

import (
	"archive/tar"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/judgehq/judge/internal/tarsafe"
	"github.com/nats-io/nats.go/jetstream"
)

// Blobs keeps files and folders in the object store under their content hash, so
// that a worker fetches each at most once and a changed file is a new blob.
type Blobs struct {
	store jetstream.ObjectStore
}

// OpenBlobs opens the blob bucket (Setup creates it).
func OpenBlobs(ctx context.Context, js jetstream.JetStream) (*Blobs, error) {
	st, err := js.ObjectStore(ctx, BlobBucket)
	if err != nil {
		return nil, fmt.Errorf("opening object store %s: %w", BlobBucket, err)
	}
	return &Blobs{store: st}, nil
}

func hashOf(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256-" + hex.EncodeToString(sum[:])
}

// put stores data under its hash unless it is there already.
func (b *Blobs) put(ctx context.Context, data []byte) (string, error) {
	h := hashOf(data)
	if _, err := b.store.GetInfo(ctx, h); err == nil {
		return h, nil
	} else if !errors.Is(err, jetstream.ErrObjectNotFound) {
		return "", fmt.Errorf("looking up blob %s: %w", h, err)
	}
	if _, err := b.store.PutBytes(ctx, h, data); err != nil {
		return "", fmt.Errorf("storing blob %s: %w", h, err)
	}
	return h, nil
}

// PutFile stores a regular file and returns its hash. Symbolic links and other
// special files are refused.
func (b *Blobs) PutFile(ctx context.Context, file string) (string, error) {
	st, err := os.Lstat(file)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s: not a regular file", file)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	return b.put(ctx, data)
}

// PutDir stores a folder as a tar archive made the same way every time (sorted
// names, no owners or times), so the same content always has the same hash. Only
// regular files and folders are taken; names starting with "." are left out.
func (b *Blobs) PutDir(ctx context.Context, dir string) (string, error) {
	data, err := archiveDir(dir)
	if err != nil {
		return "", err
	}
	return b.put(ctx, data)
}

func archiveDir(dir string) ([]byte, error) {
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == dir {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || d.Type().IsRegular() {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("archiving %s: %w", dir, err)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, n := range names {
		full := filepath.Join(dir, filepath.FromSlash(n))
		st, err := os.Lstat(full)
		if err != nil {
			return nil, fmt.Errorf("archiving %s: %w", full, err)
		}
		hdr := &tar.Header{Name: n, Mode: 0o644, Format: tar.FormatPAX}
		if st.IsDir() {
			hdr.Typeflag, hdr.Name, hdr.Mode = tar.TypeDir, n+"/", 0o755
			if err := tw.WriteHeader(hdr); err != nil {
				return nil, err
			}
			continue
		}
		if st.Mode()&0o111 != 0 {
			hdr.Mode = 0o755
		}
		data, err := os.ReadFile(full)
		if err != nil {
			return nil, fmt.Errorf("archiving %s: %w", full, err)
		}
		hdr.Typeflag, hdr.Size = tar.TypeReg, int64(len(data))
		if err := tw.WriteHeader(hdr); err != nil {
			return nil, err
		}
		if _, err := tw.Write(data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// get fetches a blob and checks it is what its name says.
func (b *Blobs) get(ctx context.Context, h string) ([]byte, error) {
	data, err := b.store.GetBytes(ctx, h)
	if err != nil {
		return nil, fmt.Errorf("fetching blob %s: %w", h, err)
	}
	if got := hashOf(data); got != h {
		return nil, fmt.Errorf("blob %s arrived as %s", h, got)
	}
	return data, nil
}

// FetchFile writes blob h to dest unless dest exists already (the cache), and
// returns dest.
func (b *Blobs) FetchFile(ctx context.Context, h, dest string) (string, error) {
	if _, err := os.Stat(dest); err == nil {
		return dest, nil
	}
	data, err := b.get(ctx, h)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dest), ".fetch-*")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), dest); err != nil {
		return "", err
	}
	return dest, nil
}

// FetchDir unpacks folder blob h into dest unless dest exists already (the cache),
// and returns dest. The archive may only hold relative names inside dest, regular
// files and folders.
func (b *Blobs) FetchDir(ctx context.Context, h, dest string) (string, error) {
	if _, err := os.Stat(dest); err == nil {
		return dest, nil
	}
	data, err := b.get(ctx, h)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dest), ".fetch-*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := tarsafe.Extract(bytes.NewReader(data), tmp, 0); err != nil {
		return "", fmt.Errorf("unpacking blob %s: %w", h, err)
	}
	if err := os.Rename(tmp, dest); err != nil {
		if _, statErr := os.Stat(dest); statErr == nil {
			return dest, nil // another worker slot unpacked it first
		}
		return "", err
	}
	return dest, nil
}
