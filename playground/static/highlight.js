// Highlighting of card files with the TextMate grammar of the VS Code
// extension (editors/vscode/syntaxes/card.tmLanguage.json), which the
// server serves as /grammar.json: one grammar for both.
//
// It reads the part of the TextMate format that grammar uses: patterns
// that `match` (with `captures`), patterns that `begin` and `end` (a
// string, a raw string that spans lines), `include` of the repository,
// and scope names, which become CSS classes: "keyword.other.item.card"
// gives class "t-keyword". The expressions are Oniguruma's; those of the
// grammar are also JavaScript's (a pattern JavaScript cannot compile is
// left out, and the text it would match stays plain).
"use strict";

(function (global) {
  function escapeHTML(s) {
    return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  function scopeClass(scope) {
    if (!scope) return "";
    const parts = scope.split(".");
    return "t-" + parts[0] + (parts.length > 2 ? " t-" + parts[0] + "-" + parts[1] : "");
  }

  function compile(src) {
    try {
      return new RegExp(src, "dg");
    } catch (e) {
      console.warn("cardc playground: a pattern of the grammar is not JavaScript, left out:", src, e);
      return null;
    }
  }

  // Grammar compiles a TextMate grammar (an object parsed from its JSON).
  function Grammar(json) {
    this.repo = json.repository || {};
    this.cache = new Map();
    this.top = this.rules(json.patterns || [], new Set());
  }

  // rules resolves a list of patterns (includes followed) into rules.
  Grammar.prototype.rules = function (patterns, seen) {
    const out = [];
    for (const p of patterns) {
      if (p.include) {
        const key = p.include.replace(/^#/, "");
        const r = this.repo[key];
        if (!r || seen.has(key)) continue;
        const inner = new Set(seen);
        inner.add(key);
        if (r.patterns && !r.match && !r.begin) out.push(...this.rules(r.patterns, inner));
        else out.push(...this.rules([r], inner));
        continue;
      }
      let rule = this.cache.get(p);
      if (!rule) {
        rule = { name: p.name, captures: p.captures || {} };
        if (p.match) {
          rule.match = compile(p.match);
          if (!rule.match) continue;
        } else if (p.begin) {
          rule.begin = compile(p.begin);
          rule.end = compile(p.end || "$");
          if (!rule.begin || !rule.end) continue;
          rule.beginCaptures = p.beginCaptures || p.captures || {};
          rule.endCaptures = p.endCaptures || p.captures || {};
          rule.contentName = p.contentName;
          this.cache.set(p, rule);
          rule.patterns = this.rules(p.patterns || [], seen);
        } else {
          continue;
        }
        this.cache.set(p, rule);
      }
      out.push(rule);
    }
    return out;
  };

  function exec(re, line, pos) {
    re.lastIndex = pos;
    const m = re.exec(line);
    return m;
  }

  // emit renders a match with its captures as nested spans.
  function emitMatch(out, m, name, captures) {
    const start = m.index;
    const end = m.index + m[0].length;
    let html = "";
    let at = start;
    const groups = [];
    for (const k of Object.keys(captures)) {
      const i = Number(k);
      if (i > 0 && m.indices && m.indices[i] && captures[k].name) groups.push([m.indices[i][0], m.indices[i][1], captures[k].name]);
    }
    groups.sort((a, b) => a[0] - b[0]);
    for (const [s, e, n] of groups) {
      if (s < at) continue;
      html += escapeHTML(m.input.slice(at, s));
      html += '<span class="' + scopeClass(n) + '">' + escapeHTML(m.input.slice(s, e)) + "</span>";
      at = e;
    }
    html += escapeHTML(m.input.slice(at, end));
    out.push(name ? '<span class="' + scopeClass(name) + '">' + html + "</span>" : html);
  }

  // tokenizeLine renders one line, starting inside the open begin/end
  // rules of stack (the innermost last); it returns the HTML, and leaves
  // in stack the rules still open at the end of the line.
  Grammar.prototype.tokenizeLine = function (line, stack) {
    const out = [];
    let pos = 0;
    // Reopen the spans of the rules open from the lines before.
    for (const r of stack) out.push('<span class="' + scopeClass(r.name) + '">');
    let guard = 0;
    while (pos <= line.length && guard++ < 10000) {
      const open = stack.length ? stack[stack.length - 1] : null;
      const rules = open ? open.patterns : this.top;
      let best = null;
      let bestRule = null;
      let isEnd = false;
      if (open) {
        const m = exec(open.end, line, pos);
        if (m) {
          best = m;
          isEnd = true;
        }
      }
      for (const r of rules) {
        const m = exec(r.match || r.begin, line, pos);
        if (m && (!best || m.index < best.index)) {
          best = m;
          bestRule = r;
          isEnd = false;
        }
      }
      if (!best) break;
      out.push(escapeHTML(line.slice(pos, best.index)));
      if (isEnd) {
        emitMatch(out, best, null, open.endCaptures);
        out.push("</span>");
        stack.pop();
      } else if (bestRule.match) {
        emitMatch(out, best, bestRule.name, bestRule.captures);
      } else {
        out.push('<span class="' + scopeClass(bestRule.name) + '">');
        emitMatch(out, best, null, bestRule.beginCaptures);
        stack.push(bestRule);
      }
      const next = best.index + best[0].length;
      if (next === pos) {
        // An empty match (`$`): step over one character, or end.
        if (isEnd) {
          pos = next;
          continue;
        }
        if (pos < line.length) out.push(escapeHTML(line[pos]));
        pos++;
        continue;
      }
      pos = next;
      if (pos >= line.length && !stack.length) break;
    }
    if (pos < line.length) out.push(escapeHTML(line.slice(pos)));
    for (let i = 0; i < stack.length; i++) out.push("</span>");
    return out.join("");
  };

  // highlight renders a text as HTML, a span of class "line" per line;
  // marks maps a line number (from 1) to the class added to its span
  // ("error", "warning").
  Grammar.prototype.highlight = function (text, marks) {
    const lines = text.split("\n");
    const stack = [];
    const out = [];
    for (let i = 0; i < lines.length; i++) {
      const mark = marks && marks.get(i + 1);
      out.push('<span class="line' + (mark ? " " + mark : "") + '">' + this.tokenizeLine(lines[i], stack) + "</span>\n");
    }
    return out.join("");
  };

  global.CardHighlight = { Grammar: Grammar, escapeHTML: escapeHTML };
})(window);
