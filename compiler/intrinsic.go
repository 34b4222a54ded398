package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/stdhost"
)

// basicLandMana is the mana the intrinsic mana ability of a basic land
// type adds (CR 305.6; a Forest has "{T}: Add {G}" by its type), as the
// rules core and every host give it (stdhost.BasicLandMana); ok is false
// for any other subtype.
func basicLandMana(subtype string) (mana string, ok bool) {
	i := slices.Index(stdhost.BasicLandTypes[:], subtype)
	if i < 0 {
		return "", false
	}
	return stdhost.BasicLandMana[i], true
}

// checkIntrinsicMana warns of an activated ability a land writes that its
// basic land types give it already (CR 305.6): `{T}: add {G}` on a
// Forest, or `{T}: add {G} or {W}` on a Forest Plains. The rules core
// gives every object with a basic land type that type's mana ability, so
// the line would be a second ability; the card's Oracle "({T}: Add
// {G}.)" is the reminder text of the intrinsic one, which needs no line.
func (c *checker) checkIntrinsicMana(card *dsl.Card) {
	intrinsic := map[string]string{} // mana symbol -> the type that gives it
	for _, s := range c.out.card.Subtypes {
		if m, ok := basicLandMana(s); ok {
			intrinsic[m] = s
		}
	}
	if len(intrinsic) == 0 {
		return
	}
	for _, it := range card.Items {
		ab, ok := it.(*dsl.ActivatedAbility)
		if !ok || ab.Effect == nil || strings.ToUpper(ab.CostText()) != "{T}" {
			continue
		}
		if has, ok := intrinsicAdds(dsl.PhraseString(ab.Effect), intrinsic); ok {
			d := dsl.Warningf(ab.Pos, CodeIntrinsicMana, "this land has %s by its land types (CR 305.6): %q is a mana ability more",
				strings.Join(has, " and "), "{T}: "+dsl.PhraseString(ab.Effect)).
				WithHint("remove the line: a land has the mana ability of each of its basic land types without one; the Oracle's reminder text in parentheses says it")
			c.warn(&d)
		}
	}
}

// intrinsicAdds reads an effect `add {G}` or `add {G} or {W}`: ok if each
// mana it adds is that of an intrinsic ability the card has; has says
// those abilities (`"{T}: add {G}" as a Forest`).
func intrinsicAdds(effect string, intrinsic map[string]string) (has []string, ok bool) {
	words := strings.Fields(effect)
	if len(words) != 2 && (len(words) != 4 || words[2] != "or") || words[0] != "add" {
		return nil, false
	}
	for i := 1; i < len(words); i += 2 {
		t, ok := intrinsic[strings.ToUpper(words[i])]
		if !ok {
			return nil, false
		}
		if says := fmt.Sprintf("%q as %s %s", "{T}: add "+strings.ToUpper(words[i]), article(t), t); !slices.Contains(has, says) {
			has = append(has, says)
		}
	}
	return has, true
}

// article is the indefinite article of a basic land type: "an Island",
// "a Forest".
func article(landType string) string {
	if strings.HasPrefix(landType, "I") {
		return "an"
	}
	return "a"
}
