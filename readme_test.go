package uri_test

import (
	"os"
	"strings"
	"testing"
)

// TestREADMEInstall checks the install section of the README against the
// module: the module path that go.mod declares, the command's directory,
// and the three ways in: go install ...@latest, go install ./cmd/uri from
// a checkout, and a replace directive for building against a checkout.
func TestREADMEInstall(t *testing.T) {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(mod), "\n")
	module, ok := strings.CutPrefix(first, "module ")
	if !ok {
		t.Fatalf("go.mod begins with %q", first)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n## Install\n")
	section, _, _ = strings.Cut(section, "\n## ")
	for _, want := range []string{
		"go get " + module + "\n",
		"go install " + module + "/cmd/uri@latest",
		"go install ./cmd/uri\n",
		"go mod edit -replace " + module + "=",
	} {
		if !strings.Contains(section, want) {
			t.Errorf("the README's install section does not show %q", want)
		}
	}
	if main, err := os.ReadFile("cmd/uri/main.go"); err != nil || !strings.Contains(string(main), "package main\n") {
		t.Errorf("cmd/uri/main.go is not a command: %v", err)
	}
}
