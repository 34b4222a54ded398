package vm

import (
	"fmt"
	"strings"
)

// Vocabulary identifies a vocabulary: the one a program was compiled
// against (Program.Vocabulary), or the one a host implements. The standard
// vocabulary declares its name and version in its own files
// (stdlib/vocabulary.card); the compiler adds the hash of what it declares.
//
// The compatibility policy: a minor version may only add names (event
// kinds, fields, functions, named constants); a major version may also
// remove or rename them, or change a type, an arity or a result. So a
// host runs a bundle of the same Name and Major version if it has every
// name the bundle uses, whatever the minor versions (CheckVocabulary says
// which it lacks), and refuses a bundle of another Name or Major version.
// Hash changes with every change of the declarations, added names
// included: the same Hash means the very same vocabulary; a different Hash
// with a compatible version means a vocabulary of the same major version
// that declares more or fewer names, and the bundle still runs if the host
// has the names it uses. A host may log such a difference, but it should
// not refuse the bundle for it.
type Vocabulary struct {
	// Name names the vocabulary: "cardc.std".
	Name string
	// Major and Minor are its version.
	Major, Minor int
	// Hash is the SHA-256, in lower-case hex, of what the vocabulary
	// declares (its names, kinds and types, in a canonical order): not of
	// its files, so comments and layout do not change it. Empty for a host
	// that does not compute it.
	Hash string
}

// MaxVersion is the largest major or minor version a Vocabulary may have.
const MaxVersion = 1<<16 - 1

// String reads "cardc.std 1.0", or "no vocabulary" for the zero
// Vocabulary: a program built in memory, not by the compiler.
func (v Vocabulary) String() string {
	if v == (Vocabulary{}) {
		return "no vocabulary"
	}
	return fmt.Sprintf("%s %d.%d", v.Name, v.Major, v.Minor)
}

// Check says what is wrong with v, or "": a Name is a non-empty word
// without spaces or control characters, versions are in [0, MaxVersion],
// and a Hash is 64 lower-case hex digits. The zero Vocabulary is valid:
// it stands for an unknown one.
func (v Vocabulary) Check() string {
	if v == (Vocabulary{}) {
		return ""
	}
	switch {
	case v.Name == "":
		return "vocabulary has a version but no name"
	case strings.IndexFunc(v.Name, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0:
		return fmt.Sprintf("vocabulary name %q holds a space or a control character", v.Name)
	case v.Major < 0 || v.Major > MaxVersion || v.Minor < 0 || v.Minor > MaxVersion:
		return fmt.Sprintf("vocabulary %s: version %d.%d out of range [0, %d]", v.Name, v.Major, v.Minor, MaxVersion)
	case v.Hash != "" && !isHexHash(v.Hash):
		return fmt.Sprintf("vocabulary %s: hash %q is not 64 lower-case hex digits", v, v.Hash)
	}
	return ""
}

func isHexHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}

// ShortHash is the first 12 hex digits of Hash, as listings show it, or
// "none".
func (v Vocabulary) ShortHash() string {
	if len(v.Hash) < 12 {
		return "none"
	}
	return v.Hash[:12]
}

// VocabularyError is why CheckVocabulary refuses a program: another
// vocabulary, another major version, or names the host lacks.
type VocabularyError struct {
	// Bundle is the vocabulary the program was compiled against; Host the
	// one the host implements.
	Bundle, Host Vocabulary
	// Incompatible says why the versions rule the program out ("another
	// vocabulary", "another major version"), or is "" when they are
	// compatible and Missing says what the host lacks.
	Incompatible string
	// Missing are the symbols of the program the host's Linker refused,
	// in the program's order, each with the Linker's reason.
	Missing []MissingSymbol
}

// MissingSymbol is a symbol a host does not have.
type MissingSymbol struct {
	Symbol Symbol
	Err    error
	// Cards are the names of the cards that use it (Program.CardSymbols),
	// in the program's order: what the host cannot run without it. It is
	// filled in by CheckVocabulary; LinkPartial lists the missing symbols
	// under each card instead.
	Cards []string
}

// Error reads like "vm: bundle built against vocabulary cardc.std 2.0;
// this host implements 1.3: another major version ..." or "vm: this host
// implements vocabulary cardc.std 1.3 but lacks 2 names the bundle (built
// against 1.4) uses: ...", one missing name a line, with the cards that
// use it.
func (e *VocabularyError) Error() string {
	var b strings.Builder
	host := e.Host.String()
	if e.Host.Name == e.Bundle.Name {
		host = fmt.Sprintf("%d.%d", e.Host.Major, e.Host.Minor)
	}
	switch {
	case e.Incompatible != "":
		fmt.Fprintf(&b, "vm: bundle built against vocabulary %s; this host implements %s: %s", e.Bundle, host, e.Incompatible)
	case e.Bundle == (Vocabulary{}):
		fmt.Fprintf(&b, "vm: this host (vocabulary %s) lacks %s the program uses:", e.Host, plural(len(e.Missing), "name"))
	default:
		fmt.Fprintf(&b, "vm: bundle built against vocabulary %s; this host implements %s, and lacks %s the bundle uses:", e.Bundle, host, plural(len(e.Missing), "name"))
	}
	for _, m := range e.Missing {
		fmt.Fprintf(&b, "\n\t%s %s: %v", m.Symbol.Kind, symbolString(m.Symbol), m.Err)
		if len(m.Cards) > 0 {
			fmt.Fprintf(&b, " (used by %s)", strings.Join(m.Cards, ", "))
		}
	}
	return b.String()
}

// CheckVocabulary tells whether a host that implements the vocabulary
// host, and links symbols with l, can run p; call it before Link, which
// stops at the first name it cannot link. It refuses, with a
// *VocabularyError, a program compiled against another vocabulary (another
// Name) or another major version of it, and a program that uses names the
// host lacks, listing each with the Linker's reason and the cards that use
// it. (A host that runs the cards it can and leaves out the others checks
// the versions with a Linker that knows every name, or reads
// VocabularyError.Incompatible, and links with LinkPartial.) A program of the same
// major version passes whatever the minor versions and hashes, if the host
// has every name it uses: that is the compatibility policy of Vocabulary.
// A program that records no vocabulary (the zero Vocabulary: built in
// memory, not by the compiler) is checked by its names alone.
func CheckVocabulary(p *Program, host Vocabulary, l Linker) error {
	if p == nil || l == nil {
		return fmt.Errorf("vm: check vocabulary: nil program or linker")
	}
	if msg := host.Check(); msg != "" || host.Name == "" {
		if msg == "" {
			msg = "the host names no vocabulary"
		}
		return fmt.Errorf("vm: check vocabulary: %s", msg)
	}
	e := &VocabularyError{Bundle: p.Vocabulary, Host: host}
	if b := p.Vocabulary; b != (Vocabulary{}) {
		switch {
		case b.Name != host.Name:
			e.Incompatible = fmt.Sprintf("another vocabulary; compile the cards against %s", host.Name)
		case b.Major != host.Major:
			e.Incompatible = fmt.Sprintf("another major version, whose names or types may differ; rebuild the bundle against %s %d.x, or use a host of %s %d.x",
				host.Name, host.Major, b.Name, b.Major)
		}
		if e.Incompatible != "" {
			return e
		}
	}
	var users [][]string // users[s]: the cards that use symbol s
	for i, sym := range p.Symbols {
		if _, err := l.Link(sym); err != nil {
			if users == nil {
				users = symbolUsers(p)
			}
			e.Missing = append(e.Missing, MissingSymbol{Symbol: sym, Err: err, Cards: users[i]})
		}
	}
	if len(e.Missing) > 0 {
		return e
	}
	return nil
}

// symbolUsers lists, for each symbol of p, the names of the cards that
// use it.
func symbolUsers(p *Program) [][]string {
	users := make([][]string, len(p.Symbols))
	for c := range p.Cards {
		for _, s := range p.CardSymbols(c) {
			users[s] = append(users[s], p.Cards[c].Name)
		}
	}
	return users
}
