package reports

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/judgehq/judge/problems"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Column is one column of a table: its header, printed verbatim, and whether its
// cells are numbers (right-aligned).
type Column struct {
	Name    string
	Numeric bool
	// Wrap, when above 0, wraps the column's cells at spaces to lines of at most
	// Wrap characters in the ASCII style (a word longer than that is broken), so
	// that a column of prose keeps the table within a terminal. Markdown cells
	// stay on one line.
	Wrap int
}

// TableStyle selects how WriteTable draws a table.
type TableStyle int

// The table styles.
const (
	// ASCII draws +---+ borders, for terminals and logs.
	ASCII TableStyle = iota
	// Markdown draws a GitHub-flavoured Markdown table with an alignment row; cells
	// have '|' escaped and line breaks replaced by spaces.
	Markdown
)

// WriteTable writes rows under the columns. It is the only place that talks to the
// table library, so that its options (verbatim headers, per-column alignment) are set
// once. Rows shorter than the header are padded and longer ones are an error. Every
// header and cell goes through Printable (cells keep the verdict colours in the
// ASCII style): a table is read in a terminal, Markdown ones too.
func WriteTable(w io.Writer, style TableStyle, cols []Column, rows [][]string) error {
	hdr := make([]string, len(cols))
	align := make(tw.Alignment, len(cols))
	wraps := map[int]int{}
	for i, c := range cols {
		if c.Wrap > 0 {
			wraps[i] = c.Wrap
		}
		hdr[i] = Printable(c.Name) // a submission's name, in some tables
		if style == ASCII {
			hdr[i] = oneLine(hdr[i])
		}
		align[i] = tw.AlignLeft
		if c.Numeric {
			align[i] = tw.AlignRight
		}
	}
	var rend tw.Renderer
	if style == Markdown {
		rend = renderer.NewMarkdown()
		for i := range hdr {
			hdr[i] = mdCell(hdr[i])
		}
	} else {
		rend = renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleASCII)})
	}
	var opts []tablewriter.Option
	if style == ASCII && len(wraps) > 0 {
		// The library wraps a cell (at spaces, by default) to its column's
		// largest width; the lines of a wrapped cell stay inside its borders.
		cfg := tablewriter.NewConfigBuilder()
		for i, n := range wraps {
			cfg.ForColumn(i).WithMaxWidth(n)
		}
		opts = append(opts, tablewriter.WithConfig(cfg.Build()))
	}
	opts = append(opts,
		tablewriter.WithRenderer(rend),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoFormat(tw.Off),
		tablewriter.WithAlignment(align),
	)
	t := tablewriter.NewTable(w, opts...)
	t.Header(hdr)
	for n, r := range rows {
		if len(r) > len(cols) {
			return fmt.Errorf("table row %d: %d cells for %d columns", n+1, len(r), len(cols))
		}
		row := make([]string, len(cols))
		for i, cell := range r {
			row[i] = printable(cell, style == ASCII && judgeStyled(cell)) // the judge's colours, on a terminal only
			if style == ASCII {
				row[i] = oneLine(row[i])
			}
		}
		if style == Markdown {
			for i := range row {
				row[i] = mdCell(row[i])
			}
		}
		if err := t.Append(row); err != nil {
			return fmt.Errorf("table row %d: %w", n+1, err)
		}
	}
	if err := t.Render(); err != nil {
		return fmt.Errorf("render table: %w", err)
	}
	return nil
}

// Room is how many characters column col of an ASCII table of cols and rows may
// take for the table to be at most total characters wide while the other
// columns keep their widths; never less than 20. It is the Wrap for a column
// of prose that should not draw a table wider than a terminal.
func Room(cols []Column, rows [][]string, col, total int) int {
	used := 1 // the first border; each column adds its width, two spaces and a border
	for i, c := range cols {
		if i == col {
			used += 3
			continue
		}
		width := utf8.RuneCountInString(oneLine(Printable(c.Name)))
		for _, r := range rows {
			if i < len(r) {
				width = max(width, utf8.RuneCountInString(oneLine(Printable(r[i]))))
			}
		}
		used += width + 3
	}
	return max(20, total-used)
}

// judgeStyled reports whether cell is one the judge coloured: nothing but
// coloured verdict names (Verdict) with counts, spaces and commas between them
// ("AC", "5 AC, 1 WA"). Only such a cell keeps its colours; in any other (a
// message quoting a program) a coloured verdict name is escaped too, so that no
// program shows a green AC in its message.
func judgeStyled(cell string) bool {
	for i := 0; i < len(cell); {
		if code := styleAt(cell[i:]); code != "" {
			i += len(code)
			continue
		}
		if c := cell[i]; c == ' ' || c == ',' || c >= '0' && c <= '9' {
			i++
			continue
		}
		return false
	}
	return true
}

// OneLine is s as one line of terminal text: Printable, and a line break shown
// as \n, for a name printed where a break would forge a line of its own.
func OneLine(s string) string { return oneLine(Printable(s)) }

// oneLine keeps a cell on one line: a line break in a name or a message (a file
// named "x\n| 1 | fake.c | … | AC |.c") would otherwise draw a row of its own.
func oneLine(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }

// mdEscaper makes a table cell of Markdown: one line, no column break, and no
// HTML (a renderer that passes inline HTML would run a submission's
// "<img onerror=…>" or a contest's "<script>").
// Markdown's own syntax is escaped too: a program's "[click](javascript:…)" or
// "![x](http://tracker/)" must stay text, not become a link or an image.
var mdEscaper = strings.NewReplacer("|", `\|`, "\r\n", " ", "\n", " ", "\r", " ", "<", "&lt;", ">", "&gt;", "&", "&amp;",
	"\\", `\\`, "[", `\[`, "]", `\]`, "(", `\(`, ")", `\)`, "!", `\!`, "`", "\\`", "*", `\*`)

// mdInline is mdEscaper for running text (a heading, a list item).
var mdInline = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "<", "&lt;", ">", "&gt;", "&", "&amp;",
	"\\", `\\`, "[", `\[`, "]", `\]`, "(", `\(`, ")", `\)`, "!", `\!`, "`", "\\`", "*", `\*`)

// judgeLink is a cell that is one of the judge's own links ("[diff](PATH)"),
// which mdCell leaves as it is.
var judgeLink = regexp.MustCompile(`^\[diff\]\([^()\s|<>]+\)$`)

// mdText is s as running Markdown text: what a terminal would act on escaped
// (Printable), on one line, without HTML.
func mdText(s string) string { return mdInline.Replace(Printable(s)) }

func mdCell(s string) string {
	if s == "" {
		return " "
	}
	if judgeLink.MatchString(s) {
		return s
	}
	return mdEscaper.Replace(s)
}

// ANSI colours of the verdicts on a terminal.
var verdictColour = map[problems.Verdict]string{
	problems.AC:  "\x1b[32m", // green
	problems.WA:  "\x1b[31m", // red
	problems.PE:  "\x1b[35m", // magenta
	problems.TLE: "\x1b[33m", // yellow
	problems.MLE: "\x1b[33m",
	problems.OLE: "\x1b[33m",
	problems.RTE: "\x1b[31m",
	problems.CE:  "\x1b[36m", // cyan
	problems.JE:  "\x1b[1;41m",
	problems.NJ:  "\x1b[2m", // dim: not judged
}

// Verdict returns the verdict's name, wrapped in its ANSI colour when color is true.
// Callers pass color true only when writing to a terminal.
func Verdict(v problems.Verdict, color bool) string {
	if c, ok := verdictColour[v]; ok && color {
		return c + string(v) + "\x1b[0m"
	}
	return string(v)
}

// verdictSummary is e.g. "5 AC, 1 WA" in the order of problems.Verdicts, or "AC" when
// every dataset passed.
func verdictSummary(counts map[problems.Verdict]int, color bool) string {
	total := 0
	for _, n := range counts {
		total += n
	}
	if total > 0 && counts[problems.AC] == total {
		return Verdict(problems.AC, color)
	}
	return tallyText(counts, color)
}

// tallyText is the one verdict tally of the package: "5 AC, 1 WA", in the order of
// problems.Verdicts, then any verdicts outside that list.
func tallyText(counts map[problems.Verdict]int, color bool) string {
	var parts []string
	for _, v := range problems.Verdicts {
		if n := counts[v]; n > 0 {
			parts = append(parts, strconv.Itoa(n)+" "+Verdict(v, color))
		}
	}
	var unknown []string
	for v, n := range counts {
		if _, known := verdictColour[v]; !known && n > 0 && !slices.Contains(problems.Verdicts, v) {
			unknown = append(unknown, strconv.Itoa(n)+" "+string(v))
		}
	}
	sort.Strings(unknown)
	return strings.Join(append(parts, unknown...), ", ")
}

// ms formats a duration in milliseconds with one decimal.
func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 1, 64)
}

// num formats a score with at most three decimals and no trailing zeros.
func num(f float64) string {
	s := strconv.FormatFloat(f, 'f', 3, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// rankText shows a rank, with "=" after it when tied.
func rankText(rank int, tied bool) string {
	if tied {
		return strconv.Itoa(rank) + "="
	}
	return strconv.Itoa(rank)
}

const dash = "-"
