// Package svg writes the small SVG documents that problems draw their datasets as:
// rectangles, circles, polygons, lines and text with CSS classes, a title on any
// shape for the tooltip, and nothing that refers outside the document. It also reads
// a document back for tests (Count).
package svg

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Canvas collects the elements of one SVG document.
type Canvas struct {
	scope string
	w, h  float64
	style string
	body  bytes.Buffer
	depth int
}

// New returns a canvas of the given size in user units (pixels at 100 %), with the
// CSS in style placed in the document's own <style> element. scope (a CSS class
// name, such as "pic-sudoku") is put on the root element and in front of every rule
// of style, so that pictures inlined in one HTML page keep their styles apart and
// leave the page's alone.
func New(scope string, w, h float64, style string) *Canvas {
	return &Canvas{scope: scope, w: w, h: h, style: Scope(scope, style)}
}

// Scope prefixes every selector of the flat style sheet css (rules "sel{…}", no
// at-rules) with ".scope ".
func Scope(scope, css string) string {
	if scope == "" {
		return css
	}
	var b strings.Builder
	for _, rule := range strings.SplitAfter(css, "}") {
		sel, body, ok := strings.Cut(rule, "{")
		if !ok {
			b.WriteString(rule)
			continue
		}
		for i, one := range strings.Split(sel, ",") {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString("." + scope + " " + strings.TrimSpace(one))
		}
		b.WriteString("{" + body)
	}
	return b.String()
}

// Attr is one extra attribute of an element: a class, a fill, a transform, …
type Attr struct{ Name, Value string }

// Class returns the class attribute.
func Class(c string) Attr { return Attr{"class", c} }

// Fill returns the fill attribute.
func Fill(c string) Attr { return Attr{"fill", c} }

// Num formats a coordinate with at most two decimals and no trailing zeros.
func Num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

func (c *Canvas) open(name string, attrs []Attr, kv ...string) {
	c.body.WriteByte('<')
	c.body.WriteString(name)
	for i := 0; i+1 < len(kv); i += 2 {
		c.attr(kv[i], kv[i+1])
	}
	for _, a := range attrs {
		c.attr(a.Name, a.Value)
	}
}

func (c *Canvas) attr(name, value string) {
	c.body.WriteByte(' ')
	c.body.WriteString(name)
	c.body.WriteString(`="`)
	xml.EscapeText(&c.body, []byte(value))
	c.body.WriteByte('"')
}

// closeShape ends an element, with a <title> child when title is not empty.
func (c *Canvas) closeShape(name, title string) {
	if title == "" {
		c.body.WriteString("/>\n")
		return
	}
	c.body.WriteString("><title>")
	xml.EscapeText(&c.body, []byte(title))
	c.body.WriteString("</title></")
	c.body.WriteString(name)
	c.body.WriteString(">\n")
}

// Rect draws a rectangle; title (may be empty) becomes its tooltip.
func (c *Canvas) Rect(x, y, w, h float64, title string, attrs ...Attr) {
	c.open("rect", attrs, "x", Num(x), "y", Num(y), "width", Num(w), "height", Num(h))
	c.closeShape("rect", title)
}

// Circle draws a circle.
func (c *Canvas) Circle(cx, cy, r float64, title string, attrs ...Attr) {
	c.open("circle", attrs, "cx", Num(cx), "cy", Num(cy), "r", Num(r))
	c.closeShape("circle", title)
}

// Line draws a line segment.
func (c *Canvas) Line(x1, y1, x2, y2 float64, attrs ...Attr) {
	c.open("line", attrs, "x1", Num(x1), "y1", Num(y1), "x2", Num(x2), "y2", Num(y2))
	c.closeShape("line", "")
}

// Polygon draws a closed polygon through the points x0, y0, x1, y1, ….
func (c *Canvas) Polygon(points []float64, title string, attrs ...Attr) {
	var b strings.Builder
	for i := 0; i+1 < len(points); i += 2 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(Num(points[i]))
		b.WriteByte(',')
		b.WriteString(Num(points[i+1]))
	}
	c.open("polygon", attrs, "points", b.String())
	c.closeShape("polygon", title)
}

// Path draws an SVG path with the given d attribute.
func (c *Canvas) Path(d, title string, attrs ...Attr) {
	c.open("path", attrs, "d", d)
	c.closeShape("path", title)
}

// Text writes text anchored at x, y (the baseline's start unless an attribute such
// as text-anchor says otherwise).
func (c *Canvas) Text(x, y float64, text string, attrs ...Attr) {
	c.open("text", attrs, "x", Num(x), "y", Num(y))
	c.body.WriteByte('>')
	xml.EscapeText(&c.body, []byte(text))
	c.body.WriteString("</text>\n")
}

// Group opens a <g> element; every Group needs its End.
func (c *Canvas) Group(title string, attrs ...Attr) {
	c.open("g", attrs)
	c.body.WriteString(">\n")
	if title != "" {
		c.body.WriteString("<title>")
		xml.EscapeText(&c.body, []byte(title))
		c.body.WriteString("</title>\n")
	}
	c.depth++
}

// End closes the innermost open Group.
func (c *Canvas) End() {
	if c.depth == 0 {
		return
	}
	c.depth--
	c.body.WriteString("</g>\n")
}

// Bytes returns the finished document, closing any group left open.
func (c *Canvas) Bytes() []byte {
	for c.depth > 0 {
		c.End()
	}
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg"`)
	if c.scope != "" {
		fmt.Fprintf(&b, ` class="%s"`, c.scope)
	}
	fmt.Fprintf(&b, ` width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif">`+"\n",
		Num(c.w), Num(c.h), Num(c.w), Num(c.h))
	if c.style != "" {
		b.WriteString("<style>")
		xml.EscapeText(&b, []byte(c.style))
		b.WriteString("</style>\n")
	}
	b.Write(c.body.Bytes())
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// Wrap splits text into lines of at most width characters at spaces, for captions.
func Wrap(text string, width int) []string {
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			if line != "" && len([]rune(line))+1+len([]rune(w)) > width {
				lines = append(lines, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		lines = append(lines, line)
	}
	return lines
}

// Count parses an SVG document and returns how many elements carry each class
// (an element with class="a b" counts for a and for b), or an error when the
// document is not well-formed XML with an <svg> root. Tests use it to check pictures.
func Count(doc []byte) (map[string]int, error) {
	d := xml.NewDecoder(bytes.NewReader(doc))
	counts := map[string]int{}
	root := ""
	depth := 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading svg: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = t.Name.Local
			}
			depth++
			for _, a := range t.Attr {
				if a.Name.Local == "class" {
					for _, c := range strings.Fields(a.Value) {
						counts[c]++
					}
				}
			}
		case xml.EndElement:
			depth--
		}
	}
	if root != "svg" {
		return nil, fmt.Errorf("reading svg: root element %q, want svg", root)
	}
	if depth != 0 {
		return nil, errors.New("reading svg: unclosed elements")
	}
	return counts, nil
}

// Texts returns the character data of every <text> element of doc, in order.
func Texts(doc []byte) ([]string, error) {
	d := xml.NewDecoder(bytes.NewReader(doc))
	var out []string
	in := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading svg: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local == "text" {
				in = true
				out = append(out, "")
			}
		case xml.EndElement:
			if t.Name.Local == "text" {
				in = false
			}
		case xml.CharData:
			if in {
				out[len(out)-1] += string(t)
			}
		}
	}
}

// Style is the CSS every problem's picture starts from: caption text, the mark of
// a cell that breaks a rule, and a white background.
const Style = `.bg{fill:#fff}.cap{font-size:13px;fill:#222}.capb{font-size:14px;font-weight:bold;fill:#111}` +
	`.err{font-size:13px;fill:#b00}.bad{fill:none;stroke:#d10000;stroke-width:3}` +
	`.label{font-size:12px;fill:#333}.labelbad{font-size:12px;fill:#d10000;font-weight:bold}`

// Caption holds the lines written under a picture: a bold heading, plain lines and
// error lines (in red).
type Caption struct {
	Head  string
	Lines []string
	Errs  []string
	Width int // characters per line before wrapping; 0 means 80
}

func (cp Caption) wrapped() (head []string, lines, errs []string) {
	w := cp.Width
	if w <= 0 {
		w = 80
	}
	if cp.Head != "" {
		head = Wrap(cp.Head, w)
	}
	for _, l := range cp.Lines {
		lines = append(lines, Wrap(l, w)...)
	}
	for _, l := range cp.Errs {
		errs = append(errs, Wrap(l, w)...)
	}
	return head, lines, errs
}

// Height returns the height the caption takes.
func (cp Caption) Height() float64 {
	h, l, e := cp.wrapped()
	return float64(len(h)+len(l)+len(e))*17 + 6
}

// Draw writes the caption with its first baseline at y.
func (cp Caption) Draw(c *Canvas, x, y float64) {
	h, l, e := cp.wrapped()
	y += 13
	for _, s := range h {
		c.Text(x, y, s, Class("capb"))
		y += 17
	}
	for _, s := range e {
		c.Text(x, y, s, Class("err"))
		y += 17
	}
	for _, s := range l {
		c.Text(x, y, s, Class("cap"))
		y += 17
	}
}

// Background fills the whole canvas with the .bg class, so pictures read on any page.
func (c *Canvas) Background() { c.Rect(0, 0, c.w, c.h, "", Class("bg")) }

// Size sets the canvas size after drawing began (for pictures whose height is known
// only at the end).
func (c *Canvas) Size(w, h float64) { c.w, c.h = w, h }
