package main

import (
	"fmt"
	"strings"
)

// maxDiffCells bounds the table of the line diff; beyond it, the diff is
// one hunk replacing the whole file.
const maxDiffCells = 4 << 20

// unifiedDiff renders the changes from a to b as a unified diff with three
// lines of context.
func unifiedDiff(name string, a, b []byte) string {
	x, y := splitLines(string(a)), splitLines(string(b))
	// A last line without its newline differs from the same line with one.
	const noNewline = "\n\\ No newline at end of file"
	if len(x) > 0 && !strings.HasSuffix(string(a), "\n") {
		x[len(x)-1] += noNewline
	}
	if len(y) > 0 && !strings.HasSuffix(string(b), "\n") {
		y[len(y)-1] += noNewline
	}
	ops := diffLines(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s (formatted)\n", name, name)
	const context = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run-end > 2*context || run == len(ops) {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		ax, bx := ops[start].ai, ops[start].bi
		na, nb := 0, 0
		for _, op := range ops[start:end] {
			if op.kind != '+' {
				na++
			}
			if op.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", ax+1, na, bx+1, nb)
		for _, op := range ops[start:end] {
			out.WriteByte(op.kind)
			out.WriteString(op.line)
			out.WriteByte('\n')
		}
		i = end
	}
	return out.String()
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// diffOp is a line kept (' '), removed ('-') or added ('+'), with the
// index of the line in each side where it stands.
type diffOp struct {
	kind   byte
	line   string
	ai, bi int
}

// diffLines computes a shortest line diff by longest common subsequence.
func diffLines(x, y []string) []diffOp {
	n, m := len(x), len(y)
	if (n+1)*(m+1) > maxDiffCells {
		var ops []diffOp
		for i, l := range x {
			ops = append(ops, diffOp{'-', l, i, 0})
		}
		for j, l := range y {
			ops = append(ops, diffOp{'+', l, n, j})
		}
		return ops
	}
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []diffOp
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && x[i] == y[j]:
			ops = append(ops, diffOp{' ', x[i], i, j})
			i++
			j++
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, diffOp{'-', x[i], i, j})
			i++
		default:
			ops = append(ops, diffOp{'+', y[j], i, j})
			j++
		}
	}
	return ops
}
