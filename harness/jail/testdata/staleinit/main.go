// Command staleinit stands for a judge-jail binary from another build of judge:
// it says it is ready, with a protocol no judge speaks, and waits.
package main

import (
	"io"
	"os"
)

func main() {
	ctrl := os.NewFile(3, "control")
	if _, err := ctrl.Write([]byte(`{"ready":true,"protocol":"older"}`)); err != nil {
		os.Exit(1)
	}
	_, _ = io.Copy(io.Discard, ctrl)
}
