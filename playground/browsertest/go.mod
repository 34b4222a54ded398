module github.com/cardc/cardc/playground/browsertest

go 1.26.8

require (
	github.com/cardc/cardc v0.0.0
	github.com/chromedp/chromedp v0.23.1
	github.com/google/go-cmp v0.7.0
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)

replace github.com/cardc/cardc => ../..
