// Package bound holds the one number every part of cardc agrees on: the
// largest quantity of the game. It is a leaf package so that the front end
// (parser, vocab, the card library) and the machine (vm) name the same
// constant without the front end linking the machine.
package bound

// MaxNumber is where every quantity of the game stops (2^40: life,
// counters, damage, power and toughness, X), the largest number a card may
// write, the largest magnitude of a constant expression the compiler
// accepts, and where the VM's arithmetic saturates. vm.MaxNumber,
// core.MaxQuantity, parser.MaxNumber and vocab.MaxConstant are this
// constant under the names their clients use.
const MaxNumber = 1 << 40
