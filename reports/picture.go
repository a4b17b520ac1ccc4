package reports

import (
	"fmt"
	"html/template"
	"io"
	"sync"
)

// picturePage is a page holding one picture and its title, for judge view -o X.html,
// parsed when first needed.
var picturePage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("picture").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>body{font:14px system-ui,sans-serif;margin:1em;background:#fafafa}svg{max-width:100%;height:auto;border:1px solid #ddd;background:#fff}</style>
</head>
<body>
<h1>{{.Title}}</h1>
<div class="picture">{{.SVG}}</div>
</body>
</html>
`))
})

// WritePicturePage writes a self-contained HTML page showing one SVG picture (as a
// problem's Visualiser draws it) under a title.
func WritePicturePage(w io.Writer, title string, svg []byte) error {
	err := picturePage().Execute(w, struct {
		Title string
		SVG   template.HTML
	}{title, template.HTML(svg)}) // the problem's own drawing, its text escaped there
	if err != nil {
		return fmt.Errorf("picture page: %w", err)
	}
	return nil
}
