package core

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// randomBlockProblem is a board of up to four attackers and four potential
// blockers, with every kind of requirement and restriction the vocabulary
// has: lures on attackers, "blocks each combat if able", blockers of any
// number of creatures, "can't block alone", creatures that can block
// nothing, blockers of an additional creature, attackers that can't be
// blocked by more than one creature or except by two or more (or both),
// and any set of blocks the other restrictions allow.
func randomBlockProblem(r *rand.Rand) *blockProblem {
	p := &blockProblem{}
	na, nb := r.IntN(5), r.IntN(5)
	for i := range na {
		p.attackers = append(p.attackers, ObjectID(100+i))
		p.lures = append(p.lures, r.IntN(3))
		p.limits = append(p.limits, blockLimit(max(r.IntN(7)-3, 0)))
	}
	for i := range nb {
		b := blockerCandidate{id: ObjectID(1 + i), any: r.IntN(3) == 0, extra: max(r.IntN(4)-1, 0), reqs: r.IntN(3), alone: r.IntN(3) == 0}
		if r.IntN(5) == 0 {
			b.why = ruleErrorf("509.1a", "tapped")
		} else {
			for a := range na {
				if r.IntN(4) != 0 {
					b.can = append(b.can, a)
				}
			}
		}
		p.blockers = append(p.blockers, b)
	}
	return p
}

// bruteBlocks enumerates every declaration of blockers the restrictions
// allow (CR 509.1a-b) — each blocker blocking nothing, one attacker it can
// block, or, if it can block more, any set of them up to its capacity;
// the limits on each attacker's blockers and "can't block alone" obeyed — and calls visit with each, and the requirements it
// obeys (509.1c).
func bruteBlocks(p *blockProblem, visit func(decl [][2]int, obeyed int)) {
	options := make([][][]int, len(p.blockers))
	for bi, b := range p.blockers {
		options[bi] = [][]int{nil}
		if b.why != nil {
			continue
		}
		for mask := 1; mask < 1<<len(b.can); mask++ {
			var set []int
			for j, a := range b.can {
				if mask&(1<<j) != 0 {
					set = append(set, a)
				}
			}
			if c := b.capacity(); c < 0 || len(set) <= c {
				options[bi] = append(options[bi], set)
			}
		}
	}
	choice := make([]int, len(p.blockers))
	for {
		var decl [][2]int
		var blockers []int
		obeyed := 0
		count := make([]int, len(p.attackers))
		for bi, c := range choice {
			set := options[bi][c]
			if len(set) > 0 {
				blockers = append(blockers, bi)
			}
			for _, a := range set {
				decl = append(decl, [2]int{bi, a})
				count[a]++
			}
			obeyed += p.gain(&p.blockers[bi], set)
		}
		counted := true
		for a, n := range count {
			counted = counted && p.limits[a].allows(n)
		}
		if counted && !(len(blockers) == 1 && p.blockers[blockers[0]].alone) {
			visit(decl, obeyed)
		}
		i := 0
		for ; i < len(choice); i++ {
			if choice[i]++; choice[i] < len(options[i]) {
				break
			}
			choice[i] = 0
		}
		if i == len(choice) {
			return
		}
	}
}

// TestBlockRequirementsAgainstBruteForce holds the maximum of CR 509.1c
// that maxBlockValue computes without enumerating declarations to the
// enumeration of every declaration the restrictions allow, on thousands of
// small random boards: the maximum, the default declaration (legal, and
// obeying as many requirements as any), and which blocks every legal
// declaration makes (MustBlock).
func TestBlockRequirementsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 1))
	for n := range 3000 {
		p := randomBlockProblem(r)
		best := -1
		var optimal [][][2]int
		bruteBlocks(p, func(decl [][2]int, obeyed int) {
			switch {
			case obeyed > best:
				best, optimal = obeyed, [][][2]int{slices.Clone(decl)}
			case obeyed == best:
				optimal = append(optimal, slices.Clone(decl))
			}
		})
		name := fmt.Sprintf("board %d: %+v", n, *p)
		require.Equal(t, best, p.maxBlockValue(-1, nil), name)

		// The default declaration is one of the optimal ones.
		req := p.required()
		require.True(t, slices.ContainsFunc(optimal, func(d [][2]int) bool { return sameDecl(d, req) }),
			"%s: the default declaration %v is not among the optimal %v", name, req, optimal)

		// A block is required when every optimal declaration makes it.
		for bi := range p.blockers {
			inAll := func(has func(d [][2]int) bool) bool {
				for _, d := range optimal {
					if !has(d) {
						return false
					}
				}
				return true
			}
			blocks := inAll(func(d [][2]int) bool { return slices.ContainsFunc(d, func(c [2]int) bool { return c[0] == bi }) })
			require.Equal(t, blocks, p.maxBlockValue(bi, nil) < best, "%s: blocker %d must block", name, bi)
			for ai := range p.attackers {
				pair := [2]int{bi, ai}
				require.Equal(t, inAll(func(d [][2]int) bool { return slices.Contains(d, pair) }),
					p.maxBlockValue(-1, &pair) < best, "%s: blocker %d must block attacker %d", name, bi, ai)
			}
		}
	}
}

// sameDecl reports whether two declarations make the same blocks.
func sameDecl(a, b [][2]int) bool {
	if len(a) != len(b) {
		return false
	}
	for _, c := range a {
		if !slices.Contains(b, c) {
			return false
		}
	}
	return true
}

// TestAttackRequirementsAgainstBruteForce holds the maximum of CR 508.1d
// to the enumeration of every set of attackers the restrictions allow
// (CR 508.1a, 508.1c; "can't attack alone" among them), on random boards
// of up to six creatures: the maximum, the default declaration, and the
// creatures every legal declaration has attack (MustAttack).
func TestAttackRequirementsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 2))
	for n := range 3000 {
		var cands []attackCandidate
		for i := range r.IntN(7) {
			c := attackCandidate{id: ObjectID(1 + i), reqs: r.IntN(3), alone: r.IntN(3) == 0}
			if r.IntN(4) == 0 {
				c.why = ruleErrorf("508.1a", "tapped")
			}
			cands = append(cands, c)
		}
		best := -1
		var optimal [][]ObjectID
		for mask := 0; mask < 1<<len(cands); mask++ {
			var set []ObjectID
			obeyed, legal, alone := 0, true, false
			for i, c := range cands {
				if mask&(1<<i) == 0 {
					continue
				}
				set = append(set, c.id)
				obeyed += c.reqs
				legal = legal && c.why == nil
				alone = alone || c.alone
			}
			if !legal || alone && len(set) == 1 {
				continue
			}
			switch {
			case obeyed > best:
				best, optimal = obeyed, [][]ObjectID{set}
			case obeyed == best:
				optimal = append(optimal, set)
			}
		}
		name := fmt.Sprintf("board %d: %+v", n, cands)
		require.Equal(t, best, maxAttackRequirements(cands, 0), name)
		req := requiredAttackersOf(cands)
		require.True(t, slices.ContainsFunc(optimal, func(s []ObjectID) bool {
			return len(s) == len(req) && !slices.ContainsFunc(req, func(id ObjectID) bool { return !slices.Contains(s, id) })
		}), "%s: the default declaration %v is not among the optimal %v", name, req, optimal)
		for _, c := range cands {
			all := true
			for _, s := range optimal {
				all = all && slices.Contains(s, c.id)
			}
			require.Equal(t, all, maxAttackRequirements(cands, c.id) < best, "%s: creature %d must attack", name, c.id)
		}
	}
}

// TestLimitedBlockersOnLargeBoards holds the search of the maximum of
// CR 509.1c on boards where attackers limit their blockers to a few
// branches: hundreds of creatures able to block one lured attacker that
// only one may block, a creature that could only block a creature with
// menace alone beside hundreds that must block something else, and lured
// limited attackers with hundreds of blockers of two. Each is answered at
// once; an enumeration would never end.
func TestLimitedBlockersOnLargeBoards(t *testing.T) {
	const n = 300
	all := func(na int) []int {
		var can []int
		for a := range na {
			can = append(can, a)
		}
		return can
	}
	// One lured attacker that can't be blocked by more than one creature.
	rhino := &blockProblem{attackers: []ObjectID{100}, lures: []int{1}, limits: []blockLimit{limitAtMostOne}}
	for i := range n {
		rhino.blockers = append(rhino.blockers, blockerCandidate{id: ObjectID(1 + i), can: []int{0}})
	}
	// A lured attacker with menace only the first creature can block, and
	// an unlured one that each creature, which blocks each combat if able,
	// can block.
	brute := &blockProblem{attackers: []ObjectID{100, 101}, lures: []int{1, 0}, limits: []blockLimit{limitTwoOrMore, limitNone}}
	brute.blockers = append(brute.blockers, blockerCandidate{id: 1, reqs: 1, can: []int{0}})
	for i := 1; i < n; i++ {
		brute.blockers = append(brute.blockers, blockerCandidate{id: ObjectID(1 + i), reqs: 1, can: []int{1}})
	}
	// Four lured attackers, two with menace, two blocked by one creature
	// at most, and blockers of two that can block each.
	mix := &blockProblem{}
	for a := range 4 {
		mix.attackers = append(mix.attackers, ObjectID(100+a))
		mix.lures = append(mix.lures, 1)
		mix.limits = append(mix.limits, blockLimit(1+a%2))
	}
	for i := range n {
		mix.blockers = append(mix.blockers, blockerCandidate{id: ObjectID(1 + i), extra: 1, can: all(4)})
	}
	for _, c := range []struct {
		name string
		p    *blockProblem
		want int
	}{
		{"one lured attacker that only one creature may block", rhino, 1},
		{"a lone creature able to block a lured creature with menace", brute, n - 1},
		// Each attacker blocked by one at most gets one blocker, each
		// with menace the others: every creature blocks two attackers.
		{"lured limited attackers and blockers of two", mix, 2 * n},
	} {
		done := make(chan int, 1)
		go func() { done <- c.p.maxBlockValue(-1, nil) }()
		select {
		case got := <-done:
			require.Equal(t, c.want, got, c.name)
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the search of the maximum takes more than 10 s", c.name)
		}
	}
}
