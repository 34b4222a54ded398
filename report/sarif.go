package report

import (
	"encoding/json"
	"io"
	"sort"

	"github.com/cardc/cardc/dsl"
)

// SARIF's schema and version, as a log names them.
const (
	SARIFSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	SARIFVersion = "2.1.0"
)

// Tool describes the tool that made a SARIF log.
type Tool struct {
	Name, Version, InformationURI string
	// Rules are the codes the tool reports; every code of the results
	// should be among them.
	Rules []dsl.CodeInfo
}

// The subset of SARIF 2.1.0 that a log of diagnostics uses.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		Name             string       `json:"name,omitempty"`
		ShortDescription sarifMessage `json:"shortDescription"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
)

// SARIF writes diagnostics as a SARIF 2.1.0 log of one run of the tool:
// each diagnostic is a result whose ruleId is its code, whose level is
// "error" or "warning", whose message is the message and the hint, and
// whose location is the file (a relative URI with forward slashes), line
// and column. A diagnostic of a whole file (line 0, as an unreadable path
// has) has no region. The rules are the tool's, and any code of the
// results that the tool does not list, described by its code alone.
func SARIF(w io.Writer, diags dsl.Diagnostics, tool Tool) error {
	rules := []sarifRule{}
	index := map[string]int{}
	addRule := func(c dsl.CodeInfo) {
		if _, dup := index[c.Code]; dup {
			return
		}
		index[c.Code] = len(rules)
		desc := c.Summary
		if desc == "" {
			desc = "diagnostic " + c.Code
		}
		rules = append(rules, sarifRule{ID: c.Code, Name: c.Name, ShortDescription: sarifMessage{desc}})
	}
	for _, c := range tool.Rules {
		addRule(c)
	}
	var unknown []string
	for _, d := range diags {
		if _, ok := index[d.Code]; !ok {
			unknown = append(unknown, d.Code)
		}
	}
	sort.Strings(unknown)
	for _, c := range unknown {
		addRule(dsl.CodeInfo{Code: c})
	}
	results := []sarifResult{}
	for _, d := range diags {
		msg := d.Message
		if d.Hint != "" {
			msg += "; " + d.Hint
		}
		loc := sarifPhysical{ArtifactLocation: sarifArtifact{URI: relURI(d.Pos.Filename)}}
		if d.Pos.Line > 0 {
			loc.Region = &sarifRegion{StartLine: d.Pos.Line, StartColumn: max(d.Pos.Column, 1)}
		}
		results = append(results, sarifResult{
			RuleID:    d.Code,
			RuleIndex: index[d.Code],
			Level:     d.Severity.String(),
			Message:   sarifMessage{msg},
			Locations: []sarifLocation{{PhysicalLocation: loc}},
		})
	}
	log := sarifLog{
		Schema:  SARIFSchema,
		Version: SARIFVersion,
		Runs: []sarifRun{{
			Tool:    sarifTool{Driver: sarifDriver{Name: tool.Name, Version: tool.Version, InformationURI: tool.InformationURI, Rules: rules}},
			Results: results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}
