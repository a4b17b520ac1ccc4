//go:build linux

package count

import (
	"syscall"
	"unsafe"
)

// madvPopulateWrite is Linux's MADV_POPULATE_WRITE (since 5.14): back a range of
// memory with writable pages in one call.
const madvPopulateWrite = 23

// populate asks the kernel to back the memory of s[:n] (n cut to cap(s)) with
// pages at once. Memory touched for the first time otherwise takes a page fault
// per page, which on a virtual machine costs several times more than the one
// call. It is only a hint, and changes no byte: on an older kernel the call fails
// and the pages come one by one, as without it.
func populate[E any](s []E, n int) {
	var e E
	size := uintptr(min(n, cap(s))) * unsafe.Sizeof(e)
	if size < populateMin {
		return
	}
	page := uintptr(syscall.Getpagesize())
	p := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	lo, hi := (p+page-1)&^(page-1), (p+size)&^(page-1)
	if hi > lo {
		syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvPopulateWrite)
	}
}
