package libgen_test

import _ "github.com/cardc/cardc/internal/golden" // defines -update, for go test ./... -update
