package main

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkProcess measures whole runs of the cardc command, each a
// process of its own, as a user starts it: `cardc version`, and `cardc
// lint` of one small card. It builds cardc first. Besides the wall time
// (ns/op, which counts starting the process), it reports the process
// time, user and system, in cpu-ms/op: what the start-up goal of issue 9
// (under 5 ms for the lint of a small card) is about.
//
// lint-small-card-parsing-stdlib is the same lint by a cardc built with
// the tag cardc_parse_stdlib, which parses stdlib/ at start-up instead of
// building the vocabulary from vocab/standard_gen.go: what that generated
// file saves every run (issue 19 asked whether it still earns its keep).
func BenchmarkProcess(b *testing.B) {
	dir := b.TempDir()
	build := func(name string, tags ...string) string {
		bin := filepath.Join(dir, name)
		args := append([]string{"build", "-o", bin}, tags...)
		if out, err := exec.Command("go", append(args, ".")...).CombinedOutput(); err != nil {
			b.Fatalf("go build: %v\n%s", err, out)
		}
		return bin
	}
	bin, parsing := build("cardc"), build("cardc-parsing-stdlib", "-tags", "cardc_parse_stdlib")
	card, err := filepath.Abs("../../cards/lone_missionary.card")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		bin  string
		args []string
	}{
		{"version", bin, []string{"version"}},
		{"lint-small-card", bin, []string{"lint", card}},
		{"lint-small-card-parsing-stdlib", parsing, []string{"lint", card}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(bc.bin, bc.args...)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("cardc %v: %v\n%s", bc.args, err, out)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}
