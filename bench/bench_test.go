package bench

import (
	"testing"

	"github.com/cardc/cardc/vm"
)

// TestEnginesAgree runs every engine on a fresh world and compares what
// each did to it with what the cards say.
func TestEnginesAgree(t *testing.T) {
	for _, eng := range Engines {
		t.Run(eng.Name, func(t *testing.T) {
			w := NewWorld()
			e, err := eng.New(w)
			if err != nil {
				t.Fatal(err)
			}
			before := w.Objects[Hydra].Counters

			// Damage to another object: the Hydra's effect does not apply.
			w.Damage(Bears, 2)
			if ok, err := e.Replace(Hydra, 0); err != nil || ok {
				t.Fatalf("damage to the Bears: Replace = %v, %v; want false", ok, err)
			}
			// A block the Slagwurm is not in, and one of a noncreature.
			w.Block(Bears, Hydra)
			if n, err := e.Trigger(Slagwurm, 0); err != nil || n != 0 {
				t.Fatalf("Bears blocking: Trigger = %d, %v; want 0", n, err)
			}
			w.Block(Wall, Slagwurm)
			if n, err := e.Trigger(Slagwurm, 0); err != nil || n != 0 {
				t.Fatalf("Wall blocking: Trigger = %d, %v; want 0", n, err)
			}
			if w.Objects[Wall].Destroyed || w.Prevented != 0 || w.Life != [2]vm.Value{20, 20} {
				t.Fatalf("nothing should have happened: %+v", w)
			}

			// Damage to the Hydra, prevented; counters removed.
			w.Damage(Hydra, 3)
			if ok, err := e.Replace(Hydra, 0); err != nil || !ok {
				t.Fatalf("damage to the Hydra: Replace = %v, %v; want true", ok, err)
			}
			if w.Prevented != 1 || w.Objects[Hydra].Counters != before-3 {
				t.Fatalf("after damage 3: prevented %d, counters %d", w.Prevented, before-w.Objects[Hydra].Counters)
			}
			// The Slagwurm blocked by the Bears, as attacker: it triggers
			// once, destroys them, and its controller gains 2 life.
			w.Block(Bears, Slagwurm)
			if n, err := e.Trigger(Slagwurm, 1); err != nil || n != 1 {
				t.Fatalf("blocked by the Bears: Trigger = %d, %v; want 1", n, err)
			}
			if !w.Objects[Bears].Destroyed || w.Life != [2]vm.Value{20, 22} {
				t.Fatalf("after the trigger: Bears destroyed %v, life %v", w.Objects[Bears].Destroyed, w.Life)
			}

			// The benchmark's step, twice.
			for range 2 {
				if err := Step(w, e); err != nil {
					t.Fatal(err)
				}
			}
			if w.Prevented != 3 || w.Objects[Hydra].Counters != before-5 || w.Life != [2]vm.Value{24, 22} {
				t.Fatalf("after two steps: prevented %d, counters removed %d, life %v",
					w.Prevented, before-w.Objects[Hydra].Counters, w.Life)
			}
		})
	}
}

// TestHostErrorsReachTheCaller checks that every engine reports the
// host's errors: a damage event's field read during a block.
func TestHostErrorsReachTheCaller(t *testing.T) {
	for _, eng := range Engines {
		t.Run(eng.Name, func(t *testing.T) {
			w := NewWorld()
			e, err := eng.New(w)
			if err != nil {
				t.Fatal(err)
			}
			w.Block(Slagwurm, Bears)
			if _, err := e.Replace(Hydra, 0); err == nil {
				t.Fatal("Replace against a block: no error")
			}
		})
	}
}

// BenchmarkPeers runs Step, a damage event replaced by Protean Hydra and
// a block that triggers Engulfing Slagwurm, with each engine.
func BenchmarkPeers(b *testing.B) {
	for _, eng := range Engines {
		b.Run(eng.Name, func(b *testing.B) {
			w := NewWorld()
			e, err := eng.New(w)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := Step(w, e); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
