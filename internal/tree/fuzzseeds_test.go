package tree

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestFuzzSeedDirs checks that every directory of fuzz inputs,
// testdata/fuzz/<Target> beside a package's tests, names a fuzz target of
// that package. go test reads such a directory only for the target of its
// name in its own package: seeds left behind when a target moves to
// another package are never run again, silently.
func TestFuzzSeedDirs(t *testing.T) {
	found := 0
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() || filepath.Base(p) != "fuzz" || filepath.Base(filepath.Dir(p)) != "testdata" {
			return nil
		}
		pkgDir := filepath.Dir(filepath.Dir(p))
		targets, err := fuzzTargets(pkgDir)
		if err != nil {
			return err
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			return err
		}
		for _, e := range entries {
			found++
			if e.IsDir() && !targets[e.Name()] {
				t.Errorf("%s: no fuzz target %s in package directory %s; its seeds never run", filepath.Join(p, e.Name()), e.Name(), pkgDir)
			}
		}
		return filepath.SkipDir
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("no directory of fuzz inputs found: the walk is broken")
	}
}

var fuzzFunc = regexp.MustCompile(`(?m)^func (Fuzz\w*)\(\w+ \*testing\.F\)`)

// fuzzTargets returns the names of the fuzz targets declared in the test
// files of the package in dir.
func fuzzTargets(dir string) (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	targets := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for _, m := range fuzzFunc.FindAllStringSubmatch(string(b), -1) {
			targets[m[1]] = true
		}
	}
	return targets, nil
}
