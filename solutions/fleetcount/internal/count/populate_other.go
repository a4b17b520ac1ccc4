//go:build !linux

package count

// populate does nothing where MADV_POPULATE_WRITE does not exist (see the Linux
// version).
func populate[E any](s []E, n int) {}
