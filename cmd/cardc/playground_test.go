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
)

// TestPlaygroundServes starts `cardc playground -addr 127.0.0.1:0`, reads
// the address it prints, asks it for the page and a lint, and stops it.
func TestPlaygroundServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, w := io.Pipe()
	var stderr strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- playgroundUntil(ctx, []string{"-addr", "127.0.0.1:0"}, w, &stderr)
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
	assert.Contains(t, string(page), "cardc "+Version)
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
