package uidext

// UUID text as PostgreSQL's uuid_in reads it (string_to_uuid): 32 hex digits in any case, a
// hyphen allowed after any group of four (never after the last), the whole optionally in braces.

var hexValue = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	for i := 0; i < 10; i++ {
		t['0'+i] = byte(i)
	}
	for i := 0; i < 6; i++ {
		t['a'+i] = byte(10 + i)
		t['A'+i] = byte(10 + i)
	}
	return t
}()

// parseUUIDText fills b from UUID text; false when s is not UUID text.
func parseUUIDText(b *[16]byte, s string) bool {
	if len(s) < 32 || len(s) > 41 {
		return false
	}
	if s[0] == '{' {
		if s[len(s)-1] != '}' {
			return false
		}
		s = s[1 : len(s)-1]
	}
	// The canonical form, first: 8-4-4-4-12.
	if len(s) == 36 && s[8] == '-' && s[13] == '-' && s[18] == '-' && s[23] == '-' {
		return hexInto(b[0:4], s[0:8]) && hexInto(b[4:6], s[9:13]) && hexInto(b[6:8], s[14:18]) &&
			hexInto(b[8:10], s[19:23]) && hexInto(b[10:16], s[24:36])
	}
	j := 0
	for i := 0; i < 16; i++ {
		if j+2 > len(s) {
			return false
		}
		hi, lo := hexValue[s[j]], hexValue[s[j+1]]
		if hi == 0xFF || lo == 0xFF {
			return false
		}
		b[i] = hi<<4 | lo
		j += 2
		if i%2 == 1 && i < 15 && j < len(s) && s[j] == '-' {
			j++ // one hyphen after a group of four digits
		}
	}
	return j == len(s)
}

func hexInto(dst []byte, s string) bool {
	for i := range dst {
		hi, lo := hexValue[s[2*i]], hexValue[s[2*i+1]]
		if hi == 0xFF || lo == 0xFF {
			return false
		}
		dst[i] = hi<<4 | lo
	}
	return true
}

const hexDigits = "0123456789abcdef"

// appendUUIDText appends the canonical lowercase 36-character form.
func appendUUIDText(dst []byte, b *[16]byte) []byte {
	var buf [36]byte
	j := 0
	for i := 0; i < 16; i++ {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			buf[j] = '-'
			j++
		}
		buf[j] = hexDigits[b[i]>>4]
		buf[j+1] = hexDigits[b[i]&15]
		j += 2
	}
	return append(dst, buf[:]...)
}
