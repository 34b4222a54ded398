package vocab

import "strings"

// BaseVerb is the form of a verb after "you" or a plural subject, as
// phrases and Oracle text inflect it: "gains" → "gain", "has" → "have",
// "is" → "are". Other words stay as they are. The card language's
// English rendering (compiler) and the meanings of Oracle text
// (oracle/meaning) share it.
func BaseVerb(w string) string {
	switch w {
	case "has":
		return "have"
	case "is":
		return "are"
	case "does":
		return "do"
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"):
		return strings.TrimSuffix(w, "es")
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}
