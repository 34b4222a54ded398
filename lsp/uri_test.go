package lsp

import (
	"net/url"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// URIs are made and read as net/url makes and reads them.
func TestURIsAsNetURL(t *testing.T) {
	for _, p := range []string{
		"/cards/lone_missionary.card", "/my cards/a+b&c=d;e@f,g$h:i.card", "/100% sure/#1?.card",
		"/ünïcödé/カード.card", "/C:/cards/x.card", "/tab\there", "/semi;colon/~tilde",
	} {
		want := (&url.URL{Scheme: "file", Path: p}).String()
		require.Equal(t, want, "file://"+escapePath(p), "escape %q", p)
		u, err := url.Parse(want)
		require.NoError(t, err)
		wantPath := u.Path
		if len(wantPath) >= 3 && wantPath[2] == ':' {
			wantPath = wantPath[1:]
		}
		require.Equal(t, filepath.FromSlash(wantPath), uriToPath(want), "read %q", want)
	}
	for _, uri := range []string{"untitled:Untitled-1", "https://example.com/a.card", "file:///bad%zzescape", "file:///short%4"} {
		require.Equal(t, uri, uriToPath(uri), "%q is kept as it is", uri)
	}
	require.Equal(t, filepath.FromSlash("/host/ignored"), uriToPath("file://server/host/ignored"))
	require.Equal(t, filepath.FromSlash("/a/b"), uriToPath("FILE:///a/b?query#fragment"))
}
