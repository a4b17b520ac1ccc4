package board

import (
	"testing"

	"github.com/judgehq/judge/problems/parsetest"
)

// TestLongTail: see parsetest.LongTail.
func TestLongTail(t *testing.T) {
	parsetest.LongTail(t, "../../bestmove/data/sample/1.in", func(b []byte) error {
		_, err := Scan(b, nil)
		return err
	})
}
