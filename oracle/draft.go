package oracle

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/oracle/meaning"
	"github.com/cardc/cardc/oracle/read"
	"github.com/cardc/cardc/parser"
	"github.com/cardc/cardc/stdhost"
	"github.com/cardc/cardc/vocab"
)

// Drafted is what Draft writes for one Oracle paragraph.
type Drafted struct {
	// Lines are the lines of the card that say the paragraph, without
	// their indentation in the card (a block's lines are indented by
	// four spaces more); nil if it is not drafted.
	Lines []string
	// Spell says the lines are instructions of the card's spell ability,
	// which go inside its `spell { }` block.
	Spell bool
	// Why says why a paragraph is not drafted: where it stopped reading,
	// or what it needs that the language does not have.
	Why string
}

// DraftCard is what Draft needs of a card besides its Oracle text.
type DraftCard struct {
	read.Card
	// PT is its printed power and toughness ("2/2", "*/*"), or "" for a
	// card that is no creature.
	PT string
	// Cost is its mana cost ("{X}{G}"), or "": with {X}, its abilities
	// may read X (CR 107.3).
	Cost string
}

// Draft writes, in the card language, the abilities of a card from its
// Oracle paragraphs, as `cardc new --from` starts a card: for each
// paragraph that reads, and needs nothing the language lacks, the
// abilities it means, written with the phrases of the vocabulary whose
// Oracle wordings it read as. Each drafted paragraph is checked: the card
// of the paragraphs drafted so far compiles without a diagnostic and its
// abilities mean what the paragraphs mean (Cover); a paragraph whose
// draft does not is not drafted, and Why says so.
func Draft(v *vocab.Vocab, card DraftCard, paragraphs []string) []Drafted {
	out := make([]Drafted, len(paragraphs))
	readings := make([]*read.Reading, len(paragraphs))
	modes := modesOf(paragraphs, func(int) bool { return false })
	for i := range paragraphs {
		// A modal paragraph is read, and drafted, with its modes (CR
		// 700.2); each mode is drafted with it.
		if text, mode := ModalText(paragraphs, i); !mode {
			readings[i] = read.Paragraph(v, card.Card, text)
		}
	}
	// An Aura's enchant ability first: no other can be checked without it.
	order := make([]int, 0, len(paragraphs))
	for pass := range 2 {
		for i, rd := range readings {
			enchant := rd != nil && len(rd.Abilities) > 0 && rd.Abilities[0].Keyword == "enchant"
			if enchant == (pass == 0) {
				order = append(order, i)
			}
		}
	}
	var kept []int
	for _, i := range order {
		rd := readings[i]
		if head, ok := modes[i]; ok {
			if out[i].Lines == nil {
				out[i].Why = fmt.Sprintf("a mode of the paragraph %q, which is not drafted", paragraphs[head])
			}
			continue
		}
		switch {
		case rd.Failure != nil && rd.Reminder:
			out[i].Why = "reminder text: no ability says it"
			continue
		case rd.Reminder && hasBasicLandType(card.Card):
			// A Forest's "({T}: Add {G}.)": the ability is its type's
			// (CR 305.6), and a line would be a second one (C049).
			out[i].Why = "reminder text of the mana abilities its basic land types give it (CR 305.6): no ability says it"
			continue
		case rd.Failure != nil:
			out[i].Why = "it does not read: " + rd.Failure.String()
			continue
		case len(rd.Needs()) > 0:
			out[i].Why = "the language lacks " + strings.Join(rd.Needs(), ", ")
			continue
		}
		d := &drafter{v: v}
		lines, spell, err := d.paragraph(rd.Abilities)
		if err != nil {
			out[i].Why = "it reads, but it cannot be written: " + err.Error()
			continue
		}
		out[i] = Drafted{Lines: lines, Spell: spell}
		with := []int{i}
		for j := i + 1; j < len(paragraphs) && modes[j] == i; j++ {
			if _, ok := modes[j]; ok {
				with = append(with, j)
			}
		}
		if why := check(v, card, paragraphs, out, append(slices.Clone(kept), with...)); why != "" {
			out[i] = Drafted{Why: "the draft does not say it: " + why}
			continue
		}
		for _, j := range with[1:] {
			// Its lines are the modal paragraph's.
			out[j] = Drafted{Lines: []string{}, Spell: spell}
		}
		kept = append(kept, with...)
		slices.Sort(kept)
	}
	return out
}

// check compiles the card of the drafted paragraphs and compares its
// abilities with them; it returns what is wrong, or "".
func check(v *vocab.Vocab, card DraftCard, paragraphs []string, drafts []Drafted, kept []int) string {
	src := Source(card, paragraphs, drafts, kept)
	f, diags := parser.Parse("draft.card", []byte(src))
	if len(diags) > 0 {
		return diags[0].Message
	}
	for _, d := range f.Decls {
		c, ok := d.(*dsl.Card)
		if !ok {
			continue
		}
		e, diags := compiler.Explain(v, c)
		if len(diags) > 0 {
			return diags[0].Message
		}
		if diags := CoverWith(v, e).Diagnostics(); len(diags) > 0 {
			return diags[0].Message
		}
	}
	return ""
}

// Source is the source of a card with the drafted paragraphs kept (by
// index): its type line, P/T, Oracle paragraphs and drafted abilities,
// as Draft checks it.
func Source(card DraftCard, paragraphs []string, drafts []Drafted, kept []int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "card %s {\n", quote(card.Name))
	if card.Cost != "" {
		b.WriteString("    cost " + card.Cost + "\n")
	}
	var types []string
	for _, t := range card.Types {
		types = append(types, strings.ToUpper(t[:1])+t[1:])
	}
	line := "    type " + strings.Join(types, " ")
	if len(card.Subtypes) > 0 {
		line += " — " + strings.Join(card.Subtypes, " ")
	}
	b.WriteString(line + "\n")
	pt := card.PT
	if strings.Contains(pt, "*") && !slices.ContainsFunc(kept, func(i int) bool {
		return len(drafts[i].Lines) > 0 && strings.HasPrefix(drafts[i].Lines[0], "static power and toughness")
	}) {
		// Until the ability that defines them is written (C026).
		pt = "0/0"
	}
	if pt != "" {
		b.WriteString("    pt " + pt + "\n")
	}
	if slices.Contains(card.Types, "planeswalker") {
		b.WriteString("    loyalty 1\n")
	}
	for _, i := range kept {
		b.WriteString("    oracle " + quote(paragraphs[i]) + "\n")
	}
	b.WriteString("\n")
	var spell []string
	for _, i := range kept {
		if drafts[i].Spell {
			spell = append(spell, drafts[i].Lines...)
			continue
		}
		for _, l := range drafts[i].Lines {
			b.WriteString("    " + l + "\n")
		}
	}
	if len(spell) > 0 || slices.Contains(card.Types, "instant") || slices.Contains(card.Types, "sorcery") {
		b.WriteString("    spell {\n")
		for _, l := range spell {
			b.WriteString("        " + l + "\n")
		}
		b.WriteString("    }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// quote quotes a text as the card language does.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

// drafter writes the abilities of one paragraph.
type drafter struct {
	v *vocab.Vocab
	// names are the card's names of the references the abilities make
	// (meaning.Builder's canonical names), kinds the kinds of their
	// events, taken the names in use.
	names map[string]string
	kinds map[string]string
	taken map[string]bool
	// events, targets and eachs count those written so far, to name them
	// as the builder numbered them.
	events, targets, eachs int
	// sets counts the slots of several targets written so far
	// ("targets.N", the set "them" names).
	sets int
	// chosen counts the actions with a result written so far (what a
	// search found: "chosen.N").
	chosen int
}

// paragraph writes the abilities of a paragraph; spell says they are a
// spell's instructions.
func (d *drafter) paragraph(abs []*meaning.Ability) (lines []string, spell bool, err error) {
	var keywords []string
	flush := func() {
		if len(keywords) > 0 {
			lines = append(lines, "keywords "+strings.Join(keywords, ", "))
			keywords = nil
		}
	}
	for _, a := range abs {
		d.names, d.kinds, d.taken = map[string]string{}, map[string]string{}, map[string]bool{"this": true, "you": true, "X": true}
		d.events, d.targets, d.eachs, d.chosen, d.sets = 0, 0, 0, 0, 0
		if a.Kind == meaning.Keyword && isKeywordsLine(a.Keyword) {
			keywords = append(keywords, keywordText(a))
			continue
		}
		flush()
		got, err := d.ability(a)
		if err != nil {
			return nil, false, err
		}
		spell = a.Kind == meaning.Spell
		lines = append(lines, got...)
	}
	flush()
	return lines, spell, nil
}

// keywordText is how a card writes a keyword ability.
func keywordText(a *meaning.Ability) string {
	if a.Written != "" {
		return a.Written
	}
	return a.Keyword
}

// isKeywordsLine reports whether a keyword goes on a `keywords` line (not
// a line of its own, as equip, cumulative upkeep and tribute do).
func isKeywordsLine(k string) bool {
	for _, own := range []string{"equip ", "cumulative upkeep ", "tribute ", "enchant"} {
		if strings.HasPrefix(k, own) {
			return false
		}
	}
	return true
}

// ability writes one ability.
func (d *drafter) ability(a *meaning.Ability) ([]string, error) {
	d.bindAll(a)
	switch a.Kind {
	case meaning.Keyword:
		if a.Keyword == "enchant" && a.Enchant != nil && a.Enchant.Filter != nil {
			var words []string
			for _, w := range a.Enchant.Filter.Words {
				words = append(words, filterWord(w))
			}
			return []string{"enchant " + strings.Join(words, " ")}, nil
		}
		return []string{keywordText(a)}, nil
	case meaning.Triggered, meaning.Replacement:
		pat, err := d.pattern(a.Trigger, d.nextEvent())
		if err != nil {
			return nil, err
		}
		head := "replace " + pat
		if a.Kind == meaning.Triggered {
			head = a.Word + " " + pat
			if a.If != nil {
				cond, err := d.cond(a.If)
				if err != nil {
					return nil, err
				}
				head += ", if " + cond
			}
		}
		body, err := d.stmts(a.Body)
		if err != nil {
			return nil, err
		}
		return block(head, body), nil
	case meaning.Static:
		p, err := d.phrase(a.Effect)
		if err != nil || a.If == nil {
			return []string{"static " + p}, err
		}
		// "As long as CONDITION, ..." (CR 611.3).
		cond, err := d.cond(a.If)
		return []string{"static as long as " + cond + ", " + p}, err
	case meaning.Enters:
		p, err := d.phrase(a.Effect)
		return []string{"enters " + p}, err
	case meaning.Activated:
		cost := a.Loyalty
		if cost == "" {
			var parts []string
			if a.Costs.Mana != "" {
				parts = append(parts, a.Costs.Mana)
			}
			if a.Costs.Tap {
				parts = append(parts, "{T}")
			}
			if a.Costs.Untap {
				parts = append(parts, "{Q}")
			}
			for _, act := range a.Costs.Actions {
				p, err := d.phrase(act)
				if err != nil {
					return nil, err
				}
				parts = append(parts, p)
			}
			cost = strings.Join(parts, ", ")
		}
		body, err := d.stmts(a.Body)
		if err != nil {
			return nil, err
		}
		only := ""
		if a.Only != "" {
			only = ", activate only " + a.Only
		}
		if len(body) == 1 && a.Body[0].Kind == meaning.Do {
			// One action on the line of its cost; a `may` is a
			// statement, written in a block.
			return []string{cost + ": " + body[0] + only}, nil
		}
		out := block(cost+":", body)
		out[len(out)-1] += only
		return out, nil
	case meaning.Spell:
		return d.stmts(a.Body)
	}
	return nil, fmt.Errorf("%s", a.Kind)
}

// block is a head and a body in braces.
func block(head string, body []string) []string {
	out := []string{head + " {"}
	for _, l := range body {
		out = append(out, "    "+l)
	}
	return append(out, "}")
}

// stmts writes statements.
func (d *drafter) stmts(ss []meaning.Stmt) ([]string, error) {
	var out []string
	for _, st := range ss {
		switch st.Kind {
		case meaning.Do:
			p, err := d.phrase(st.Phrase)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		case meaning.May:
			// `PLAYER may ACTION` (CR 608.2d): the action as its player
			// would take it unasked, its player the default `you` where
			// the decider is that player (meaning.DecidedBy, undone).
			who := "you"
			if st.Who != nil && st.Who.Key != "you" {
				who = d.refs(st.Who.Key)
				if strings.ContainsAny(who, ".()") {
					return nil, fmt.Errorf("%q", st.Say())
				}
			}
			p, err := d.phrase(undecided(st.Phrase, st.Who))
			if err != nil {
				return nil, err
			}
			out = append(out, who+" may "+p)
		case meaning.Choose:
			// "Choose one —" and a mode for each bullet (CR 700.2).
			var modes []string
			for _, m := range st.Modes {
				body, err := d.stmts(m)
				if err != nil {
					return nil, err
				}
				modes = append(modes, block("mode", body)...)
			}
			out = append(out, block("choose "+st.Count, modes)...)
		case meaning.Delayed, meaning.Reflexive:
			pat, err := d.pattern(st.Phrase, d.nextEvent())
			if err != nil {
				return nil, err
			}
			body, err := d.stmts(st.Body)
			if err != nil {
				return nil, err
			}
			word := "at "
			if st.Kind == meaning.Reflexive {
				word = "when "
			}
			out = append(out, block(word+pat, body)...)
		case meaning.Each:
			d.eachs++
			ref := "each." + strconv.Itoa(d.eachs)
			f := filterText(st.Each.Filter, "", true)
			if d.names[ref] == "" || f == "" {
				return nil, fmt.Errorf("for each %s", st.Each.Say)
			}
			body, err := d.stmts(st.Body)
			if err != nil {
				return nil, err
			}
			out = append(out, block("for each "+f+" as "+d.names[ref], body)...)
		case meaning.Cant:
			// "If you can't sacrifice a creature, ...": `if you can't`.
			who := "you"
			if st.Who != nil && st.Who.Key != "you" {
				who = d.refs(st.Who.Key)
				if strings.ContainsAny(who, ".()") {
					return nil, fmt.Errorf("%q", st.Say())
				}
			}
			lines, err := d.ifElse("if "+who+" can't", st.Body, st.Else)
			if err != nil {
				return nil, err
			}
			out = append(out, lines...)
		case meaning.If:
			cond := d.refs(st.Cond.Expr)
			switch {
			case st.Cond.Did != "":
				// "If you do", "If they don't" (CR 608.2c).
				cond = st.Cond.Did
			case st.Cond.Phrase != nil:
				// A phrase of the vocabulary's conditions: `if this
				// ability has been activated four or more times this turn`.
				text, err := d.render(st.Cond.Phrase, "")
				if err != nil {
					return nil, fmt.Errorf("if %s", st.Cond.Say)
				}
				cond = text
			}
			lines, err := d.ifElse("if "+cond, st.Body, st.Else)
			if err != nil {
				return nil, err
			}
			out = append(out, lines...)
		default:
			return nil, fmt.Errorf("%q", st.Say())
		}
	}
	return out, nil
}

// refPattern finds the canonical references in a key.
var refPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(targets?\.\d+|each\.\d+|chosen\.\d+|event\d*(?:\.\w+)?)`)
})

// bindAll names the references an ability makes: each target and each
// object of its events that a later phrase names gets a name (its noun),
// bound with `as` where it is first named; each object a `for each` goes
// through gets one.
func (d *drafter) bindAll(a *meaning.Ability) {
	used := map[string]bool{}
	var walkValue func(v *meaning.Value)
	var walkPhrase func(p *meaning.Phrase)
	var walkStmts func(ss []meaning.Stmt)
	walkValue = func(v *meaning.Value) {
		if v == nil {
			return
		}
		if !v.Target && v.Filter == nil {
			for _, r := range refPattern().FindAllString(v.Key, -1) {
				used[r] = true
			}
		}
		// What a filter's suffixes refer to: "permanent that player
		// controls", "with toughness less than this.power".
		for _, f := range append([]*vocab.Filter{v.Filter}, v.Targets...) {
			for _, r := range refPattern().FindAllString(filterText(f, "", false), -1) {
				used[r] = true
			}
		}
		if v.Pattern != nil {
			walkPhrase(v.Pattern)
		}
	}
	walkPhrase = func(p *meaning.Phrase) {
		if p == nil {
			return
		}
		for _, arg := range p.Args {
			walkValue(arg.Value)
		}
	}
	walkStmts = func(ss []meaning.Stmt) {
		for _, st := range ss {
			walkPhrase(st.Phrase)
			if st.Cond != nil {
				walkPhrase(st.Cond.Phrase)
				for _, r := range refPattern().FindAllString(st.Cond.Expr, -1) {
					used[r] = true
				}
			}
			walkValue(st.Who)
			walkStmts(st.Body)
			walkStmts(st.Else)
			for _, m := range st.Modes {
				walkStmts(m)
			}
		}
	}
	if a.If != nil {
		walkPhrase(a.If.Phrase)
	}
	walkStmts(a.Body)
	if a.Costs != nil {
		for _, c := range a.Costs.Actions {
			walkPhrase(c)
		}
	}
	walkPhrase(a.Effect)
	// The events, in the order the builder numbered them.
	n := 0
	event := func(p *meaning.Phrase) {
		n++
		ref := "event"
		if n > 1 {
			ref += strconv.Itoa(n)
		}
		d.kinds[ref] = p.Name
		d.name(ref, p.Name)
		for _, arg := range p.Args {
			if arg.Value.Filter != nil && used[ref+"."+arg.Name] {
				d.name(ref+"."+arg.Name, meaning.Noun(arg.Value.Filter))
			}
		}
	}
	if a.Trigger != nil {
		event(a.Trigger)
	}
	targets, eachs, chosen, sets := 0, 0, 0, 0
	var lastChosen, lastNoun string
	var number func(ss []meaning.Stmt)
	number = func(ss []meaning.Stmt) {
		for _, st := range ss {
			switch st.Kind {
			case meaning.Delayed, meaning.Reflexive:
				event(st.Phrase)
			case meaning.Each:
				eachs++
				d.name("each."+strconv.Itoa(eachs), meaning.Noun(st.Each.Filter))
			case meaning.Cant:
				// `if you can't` follows a choice the card names with
				// `as`.
				if lastChosen != "" {
					d.name(lastChosen, lastNoun)
				}
			}
			if st.Phrase != nil && (st.Kind == meaning.Do || st.Kind == meaning.May) {
				if returnsObject(st.Phrase) {
					// Numbered as the builder numbers them: every action
					// that returns what it chose or found.
					chosen++
					noun := "card" // the top card a reveal returns
					if f := chosenFilter(st.Phrase); f != nil {
						noun = meaning.Noun(f)
					}
					lastChosen, lastNoun = "chosen."+strconv.Itoa(chosen), noun
					if used[lastChosen] {
						d.name(lastChosen, noun)
					}
				}
				for _, name := range paramOrder(st.Phrase) {
					v := st.Phrase.Arg(name)
					switch {
					case v != nil && v.Targets != nil:
						// A slot of several targets: each instance of
						// "target", then the set, which "them" names.
						for _, f := range v.Targets {
							targets++
							if ref := "target." + strconv.Itoa(targets); used[ref] {
								d.name(ref, meaning.Noun(f))
							}
						}
						sets++
						if ref := "targets." + strconv.Itoa(sets); used[ref] {
							d.name(ref, "them")
						}
					case v != nil && v.Target:
						targets++
						if ref := "target." + strconv.Itoa(targets); used[ref] {
							d.name(ref, meaning.Noun(v.Filter))
						}
					}
				}
			}
			number(st.Body)
			number(st.Else)
			for _, m := range st.Modes {
				number(m)
			}
		}
	}
	number(a.Body)
}

// name gives a reference a name of the card language: the noun, in lower
// case, or the noun and a number when it is taken.
func (d *drafter) name(ref, noun string) {
	if _, ok := d.names[ref]; ok {
		return
	}
	base := strings.ToLower(strings.ReplaceAll(noun, " ", "_"))
	if base == "" || strings.ContainsAny(base, "-'") {
		base = "object"
	}
	name := base
	for i := 2; d.taken[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	d.taken[name] = true
	d.names[ref] = name
}

// nextEvent is the canonical name of the next event a pattern of the
// ability has, in the order the builder numbered them.
func (d *drafter) nextEvent() string {
	d.events++
	if d.events == 1 {
		return "event"
	}
	return "event" + strconv.Itoa(d.events)
}

// pattern writes an event pattern whose event is called event.
func (d *drafter) pattern(p *meaning.Phrase, event string) (string, error) {
	if p == nil {
		return "", fmt.Errorf("no event")
	}
	return d.render(p, event)
}

// phrase writes an action, a query's condition, a rule or an effect.
func (d *drafter) phrase(p *meaning.Phrase) (string, error) {
	if p == nil {
		return "", fmt.Errorf("no phrase")
	}
	return d.render(p, "")
}

// cond writes the condition of an intervening "if".
func (d *drafter) cond(c *meaning.Cond) (string, error) {
	if c.Phrase == nil {
		return "", fmt.Errorf("if %s", c.Say)
	}
	return d.phrase(c.Phrase)
}

// phrasesOf are the phrases of the vocabulary a phrase of meaning may be
// written with: those whose Oracle wording it read as first.
func phrasesOf(p *meaning.Phrase) []*vocab.Template {
	t := p.Template
	var all []*vocab.Template
	switch {
	case t.Event != nil:
		all = t.Event.Templates
	case t.Func != nil:
		all = t.Func.Templates()
	case t.Rule != nil:
		all = t.Rule.Templates
	}
	var first, rest []*vocab.Template
	for _, c := range all {
		if c.Oracle != nil && c.Oracle.Text == t.Text || c == t {
			first = append(first, c)
		} else {
			rest = append(rest, c)
		}
	}
	return append(first, rest...)
}

// render writes a phrase with a phrase of the vocabulary that can say
// it: one with a slot for each value (or a default equal to it), and, for
// an event pattern, the same condition; event names the pattern's event.
func (d *drafter) render(p *meaning.Phrase, event string) (string, error) {
	b := meaning.NewBuilder(d.v, meaning.Self)
	counted := false
	for _, a := range p.Args {
		if a.Value.X == nil && (a.Value.Count != nil || strings.HasPrefix(a.Value.Key, "(")) {
			counted = true
		}
	}
	cands := phrasesOf(p)
	if counted {
		// "gain life equal to the number of lands you control", not
		// "gain the number of lands you control life".
		slices.SortStableFunc(cands, func(x, y *vocab.Template) int {
			return boolInt(!strings.Contains(x.Text, " equal to ")) - boolInt(!strings.Contains(y.Text, " equal to "))
		})
	}
	targets := d.targets
	chosenRef := ""
	if returnsObject(p) {
		d.chosen++
		chosenRef = "chosen." + strconv.Itoa(d.chosen)
	}
next:
	for _, t := range cands {
		d.targets = targets
		if p.Kind == "event" && whereOf(t) != p.Where {
			continue
		}
		slots := map[string]bool{}
		for _, it := range t.Items {
			switch it.Slot {
			case "":
			case "power/toughness":
				slots["power"], slots["toughness"] = true, true
			default:
				slots[it.Slot] = true
			}
		}
		for _, a := range p.Args {
			if slots[a.Name] {
				continue
			}
			def := t.Defaults.Of(a.Name)
			if def == nil || b.Sum(def) != a.Value.Key {
				continue next
			}
		}
		for slot := range slots {
			if p.Arg(slot) == nil {
				continue next
			}
		}
		// The values, slot by slot, in the order of the parameters (so
		// targets are numbered as the builder numbered them).
		texts := map[string]string{}
		for _, name := range paramOrder(p) {
			if !slots[name] || name == "power" || name == "toughness" {
				continue
			}
			v := p.Arg(name)
			if chosenRef != "" && v != nil && v.Filter != nil && !v.Target && d.names[chosenRef] != "" {
				// What the action chooses among the objects of the
				// filter, named for what follows: `for a card as card`.
				text := filterText(v.Filter, d.names[chosenRef], afterEach(t, name))
				if text == "" {
					continue next
				}
				texts[name] = text
				continue
			}
			text, err := d.value(v, event, name, afterEach(t, name))
			if err != nil {
				continue next
			}
			texts[name] = text
		}
		var out []string
		var perEach *vocab.Filter // a +N/+M's "for each FILTER", said last
		one := false              // after "a", "an", "one": the noun in the singular
		for _, it := range t.Items {
			switch {
			case it.Word != "":
				w := it.Word
				if one && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
					w = strings.TrimSuffix(w, "s")
				}
				// "an X/X green Ooze creature token": the noun after the
				// adjectives of a token is in the singular too.
				one = one && w == "creature"
				out = append(out, w)
			case it.Slot == "power/toughness":
				pt := p.Alt.Args["power/toughness"]
				if pt == nil {
					continue next
				}
				out = append(out, pt.Written)
				perEach = pt.ForEach
			default:
				text := texts[it.Slot]
				out = append(out, text)
				if text == "a" || text == "an" || text == "one" {
					one = true
				}
			}
		}
		if perEach != nil {
			// "gets +1/+1 for each Plains you control" (a phrase read to
			// its end goes on with it, SPEC's Phrases).
			text := filterText(perEach, "", true)
			if text == "" {
				continue next
			}
			out = append(out, "for each", text)
		}
		if x := whereX(p); x != nil {
			// "gets +X/+X until end of turn, where X is the number of
			// creatures you control", "deals X damage to any target,
			// where X is ...": the phrase says what X is.
			text, err := d.value(x, event, "", false)
			if err != nil {
				continue next
			}
			out = append(out, "where X is", text)
		}
		if chosenRef != "" && chosenFilter(p) == nil && d.names[chosenRef] != "" {
			// What an action without a filter returns, named after
			// the phrase: `reveal the top card of your library as card`.
			out = append(out, "as", d.names[chosenRef])
		}
		return strings.Join(out, " "), nil
	}
	d.targets = targets
	return "", fmt.Errorf("no phrase of %s says %q", p.Template.Owner(), meaning.Named(p.Say, "this"))
}

// undecided is the action of `PLAYER may ACTION` as the card language
// writes it after "may": its player the default, `you`, where
// meaning.DecidedBy made it the deciding player's.
func undecided(p *meaning.Phrase, who *meaning.Value) *meaning.Phrase {
	if who == nil || who.Key == "you" {
		return p
	}
	q := *p
	q.Args = slices.Clone(p.Args)
	for i, a := range q.Args {
		if a.Name == "player" && a.Value.Key == who.Key {
			q.Args[i].Value = &meaning.Value{Key: "you", Say: "you"}
		}
	}
	return &q
}

// returnsObject reports whether a phrase is an action that returns what
// it chose or found (a search's card, the top card a reveal shows), which
// the builder numbers "chosen.N".
func returnsObject(p *meaning.Phrase) bool {
	fi := p.Template.Func
	return fi != nil && fi.Action && fi.Returns()
}

// chosenFilter is the filter of the objects an action with a result
// chooses among (a search's "a basic land card"), or nil.
func chosenFilter(p *meaning.Phrase) *vocab.Filter {
	fi := p.Template.Func
	if fi == nil || !fi.Action || !fi.Returns() {
		return nil
	}
	for _, param := range fi.Params {
		if v := p.Arg(param.Name); v != nil && v.Filter != nil && param.Type.Kind == vocab.KObjects {
			return v.Filter
		}
	}
	return nil
}

// afterEach reports whether a slot of a phrase comes after the word
// "each", where a filter is in the singular ("on each creature you
// control").
func afterEach(t *vocab.Template, slot string) bool {
	for i, it := range t.Items {
		if it.Slot == slot && i > 0 && strings.EqualFold(t.Items[i-1].Word, "each") {
			return true
		}
	}
	return false
}

// paramOrder lists the names of a phrase's values in the order of its
// function's parameters (or event's fields).
func paramOrder(p *meaning.Phrase) []string {
	var out []string
	switch t := p.Template; {
	case t.Func != nil:
		for _, f := range t.Func.Params {
			out = append(out, f.Name)
		}
	case t.Rule != nil:
		for _, f := range t.Rule.Params {
			out = append(out, f.Name)
		}
	case t.Event != nil:
		for _, f := range t.Event.Fields {
			out = append(out, f.Name)
		}
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// whereOf is what an event's phrase adds to it, as meaning compares it.
func whereOf(t *vocab.Template) string {
	p, _ := meaning.NewBuilder(nil, "").Pattern(&vocab.Match{Alts: []*vocab.Alt{{Template: t, Args: map[string]*vocab.Arg{}}}}, "event")
	return p.Where
}

// value writes a value of a phrase's slot: a filter (with `as NAME` if a
// later phrase names what it describes), a reference by the card's name
// for it, a number, a name of the vocabulary, mana, a granted ability.
func (d *drafter) value(v *meaning.Value, event, slot string, singular bool) (string, error) {
	if v == nil {
		return "", fmt.Errorf("no value")
	}
	arg := v.Arg
	switch {
	case v.X != nil && v != v.X:
		// A number "where X is N" after the phrase says: X, and the
		// phrase says what X is (whereX).
		return "X", nil
	case v.Targets != nil:
		// Several targets (CR 115.1, 601.2c), joined by "and", named
		// all together with `as` if a later phrase names them.
		var texts []string
		for _, f := range v.Targets {
			d.targets++
			t := d.refs(filterText(f, "", false))
			if t == "" {
				return "", fmt.Errorf("the targets %q", v.Say)
			}
			texts = append(texts, t)
		}
		d.sets++
		text := strings.Join(texts, " and ")
		if name := d.names["targets."+strconv.Itoa(d.sets)]; name != "" {
			text += " as " + name
		}
		return text, nil
	case v.Target:
		d.targets++
		return d.refs(filterText(v.Filter, d.names["target."+strconv.Itoa(d.targets)], false)), nil
	case v.Count != nil && strings.HasPrefix(v.Key, "count("):
		return "the number of " + filterText(v.Count, "", false), nil
	case v.Pattern != nil:
		return d.render(v.Pattern, "event")
	case v.Filter != nil:
		bind := ""
		if event != "" {
			bind = d.names[event+"."+slot]
		}
		if t := filterText(v.Filter, bind, singular); t != "" {
			return d.refs(t), nil
		}
		return "", fmt.Errorf("the filter %q", v.Say)
	case v.Ability != nil:
		inner := &drafter{v: d.v, names: map[string]string{}, kinds: map[string]string{}, taken: map[string]bool{"this": true, "you": true, "X": true}}
		lines, err := inner.ability(v.Ability)
		if err != nil || len(lines) != 1 {
			return "", fmt.Errorf("the granted ability %s", v.Say)
		}
		return "`" + lines[0] + "`", nil
	case arg != nil && arg.Kind == vocab.ArgName && arg.Type.Kind == vocab.KStep:
		for _, st := range d.v.Steps() {
			if st.Name == arg.Name {
				return strings.Join(st.Words[0], " "), nil
			}
		}
	case arg != nil && (arg.Kind == vocab.ArgName || arg.Kind == vocab.ArgMana):
		return arg.Name, nil
	case arg != nil && arg.Kind == vocab.ArgConst:
		if w := strings.ToLower(arg.Written); w != "" && !strings.Contains(w, " ") {
			return w, nil // "a", "two", as Oracle text says them
		}
		return strconv.FormatInt(arg.Num, 10), nil
	}
	if strings.HasPrefix(v.Key, "mana:") || strings.Contains(v.Key, ":") {
		return "", fmt.Errorf("the value %q", v.Say)
	}
	return d.refs(strings.TrimSuffix(strings.TrimPrefix(v.Key, "("), ")")), nil
}

// refs writes the canonical references of an expression by the card's
// names for them: "target.1.toughness" is "creature.toughness",
// "event.amount" "damage.amount".
func (d *drafter) refs(expr string) string {
	return refPattern().ReplaceAllStringFunc(expr, func(ref string) string {
		if name, ok := d.names[ref]; ok {
			return name
		}
		base, field, _ := strings.Cut(ref, ".")
		if name, ok := d.names[base]; ok && field != "" {
			return name + "." + field
		}
		return ref
	})
}

// filterText writes a filter as the card language does, with `as bind`
// if bind is set, a filter without determiner in the singular if singular
// is set (as `for each` wants it), else in the plural: Oracle's forms the language writes otherwise ("any
// creature on the battlefield", "all nonland permanents", "creatures your
// opponents control", "Blood Artist or another creature") in its form.
func filterText(f *vocab.Filter, bind string, singular bool) string {
	if f == nil {
		return ""
	}
	if f.Det == "any" {
		if c := f.Count; c != nil && (c.Min != 1 || c.Max != 1) {
			return targetCountText(c) + "s" // "any number of targets"
		}
		return "any target"
	}
	if f.Everywhere {
		// The objects of every zone, one phrase in Oracle text and in
		// the card language.
		text := vocab.EverywhereText
		if bind != "" {
			text += " as " + bind
		}
		return text
	}
	var words []string
	for _, w := range f.Words {
		words = append(words, filterWord(w))
	}
	if len(words) == 0 {
		return ""
	}
	text := strings.Join(words, " ")
	switch f.Det {
	case "", "other":
		if !singular {
			text = pluralOf(f, words)
		}
		text = strings.TrimSpace(f.Det + " " + text)
	case "a", "an":
		text = article(text) + " " + text
	case "target":
		if f.Another {
			text = "another target " + text
		} else {
			text = "target " + text
		}
	case "any":
		text = "any target"
	default:
		text = f.Det + " " + text
	}
	if c := f.Count; c != nil && (c.Min != 1 || c.Max != 1) && f.Det == "target" {
		text = targetCountText(c) + " " + pluralOf(f, words)
	}
	if f.OtherThanThis {
		text += " other than this"
	}
	text += qualifierText(f)
	switch {
	case f.Zone == "graveyard" && f.ZoneOwner == "you":
		text += " from your graveyard"
	case f.Zone == "graveyard":
		text += " in a graveyard"
	case f.Zone != "":
		return ""
	}
	switch f.Control {
	case "you":
		text += " you control"
	case "opponent":
		text += " an opponent controls"
	case "notyou":
		text += " you don't control"
	case "player":
		text += " " + dsl.SumString(f.ControlledBy) + " controls"
	}
	if f.AttachedToThis {
		text += " attached to this"
	}
	if bind != "" {
		text += " as " + bind
	}
	return text
}

// qualifierText writes a filter's qualifiers and suffixes after its noun,
// as the card language does: "with mana value 3 or less", "with toughness
// less than this.power", "with flying", `named "Relentless Rats"`, "that
// shares a creature type with this", "with the chosen name".
func qualifierText(f *vocab.Filter) string {
	var b strings.Builder
	for _, c := range f.Compares {
		quantity := strings.ReplaceAll(c.Query, "_", " ")
		if c.Expr == nil {
			more := map[string]string{"<=": "or less", ">=": "or greater"}[c.Op]
			if more != "" {
				fmt.Fprintf(&b, " with %s %d %s", quantity, c.Num, more)
				continue
			}
		}
		v := fmt.Sprint(c.Num)
		if c.Expr != nil {
			v = dsl.SumString(c.Expr)
		}
		op := map[string]string{"<": "less than", ">": "greater than", "==": "equal to"}[c.Op]
		fmt.Fprintf(&b, " with %s %s %s", quantity, op, v)
	}
	for _, k := range f.Keywords {
		if k.Neg {
			b.WriteString(" without " + k.Name)
		} else {
			b.WriteString(" with " + k.Name)
		}
	}
	if f.Named != "" {
		fmt.Fprintf(&b, " named %q", f.Named)
	}
	if f.Shares != nil {
		b.WriteString(" that shares a creature type with " + dsl.SumString(f.Shares))
	}
	if f.ChosenName {
		b.WriteString(" with the chosen name")
	}
	return b.String()
}

// numberWordsText are the numbers of targets Oracle text writes in words.
var numberWordsText = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// targetCountText writes how many targets a filter chooses: "two target",
// "up to three target", "any number of target".
func targetCountText(c *vocab.TargetCount) string {
	word := func(n int) string {
		if n >= 0 && n < len(numberWordsText) {
			return numberWordsText[n]
		}
		return fmt.Sprint(n)
	}
	switch {
	case c.Max == vocab.AnyNumber:
		return "any number of target"
	case c.Min == 0:
		return "up to " + word(c.Max) + " target"
	case c.Min == c.Max:
		return word(c.Max) + " target"
	case c.Max == c.Min+1:
		return word(c.Min) + " or " + word(c.Max) + " target"
	}
	// "one, two, or three target", as Oracle text writes it.
	var words []string
	for n := c.Min; n < c.Max; n++ {
		words = append(words, word(n)+",")
	}
	return strings.Join(words, " ") + " or " + word(c.Max) + " target"
}

// filterWord writes a word of a filter.
func filterWord(w vocab.FilterWord) string {
	switch {
	case w.Name == "or":
		return "or"
	case w.Noun && w.Neg:
		return w.Name // "card": a noun whose test is a negation
	case w.Neg && w.Kind == vocab.KSubtype:
		return "non-" + w.Name
	case w.Neg:
		return "non" + w.Name
	}
	return w.Name
}

// article is "a" or "an", for a word.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiouAEIOU", rune(w[0])) {
		return "an"
	}
	return "a"
}

// pluralOf is the words of a filter with its noun in the plural: a
// subtype as the vocabulary declares it ("Elves"), another word as plural
// makes it.
func pluralOf(f *vocab.Filter, words []string) string {
	if n := len(f.Words); n > 0 && f.Words[n-1].Kind == vocab.KSubtype && len(words) == n {
		if v, err := vocab.Standard(); err == nil {
			if st, _, _ := v.LookupSubtype(f.Words[n-1].Name); st != nil {
				out := append(slices.Clone(words[:n-1]), st.Plural)
				return strings.Join(out, " ")
			}
		}
	}
	return plural(strings.Join(words, " "))
}

// plural makes the noun of a filter's words plural: its last word.
func plural(text string) string {
	words := strings.Fields(text)
	i := len(words) - 1
	for i > 0 && (words[i] == "you" || words[i] == "control" || words[i] == "controls" || words[i] == "an" || words[i] == "opponent") {
		i--
	}
	w := words[i]
	switch {
	case strings.HasSuffix(w, "s"):
	case strings.HasSuffix(w, "y") && !strings.HasSuffix(w, "ay"):
		words[i] = strings.TrimSuffix(w, "y") + "ies"
	default:
		words[i] = w + "s"
	}
	return strings.Join(words, " ")
}

// hasBasicLandType reports whether a card has a basic land type (CR
// 305.6): Plains, Island, Swamp, Mountain or Forest (stdhost.BasicLandTypes).
func hasBasicLandType(card read.Card) bool {
	return slices.ContainsFunc(card.Subtypes, func(s string) bool {
		return slices.Contains(stdhost.BasicLandTypes[:], s)
	})
}

// whereX is what X is in a phrase, as "where X is N" after it said it
// for its power/toughness change by X or another number, or nil.
func whereX(p *meaning.Phrase) *meaning.Value {
	for _, a := range p.Args {
		if v := a.Value; v != nil && v.X != nil {
			return v.X
		}
	}
	return nil
}

// ifElse drafts `HEAD { BODY }`, and `} else { ELSE }` after it when the
// statement has an "Otherwise, ..." part.
func (d *drafter) ifElse(head string, body, els []meaning.Stmt) ([]string, error) {
	inner, err := d.stmts(body)
	if err != nil {
		return nil, err
	}
	lines := block(head, inner)
	if len(els) > 0 {
		other, err := d.stmts(els)
		if err != nil {
			return nil, err
		}
		lines = append(lines[:len(lines)-1], block("} else", other)...)
	}
	return lines, nil
}
