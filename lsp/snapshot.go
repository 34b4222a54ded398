package lsp

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/cardc/cardc/cards"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/workspace"
)

// MaxFiles bounds the files of a workspace folder the server reads: a
// folder with more (a home directory opened by mistake) is not read, and
// only the open documents are linted.
const MaxFiles = 5000

// snapshot is the workspace analyzed: the workspace folder's .card files,
// each open document's text in place of its file, and what lint says of
// them.
type snapshot struct {
	ws    *workspace.Workspace
	diags map[string]dsl.Diagnostics // by path
	// files are the parsed files by path; cards are the workspace's cards
	// by name, then the standard library's.
	files map[string]*dsl.File
	cards map[string]cardDecl
	// lintErr is set when lint itself failed (a broken standard library).
	lintErr error
}

// parsedFile is a file as it was parsed, kept while its text does not
// change: most of a workspace's files do not change between two
// keystrokes.
type parsedFile struct {
	src   string
	file  *dsl.File
	diags dsl.Diagnostics
}

// cardDecl is a card and where it is declared.
type cardDecl struct {
	card *dsl.Card
	// path is the file's path, "" for a standard card not on disk.
	path string
	// std is the name of a standard card's file in cards.FS
	// ("cards/grizzly_bears.card"), "" for a card of the workspace.
	std string
	// text is the file's text, for positions.
	text *text
}

// snapshot returns the analysis of the workspace as it is now.
func (s *Server) snapshot() *snapshot {
	if s.snap != nil {
		return s.snap
	}
	open := map[string]*document{}
	for _, d := range s.docs {
		open[filepath.Clean(d.path)] = d
	}
	if s.root != "" && !s.walked {
		s.found, s.walked = nil, true
		found, _, err := workspace.Find([]string{s.root})
		if err == nil && len(found) <= MaxFiles {
			s.found = found
		} else if err == nil {
			s.logf("the workspace folder has %d .card files, more than %d: only open documents are linted", len(found), MaxFiles)
		}
	}
	paths := s.found
	if s.disk == nil {
		s.disk = map[string]diskFile{}
	}
	disk := map[string]diskFile{}
	seen := map[string]bool{}
	ws := &workspace.Workspace{Sources: map[string][]byte{}}
	sn := &snapshot{ws: ws, diags: map[string]dsl.Diagnostics{}, files: map[string]*dsl.File{}, cards: map[string]cardDecl{}}
	texts := map[string]*text{}
	parsed := map[string]parsedFile{}
	add := func(path string, src []byte, t *text) {
		pf, ok := s.parsed[path]
		if !ok || pf.src != string(src) {
			f, diags := parser.Parse(path, src)
			pf = parsedFile{src: string(src), file: f, diags: diags}
		}
		parsed[path] = pf
		ws.Files = append(ws.Files, pf.file)
		ws.Sources[path] = src
		ws.Diags = append(ws.Diags, pf.diags...)
		sn.files[path] = pf.file
		texts[path] = t
	}
	for _, p := range paths {
		p = filepath.Clean(p)
		seen[p] = true
		if d, ok := open[p]; ok {
			add(p, []byte(d.text.src), d.text)
			continue
		}
		f, ok := s.readDisk(p)
		if !ok {
			continue // gone since it was found; lint of the folder would say so
		}
		disk[p] = f
		add(p, f.src, f.text)
	}
	s.disk = disk
	var rest []string
	for p := range open {
		if !seen[p] {
			rest = append(rest, p)
		}
	}
	sort.Strings(rest)
	for _, p := range rest {
		add(p, []byte(open[p].text.src), open[p].text)
	}
	s.parsed = parsed
	if s.linter == nil {
		s.linter = workspace.NewLinter()
	}
	diags, err := s.linter.Lint(ws)
	sn.lintErr = err
	for _, d := range diags {
		sn.diags[d.Pos.Filename] = append(sn.diags[d.Pos.Filename], d)
	}
	for _, f := range ws.Files {
		for _, decl := range f.Decls {
			if c, ok := decl.(*dsl.Card); ok {
				name := dsl.Unquote(c.Name)
				if _, dup := sn.cards[name]; !dup {
					sn.cards[name] = cardDecl{card: c, path: f.Name, text: texts[f.Name]}
				}
			}
		}
	}
	if std, _, err := cards.Files(); err == nil {
		for _, f := range std {
			for _, decl := range f.Decls {
				if c, ok := decl.(*dsl.Card); ok {
					if _, own := sn.cards[dsl.Unquote(c.Name)]; !own {
						sn.cards[dsl.Unquote(c.Name)] = cardDecl{card: c, std: f.Name}
					}
				}
			}
		}
	}
	s.snap = sn
	return sn
}

// diskFile is a file of the workspace folder as it was read.
type diskFile struct {
	src  []byte
	text *text
	// size and mod say which version of the file src is.
	size int64
	mod  time.Time
}

// readDisk returns a file of the folder: as it was last read if its size
// and time of change are the same, else read again (workspace.ReadFile).
func (s *Server) readDisk(path string) (diskFile, bool) {
	info, err := os.Stat(path)
	if err != nil {
		return diskFile{}, false
	}
	if f, ok := s.disk[path]; ok && f.size == info.Size() && f.mod.Equal(info.ModTime()) {
		return f, true
	}
	src, err := workspace.ReadFile(path)
	if err != nil {
		return diskFile{}, false
	}
	return diskFile{src: src, text: newText(string(src)), size: info.Size(), mod: info.ModTime()}, true
}

// file returns the parsed file of an open document, parsing it if the
// snapshot does not hold it.
func (sn *snapshot) file(d *document) *dsl.File {
	if f, ok := sn.files[filepath.Clean(d.path)]; ok {
		return f
	}
	f, _ := parser.Parse(d.path, []byte(d.text.src))
	return f
}

// diagnostics are the LSP diagnostics of an open document.
func (sn *snapshot) diagnostics(d *document) []Diagnostic {
	out := []Diagnostic{}
	if sn.lintErr != nil {
		out = append(out, Diagnostic{Severity: severityError, Source: "cardc", Message: "cardc cannot lint: " + sn.lintErr.Error()})
	}
	for _, diag := range sn.diags[filepath.Clean(d.path)] {
		out = append(out, lspDiagnostic(d.text, diag))
	}
	return out
}

// lspDiagnostic converts a diagnostic of the language; its range runs to
// the end of the word where it starts, and its hint follows the message
// on a line of its own.
func lspDiagnostic(t *text, d dsl.Diagnostic) Diagnostic {
	sev := severityError
	if d.Severity == dsl.Warning {
		sev = severityWarning
	}
	msg := d.Message
	if d.Hint != "" {
		msg += "\n" + strings.TrimSpace(d.Hint)
	}
	return Diagnostic{
		Range:    Range{Start: t.position(d.Pos), End: t.tokenEnd(d.Pos)},
		Severity: sev,
		Code:     d.Code,
		Source:   "cardc",
		Message:  msg,
	}
}
