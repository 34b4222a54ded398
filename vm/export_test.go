package vm

// State returns the machine's stack pointer and nesting depth, so tests can
// check that every run, failed or not, leaves the machine as it found it.
func (m *Machine) State() (sp, depth int) { return m.sp, m.depth }
