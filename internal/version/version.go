// Package version holds cardc's version, which the cardc command and the
// cardc-playground program both print.
package version

// Cardc is cardc's version.
const Cardc = "0.1.0"
