package uidext_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// exampleBody is the code of func name in file, one tab less, without its "// Output:" lines.
func exampleBody(t *testing.T, file, name string) string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)\nfunc ` + name + `\(\) \{\n(.*?)\n\t// Output:\n.*?\n\}\n`).FindSubmatch(src)
	if m == nil {
		t.Fatalf("no func %s with an Output comment in %s", name, file)
	}
	lines := strings.Split(string(m[1]), "\n")
	for i, line := range lines {
		lines[i] = strings.TrimPrefix(line, "\t")
	}
	return strings.Join(lines, "\n")
}

// The README's ```go blocks are the examples that go test runs (and checks the output of).
func TestREADMEShowsTheExamples(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, m := range regexp.MustCompile("(?s)\n```go\n(.*?)\n```\n").FindAllSubmatch(readme, -1) {
		blocks = append(blocks, string(m[1]))
	}
	want := []string{exampleBody(t, "example_test.go", "Example_libpq"), exampleBody(t, "uidextpgx/example_test.go", "Example")}
	if len(blocks) != len(want) {
		t.Fatalf("%d go blocks in README.md, want %d", len(blocks), len(want))
	}
	for i := range want {
		if blocks[i] != want[i] {
			t.Errorf("README.md's go block %d is not the example's code:\n%s\n--- want ---\n%s", i+1, blocks[i], want[i])
		}
	}
}
