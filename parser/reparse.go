package parser

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/cardc/cardc/dsl"
)

// A syntax error in the first tokens of a statement is reported by the
// whole declaration's parser where the statement starts, with what the
// enclosing block expected there ("expected }"): the parser backtracks over
// a few tokens to tell the statements apart, and loses the deeper error. So
// the statement that holds an error is parsed again on its own, with the
// parser of its kind (a card line, a statement of a body, a test action...),
// and its own error is reported when it points further in.

// blockKind is what the statements of a block are.
type blockKind int

const (
	blockNone blockKind = iota
	blockCard
	blockStmts
	blockTest
	blockGiven
	blockWhen
	blockThen
	blockVocab
)

// The roots of the statement parsers.
type (
	cardItemRoot struct {
		Item dsl.CardItem `parser:"@@ Sep*"`
	}
	stmtRoot struct {
		Stmt dsl.Stmt `parser:"@@ Sep*"`
	}
	sectionRoot struct {
		Section dsl.TestSection `parser:"@@ Sep*"`
	}
	givenRoot struct {
		Stmt dsl.GivenStmt `parser:"@@ Sep*"`
	}
	actionRoot struct {
		Action dsl.Action `parser:"@@ Sep*"`
	}
	assertionRoot struct {
		Assertion dsl.Assertion `parser:"@@ Sep*"`
	}
	eventItemRoot struct {
		Item dsl.EventItem `parser:"@@ Sep*"`
	}
)

// statementParsers parse one statement of each kind of block. They are
// built on the first syntax error, not at start-up: most runs need none.
var statementParsers = sync.OnceValue(func() map[blockKind]func(*lexer.PeekingLexer) error {
	return map[blockKind]func(*lexer.PeekingLexer) error{
		blockCard:  parseWith(participle.MustBuild[cardItemRoot](options()...)),
		blockStmts: parseWith(participle.MustBuild[stmtRoot](options()...)),
		blockTest:  parseWith(participle.MustBuild[sectionRoot](options()...)),
		blockGiven: parseWith(participle.MustBuild[givenRoot](options()...)),
		blockWhen:  parseWith(participle.MustBuild[actionRoot](options()...)),
		blockThen:  parseWith(participle.MustBuild[assertionRoot](options()...)),
		blockVocab: parseWith(participle.MustBuild[eventItemRoot](options()...)),
	}
})

func parseWith[G any](p *participle.Parser[G]) func(*lexer.PeekingLexer) error {
	return func(l *lexer.PeekingLexer) error {
		_, err := p.ParseFromLexer(l)
		return err
	}
}

// innerBlock is the kind of block a "{" opens, given the kind of block it
// is in and the first word of the line that opens it.
func innerBlock(outer blockKind, word string) blockKind {
	switch outer {
	case blockNone:
		switch word {
		case "card":
			return blockCard
		case "test":
			return blockTest
		}
		return blockVocab
	case blockCard, blockStmts:
		return blockStmts
	case blockTest:
		switch word {
		case "given":
			return blockGiven
		case "when":
			return blockWhen
		case "then":
			return blockThen
		}
	}
	return blockNone
}

// secondLook parses again, on its own, the statement of toks that holds a
// syntax error at pos, and returns its error if that error is further in
// (else nil), with the statement's first token.
func secondLook(toks []lexer.Token, pos lexer.Position) (participle.Error, lexer.Token) {
	type block struct {
		kind blockKind
		// opener is where the statement that opened the block starts.
		opener int
	}
	stack := []block{{kind: blockNone, opener: -1}}
	start := -1 // where the current statement starts
	at := len(toks)
	for i, t := range toks {
		if t.Pos.Offset >= pos.Offset {
			at = i
			break
		}
		if t.Type == tokComment || t.Type == tokWhitespace {
			continue
		}
		if t.Type == tokSep {
			start = -1
			continue
		}
		if start < 0 {
			start = i
		}
		if t.Type == tokOp && t.Value == "{" {
			stack = append(stack, block{kind: innerBlock(stack[len(stack)-1].kind, toks[start].Value), opener: start})
			start = -1
		} else if t.Type == tokOp && t.Value == "}" && len(stack) > 1 {
			// The statement that opened the block goes on: `} else {`.
			start = stack[len(stack)-1].opener
			stack = stack[:len(stack)-1]
		}
	}
	kind := stack[len(stack)-1].kind
	parse := statementParsers()[kind]
	if start < 0 {
		start = at
	}
	if parse == nil || start >= len(toks) {
		return nil, lexer.Token{}
	}
	end := statementEnd(toks, start)
	if end < len(toks) && toks[end].Type == tokSep {
		end++ // so that a missing word at the end reads "end of line"
	}
	peek, err := lexer.Upgrade(&replay{toks: toks[start:end], eof: endOf(toks[end-1])}, elided...)
	if err != nil {
		return nil, lexer.Token{}
	}
	perr, ok := parse(peek).(participle.Error)
	if !ok || perr.Position().Offset <= pos.Offset {
		return nil, lexer.Token{}
	}
	return perr, toks[start]
}

// statementEnd finds where the statement that starts at toks[start] ends:
// at the end of its line, outside of its braces, or where the block it is
// in closes.
func statementEnd(toks []lexer.Token, start int) int {
	depth := 0
	for i := start; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.Type == tokSep && depth == 0:
			return i
		case t.Type == tokOp && t.Value == "{":
			depth++
		case t.Type == tokOp && t.Value == "}":
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return len(toks)
}

// endOf is the position just after a token.
func endOf(t lexer.Token) lexer.Position { return advance(t.Pos, t.Value) }
