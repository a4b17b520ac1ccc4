package board

import (
	"testing"

	"github.com/judgehq/judge/problems/parsetest"
)

// TestLongTail: see parsetest.LongTail.
func TestLongTail(t *testing.T) {
	parsetest.LongTail(t, "../../fleetcount/data/sample/1.in", func(b []byte) error {
		_, err := Parse(b)
		return err
	})
}
