package grade

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/judgehq/judge/internal/atomicfile"
	"github.com/judgehq/judge/internal/filemeta"
	"github.com/judgehq/judge/internal/regular"
	"github.com/judgehq/judge/reports"
)

// Marker is the file that marks a folder as a grade report, so that it may be
// written over. Its first line is markerHead; then come the files the last
// grade wrote, each with the SHA-256 of what it wrote, in the format of
// reports.Marker, so that a file the teacher edited since is never written
// over unnoticed (see WriteReport). A marker of an older judge holds only the
// first line (or nothing): edits of its files cannot be told, and they are
// written over as before.
const Marker = ".judge-grade-report"

const markerHead = "judge grade report folder: judge grade may write over the files here"

// Report file names inside the report folder.
const (
	GradesFile   = "grades.csv"
	ClassFile    = "class.txt"
	FeedbackFile = "feedback.md" // in a folder per student
)

// PrepareOut makes dir ready to hold a report: it creates it (and the marker) when
// it does not exist or is empty, accepts it when it holds the marker, and refuses
// any other folder, so that nothing of the user's is ever written over. The
// marker in an empty folder the user made is given the folder's owner (see
// folderOwner).
func PrepareOut(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("report folder: %w", err)
		}
	case err != nil:
		return fmt.Errorf("report folder %s: %w", dir, err)
	case len(entries) > 0:
		if _, err := os.Stat(filepath.Join(dir, Marker)); err != nil {
			return fmt.Errorf("report folder %s holds files and is not a grade report (no %s): choose another --out", dir, Marker)
		}
		return nil
	}
	return writeFile(dir, Marker, []byte(markerHead+"\n"))
}

// folderOwner is the owner of the report folder dir; ok is false where the
// system does not say.
func folderOwner(dir string) (o filemeta.Owner, ok bool) {
	st, err := os.Lstat(dir)
	if err != nil {
		return filemeta.Owner{}, false
	}
	return filemeta.Of(st)
}

// writeFile writes data to the file rel (slash-separated) of the report folder
// dir through atomicfile, making the folders on its way. A file it replaces
// keeps its owner; a new file and a folder it makes get dir's owner and group,
// so that grade run as root (for the jail) leaves a teacher's report folder
// the teacher's (see filemeta.Give).
func writeFile(dir, rel string, data []byte) error {
	o, ok := folderOwner(dir)
	p := filepath.Join(dir, filepath.FromSlash(rel))
	for _, f := range foldersIn(dir, filepath.Dir(p)) {
		err := os.Mkdir(f, 0o755)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err == nil && ok {
			err = filemeta.Give(f, o)
		}
		if err != nil {
			return fmt.Errorf("report folder: %w", err)
		}
	}
	if !ok {
		return atomicfile.Write(p, data)
	}
	return atomicfile.WriteOwned(p, data, o)
}

// foldersIn are the folders below dir down to folder (which lies inside dir),
// outermost first; none when folder is dir.
func foldersIn(dir, folder string) []string {
	var out []string
	for p := folder; p != dir && p != filepath.Dir(p); p = filepath.Dir(p) {
		out = append(out, p)
	}
	slices.Reverse(out)
	return out
}

// reportNames are the files a grade report of the named students has.
func reportNames(students []string) []string {
	names := []string{GradesFile, ClassFile}
	for _, s := range students {
		names = append(names, s+"/"+FeedbackFile)
	}
	return names
}

// Edited lists the files of the grade report folder dir that a grade of the
// named students would write over and the teacher edited since judge grade
// wrote them (see reports.EditedFiles), the files standing where a grade of
// the named students would write one that the last grade did not write (a
// file of the teacher's), and anything on the way to a file grade writes that
// is no folder: a symbolic link there (to a student's folder elsewhere, say)
// is never followed, whatever the marker, also an older judge's that lists no
// files. It reads only, so that grade can refuse before it judges anything.
// No path it lists lies inside another it lists.
func Edited(dir string, students []string) ([]string, error) {
	m, err := readMarker(dir)
	if err != nil {
		return nil, err
	}
	names := reportNames(students)
	var edited []string
	blocked := map[string]bool{} // names with a link or file on the way
	for _, n := range names {
		p, err := reports.InTheWay(dir, n)
		if err != nil {
			return nil, err
		}
		if p != "" {
			edited = append(edited, p)
			blocked[n] = true
		}
	}
	if len(m.Files) > 0 {
		written := map[string]bool{}
		for _, n := range names {
			written[n] = true
		}
		listed := map[string]bool{}
		var check []reports.MarkerFile
		for _, f := range m.Files {
			listed[f.Name] = true
			if written[f.Name] { // the others are not written over
				check = append(check, f)
			}
		}
		changed, err := reports.EditedFiles(dir, check)
		if err != nil {
			return nil, err
		}
		edited = append(edited, changed...)
		for _, n := range names {
			if listed[n] || blocked[n] {
				continue
			}
			if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(n))); err == nil {
				edited = append(edited, n)
			} else if !errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("report folder %s: %w", dir, err)
			}
		}
	}
	return outermost(edited), nil
}

// outermost is paths sorted, without repeats and without the paths that lie
// inside another of them (moving that one moves them too).
func outermost(paths []string) []string {
	sort.Strings(paths)
	paths = slices.Compact(paths)
	var out []string
	for _, p := range paths {
		if len(out) > 0 && strings.HasPrefix(p, out[len(out)-1]+"/") {
			continue
		}
		out = append(out, p)
	}
	return out
}

// Refused is edited (as Edited lists it) without the report's own grades.csv
// when that is a regular file: grade reads the manual scores typed into it
// back (see Class.LoadScores), so an edit there is the teacher scoring, not
// work a new report would lose unseen. WriteReport still keeps the edited
// sheet in its backup folder, with whatever else was typed into it (an
// automatic item's score changed by hand, which grade checks again).
func Refused(dir string, edited []string) []string {
	var out []string
	for _, e := range edited {
		if e == GradesFile {
			if st, err := os.Lstat(filepath.Join(dir, GradesFile)); err == nil && st.Mode().IsRegular() {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// readMarker reads the marker of the grade report folder dir (none: empty).
func readMarker(dir string) (reports.Marker, error) {
	data, err := regular.ReadFile(filepath.Join(dir, Marker))
	if errors.Is(err, fs.ErrNotExist) {
		return reports.Marker{}, nil
	}
	if err != nil {
		return reports.Marker{}, fmt.Errorf("report folder %s: %w", dir, err)
	}
	return reports.ParseMarker(data), nil
}

// WriteReport writes grades.csv, class.txt and STUDENT/feedback.md into dir, which
// PrepareOut has accepted, and then the marker listing them with their hashes.
//
// Files the teacher edited since the last grade wrote them, or put where this
// one writes (see Edited), are never written over: without force nothing is
// written and a *reports.EditedError (wrapping reports.ErrEdited) names those
// Refused lists; with force, or when the only one is a grades.csv the teacher
// scored in (whose manual scores the caller has read), they are first moved,
// as they are, into a new folder dir/edited-YYYYMMDD-HHMMSS (see
// reports.BackUpEdited), whose path is returned with the files moved, and
// which is the teacher's from then on. Files of the last grade that this one
// does not write (a student no longer in the class) stay, and stay listed
// while unedited. A file written over keeps its owner and group, and a new
// file or student folder gets those of dir, also when grade runs as root.
func (c *Class) WriteReport(dir string, force bool) (backup string, moved []string, err error) {
	files := map[string][]byte{}
	var buf bytes.Buffer
	if err := c.WriteCSV(&buf); err != nil {
		return "", nil, err
	}
	files[GradesFile] = bytes.Clone(buf.Bytes())
	buf.Reset()
	if err := c.WriteTable(&buf, reports.ASCII); err != nil {
		return "", nil, err
	}
	files[ClassFile] = bytes.Clone(buf.Bytes())
	var students []string
	for _, st := range c.Students {
		buf.Reset()
		c.WriteFeedback(&buf, st)
		files[st.Name+"/"+FeedbackFile] = bytes.Clone(buf.Bytes())
		students = append(students, st.Name)
	}
	old, err := readMarker(dir)
	if err != nil {
		return "", nil, err
	}
	edited, err := Edited(dir, students)
	if err != nil {
		return "", nil, err
	}
	if len(edited) > 0 {
		if refused := Refused(dir, edited); len(refused) > 0 && !force {
			return "", nil, &reports.EditedError{Dir: dir, Files: refused}
		}
		backup, err = reports.BackUpEdited(dir, edited, time.Now(), func(name string) bool {
			for n := range files {
				if strings.HasPrefix(n, name+"/") {
					return true // a student of that name
				}
			}
			return false
		})
		if err != nil {
			return "", nil, err
		}
	}
	// While the files are written, the marker lists for each what the last
	// grade wrote there and what this one writes: a grade stopped half-way
	// leaves every file judge's by one or the other, so the next grade needs
	// no --force, and an edit made since is still seen. The final marker
	// comes last.
	during := reports.NewMarker(markerHead, files)
	during.Files = append(during.Files, old.Files...)
	if err := writeFile(dir, Marker, during.Bytes()); err != nil {
		return backup, edited, err
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := writeFile(dir, n, files[n]); err != nil {
			return backup, edited, err
		}
	}
	m := reports.NewMarker(markerHead, files)
	for _, f := range old.Files {
		// The last grade's files this one did not write, while unedited.
		if _, ok := files[f.Name]; ok || f.Sum == "" || slices.Contains(edited, f.Name) {
			continue
		}
		if e, err := reports.EditedFiles(dir, []reports.MarkerFile{f}); err == nil && len(e) == 0 {
			if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(f.Name))); err == nil {
				m.Files = append(m.Files, f)
			}
		}
	}
	if err := writeFile(dir, Marker, m.Bytes()); err != nil {
		return backup, edited, err
	}
	return backup, edited, nil
}

// num formats points without needless decimals.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// WriteCSV writes one row per student: the name, each item's deduction (blank when
// not scored yet) and the total.
func (c *Class) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	head := []string{"student"}
	for _, it := range c.Rubric.Items {
		head = append(head, it.ID)
	}
	if err := cw.Write(append(head, "total", "blank")); err != nil {
		return fmt.Errorf("writing grades: %w", err)
	}
	for _, st := range c.Students {
		row := []string{reports.CSVText(st.Name)}
		for _, it := range st.Items {
			cell := num(it.Points)
			if it.Blank {
				cell = ""
			}
			row = append(row, cell)
		}
		if err := cw.Write(append(row, num(st.Total), strconv.Itoa(st.Blanks()))); err != nil {
			return fmt.Errorf("writing grades: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing grades: %w", err)
	}
	return nil
}

// WriteTable writes the class ranked by grade: rank, student, grade, items still
// blank and the items that deducted points.
func (c *Class) WriteTable(w io.Writer, style reports.TableStyle) error {
	cols := []reports.Column{{Name: "rank", Numeric: true}, {Name: "student"}, {Name: "grade", Numeric: true},
		{Name: "blank", Numeric: true}, {Name: "deductions"}}
	var rows [][]string
	rank := 0
	ranked := c.Ranked()
	for i, st := range ranked {
		if i == 0 || ranked[i-1].Total != st.Total {
			rank = i + 1
		}
		var ded []string
		for _, it := range st.Items {
			if it.Points > 0 {
				ded = append(ded, it.ID+" "+num(it.Points))
			}
		}
		rows = append(rows, []string{strconv.Itoa(rank), st.Name, num(st.Total), strconv.Itoa(st.Blanks()), strings.Join(ded, ", ")})
	}
	if err := reports.WriteTable(w, style, cols, rows); err != nil {
		return fmt.Errorf("class table: %w", err)
	}
	return nil
}

// WriteFeedback writes a student's feedback in Markdown: the grade, then every
// item that deducted points with its evidence, the items left to the teacher and
// those that could not be checked.
func (c *Class) WriteFeedback(w io.Writer, st *Student) {
	fmt.Fprintf(w, "# %s: %s\n\n", st.Name, c.Problem)
	fmt.Fprintf(w, "Grade: **%s** out of %s", num(st.Total), num(c.Rubric.Total))
	if n := st.Blanks(); n > 0 {
		fmt.Fprintf(w, " (%d item(s) still to be scored)", n)
	}
	fmt.Fprint(w, "\n\n## Deductions\n\n")
	any := false
	for i, it := range st.Items {
		item := c.Rubric.Items[i]
		if it.Points == 0 {
			continue
		}
		any = true
		fmt.Fprintf(w, "### %s: −%s (of at most %s)\n\n%s\n\n", item.ID, num(it.Points), num(item.Max), item.Description)
		if item.IsManual() {
			fmt.Fprint(w, "Scored by the teacher.\n\n")
		}
		for _, d := range it.Deductions {
			where := "command output"
			if d.File != "" {
				where = d.File
				if d.Line > 0 {
					where += ":" + strconv.Itoa(d.Line)
				}
			}
			fmt.Fprintf(w, "- −%s, %s: %s\n", num(math.Round(d.Points*100)/100), where, d.Why)
			if strings.TrimSpace(d.Text) != "" {
				fmt.Fprintf(w, "\n  ```\n%s\n  ```\n", indent(d.Text, "  "))
			}
		}
		fmt.Fprintln(w)
	}
	if !any {
		fmt.Fprint(w, "None.\n\n")
	}
	var blank, notes []string
	for i, it := range st.Items {
		item := c.Rubric.Items[i]
		switch {
		case it.Blank && item.IsManual():
			blank = append(blank, "- "+item.ID+": "+item.Description)
		case it.Note != "":
			notes = append(notes, "- "+item.ID+": "+it.Note)
		}
	}
	if len(blank) > 0 {
		fmt.Fprintf(w, "## Still to be scored by the teacher\n\n%s\n\n", strings.Join(blank, "\n"))
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "## Not checked\n\n%s\n\n", strings.Join(notes, "\n"))
	}
	if len(st.Notes) > 0 {
		fmt.Fprint(w, "## Notes (no points lost)\n\n")
		for _, n := range st.Notes {
			first, rest, _ := strings.Cut(n, "\n")
			fmt.Fprintf(w, "- %s\n", first)
			if strings.TrimSpace(rest) != "" {
				fmt.Fprintf(w, "\n  ```\n%s\n  ```\n", indent(rest, "  "))
			}
		}
	}
}

func indent(text, prefix string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) > 40 {
		lines = append(lines[:40], fmt.Sprintf("[%d more lines]", len(lines)-40))
	}
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}

// scoresLimit bounds a scores file: a class's CSV is a few KiB.
const scoresLimit = 64 << 20

// Scores is the teacher's scores of manual items: student → item → deduction.
type Scores map[string]map[string]float64

// ReadScores reads a CSV of manual scores (a grades.csv, or any CSV with a student
// column and one column per manual item; other columns are ignored, blank cells
// mean not scored). Errors name the line and column. Only the rubric's manual items
// are read. It also returns the columns that name nothing of a grades.csv (neither
// the student, an item of the rubric, the total nor the blank column), for a
// warning: a misspelt item's scores would otherwise be dropped without a word.
func (c *Class) ReadScores(name string, r io.Reader) (Scores, []string, error) {
	data, err := io.ReadAll(io.LimitReader(r, scoresLimit+1))
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if len(data) > scoresLimit {
		return nil, nil, fmt.Errorf("%s: larger than %d MiB", name, scoresLimit>>20)
	}
	// A spreadsheet's "CSV UTF-8" starts with a byte order mark, which would
	// otherwise be read as part of the first column's name.
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	lines := bytes.Split(data, []byte("\n"))
	// at is FILE:LINE:COL for a field's position as the csv package gives it
	// (a byte column), with the column counted in characters.
	at := func(line, byteCol int) string {
		col := byteCol
		if line >= 1 && line <= len(lines) && byteCol >= 1 {
			text := lines[line-1]
			col = utf8.RuneCount(text[:min(byteCol-1, len(text))]) + 1
		}
		return fmt.Sprintf("%s:%d:%d", name, line, col)
	}
	readErr := func(err error) error {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return fmt.Errorf("%s: %w", at(pe.Line, pe.Column), pe.Err)
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, nil, fmt.Errorf("%s:1: empty: want a header line naming a student column", name)
	}
	if err != nil {
		return nil, nil, readErr(err)
	}
	studentCol := -1
	cols := map[int]Item{}
	var unknown []string
	for i, h := range head {
		h = strings.TrimSpace(h)
		known := h == "student" || h == "total" || h == "blank"
		if h == "student" {
			studentCol = i
		}
		for _, it := range c.Rubric.Items {
			if it.ID == h {
				known = true
				if it.IsManual() {
					cols[i] = it
				}
			}
		}
		if !known {
			unknown = append(unknown, h)
		}
	}
	if studentCol < 0 {
		return nil, nil, fmt.Errorf("%s:1: no student column", name)
	}
	out := Scores{}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, readErr(err)
		}
		line, _ := cr.FieldPos(0)
		if studentCol >= len(rec) || strings.TrimSpace(rec[studentCol]) == "" {
			return nil, nil, fmt.Errorf("%s:%d: no student name", name, line)
		}
		student := reports.UnCSVText(strings.TrimSpace(rec[studentCol]))
		for i, it := range cols {
			if i >= len(rec) || strings.TrimSpace(rec[i]) == "" {
				continue
			}
			v, err := strconv.ParseFloat(strings.TrimSpace(rec[i]), 64)
			fieldLine, col := cr.FieldPos(i)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %s: %q is not a number", at(fieldLine, col), it.ID, rec[i])
			}
			if !(v >= 0 && v <= it.Max) {
				return nil, nil, fmt.Errorf("%s: %s: %g is outside 0…%g", at(fieldLine, col), it.ID, v, it.Max)
			}
			if out[student] == nil {
				out[student] = map[string]float64{}
			}
			out[student][it.ID] = v
		}
	}
	return out, unknown, nil
}

// Merge applies scores to the class; it returns the students scored who are not in
// the class, for a warning.
func (c *Class) Merge(sc Scores) ([]string, error) {
	var unknown []string
	byName := map[string]*Student{}
	for _, st := range c.Students {
		byName[st.Name] = st
	}
	for name, items := range sc {
		st, ok := byName[name]
		if !ok {
			unknown = append(unknown, name)
			continue
		}
		for id, v := range items {
			if err := c.SetManual(st, id, &v); err != nil {
				return nil, fmt.Errorf("student %s: %w", name, err)
			}
		}
	}
	return unknown, nil
}

// Losses says what rewriting the grades.csv at path for a class of the named
// students would drop: the students with a manual score there who are not among
// them, and the columns that name nothing a grades.csv holds (a teacher's
// comments). A missing file drops nothing.
func (r *Rubric) Losses(path string, students []string) (absent, columns []string, err error) {
	sc, columns, err := (&Class{Rubric: r}).LoadScores(path, true)
	if err != nil {
		return nil, nil, err
	}
	in := map[string]bool{}
	for _, s := range students {
		in[s] = true
	}
	for s, items := range sc {
		if !in[s] && len(items) > 0 {
			absent = append(absent, s)
		}
	}
	sort.Strings(absent)
	return absent, columns, nil
}

// LoadScores reads a scores file (see ReadScores); a missing file gives no scores
// when optional is true.
func (c *Class) LoadScores(path string, optional bool) (Scores, []string, error) {
	f, err := regular.Open(path)
	if err != nil {
		if optional && errors.Is(err, fs.ErrNotExist) {
			return nil, nil, nil
		}
		return nil, nil, fmt.Errorf("reading scores: %w", err)
	}
	defer f.Close()
	return c.ReadScores(path, f)
}
