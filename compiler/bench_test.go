package compiler_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardc/cardc/compiler"
	"github.com/cardc/cardc/dsl"
	"github.com/cardc/cardc/parser"
)

// The benchmarks of this file show that lint (parse and compile) and fmt
// take time linear in the length of an expression and in the nesting
// depth (issue 8): ns/op grows as the size does, as
//
//	go test ./compiler -run XXX -bench 'Lint|Format' -benchmem
//
// prints. 8,000 terms once took two minutes; 10,000 nested ifs 30 s and
// 2 GB to format.

// nested is a card with depth nested `if true {` blocks.
func nested(depth int) []byte {
	var b strings.Builder
	b.WriteString("card \"Deep\" {\n    cost {G}\n    type Instant\n    oracle \"\"\n    spell {\n")
	b.WriteString(strings.Repeat("if true {\n", depth))
	b.WriteString("gain 1 life\n")
	b.WriteString(strings.Repeat("}\n", depth))
	b.WriteString("    }\n}\n")
	return []byte(b.String())
}

// sum is a card whose spell gains 1 + 1 + ... (terms times) life, op
// being + or *; with cond, the sum is the condition of an if.
func sum(terms int, op string, cond bool) []byte {
	expr := strings.TrimSuffix(strings.Repeat("1 "+op+" ", terms), " "+op+" ")
	body := "gain " + expr + " life"
	if cond {
		body = "if " + expr + " > 0 {\n            gain 1 life\n        }"
	}
	return []byte("card \"Sum\" {\n    cost {G}\n    type Instant\n    oracle \"\"\n    spell {\n        " + body + "\n    }\n}\n")
}

func lint(b *testing.B, src []byte, wantErrors bool) {
	b.Helper()
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		f, diags := parser.Parse("bench.card", src)
		_, cdiags := compiler.Compile([]*dsl.File{f})
		if got := diags.HasErrors() || cdiags.HasErrors(); got != wantErrors {
			b.Fatalf("errors: %v, want %v: %v %v", got, wantErrors, diags, cdiags)
		}
	}
}

// BenchmarkLintNesting lints cards nested 10 to 100 levels deep (the
// limit), and 1,000 to 10,000 levels, which are one error each.
func BenchmarkLintNesting(b *testing.B) {
	for _, depth := range []int{10, 25, 50, 100, 1000, 10000} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			lint(b, nested(depth), depth > parser.MaxNesting-2)
		})
	}
}

// BenchmarkFormatNesting formats cards nested 10 to 98 levels deep (the
// blocks of the spell and the card make 100), and rejects 1,000 to
// 10,000 levels.
func BenchmarkFormatNesting(b *testing.B) {
	for _, depth := range []int{10, 25, 50, 98, 1000, 10000} {
		src := nested(depth)
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				out, diags := parser.Format("bench.card", src)
				if (out == nil) != (depth > parser.MaxNesting-2) {
					b.Fatalf("depth %d: %v", depth, diags)
				}
			}
		})
	}
}

// BenchmarkLintSum lints `+` and `*` chains of 1,000 to 8,000 terms, as
// an amount and as the condition of an if.
func BenchmarkLintSum(b *testing.B) {
	for _, op := range []string{"+", "*"} {
		for _, cond := range []bool{false, true} {
			for _, terms := range []int{1000, 2000, 4000, 8000} {
				b.Run(fmt.Sprintf("op=%s/if=%v/terms=%d", op, cond, terms), func(b *testing.B) {
					lint(b, sum(terms, op, cond), false)
				})
			}
		}
	}
}

// BenchmarkFormatSum formats `+` chains of 1,000 to 8,000 terms.
func BenchmarkFormatSum(b *testing.B) {
	for _, terms := range []int{1000, 2000, 4000, 8000} {
		src := sum(terms, "+", false)
		b.Run(fmt.Sprintf("terms=%d", terms), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				if out, diags := parser.Format("bench.card", src); out == nil {
					b.Fatal(diags)
				}
			}
		})
	}
}
