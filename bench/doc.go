// Package bench measures the cardc VM against its peers, side by side: the
// same card logic — Protean Hydra's replacement effect ("replace damage to
// this": prevent it and remove that many +1/+1 counters) and Engulfing
// Slagwurm's trigger ("whenever this blocks or becomes blocked by a
// creature": destroy it, gain life equal to its toughness) — run by
//
//   - cardc: the cards compiled from cards/ by the cardc compiler, run by
//     the vm package;
//   - go: plain Go, written by hand, calling the same host through the
//     same vm.Host interface;
//   - gopher-lua, starlark and expr: the same logic as a script of each
//     language, whose host functions call that same vm.Host.
//
// Every engine runs against one host, World: a board of a few objects
// with the fields of the event being matched and the functions the two
// cards call. BenchmarkPeers has one sub-benchmark per engine; one
// operation is one damage event matched and replaced by the Hydra and one
// block event matched by the Slagwurm, whose trigger then resolves.
// TestEnginesAgree proves that every engine does the same thing to the
// world.
//
// bench is a module of its own (bench/go.mod), so that the main module
// does not depend on the peers: `go test ./...` at the root of the
// repository does not descend into it. Run `./run` here for the table.
package bench
