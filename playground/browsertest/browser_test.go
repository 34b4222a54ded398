package browsertest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/playground"
)

var (
	update    = flag.Bool("update", false, "write ../../docs/playground.png, the README's screenshot")
	chromium  = flag.String("chromium", "/usr/bin/chromium", "the Chromium to drive")
	artifacts = flag.String("artifacts", filepath.Join(os.TempDir(), "cardc-playground-browsertest"), "the `directory` the board's screenshots are written to")
)

// The pages's browser: headless, on a profile of its own, and with no
// connection of its own to anything (this machine's network is closed:
// without these flags Chromium waits on connections).
func browserOptions(profile string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(*chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1400, 1000),
	)
}

// eval evaluates JavaScript in the tab, awaiting a promise it returns.
func eval[T any](t *testing.T, tab context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(tab, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	require.NoError(t, err, "%s", js)
	return v
}

// poll waits until a JavaScript expression is truthy, and returns it.
func poll[T any](t *testing.T, tab context.Context, js string, timeout time.Duration) T {
	t.Helper()
	v, err := chromedp.Run(tab, chromedp.Poll[T](js, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(50*time.Millisecond)))
	require.NoError(t, err, "waiting for %s", js)
	return v
}

func do(t *testing.T, tab context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	require.NoError(t, chromedp.Do(tab, actions...))
}

// setText puts text in an editor as a paste does (one input event).
func setText(t *testing.T, tab context.Context, id, text string) {
	t.Helper()
	js, err := json.Marshal(text)
	require.NoError(t, err)
	eval[bool](t, tab, fmt.Sprintf(`(() => { const a = document.getElementById(%q); a.value = %s;
		a.dispatchEvent(new InputEvent("input", {inputType: "insertFromPaste"})); return true })()`, id, js))
}

// linted waits until the diagnostics shown are those of the text the
// editors hold now.
func linted(t *testing.T, tab context.Context, timeout time.Duration) {
	t.Helper()
	poll[bool](t, tab, `document.body.dataset.linted === String(document.getElementById("card-src").value.length + document.getElementById("tests-src").value.length)`, timeout)
}

// lintedLength waits until the diagnostics shown are those of n
// characters of text.
func lintedLength(t *testing.T, tab context.Context, n int, timeout time.Duration) {
	t.Helper()
	poll[bool](t, tab, fmt.Sprintf(`document.body.dataset.linted === "%d"`, n), timeout)
}

// selectWord selects the first occurrence of a word after a prefix in the
// card editor, so that the keys typed next replace it.
func selectWord(t *testing.T, tab context.Context, prefix, word string) {
	t.Helper()
	eval[bool](t, tab, fmt.Sprintf(`(() => { const a = document.getElementById("card-src"); const i = a.value.indexOf(%q) + %d;
		a.focus(); a.setSelectionRange(i, i + %d); return true })()`, prefix+word, len(prefix), len(word)))
}

// clickAnswers clicks a tab and reports how long the page took to run the
// click's handler, as seen from here: a page whose main thread is busy
// answers late.
func clickAnswers(t *testing.T, tab context.Context, name string) time.Duration {
	t.Helper()
	start := time.Now()
	selected := eval[string](t, tab, fmt.Sprintf(`(() => { document.getElementById("tab-%s").click();
		return document.getElementById("tab-%s").getAttribute("aria-selected") })()`, name, name))
	assert.Equal(t, "true", selected)
	return time.Since(start)
}

// boardPermanent is a permanent as the page draws it.
type boardPermanent struct {
	Name    string `json:"name"`
	Tapped  string `json:"tapped"`
	PT      string `json:"pt"`
	Rotated bool   `json:"rotated"`
}

// boardPlayer is a player's row of the board as the page draws it.
type boardPlayer struct {
	Player     string           `json:"player"`
	Life       string           `json:"life"`
	Permanents []boardPermanent `json:"permanents"`
}

const readBoard = `[...document.querySelectorAll(".test .board .player")].map(p => ({
	player: p.dataset.player,
	life: p.querySelector(".life").textContent,
	permanents: [...p.querySelectorAll(".perm")].map(x => ({
		name: x.dataset.name, tapped: x.dataset.tapped, pt: x.dataset.pt || "",
		rotated: getComputedStyle(x).transform !== "none",
	})),
}))`

// loopCard is a card whose trigger triggers itself: a loop of mandatory
// actions, a draw (CR 104.4b).
const loopCard = `card "Echo Chamber" {
    cost {2}
    type Artifact Creature — Construct
    pt 0/1
    oracle "Whenever a +1/+1 counter is put on Echo Chamber, put a +1/+1 counter on it."

    whenever a +1/+1 counter is put on this {
        put a +1/+1 counter on this
    }
}
`

const loopTest = `test "A loop of mandatory actions makes the game a draw (CR 104.4b)" {
    given {
        you control "Echo Chamber"
    }
    when {
        put 1 +1/+1 counter on "Echo Chamber"
        resolve all
    }
    then {
        the game is a draw
    }
}
`

// slowCard's trigger triggers itself and makes 20 more events each time:
// each test of it runs until the rules core stops the game at 100,000
// events in one action (a quarter of a second to more than a second on
// the 2-core machine), and a thousand of them are a run that, for the
// page, never ends: minutes.
var slowCard = `card "Echo Chamber" {
    cost {2}
    type Artifact Creature — Construct
    pt 0/1
    oracle "Whenever a +1/+1 counter is put on Echo Chamber, put a +1/+1 counter on it."

    whenever a +1/+1 counter is put on this {
        put a +1/+1 counter on this
` + strings.Repeat("        gain 1 life\n", 20) + `    }
}
`

func slowTests(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `test "loop %d" {
    given {
        you control "Echo Chamber"
    }
    when {
        put 1 +1/+1 counter on "Echo Chamber"
        resolve all
    }
    then {
        stack is empty
    }
}
`, i)
	}
	return b.String()
}

// TestPlaygroundInABrowser drives the page in headless Chromium through
// what a designer does: a typo and its C010 with its hint, the fix, the
// tests run (1 passed) with the board drawn, the shared link opened in a
// new tab, a card that loops, a 10 MB paste, and a run that never ends
// stopped.
func TestPlaygroundInABrowser(t *testing.T) {
	if _, err := os.Stat(*chromium); err != nil {
		t.Skipf("no Chromium at %s (%v): the playground's browser test needs Debian's chromium package (apt-get install chromium), or -chromium PATH", *chromium, err)
	}
	// One job at a time: a run that is stopped must free the server for
	// the next one to pass.
	srv, err := playground.New(playground.Options{Version: "dev", Jobs: 1})
	require.NoError(t, err)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	serving, stopServing := context.WithCancel(context.Background())
	defer stopServing()
	go srv.Serve(serving, l)
	base := "http://" + l.Addr().String() + "/"

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), browserOptions(t.TempDir())...)
	defer cancelAlloc()
	tab, cancelTab := chromedp.NewContext(alloc)
	defer cancelTab()
	// The first call starts the browser, and takes no deadline (it would
	// be the browser's); a watchdog ends a browser that hangs.
	watchdog := time.AfterFunc(8*time.Minute, cancelAlloc)
	defer watchdog.Stop()

	t.Log("open the page")
	do(t, tab, chromedp.Navigate(base))
	poll[bool](t, tab, `document.body.dataset.ready === "true"`, 30*time.Second)
	linted(t, tab, 30*time.Second)
	load := eval[float64](t, tab, `performance.getEntriesByType("navigation")[0].loadEventEnd`)
	ready := eval[string](t, tab, `document.body.dataset.readyAt`)
	t.Logf("page load: the load event at %.0f ms, ready (grammar loaded, example highlighted) at %s ms", load, ready)
	assert.Equal(t, "card", eval[string](t, tab, `document.querySelector("#card-editor pre .t-storage").textContent`),
		"highlighted with the grammar: `card` is a declaration")
	assert.Equal(t, "cost", eval[string](t, tab, `document.querySelector("#card-editor pre .t-keyword").textContent`))
	assert.Equal(t, "{1}{W}", eval[string](t, tab, `document.querySelector("#card-editor pre .t-constant-other").textContent`))

	t.Log("a typo: C010, with its hint, at its line")
	selectWord(t, tab, "        ", "gain")
	do(t, tab, chromedp.KeyEvent("gian"))
	diag := poll[string](t, tab, `document.querySelector('#diagnostics .diag[data-code="C010"]')?.innerText`, 20*time.Second)
	assert.Equal(t, "playground.card:8:9: error\nC010no action of the vocabulary reads \"gian 4 life\"\ndid you mean \"gain {amount} life\"?",
		strings.ReplaceAll(diag, "hint: ", ""))
	assert.Equal(t, "8", poll[string](t, tab, `document.querySelector("#card-editor .gutter .error")?.textContent`, 5*time.Second),
		"the gutter marks the line")
	assert.Equal(t, 1, eval[int](t, tab, `document.querySelectorAll("#card-editor pre .line.error").length`))

	t.Log("fix it: the diagnostics clear")
	selectWord(t, tab, "        ", "gian")
	do(t, tab, chromedp.KeyEvent("gain"))
	poll[bool](t, tab, `!!document.querySelector("#diagnostics .clean")`, 20*time.Second)
	poll[bool](t, tab, `document.querySelectorAll("#card-editor .gutter .error, #card-editor pre .line.error").length === 0`, 5*time.Second)

	t.Log("run the tests: 1 passed, and the board")
	do(t, tab, chromedp.Click(chromedp.CSS("#run")))
	summary := poll[string](t, tab, `document.getElementById("summary").textContent`, 60*time.Second)
	assert.Equal(t, "1 passed, 0 failed", summary)
	board := eval[[]boardPlayer](t, tab, readBoard)
	want := []boardPlayer{
		{Player: "opponent", Life: "20", Permanents: []boardPermanent{}},
		{Player: "you", Life: "14", Permanents: []boardPermanent{
			{Name: "Plains", Tapped: "true", Rotated: true},
			{Name: "Plains", Tapped: "true", Rotated: true},
			{Name: "Lone Missionary", Tapped: "false", PT: "2/1"},
		}},
	}
	if diff := cmp.Diff(want, board); diff != "" {
		t.Errorf("the board drawn (-want +got):\n%s", diff)
	}
	steps := eval[[]string](t, tab, `[...document.querySelectorAll(".timeline .step > .label")].map(x => x.textContent)`)
	assert.Equal(t, []string{"main1"}, steps)
	kinds := eval[[]string](t, tab, `[...document.querySelectorAll(".timeline li .kind")].map(x => x.textContent)`)
	assert.Equal(t, []string{"mana_produced", "mana_produced", "spell_cast", "zone_change", "life_gained"}, kinds)
	require.NoError(t, os.MkdirAll(*artifacts, 0o755))
	shot, err := chromedp.Run(tab, chromedp.Screenshot(chromedp.CSS(".test .board")))
	require.NoError(t, err)
	boardPNG := filepath.Join(*artifacts, "board.png")
	require.NoError(t, os.WriteFile(boardPNG, shot, 0o644))
	t.Logf("the board's screenshot: %s (the check compares its DOM, above)", boardPNG)
	if *update {
		page, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join("..", "..", "docs", "playground.png"), page, 0o644))
	}

	t.Log("share: the link opened in a new tab has the same card and tests")
	do(t, tab, chromedp.Click(chromedp.CSS("#share")))
	poll[bool](t, tab, `/^(Link copied|The link holds)/.test(document.getElementById("message").textContent)`, 10*time.Second)
	link := eval[string](t, tab, `location.href`)
	assert.Contains(t, link, "#z=", "compressed (CompressionStream deflate-raw)")
	cardText := eval[string](t, tab, `document.getElementById("card-src").value`)
	testText := eval[string](t, tab, `document.getElementById("tests-src").value`)
	other, cancelOther := chromedp.NewContext(tab)
	defer cancelOther()
	do(t, other, chromedp.Navigate(link))
	poll[bool](t, other, `document.body.dataset.ready === "true"`, 30*time.Second)
	assert.Equal(t, cardText, eval[string](t, other, `document.getElementById("card-src").value`))
	assert.Equal(t, testText, eval[string](t, other, `document.getElementById("tests-src").value`))
	// A link made by hand: plain JSON in base64, padded, with + and /.
	plain, err := json.Marshal(map[string]string{"card": loopCard, "tests": loopTest})
	require.NoError(t, err)
	do(t, other, chromedp.Navigate(base+"#j="+base64.StdEncoding.EncodeToString(plain)))
	poll[bool](t, other, fmt.Sprintf(`document.getElementById("card-src").value === %q`, loopCard), 10*time.Second)
	cancelOther()

	t.Log("a card that loops: the game is a draw")
	setText(t, tab, "card-src", loopCard)
	setText(t, tab, "tests-src", loopTest)
	linted(t, tab, 20*time.Second)
	do(t, tab, chromedp.Click(chromedp.CSS("#run")))
	poll[bool](t, tab, `document.getElementById("summary").textContent.includes("passed")`, 60*time.Second)
	assert.Equal(t, "1 passed, 0 failed", eval[string](t, tab, `document.getElementById("summary").textContent`))
	assert.Contains(t, eval[string](t, tab, `document.querySelector(".board .outcome").textContent`), "the game is a draw")

	t.Log("a 10 MB paste: the page answers clicks, says so, and lint answers")
	pasted := eval[int](t, tab, `(() => {
		const card = document.getElementById("card-src").value;
		const parts = [];
		let n = 0;
		for (let i = 0; n < 10 * 1024 * 1024; i++) {
			const c = card.replaceAll("Echo Chamber", "Echo Chamber " + i) + "\n";
			parts.push(c);
			n += c.length;
		}
		// A paste, as the browser makes it: the clipboard's text, over
		// the whole text selected.
		const a = document.getElementById("card-src");
		const clipboard = new DataTransfer();
		clipboard.setData("text/plain", parts.join(""));
		a.focus();
		a.select();
		a.dispatchEvent(new ClipboardEvent("paste", {clipboardData: clipboard, bubbles: true, cancelable: true}));
		return clipboard.getData("text/plain").length + document.getElementById("tests-src").value.length;
	})()`)
	var slowest time.Duration
	for i := range 8 {
		d := clickAnswers(t, tab, []string{"explain", "diagnostics"}[i%2])
		t.Logf("click %d answered in %v", i, d)
		slowest = max(slowest, d)
		time.Sleep(250 * time.Millisecond)
	}
	t.Logf("the slowest click while the 10 MB card was linted: %v", slowest)
	assert.Less(t, slowest, 2*time.Second, "the page stays responsive")
	msg := poll[string](t, tab, `document.getElementById("message").textContent`, 5*time.Second)
	assert.Equal(t, "playground.card is 10.0 MB: over 256.0 KB, a file is shown only in part, read-only and not highlighted, "+
		"and the link does not hold it; the server lints it whole. Clear it to edit.", msg)
	assert.Equal(t, "(10.0 MB: its start shown, read-only)", eval[string](t, tab, `document.getElementById("card-note").textContent`))
	assert.Equal(t, true, eval[bool](t, tab, `document.getElementById("card-src").readOnly && document.getElementById("card-src").value.length < 70000`))
	start := time.Now()
	lintedLength(t, tab, pasted, 5*time.Minute)
	t.Logf("lint of the 10 MB card answered %v after the clicks (%s)", time.Since(start).Round(time.Millisecond),
		eval[string](t, tab, `document.getElementById("lint-status").textContent`))

	t.Log("a run that never ends: Stop stops it, and the server is free again")
	do(t, tab, chromedp.Click(chromedp.CSS("#card-clear")))
	assert.Equal(t, true, eval[bool](t, tab, `!document.getElementById("card-src").readOnly && document.getElementById("card-src").value === "" && document.getElementById("card-clear").hidden`))
	setText(t, tab, "card-src", slowCard)
	setText(t, tab, "tests-src", slowTests(1000))
	linted(t, tab, time.Minute)
	do(t, tab, chromedp.Click(chromedp.CSS("#run")))
	poll[bool](t, tab, `document.getElementById("test-status").textContent.startsWith("Running")`, 5*time.Second)
	time.Sleep(1500 * time.Millisecond)
	assert.Less(t, clickAnswers(t, tab, "diagnostics"), 2*time.Second, "responsive while the tests run")
	start = time.Now()
	do(t, tab, chromedp.Click(chromedp.CSS("#stop")))
	assert.Equal(t, "Stopped.", poll[string](t, tab, `document.getElementById("test-status").textContent === "Stopped." && "Stopped."`, 5*time.Second))
	t.Logf("stopped in %v", time.Since(start).Round(time.Millisecond))
	assert.Equal(t, true, eval[bool](t, tab, `document.getElementById("stop").disabled && !document.getElementById("run").disabled`))
	// The server runs one job at a time: the example's test passes only
	// once the stopped run has let its slot go, which it does at its next
	// test (a second or so), not after its thousand tests (minutes: with
	// the stop not reaching the server, this fails).
	setText(t, tab, "card-src", cardText)
	setText(t, tab, "tests-src", testText)
	linted(t, tab, time.Minute)
	do(t, tab, chromedp.Click(chromedp.CSS("#run")))
	summary = poll[string](t, tab, `document.getElementById("summary").textContent.includes("passed") && document.getElementById("summary").textContent`, time.Minute)
	assert.Equal(t, "1 passed, 0 failed", summary)

	t.Log("format on a key: Alt+Shift+F")
	setText(t, tab, "card-src", strings.ReplaceAll(cardText, "    ", "\t  "))
	eval[bool](t, tab, `document.getElementById("card-src").dispatchEvent(new KeyboardEvent("keydown", {key: "F", altKey: true, shiftKey: true, bubbles: true}))`)
	poll[bool](t, tab, fmt.Sprintf(`document.getElementById("card-src").value === %q`, cardText), 10*time.Second)

	t.Log("open a file: a test file goes to the tests' editor")
	file := filepath.Join(t.TempDir(), "echo_chamber_test.card")
	require.NoError(t, os.WriteFile(file, []byte(loopTest), 0o644))
	do(t, tab, chromedp.SetUploadFiles(chromedp.CSS("#open"), []string{file}))
	poll[bool](t, tab, fmt.Sprintf(`document.getElementById("tests-src").value === %q`, loopTest), 10*time.Second)
	assert.Equal(t, cardText, eval[string](t, tab, `document.getElementById("card-src").value`))
}
