package vm

// State returns the machine's stack pointer and nesting depth, so tests can
// check that every run, failed or not, leaves the machine as it found it.
func (m *Machine) State() (sp, depth int) { return m.sp, m.depth }

// LinkUnfused links p as Link does, but the machine then runs its code as
// written, without superinstructions: what the code with them must behave
// exactly like.
func LinkUnfused(p *Program, l Linker) (*Linked, error) {
	linked, err := Link(p, l)
	if err != nil {
		return nil, err
	}
	for i := range linked.funcs {
		linked.funcs[i].code = ops(linked.funcs[i].f.Code, p.Symbols, linked.ids, false)
	}
	return linked, nil
}

// Steps returns what is left of the machine's budget of steps.
func (m *Machine) Steps() int { return m.steps }

// Superinstructions counts the superinstructions of the code the machine
// runs for l.
func (l *Linked) Superinstructions() int {
	n := 0
	for _, f := range l.funcs {
		for _, in := range f.code {
			if in.code >= opFieldEqLocalJumpF {
				n++
			}
		}
	}
	return n
}

// SuperinstructionNames counts, by name, the superinstructions of the
// code the machine runs for l.
func (l *Linked) SuperinstructionNames() map[string]int {
	n := map[string]int{}
	for _, f := range l.funcs {
		for _, in := range f.code {
			if in.code >= opFieldEqLocalJumpF {
				n[in.code.String()]++
			}
		}
	}
	return n
}

// SuperinstructionKinds is the number of kinds of superinstructions.
const SuperinstructionKinds = int(opLastFused - opFieldEqLocalJumpF)

// FusedPatterns lists the sequences of opcodes the superinstructions
// stand for.
func FusedPatterns() [][]Opcode {
	var out [][]Opcode
	for _, fi := range fusedInfo {
		out = append(out, fi.pattern)
	}
	return out
}
