package uidext

// Crockford base32 of 128 bits in 26 digits: the first digit holds the top 3 bits, each other 5.

const crockfordUpper = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
const crockfordLower = "0123456789abcdefghjkmnpqrstvwxyz"

// digitValue maps a Crockford digit (either case, without the I/L/O/U aliases: the server has
// none) to its value, anything else to 0xFF.
var digitValue = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	for i := 0; i < 32; i++ {
		t[crockfordUpper[i]] = byte(i)
		t[crockfordLower[i]] = byte(i)
	}
	return t
}()

// lowerDigitValue accepts only the lowercase digits (a TypeID suffix).
var lowerDigitValue = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	for i := 0; i < 32; i++ {
		t[crockfordLower[i]] = byte(i)
	}
	return t
}()

// encodeBase32 writes the 26 digits of b into dst with the alphabet given.
func encodeBase32(dst []byte, b *[16]byte, alphabet string) {
	_ = dst[25]
	// 48 bits of time in the first 10 digits, 80 bits in the last 16.
	dst[0] = alphabet[(b[0]&224)>>5]
	dst[1] = alphabet[b[0]&31]
	dst[2] = alphabet[(b[1]&248)>>3]
	dst[3] = alphabet[((b[1]&7)<<2)|((b[2]&192)>>6)]
	dst[4] = alphabet[(b[2]&62)>>1]
	dst[5] = alphabet[((b[2]&1)<<4)|((b[3]&240)>>4)]
	dst[6] = alphabet[((b[3]&15)<<1)|((b[4]&128)>>7)]
	dst[7] = alphabet[(b[4]&124)>>2]
	dst[8] = alphabet[((b[4]&3)<<3)|((b[5]&224)>>5)]
	dst[9] = alphabet[b[5]&31]
	dst[10] = alphabet[(b[6]&248)>>3]
	dst[11] = alphabet[((b[6]&7)<<2)|((b[7]&192)>>6)]
	dst[12] = alphabet[(b[7]&62)>>1]
	dst[13] = alphabet[((b[7]&1)<<4)|((b[8]&240)>>4)]
	dst[14] = alphabet[((b[8]&15)<<1)|((b[9]&128)>>7)]
	dst[15] = alphabet[(b[9]&124)>>2]
	dst[16] = alphabet[((b[9]&3)<<3)|((b[10]&224)>>5)]
	dst[17] = alphabet[b[10]&31]
	dst[18] = alphabet[(b[11]&248)>>3]
	dst[19] = alphabet[((b[11]&7)<<2)|((b[12]&192)>>6)]
	dst[20] = alphabet[(b[12]&62)>>1]
	dst[21] = alphabet[((b[12]&1)<<4)|((b[13]&240)>>4)]
	dst[22] = alphabet[((b[13]&15)<<1)|((b[14]&128)>>7)]
	dst[23] = alphabet[(b[14]&124)>>2]
	dst[24] = alphabet[((b[14]&3)<<3)|((b[15]&224)>>5)]
	dst[25] = alphabet[b[15]&31]
}

// decodeBase32 reads 26 digits with the table given. It returns the position (0-based) of the
// first digit the table refuses, -1 when the first digit exceeds 7, or -2 when all is well.
func decodeBase32(b *[16]byte, s string, table *[256]byte) int {
	if len(s) != 26 {
		panic("decodeBase32: 26 digits expected")
	}
	var v [26]byte
	for i := 0; i < 26; i++ {
		d := table[s[i]]
		if d == 0xFF {
			return i
		}
		v[i] = d
	}
	if v[0] > 7 {
		return -1
	}
	b[0] = (v[0] << 5) | v[1]
	b[1] = (v[2] << 3) | (v[3] >> 2)
	b[2] = (v[3] << 6) | (v[4] << 1) | (v[5] >> 4)
	b[3] = (v[5] << 4) | (v[6] >> 1)
	b[4] = (v[6] << 7) | (v[7] << 2) | (v[8] >> 3)
	b[5] = (v[8] << 5) | v[9]
	b[6] = (v[10] << 3) | (v[11] >> 2)
	b[7] = (v[11] << 6) | (v[12] << 1) | (v[13] >> 4)
	b[8] = (v[13] << 4) | (v[14] >> 1)
	b[9] = (v[14] << 7) | (v[15] << 2) | (v[16] >> 3)
	b[10] = (v[16] << 5) | v[17]
	b[11] = (v[18] << 3) | (v[19] >> 2)
	b[12] = (v[19] << 6) | (v[20] << 1) | (v[21] >> 4)
	b[13] = (v[21] << 4) | (v[22] >> 1)
	b[14] = (v[22] << 7) | (v[23] << 2) | (v[24] >> 3)
	b[15] = (v[24] << 5) | v[25]
	return -2
}
