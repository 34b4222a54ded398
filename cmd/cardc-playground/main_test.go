package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cardc/cardc/internal/version"
)

// TestPlaygroundServes starts the playground with -addr 127.0.0.1:0, reads
// the address it prints, asks it for the page and a lint, and stops it.
func TestPlaygroundServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, w := io.Pipe()
	var stderr strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, []string{"-addr", "127.0.0.1:0"}, w, &stderr)
		w.Close()
	}()
	lines := bufio.NewScanner(out)
	require.True(t, lines.Scan(), "the address is printed")
	m := regexp.MustCompile(`^cardc playground: (http://127\.0\.0\.1:\d+/) \(Ctrl\+C stops it\)$`).FindStringSubmatch(lines.Text())
	require.NotNil(t, m, lines.Text())
	res, err := http.Get(m[1])
	require.NoError(t, err)
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(page), "cardc "+version.Cardc)
	res, err = http.Post(m[1]+"api/lint", "application/json", strings.NewReader(`{"card":"card \"X\" {\n    cost {1}\n}\n","tests":""}`))
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(body), `"file":"playground.card"`)
	cancel()
	go io.Copy(io.Discard, out)
	select {
	case code := <-done:
		assert.Equal(t, exitOK, code)
	case <-time.After(10 * time.Second):
		t.Fatal("cardc playground did not stop")
	}
	assert.Empty(t, stderr.String())
}

// TestUsage: help, arguments it does not take, and addresses it cannot
// listen on, one that is not the loopback interface warned about first.
func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		code   int
		stderr []string
		not    string
	}{
		{[]string{"-h"}, exitOK, []string{"usage: cardc playground [-addr HOST:PORT]", "-addr host:port", "Only the loopback interface unless you name another"}, ""},
		{[]string{"./cards"}, exitUsage, []string{"usage: cardc playground"}, ""},
		{[]string{"-addr", "127.0.0.1:99999"}, exitUsage, []string{"cardc playground: listen tcp: address 99999: invalid port (-addr 127.0.0.1:0 picks a free port)\n"}, "warning"},
		{[]string{"-addr", "0.0.0.0:99999"}, exitUsage, []string{"cardc playground: warning: -addr 0.0.0.0:99999 is not the loopback interface: anyone who reaches it can make this machine run their cards and tests\n", "invalid port"}, ""},
	} {
		var stdout, stderr strings.Builder
		code := serve(context.Background(), tc.args, &stdout, &stderr)
		assert.Equal(t, tc.code, code, "%v", tc.args)
		for _, want := range tc.stderr {
			assert.Contains(t, stderr.String(), want, "%v", tc.args)
		}
		if tc.not != "" {
			assert.NotContains(t, stderr.String(), tc.not, "%v", tc.args)
		}
		assert.Empty(t, stdout.String(), "%v", tc.args)
	}
}
