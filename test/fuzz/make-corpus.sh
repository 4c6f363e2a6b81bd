#!/usr/bin/env bash
# Regenerates the checked-in seed corpora under test/fuzz/corpus/<target>/ (one input per
# file, named after what it is). Run it after changing the list; libFuzzer adds nothing here
# (its findings go to build/corpus/, see the Makefile).
set -euo pipefail
cd "$(dirname "$0")"
rm -rf corpus
mkdir -p corpus/fuzz_ulid_text corpus/fuzz_uuid_text corpus/fuzz_ulid_input corpus/fuzz_binary corpus/fuzz_generators \
    corpus/fuzz_ulid_step corpus/fuzz_uuid_family corpus/fuzz_opaque corpus/fuzz_typeid corpus/fuzz_legacy_keys

put() {  # put TARGET... -- NAME PRINTF-FORMAT
    local targets=()
    while [ "$1" != -- ]; do targets+=("$1"); shift; done
    shift
    local name=$1 format=$2 t
    for t in "${targets[@]}"; do printf -- "$format" >"corpus/$t/$name"; done
}
ulid() { put fuzz_ulid_text fuzz_ulid_input -- "$@"; }
uuid() { put fuzz_uuid_text fuzz_ulid_input -- "$@"; }
text() { put fuzz_ulid_text fuzz_uuid_text fuzz_ulid_input -- "$@"; }
hex_to_printf() { echo "$1" | sed 's/../\\x&/g'; }
binary() { put fuzz_binary -- "$1" "$(hex_to_printf "$2")"; }

# ULID spec and reference-implementation vectors (also in sql/ulid_io.sql and the unit tests).
ulid spec_headline            '01ARZ3NDEKTSV4RRFFQ69G5FAV'
ulid spec_js_1                '01ARYZ6S41TSV4RRFFQ69G5FAV'
ulid js_2                     '01JQ4T23H220KM7X0B3V1109DQ'
ulid js_3                     '01JQ4T8BHJR0A5YKX7SVTVX0YN'
ulid js_4                     '01JQ4T8X6CA54VSH0AANN0SWCX'
ulid pgx                      '01GV5PA9EQG7D82Q3Y4PKBZSYV'
ulid scoville                 '01FGB414J8PPBVHBMHGSXGS21C'
ulid andrielfn                '01H55TNAQ96WPSWE6WZRCH9G0C'
ulid rfc_a6_as_ulid           '01FWHE4YDGFK1SHH6W1G60EECF'
ulid min                      '00000000000000000000000000'
ulid max                      '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'
ulid lowercase                '01arz3ndektsv4rrffq69g5fav'
ulid mixed_case               '01aRz3NdEkTsV4rRfFq69G5fAv'
ulid max_lowercase            '7zzzzzzzzzzzzzzzzzzzzzzzzz'
# Bad ULID text: every class of sql/ulid_io.sql.
ulid len_25                   '01ARZ3NDEKTSV4RRFFQ69G5FA'
ulid len_27                   '01ARZ3NDEKTSV4RRFFQ69G5FAVV'
ulid letter_I                 '0IARZ3NDEKTSV4RRFFQ69G5FAV'
ulid letter_i                 '0iARZ3NDEKTSV4RRFFQ69G5FAV'
ulid letter_L                 '01ARZ3NDEKTSV4RRFFQ69G5FAL'
ulid letter_l                 '01ARZ3NDEKTSV4RRFFQ69G5FAl'
ulid letter_O                 'O1ARZ3NDEKTSV4RRFFQ69G5FAV'
ulid letter_o                 'o1ARZ3NDEKTSV4RRFFQ69G5FAV'
ulid letter_U                 '01ARZ3NDEKTSV4RRFFQ69G5FAU'
ulid letter_u                 '01ARZ3NDEKTSV4RRFFQ69G5FAu'
ulid bracket                  '01ARZ3NDEKTSV4RRFF[69G5FAV'
ulid backtick                 '`1ARZ3NDEKTSV4RRFFQ69G5FAV'
ulid brace                    '01ARZ3NDEKTSV4RRFFQ69G5FA{'
ulid hyphen                   '01ARZ3NDEK-SV4RRFFQ69G5FAV'
ulid overflow_8               '80000000000000000000000000'
ulid overflow_8Z              '8ZZZZZZZZZZZZZZZZZZZZZZZZZ'
ulid overflow_Z               'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'
ulid overflow_z               'zzzzzzzzzzzzzzzzzzzzzzzzzz'
ulid overflow_and_bad_char    '8ZZZZZZZZZZZZZZZZZZZZZZZZU'
ulid multibyte_26_bytes       '01ARZ3NDEKTSV4RRFFQ69G5F\xc3\xa9'
ulid multibyte_26_chars       '01ARZ3NDEKTSV4RRFFQ69G5FA\xc3\xa9'
ulid multibyte_4_bytes        '01ARZ3NDEKTSV4RRFFQ69G\xf0\x9f\x98\x80'
ulid invalid_utf8             '01ARZ3NDEKTSV4RRFFQ69G5FA\xff'
ulid latin1_e_acute           '01ARZ3NDEKTSV4RRFFQ69G5FA\xe9'
ulid leading_space            ' 01ARZ3NDEKTSV4RRFFQ69G5FA'
ulid trailing_space           '01ARZ3NDEKTSV4RRFFQ69G5FA '
ulid inner_space              '01ARZ3NDEK SV4RRFFQ69G5FAV'
ulid padded_spaces            ' 01ARZ3NDEKTSV4RRFFQ69G5FAV '
ulid tab                      '01ARZ3NDEKTSV4RRFFQ69G5FA\t'
ulid newline                  '01ARZ3NDEKTSV4RRFFQ69G5FA\n'
ulid del                      '01ARZ3NDEKTSV4RRFFQ69G5FA\x7f'
ulid nul_inside               '01ARZ3NDEKTSV4\x00RFFQ69G5FAV'
ulid nul_at_end               '01ARZ3NDEKTSV4RRFFQ69G5FA\x00'
ulid nul_after_26             '01ARZ3NDEKTSV4RRFFQ69G5FAV\x00'
# Shared between the text targets.
text empty                    ''
text nul                      '\x00'
text space                    ' '
# RFC 9562 appendix A and B example UUIDs, nil and max, and the other uuid_in forms.
uuid rfc_a1_v1                'C232AB00-9414-11EC-B3C8-9F6BDECED846'
uuid rfc_a2_v3                '5df41881-3aed-3515-88a7-2f4a814cf09e'
uuid rfc_a3_v4                '919108f7-52d1-4320-9bac-f847db4148a8'
uuid rfc_a4_v5                '2ed6657d-e927-568b-95e1-2665a8aea6a2'
uuid rfc_a5_v6                '1EC9414C-232A-6B00-B3C8-9F6BDECED846'
uuid rfc_a6_v7                '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'
uuid rfc_b1_v8                '2489E9AD-2EE2-8E00-8EC9-32D5F69181C0'
uuid rfc_b2_v8                '5c146b14-3c52-8afd-938a-375d0df1fbf6'
uuid nil                      '00000000-0000-0000-0000-000000000000'
uuid max                      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'
uuid pg_docs_v7               '019535d9-3df7-79fb-b466-fa907fa17f9e'
uuid no_hyphens               '01563E3AB5D3D6764C61EFB99302BD5B'
uuid braces                   '{01563e3a-b5d3-d676-4c61-efb99302bd5b}'
uuid braces_no_hyphens        '{01563e3ab5d3d6764c61efb99302bd5b}'
uuid hyphen_every_4           '0156-3e3a-b5d3-d676-4c61-efb9-9302-bd5b'
uuid hyphens_odd_place        '01563e3a-b5d3d676-4c61efb9-9302bd5b'
uuid bad_hex_g                '01563e3a-b5d3-d676-4c61-efb99302bd5g'
uuid missing_digit            '01563e3a-b5d3-d676-4c61-efb99302bd5'
uuid extra_digit              '01563e3a-b5d3-d676-4c61-efb99302bd5b0'
uuid hyphen_at_end            '01563e3ab5d3d6764c61efb99302bd5b-'
uuid hyphen_at_start          '-01563e3ab5d3d6764c61efb99302bd5b'
uuid double_hyphen            '01563e3a--b5d3-d676-4c61-efb99302bd5b'
uuid hyphen_after_2           '01-563e3ab5d3d6764c61efb99302bd5b'
uuid unbalanced_open_brace    '{01563e3a-b5d3-d676-4c61-efb99302bd5b'
uuid unbalanced_close_brace   '01563e3a-b5d3-d676-4c61-efb99302bd5b}'
uuid brace_then_hyphen        '{-01563e3ab5d3d6764c61efb99302bd5b}'
uuid hyphen_before_brace      '{01563e3ab5d3d6764c61efb99302bd5b-}'
uuid spaces_around            ' 01563e3a-b5d3-d676-4c61-efb99302bd5b '
uuid multibyte_in_uuid        '01563e3a-b5d3-d676-4c61-efb99302bd\xc3\xa9'
uuid nul_in_uuid              '01563e3a-b5d3-d676-4c61-efb99302bd5b\x00'
uuid urn_prefix               'urn:uuid:01563e3a-b5d3-d676-4c61-efb99302bd5b'
uuid len_26_hex               '01563e3ab5d3d6764c61efb993'

# Binary (ulid_recv / bytea): 16-byte values and wrong lengths.
binary nil_16                 00000000000000000000000000000000
binary max_16                 ffffffffffffffffffffffffffffffff
binary spec_headline_16       01563e3ab5d3d6764c61efb99302bd5b
binary rfc_a6_v7_16           017f22e279b07cc398c4dc0c0c07398f
binary high_bit_16            80000000000000000000000000000000
binary ascii_ulid_16          3031415252335a334e44454b54535634
put fuzz_binary -- empty ''
binary len_1                  00
binary len_15                 01563e3ab5d3d6764c61efb99302bd
binary len_17                 01563e3ab5d3d6764c61efb99302bd5b00
binary len_32                 01563e3ab5d3d6764c61efb99302bd5b01563e3ab5d3d6764c61efb99302bd5b
# A binary COPY field length prefix followed by the value, as on the wire.
binary copy_field_len_16      0000001001563e3ab5d3d6764c61efb99302bd5b

# Generators: 6 bytes of start millisecond, then (op, [delta], [10 random bytes]) steps; then
# 7 bytes of start nanoseconds and (op, 2-byte delta, 8 random bytes) steps. Op bit 2 makes
# the fresh random bytes all ones, op & 3 = 3 jumps to the last milliseconds of 2^48.
gen() { put fuzz_generators -- "$1" "$(hex_to_printf "$2")"; }
gen spec_ms_same_ms       01563e3ab5d3000102030405060708090a00000000000000000000000000
gen ones_carry            01563e3ab5d3040404040101
gen end_of_time           ffffffffffff03000102030405060708090a070307000400
gen clock_backwards       01563e3ab5d3010501020304050607080900020a0102030405060708090a
gen zero                  000000000000
# UUIDv7 from a state whose counter is exhausted (4095) under a clock before 1970: next tick.
gen uuidv7_counter_exhausted 0000000000000404040404040404040404040404040404040404040404040404040404040404040404040404040404040404040404040404040404040404040404040404040400001000000000000fff0000000000000000ffffffffffffffff00000000000000000001020304050607080000000000000010
gen uuidv7_steps          0000000000000000000000000000010001020304050607080001000102030405060708010fff0102030405060708
# gen_ulid()'s random step: 6 bytes of start millisecond, then calls of (op, [delta], the
# random bytes drawn: 10 to start a millisecond, 4 per step, 4 + 10 on overflow). Op bit 2
# draws all ones instead of reading bytes, bit 3 fails the draw numbered by bit 4.
step() { local name=$1; shift; put fuzz_ulid_step -- "$name" "$(hex_to_printf "$(echo "$*" | tr -d ' ')")"; }
step steps_same_ms          01563e3ab5d3 00 00010203040506070809 00 12345678 00 ffffffff 00 00000000 0105 aaaaaaaaaaaaaaaaaaaa
step overflow_all_ones      01563e3ab5d3 04 04 04 00 ffffffff 04 0101 04
step end_of_time            ffffffffffff 04 04 00 00000001 0105 0303 04
step clock_backwards        01563e3ab5d3 00 0102030405060708090a 02ff 00000009 0201 ffffffff 01ff 00112233445566778899
step failing_source         01563e3ab5d3 08 04 1c 0c 04 18 01020304
# UUID family: 16 bytes of a value (inspected, converted, also forced to RFC v1 and v6), 8 bytes
# of clock sequence and node, two 8-byte tick counts (v6 order), a clock start (first byte odd:
# near 2^60 - 1) and clock steps (odd: forward by op >> 1, even: back by op); the rest is a name.
fam() { put fuzz_uuid_family -- "$1" "$(hex_to_printf "$2")"; }
fam rfc_a1_v1             c232ab00941411ecb3c89f6bdeced84633c89f6bdeced84601ec9414c232ab0001ec9414c232ab01
fam rfc_a5_v6             1ec9414c232a6b00b3c89f6bdeced84633c89f6bdeced846ffffffffffffffff0000000000000000
fam cpython_v1            a7a55b9201fc11e994c554e1acf6da7f14c554e1acf6da7f01e901fca7a55b9201e901fca7a55b92000001e901fca7a55b920000000203
fam v1_bounds             ffffffffffff1fffbfffffffffffffff0000000000000000000000000000000000000000000000000110fe0301
fam rfc_a6_v7             017f22e279b07cc398c4dc0c0c07398f
fam rfc_a3_v4             919108f752d143209bacf847db4148a8
fam nil                   00000000000000000000000000000000
fam max                   ffffffffffffffffffffffffffffffff
fam microsoft_v1          c232ab00941411ecd3c89f6bdeced846
fam end_of_ticks          c232ab00941411ecb3c89f6bdeced84600000000000000000fffffffffffffff0ffffffffffffffe0101ff03030303
fam name_www_example_com  6ba7b8109dad11d180b400c04fd430c80000000000000000000000000000000000000000000000000077777772e6578616d706c652e636f6d
# Opaque ids: a mode byte (bit 7: a setting text follows; bit 0: AES-256; bit 1: two keys), the
# keys' bytes, then 16-byte values (a version-4 looking one, a ulid, a UUIDv7).
opq() { put fuzz_opaque -- "$1" "$2"; }
opq keys_text_two         '\x80k2:00112233445566778899aabbccddeeff,k1:000102030405060708090a0b0c0d0e0f'
opq keys_text_bad         '\x80k1:0011,k1:zz,:,,'
opq aes128_one_key        "$(hex_to_printf 00000102030405060708090a0b0c0d0e0f00112233445566778899aabbccddeeff919108f752d143209bacf847db4148a8017f22e279b07cc398c4dc0c0c07398f)"
opq aes256_two_keys       "$(hex_to_printf 03000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f2b7e151628aed2a6abf7158809cf4f3cef4359d8d580aa4f7f036d6f04fc6a94919108f752d143209bacf847db4148a801563e3ab5d3d6764c61efb99302bd5b)"

# TypeID spec 0.3 (spec/valid.yml, spec/invalid.yml; also in sql/typeid.sql and the unit tests).
tid() { put fuzz_typeid -- "$@"; }
tid valid_nil                 '00000000000000000000000000'
tid valid_max                 '7zzzzzzzzzzzzzzzzzzzzzzzzz'
tid valid_alphabet            'prefix_0123456789abcdefghjkmnpqrs'
tid valid_uuidv7              'prefix_01h455vb4pex5vsknk084sn02q'
tid valid_prefix_underscore   'pre_fix_00000000000000000000000000'
tid prefix_63                 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk_01h455vb4pex5vsknk084sn02q'
tid invalid_prefix_upper      'PREFIX_00000000000000000000000000'
tid invalid_prefix_64         'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000'
tid invalid_separator_only    '_'
tid invalid_suffix_upper      'prefix_0123456789ABCDEFGHJKMNPQRS'
tid invalid_overflow          'prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz'
tid invalid_prefix_end        'prefix__00000000000000000000000000'

# Keys derived from the old row: records of (op, 8-byte time in us, 8-byte id or, with op bit 2,
# a 16-byte uuid); op & 3 steers the time (0 into range, 1 near 1970, 2 near the end of 10889,
# 3 raw). The vectors of sql/legacy_keys.sql, the 2-bit / 61-bit split, refusals, both ends.
lk() { put fuzz_legacy_keys -- "$1" "$(hex_to_printf "$2")"; }
lk bigint_vectors         0000065f2bb5e2400000000000000000010000065f2bb5e42240000000000000002a0000065f2bb5e42240000000000000002b0000065f2bb5e422410000000000000000
lk split_61               0000065f2bb5e240011fffffffffffffff0000065f2bb5e2400120000000000000000000065f2bb5e2400140000000000000000000065f2bb5e240017fffffffffffffff
lk uuid_v4                0400065f2bb5e42240919108f752d143209bacf847db4148a80400065f2bb5e42240ffffffffffffffffffffffffffffffff0400065f2bb5e4224100000000000000000000000000000000
lk refusals               03ffffffffffffffff00000000000000010000065f2bb5e24000ffffffffffffffff037fffffffffffffffffffffffffffffff078000000000000000919108f752d143209bacf847db4148a8
lk ends_of_time           010000000000008000000000000000000502000000000000800000000000000000050200000000000080010000000000000005060000000000007fffffffffffffffffffffffffffffffffff

for d in corpus/*; do echo "$d: $(ls "$d" | wc -l) inputs"; done
