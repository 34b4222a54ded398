package vocab

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardc/cardc/vm"
)

// Identity returns which vocabulary v is: the name and version its
// `vocabulary` declaration gives, and the hash of its Contract, which
// changes when a name, a kind, a parameter or field type, a result or a
// layer changes, and not when comments, docs, phrases or the layout of the
// files do. The compiler records it in every program
// (vm.Program.Vocabulary); a host compares it with the vocabulary it
// implements (vm.CheckVocabulary).
func (v *Vocab) Identity() vm.Vocabulary { return v.identity }

// Contract lists, one per line and sorted, what a host that implements the
// vocabulary must know: each event kind with its fields and their types,
// each action, query and effect with its parameter types and result (and
// an effect's layer), each rule with its parameter types, and each
// declared name with its kind. Parameter names are left out (a host
// receives arguments by position), as are docs, phrases and where and how
// things are written. Identity.Hash is its hash.
func (v *Vocab) Contract() []string {
	var out []string
	types := func(fs []Field, named bool) string {
		parts := make([]string, len(fs))
		for i, f := range fs {
			parts[i] = f.Type.String()
			if named {
				parts[i] = f.Name + ": " + parts[i]
			}
		}
		return strings.Join(parts, ", ")
	}
	for _, e := range v.eventList {
		// Fields are read by name ("damage.amount"): their order does not
		// matter, their names do.
		fs := slices.Clone(e.Fields)
		slices.SortFunc(fs, func(a, b Field) int { return strings.Compare(a.Name, b.Name) })
		out = append(out, fmt.Sprintf("event %s { %s }", e.Name, types(fs, true)))
	}
	for _, f := range v.funcList {
		kind := "query"
		switch {
		case f.Action:
			kind = "action"
		case f.Effect:
			kind = "effect"
		}
		line := fmt.Sprintf("%s %s(%s)", kind, f.Name, types(f.Params, false))
		if f.Returns() {
			line += ": " + f.Result.String()
		}
		if f.Layer != "" {
			line += " layer " + f.Layer
		}
		out = append(out, line)
	}
	for _, r := range v.ruleList {
		out = append(out, fmt.Sprintf("rule %s(%s)", r.Name, types(r.Params, false)))
	}
	for k, names := range v.lists {
		for _, n := range names {
			out = append(out, fmt.Sprintf("name %s:%s", Kind(k).NameKind(), n))
		}
	}
	for _, k := range v.keywords {
		if k.Declared {
			// How a host reads the names of its instances: its form.
			out = append(out, fmt.Sprintf("keyword %s: %s", k.Name, k.FormText()))
		}
	}
	for _, a := range v.adjectives {
		out = append(out, "adjective "+a)
	}
	for _, s := range v.steps {
		out = append(out, "step "+s.Name)
	}
	slices.Sort(out)
	return out
}

// contractHash is the hash of Contract, in hex.
func (v *Vocab) contractHash() string {
	h := sha256.New()
	for _, line := range v.Contract() {
		h.Write([]byte(line))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Bump is the least version change the compatibility policy asks of a
// vocabulary whose Contract goes from old to new: "" when they hold the
// same lines, "minor" when new only adds lines, "major" when it removes or
// changes any (a changed type is a line removed and one added).
func Bump(old, new []string) string {
	removed := slices.DeleteFunc(difference(old, new), func(s string) bool { return widened(s, new) || stillKeyword(s, new) })
	switch {
	case len(removed) > 0:
		return "major"
	case len(difference(new, old)) > 0:
		return "minor"
	}
	return ""
}

// widened reports whether a contract line of an event kind has, in the
// contract cur, a line of the same kind with all its fields and more: a
// field added, which a minor version may do (fields are read by name).
func widened(line string, cur []string) bool {
	name, fields, ok := eventLine(line)
	if !ok {
		return false
	}
	for _, l := range cur {
		if n, fs, ok := eventLine(l); ok && n == name && len(fs) > len(fields) && len(difference(fields, fs)) == 0 {
			return true
		}
	}
	return false
}

// stillKeyword reports whether a contract line of a keyword's name has, in
// the contract cur, a keyword declaration that a host reads the name by:
// one of that name ("name keyword:persist" and "keyword persist: persist"),
// or one whose form reads it ("name keyword:protection from black" and
// "keyword protection: protection from {quality}"). Programs that name it
// still link.
func stillKeyword(line string, cur []string) bool {
	name, ok := strings.CutPrefix(line, "name keyword:")
	if !ok {
		return false
	}
	for _, l := range cur {
		decl, ok := strings.CutPrefix(l, "keyword ")
		if !ok {
			continue
		}
		kw, form, _ := strings.Cut(decl, ": ")
		if kw == name || formReads(form, name) {
			return true
		}
	}
	return false
}

// formReads reports whether a keyword's form, its slot named by a type in
// braces, reads a name: the same words, the slot's any value.
func formReads(form, name string) bool {
	fw, nw := strings.Fields(form), strings.Fields(name)
	if len(fw) != len(nw) {
		return false
	}
	for i, w := range fw {
		slot, suffix, ok := slotOf(w)
		switch {
		case !ok && w != nw[i]:
			return false
		case ok && slot != "" && (len(nw[i]) <= len(suffix) || !strings.HasSuffix(nw[i], suffix)):
			return false
		}
	}
	return true
}

// eventLine reads a contract line "event NAME { FIELD: TYPE, ... }".
func eventLine(line string) (name string, fields []string, ok bool) {
	rest, ok := strings.CutPrefix(line, "event ")
	if !ok {
		return "", nil, false
	}
	name, body, ok := strings.Cut(rest, " { ")
	body, ok2 := strings.CutSuffix(body, " }")
	if !ok || !ok2 {
		return "", nil, false
	}
	return name, strings.Split(body, ", "), true
}

// difference lists the lines of a that b lacks.
func difference(a, b []string) []string {
	in := make(map[string]bool, len(b))
	for _, s := range b {
		in[s] = true
	}
	var out []string
	for _, s := range a {
		if !in[s] {
			out = append(out, s)
		}
	}
	return out
}

// Bumped reports whether going from version from to version to is at
// least the bump asked ("", "minor" or "major") within one vocabulary.
func Bumped(from, to vm.Vocabulary, bump string) bool {
	if from.Name != to.Name {
		return false
	}
	switch bump {
	case "major":
		return to.Major > from.Major
	case "minor":
		return to.Major > from.Major || to.Major == from.Major && to.Minor > from.Minor
	}
	return true
}

// ContractRecord returns the record of v's contract that the compatibility
// policy keeps (vocab/testdata/contract.golden, written by go generate
// ./...): the vocabulary's name and version on the first line
// ("cardc.std 1.31"), then its Contract, one line each. recorded is the
// record kept so far ("" for none). The error says what to do when the
// contract changed and the version did not go up as the policy asks (the
// minor version for names only added, the major version otherwise;
// dsl/SPEC.md, "Vocabulary versions"), or when the record does not read (a
// merge conflict in it, say).
func (v *Vocab) ContractRecord(recorded string) (string, error) {
	id := v.Identity()
	contract := v.Contract()
	record := fmt.Sprintf("%s %d.%d\n%s\n", id.Name, id.Major, id.Minor, strings.Join(contract, "\n"))
	if recorded == "" {
		return record, nil
	}
	lines := strings.Split(strings.TrimSuffix(recorded, "\n"), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "<<<<<<<") || strings.HasPrefix(l, ">>>>>>>") || l == "=======" {
			return "", fmt.Errorf("the recorded contract has a merge conflict: take the version of the branch merged into (it records the contract released last), bump the version in stdlib/vocabulary.card if the merge changed the contract, and run go generate ./... again")
		}
	}
	rec, err := parseIdentity(lines[0])
	if err != nil {
		return "", fmt.Errorf("the recorded contract's first line %q is not a name and a version: %v", lines[0], err)
	}
	cur := vm.Vocabulary{Name: id.Name, Major: id.Major, Minor: id.Minor}
	bump := Bump(lines[1:], contract)
	if !Bumped(rec, cur, bump) {
		var b strings.Builder
		for _, s := range difference(lines[1:], contract) {
			b.WriteString("\t- " + s + "\n")
		}
		for _, s := range difference(contract, lines[1:]) {
			b.WriteString("\t+ " + s + "\n")
		}
		return "", fmt.Errorf("the vocabulary's declarations changed, but its version did not go up as the policy asks (recorded %s, now %s):\n%s"+
			"bump the %s version in stdlib/vocabulary.card (a minor version may only add names; dsl/SPEC.md, Vocabulary versions), then run go generate ./... again",
			rec, cur, b.String(), bump)
	}
	return record, nil
}

// parseIdentity reads the first line of a contract record, "cardc.std 1.31".
func parseIdentity(line string) (vm.Vocabulary, error) {
	name, version, _ := strings.Cut(line, " ")
	major, minor, ok := strings.Cut(version, ".")
	if name == "" || !ok {
		return vm.Vocabulary{}, fmt.Errorf("want NAME MAJOR.MINOR")
	}
	ma, err := strconv.Atoi(major)
	if err != nil {
		return vm.Vocabulary{}, err
	}
	mi, err := strconv.Atoi(minor)
	return vm.Vocabulary{Name: name, Major: ma, Minor: mi}, err
}
