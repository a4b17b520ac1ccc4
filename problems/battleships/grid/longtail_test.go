package grid

import (
	"testing"

	"github.com/judgehq/judge/problems/parsetest"
)

// TestLongTail: see parsetest.LongTail.
func TestLongTail(t *testing.T) {
	parsetest.LongTail(t, "../../battleships/data/sample/1-6x6.in", func(b []byte) error {
		_, err := Parse(b)
		return err
	})
}
