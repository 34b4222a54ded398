// Package browsertest drives cardc playground's page in headless Chromium
// (Debian's chromium package, /usr/bin/chromium): a typo and its C010,
// the fix, the tests run and their board drawn, a shared link opened in
// a new tab, a 10 MB paste, and a run that never ends stopped. It is a
// module of its own, so that the main module does not depend on
// chromedp; `.ci/run` runs it, installing chromium where it can:
//
//	cd playground/browsertest && go test ./...
//	go test ./... -update    # also writes ../../docs/playground.png, the README's screenshot
//
// Without Chromium, the test is skipped, saying so.
package browsertest
