# Fenced code blocks of a docs page, for the tests that run a page's examples exactly as written
# (the page is the one source of each example). Source this file.
#   doc_blocks PAGE LANG   the page's blocks fenced ```LANG, in page order, without the fences;
#                          a block right after a "<!-- doctest: skip (...) -->" line is left out
#                          (doc/README.md, "How the pages are tested")
doc_blocks() {
    awk -v lang="$2" '
        $0 == "```" lang { on = (prev !~ /^<!-- doctest: skip/); inside = 1; prev = $0; next }
        inside && $0 == "```" { on = 0; inside = 0; prev = $0; next }
        on { print }
        { prev = $0 }' "$1"
}
