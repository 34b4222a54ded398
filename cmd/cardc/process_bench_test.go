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
func BenchmarkProcess(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "cardc")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	card, err := filepath.Abs("../../cards/lone_missionary.card")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"version", []string{"version"}},
		{"lint-small-card", []string{"lint", card}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(bin, bc.args...)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("cardc %v: %v\n%s", bc.args, err, out)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}
