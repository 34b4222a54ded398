package workspace

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/oracle"
	"github.com/cardc/cardc/oracle/read"
	"github.com/cardc/cardc/scaffold"
	"github.com/cardc/cardc/vocab"
)

// SetCoverage is how much of a set's Oracle text the vocabulary reads:
// for each card, whether every paragraph reads and the language can say
// what it means, and, where not, what is missing (`cardc coverage`).
type SetCoverage struct {
	// Set names the set, as the file says.
	Set   string         `json:"set,omitempty"`
	Cards []CardCoverage `json:"cards"`
	// Totals are the counts over the cards.
	Totals CoverageTotals `json:"totals"`
}

// CoverageTotals are the counts of a set's coverage.
type CoverageTotals struct {
	// Cards is how many cards the set has; Read how many of them read
	// whole, every paragraph, with nothing the language lacks (the cards
	// `cardc new --from` drafts whole); Needs how many read whole but
	// need constructs the language does not have yet.
	Cards int `json:"cards"`
	Read  int `json:"read"`
	Needs int `json:"needs"`
	// Paragraphs is how many paragraphs the set has (reminder text alone
	// left out), ParagraphsRead how many of them read.
	Paragraphs     int `json:"paragraphs"`
	ParagraphsRead int `json:"paragraphs_read"`
	// Written and Same are set with a library: how many cards of the set
	// it has, and how many of those mean what their Oracle text means.
	Written *int `json:"written,omitempty"`
	Same    *int `json:"same,omitempty"`
}

// CardCoverage is how the vocabulary reads one card of a set.
type CardCoverage struct {
	Name string `json:"name"`
	// Read says every paragraph reads and needs nothing the language
	// lacks.
	Read       bool                `json:"read"`
	Paragraphs []ParagraphCoverage `json:"paragraphs"`
	// Written is set with a library: whether it has the card; Same
	// whether the card's abilities mean what its Oracle text means (no
	// W020, W021, W022), Differences the warnings when they do not.
	Written     *bool    `json:"written,omitempty"`
	Same        *bool    `json:"same,omitempty"`
	Differences []string `json:"differences,omitempty"`
	// Notes say what a reader of Same should know: that the set gives no
	// Oracle text for a card the library writes with some, so that the
	// card's own oracle lines were read instead.
	Notes []string `json:"notes,omitempty"`
}

// ParagraphCoverage is how the vocabulary reads one paragraph.
type ParagraphCoverage struct {
	Text string `json:"text"`
	// Reads says the paragraph reads; Needs are the constructs of the
	// card language it needs that the language does not have yet.
	Reads bool     `json:"reads"`
	Needs []string `json:"needs,omitempty"`
	// ReadTo, At and Expected say where a paragraph that does not read
	// stopped: the longest prefix that read, the words from where it
	// stopped, and what was expected there.
	ReadTo   string   `json:"read_to,omitempty"`
	At       string   `json:"at,omitempty"`
	Expected []string `json:"expected,omitempty"`
}

// ReadSet reads the cards of an MTGJSON set file: a v5 set file
// ({"data": {"name": ..., "cards": [...]}}) or the flat shape of MTGJSON
// v3 ({"name": ..., "cards": [...]}).
func ReadSet(r io.Reader) (name string, cards []scaffold.Card, err error) {
	var doc struct {
		Name  string          `json:"name"`
		Code  string          `json:"set"`
		Cards []scaffold.Card `json:"cards"`
		Data  *struct {
			Name  string          `json:"name"`
			Code  string          `json:"code"`
			Cards []scaffold.Card `json:"cards"`
		} `json:"data"`
	}
	if err := json.NewDecoder(r).Decode(&doc); err != nil {
		return "", nil, fmt.Errorf("it is no MTGJSON set file: %w", err)
	}
	name, cards = setName(doc.Name, doc.Code), doc.Cards
	if doc.Data != nil && len(doc.Data.Cards) > 0 {
		name, cards = setName(doc.Data.Name, doc.Data.Code), doc.Data.Cards
	}
	if len(cards) == 0 {
		return "", nil, errors.New(`it holds no cards: want an MTGJSON set file ({"data": {"cards": [...]}} or {"cards": [...]})`)
	}
	// A set file comes from anywhere: each field must hold what it may
	// (scaffold.Card.Validate), as `cardc new` checks the card it finds.
	for i := range cards {
		if err := cards[i].Validate(); err != nil {
			return "", nil, fmt.Errorf("card %d (%q): %w", i+1, cards[i].Name, err)
		}
		cards[i].UseCurrentTypes()
	}
	return name, cards, nil
}

// setName names a set: "Magic 2010 (M10)".
func setName(name, code string) string {
	switch {
	case name != "" && code != "":
		return name + " (" + code + ")"
	case name != "":
		return name
	}
	return code
}

// CardOf is what the reader of Oracle text needs of a card of MTGJSON:
// its name and types, from its type line.
func CardOf(c *scaffold.Card) read.Card {
	name := c.Name
	if c.FaceName != "" {
		name = c.FaceName
	}
	out := read.Card{Name: name}
	types, subtypes, _ := strings.Cut(c.Type, "—")
	for _, t := range strings.Fields(types) {
		out.Types = append(out.Types, strings.ToLower(t))
	}
	out.Subtypes = strings.Fields(subtypes)
	return out
}

// Paragraphs splits Oracle text into its paragraphs.
func Paragraphs(text string) []string {
	var out []string
	for _, p := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Coverage reads the Oracle text of the cards of a set with the standard
// vocabulary. With a library (a workspace, or nil), it also says which
// cards the library has and whether each means what its Oracle text
// means.
func Coverage(name string, cards []scaffold.Card, library *Workspace) (*SetCoverage, error) {
	v, err := vocab.Standard()
	if err != nil {
		return nil, err
	}
	out := &SetCoverage{Set: name}
	var written map[string]*compiler.CardReport
	if library != nil {
		written = library.reports(v)
		out.Totals.Written, out.Totals.Same = new(int), new(int)
	}
	for i := range cards {
		c := &cards[i]
		card := CardOf(c)
		cc := CardCoverage{Name: card.Name, Read: true}
		for _, p := range Paragraphs(c.Text) {
			rd := read.Paragraph(v, card, p)
			pc := ParagraphCoverage{Text: p, Reads: rd.Failure == nil, Needs: rd.Needs()}
			if rd.Reminder && rd.Failure != nil {
				continue // reminder text alone: no ability says it
			}
			if f := rd.Failure; f != nil {
				f.Diagnose()
				pc.ReadTo, pc.At, pc.Expected = f.Read, f.At, f.Expected
			}
			if !pc.Reads || len(pc.Needs) > 0 {
				cc.Read = false
			}
			out.Totals.Paragraphs++
			if pc.Reads {
				out.Totals.ParagraphsRead++
			}
			cc.Paragraphs = append(cc.Paragraphs, pc)
		}
		out.Totals.Cards++
		switch {
		case cc.Read:
			out.Totals.Read++
		case !slices.ContainsFunc(cc.Paragraphs, func(p ParagraphCoverage) bool { return !p.Reads }):
			out.Totals.Needs++
		}
		if written != nil {
			r, ok := written[card.Name]
			cc.Written = &ok
			if ok {
				*out.Totals.Written++
				same := r.Explanation != nil
				if same {
					paras := Paragraphs(oracleText(c))
					if len(paras) == 0 && len(r.Explanation.Oracle) > 0 {
						// The set's file has lost the card's text (MTGJSON's
						// Goblin Piker in Magic 2010): the card's own Oracle
						// lines are what its abilities are held to, and the
						// output says so.
						for _, o := range r.Explanation.Oracle {
							paras = append(paras, o.Text)
						}
						cc.Notes = append(cc.Notes, "the set gives no Oracle text for it: its own oracle lines are read")
					}
					e, differs := withOracle(r.Explanation, paras)
					if differs {
						same = false
						cc.Differences = append(cc.Differences, "its oracle lines are not the set's Oracle text, which it is compared with")
					}
					for _, d := range oracle.CoverWith(v, e).Diagnostics() {
						same = false
						cc.Differences = append(cc.Differences, d.Message+" ("+d.Code+")")
					}
				} else {
					cc.Differences = append(cc.Differences, "the card has errors")
				}
				if cost := costOf(r.Card); r.Card != nil && c.ManaCost != "" && cost != c.ManaCost {
					// The mana cost is the set's too, where the set states one (CR 202.1).
					same = false
					cc.Differences = append(cc.Differences, fmt.Sprintf("its cost is %q; the set's mana cost is %q", cost, c.ManaCost))
				}
				cc.Same = &same
				if same {
					*out.Totals.Same++
				}
			}
		}
		out.Cards = append(out.Cards, cc)
	}
	return out, nil
}

// withOracle is a card's explanation with a set's Oracle paragraphs: a
// paragraph the card has too keeps how the card marks it (unimplemented,
// partly). It reports whether the card's paragraphs are other than the
// set's.
func withOracle(e *compiler.Explanation, paras []string) (*compiler.Explanation, bool) {
	out := *e
	out.Oracle = nil
	differs := len(paras) != len(e.Oracle)
	for i, p := range paras {
		para := compiler.Paragraph{Text: p, Pos: e.Pos}
		found := false
		for _, q := range e.Oracle {
			if q.Text == p {
				para, found = q, true
				break
			}
		}
		if !found || i >= len(e.Oracle) || e.Oracle[i].Text != p {
			differs = true
		}
		out.Oracle = append(out.Oracle, para)
	}
	return &out, differs
}

// reports checks the cards of the workspace, by name.
func (w *Workspace) reports(v *vocab.Vocab) map[string]*compiler.CardReport {
	k := compiler.NewChecker(v)
	out := map[string]*compiler.CardReport{}
	for _, f := range w.Files {
		for _, d := range f.Decls {
			if c, ok := d.(*dsl.Card); ok {
				if _, dup := out[dsl.Unquote(c.Name)]; !dup {
					out[dsl.Unquote(c.Name)] = k.Check(c)
				}
			}
		}
	}
	return out
}

// basicMana is the mana the intrinsic ability of each basic land type
// adds (CR 305.6).
var basicMana = map[string]string{"Plains": "{W}", "Island": "{U}", "Swamp": "{B}", "Mountain": "{R}", "Forest": "{G}"}

// oracleText is a set card's Oracle text; for a basic land the set gives
// none of, the reminder text its cards print of the intrinsic mana
// ability of each of its basic land types (CR 305.6): "({T}: Add {G}.)".
func oracleText(c *scaffold.Card) string {
	if c.Text != "" || !strings.HasPrefix(c.Type, "Basic ") {
		return c.Text
	}
	_, subtypes, _ := strings.Cut(c.Type, "—")
	var out []string
	for _, st := range strings.Fields(subtypes) {
		if m, ok := basicMana[st]; ok {
			out = append(out, "({T}: Add "+m+".)")
		}
	}
	return strings.Join(out, "\n")
}

// costOf is a card's mana cost as written, "" for none.
func costOf(c *dsl.Card) string {
	if c == nil {
		return ""
	}
	for _, it := range c.Items {
		if ci, ok := it.(*dsl.CostItem); ok {
			return ci.Cost
		}
	}
	return ""
}

// WriteText prints a set's coverage: a line for each card (✓ read whole,
// ~ read but needing what the language lacks, ✗ a paragraph does not
// read), under it what is missing, then the totals.
func (s *SetCoverage) WriteText(w io.Writer) {
	if s.Set != "" {
		fmt.Fprintf(w, "%s\n", s.Set)
	}
	for _, c := range s.Cards {
		mark := "✓"
		if !c.Read {
			mark = "~"
			for _, p := range c.Paragraphs {
				if !p.Reads {
					mark = "✗"
				}
			}
		}
		line := mark + " " + c.Name
		switch {
		case c.Written == nil:
		case !*c.Written:
			line += " — not written"
		case *c.Same:
			line += " — written, same meaning"
		default:
			line += " — written, differs"
		}
		fmt.Fprintln(w, line)
		for _, p := range c.Paragraphs {
			switch {
			case !p.Reads:
				f := &read.Failure{Read: p.ReadTo, At: p.At, Expected: p.Expected}
				fmt.Fprintf(w, "    %q\n      %s\n", p.Text, f)
			case len(p.Needs) > 0:
				fmt.Fprintf(w, "    %q\n      reads; the language lacks %s\n", p.Text, strings.Join(p.Needs, ", "))
			}
		}
		for _, d := range c.Differences {
			fmt.Fprintf(w, "    %s\n", d)
		}
		for _, n := range c.Notes {
			fmt.Fprintf(w, "    note: %s\n", n)
		}
	}
	t := s.Totals
	fmt.Fprintf(w, "cards read whole: %d of %d (%s); read but needing what the language lacks: %d\n", t.Read, t.Cards, percent(t.Read, t.Cards), t.Needs)
	fmt.Fprintf(w, "paragraphs read: %d of %d (%s)\n", t.ParagraphsRead, t.Paragraphs, percent(t.ParagraphsRead, t.Paragraphs))
	if t.Written != nil {
		fmt.Fprintf(w, "cards written: %d of %d; meaning what their Oracle text means: %d\n", *t.Written, t.Cards, *t.Same)
	}
}

// percent is n of all, as a percentage.
func percent(n, all int) string {
	if all == 0 {
		return "100%"
	}
	return fmt.Sprintf("%d%%", n*100/all)
}
