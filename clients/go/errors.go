package uidext

import "fmt"

// SyntaxError is the error of a text that is not a ULID or a TypeID (the server's 22P02).
type SyntaxError struct {
	Type   string // "ULID", "TypeID" or "TypeID prefix"
	Value  string // the text refused
	Reason string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("uidext: invalid %s %q: %s", e.Type, e.Value, e.Reason)
}

func syntaxError(typ, value, reason string) error {
	return &SyntaxError{Type: typ, Value: value, Reason: reason}
}
