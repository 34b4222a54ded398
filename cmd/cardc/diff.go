package main

import (
	"fmt"
	"strings"
)

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
		// An empty range starts at the line before it, as diff -u says.
		if na > 0 {
			ax++
		}
		if nb > 0 {
			bx++
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", ax, na, bx, nb)
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

// maxSnakeCost bounds the edit distance one search for a middle snake
// explores (the D of Myers's algorithm). Beyond it, the search splits the
// problem where its furthest path has reached: the diff stays valid and
// nearly minimal, and a file rewritten from end to end costs
// O((N+M)·maxSnakeCost) instead of O((N+M)²).
const maxSnakeCost = 1024

// diffLines computes a shortest line diff, by Myers's O(ND) algorithm in
// its linear-space form (E. Myers, "An O(ND) Difference Algorithm and Its
// Variations", 1986, section 4b): find the middle snake of an optimal
// path, then diff the parts before and after it, after stripping the lines
// common to both ends.
func diffLines(x, y []string) []diffOp {
	// Lines become numbers, so that comparing two is one instruction.
	ids := map[string]int{}
	id := func(lines []string) []int {
		out := make([]int, len(lines))
		for i, l := range lines {
			n, ok := ids[l]
			if !ok {
				n = len(ids)
				ids[l] = n
			}
			out[i] = n
		}
		return out
	}
	d := &differ{x: x, y: y, a: id(x), b: id(y)}
	d.diff(0, len(x), 0, len(y))
	return d.ops
}

// differ builds the edit script of lines x (numbered a) into y (b).
type differ struct {
	x, y []string
	a, b []int
	ops  []diffOp
}

// diff appends the edit script of a[a0:a1] into b[b0:b1].
func (d *differ) diff(a0, a1, b0, b1 int) {
	for a0 < a1 && b0 < b1 && d.a[a0] == d.b[b0] { // common prefix
		d.ops = append(d.ops, diffOp{' ', d.x[a0], a0, b0})
		a0++
		b0++
	}
	n := 0 // common suffix, kept for after the middle
	for a0 < a1-n && b0 < b1-n && d.a[a1-n-1] == d.b[b1-n-1] {
		n++
	}
	a1, b1 = a1-n, b1-n
	switch {
	case a0 == a1:
		for j := b0; j < b1; j++ {
			d.ops = append(d.ops, diffOp{'+', d.y[j], a0, j})
		}
	case b0 == b1:
		for i := a0; i < a1; i++ {
			d.ops = append(d.ops, diffOp{'-', d.x[i], i, b0})
		}
	default:
		if x, y, ok := d.bisect(a0, a1, b0, b1); ok {
			d.diff(a0, x, b0, y)
			d.diff(x, a1, y, b1)
		} else {
			for i := a0; i < a1; i++ {
				d.ops = append(d.ops, diffOp{'-', d.x[i], i, b0})
			}
			for j := b0; j < b1; j++ {
				d.ops = append(d.ops, diffOp{'+', d.y[j], a1, j})
			}
		}
	}
	for i := range n {
		d.ops = append(d.ops, diffOp{' ', d.x[a1+i], a1 + i, b1 + i})
	}
}

// bisect finds where to split a[a0:a1] and b[b0:b1], both not empty and
// differing at both ends: the point (x, y) where a forward and a reverse
// furthest-reaching path of an optimal edit script meet, or, when that
// costs more than maxSnakeCost, where the furthest forward path has got
// to. ok is false when the two have nothing in common.
func (d *differ) bisect(a0, a1, b0, b1 int) (x, y int, ok bool) {
	a, b := d.a[a0:a1], d.b[b0:b1]
	n, m := len(a), len(b)
	maxD := (n + m + 1) / 2
	capped := maxD > maxSnakeCost
	if capped {
		maxD = maxSnakeCost
	}
	off := maxD + 1
	size := 2*maxD + 3
	// v1[off+k] is how far (in a) the furthest forward path on diagonal
	// k = x-y has reached; v2 likewise for the reverse paths, from the end.
	v1, v2 := make([]int, size), make([]int, size)
	for i := range v1 {
		v1[i], v2[i] = -1, -1
	}
	v1[off+1], v2[off+1] = 0, 0
	delta := n - m
	front := delta%2 != 0 // which direction checks for the overlap
	var k1start, k1end, k2start, k2end int
	bestX, bestY := 0, 0
	for D := 0; D < maxD; D++ {
		for k1 := -D + k1start; k1 <= D-k1end; k1 += 2 {
			i := off + k1
			var x1 int
			if k1 == -D || (k1 != D && v1[i-1] < v1[i+1]) {
				x1 = v1[i+1]
			} else {
				x1 = v1[i-1] + 1
			}
			y1 := x1 - k1
			for x1 < n && y1 < m && a[x1] == b[y1] {
				x1++
				y1++
			}
			v1[i] = x1
			switch {
			case x1 > n:
				k1end += 2 // off the right edge
			case y1 > m:
				k1start += 2 // off the bottom
			default:
				if x1+y1 > bestX+bestY {
					bestX, bestY = x1, y1
				}
				if front {
					j := off + delta - k1
					if j >= 0 && j < size && v2[j] != -1 && x1 >= n-v2[j] {
						return a0 + x1, b0 + y1, true
					}
				}
			}
		}
		for k2 := -D + k2start; k2 <= D-k2end; k2 += 2 {
			i := off + k2
			var x2 int
			if k2 == -D || (k2 != D && v2[i-1] < v2[i+1]) {
				x2 = v2[i+1]
			} else {
				x2 = v2[i-1] + 1
			}
			y2 := x2 - k2
			for x2 < n && y2 < m && a[n-x2-1] == b[m-y2-1] {
				x2++
				y2++
			}
			v2[i] = x2
			switch {
			case x2 > n:
				k2end += 2
			case y2 > m:
				k2start += 2
			default:
				if !front {
					j := off + delta - k2
					if j >= 0 && j < size && v1[j] != -1 {
						x1 := v1[j]
						y1 := x1 - (j - off)
						if x1 >= n-x2 {
							return a0 + x1, b0 + y1, true
						}
					}
				}
			}
		}
	}
	if capped && bestX+bestY > 0 && bestX+bestY < n+m {
		return a0 + bestX, b0 + bestY, true
	}
	return 0, 0, false
}
