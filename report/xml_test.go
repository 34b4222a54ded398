package report

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The JUnit writer escapes attributes as encoding/xml does, whatever the
// string holds.
func TestEscapeXMLAsEncodingXML(t *testing.T) {
	for _, s := range []string{
		"", "plain", `<a href="x">&'</a>`, "tab\tnew\nline\rcr", "bell\x07 and nul\x00",
		"not utf-8 \xff\xfe", "\uFFFD real replacement", "\uFFFE \U0001F600 \u00e9", "]]>",
	} {
		var want bytes.Buffer
		require.NoError(t, xml.EscapeText(&want, []byte(s)))
		var got strings.Builder
		escapeXML(&got, s)
		require.Equal(t, want.String(), got.String(), "%q", s)
	}
}

// Text holding "]]>" is split across CDATA sections and reads back whole.
func TestCDATAReadsBack(t *testing.T) {
	for _, s := range []string{"a ]]> b", "]]>]]>", "end ]]", "x"} {
		x := &xmlWriter{}
		x.open(0, "failure", "message", s)
		x.cdata(s)
		x.closeInline("failure")
		var got struct {
			Message string `xml:"message,attr"`
			Text    string `xml:",chardata"`
		}
		require.NoError(t, xml.Unmarshal([]byte(x.b.String()), &got), x.b.String())
		require.Equal(t, s, got.Message)
		require.Equal(t, s, got.Text)
	}
}
