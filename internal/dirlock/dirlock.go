// Package dirlock holds a folder's advisory lock: flock(2) on the folder's own
// descriptor, which the kernel drops when the process that holds it dies, so
// that a folder a killed process was writing can be told from one a running
// process is writing.
package dirlock
