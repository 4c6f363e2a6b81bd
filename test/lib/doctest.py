#!/usr/bin/env python3
"""The page format of doc/README.md ("How the pages are tested"), for test/cluster/067_doc_examples.sh.

  doctest.py count PAGE             the number of ```sql blocks
  doctest.py settings PAGE          the page's server settings, one name=value a line
  doctest.py script PAGE            the psql script: every run block, each after an \\echo marker
  doctest.py check PAGE OUTPUT      compares psql's output of that script with the page; prints
                                    one line per problem (with the page's line numbers and a diff)
                                    and a last line "summary: ..."; exits 1 on a problem
"""
import difflib
import re
import sys

MARK = "@@doctest block {}@@"
MARK_RE = re.compile(r"^@@doctest block (\d+)@@$")
SKIP_RE = re.compile(r"^<!--\s*doctest:\s*skip\b\s*(.*?)\s*-->\s*$")
SETTINGS_RE = re.compile(r"^<!--\s*doctest:\s*settings\s+(.*?)\s*-->\s*$")
DOCTEST_RE = re.compile(r"<!--\s*doctest:")


class Block:
    def __init__(self, number, line, sql):
        self.number, self.line, self.sql = number, line, sql
        self.skip = None          # the reason, when a skip line precedes it
        self.expected = None      # lines of the ```text block that follows it
        self.expected_line = None


def parse(path):
    """The page's ```sql blocks (with their skip marks and expected outputs), settings, and format errors."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, settings, errors = [], [], []
    i = 0
    while i < len(lines):
        text = lines[i]
        m = SETTINGS_RE.match(text.strip())
        if m:
            settings += m.group(1).split()
        elif DOCTEST_RE.search(text) and not SKIP_RE.match(text.strip()):
            errors.append(f"line {i + 1}: unknown doctest comment: {text.strip()}")
        if text.strip() == "```sql":
            start = i
            body, i = fenced(lines, i + 1)
            if i is None:
                errors.append(f"line {start + 1}: ```sql block is never closed")
                break
            block = Block(len(blocks) + 1, start + 1, body)
            block.skip = skip_reason(lines, start)
            after = i + 1
            while after < len(lines) and lines[after].strip() == "":
                after += 1
            if after < len(lines) and lines[after].strip() == "```text":
                block.expected, end = fenced(lines, after + 1)
                if end is None:
                    errors.append(f"line {after + 1}: ```text block is never closed")
                    break
                block.expected_line = after + 1
                i = end
            blocks.append(block)
        i += 1
    return blocks, settings, errors


def fenced(lines, i):
    """Lines up to the closing ``` and the index of that fence (None when there is none)."""
    body = []
    while i < len(lines):
        if lines[i].strip() == "```":
            return body, i
        body.append(lines[i])
        i += 1
    return body, None


def skip_reason(lines, fence):
    """The reason of a skip line directly before the fence (other HTML comments may stand between)."""
    j = fence - 1
    while j >= 0 and (lines[j].strip() == "" or lines[j].strip().startswith("<!--")):
        m = SKIP_RE.match(lines[j].strip())
        if m:
            return m.group(1).strip("() ") or "no reason given"
        j -= 1
    return None


def without_comment(line):
    """The line up to a -- comment that is outside quotes."""
    quoted = False
    for i, c in enumerate(line):
        if c == "'":
            quoted = not quoted
        elif not quoted and line.startswith("--", i):
            return line[:i]
    return line


def ends_statement(sql):
    """Whether the block's last line of code ends a statement (; or a psql \\command)."""
    code = [without_comment(l).strip() for l in sql]
    code = [l for l in code if l]
    return not code or code[-1].endswith(";") or code[-1].startswith("\\")


def script(blocks):
    out = []
    for b in blocks:
        if b.skip is None:
            out.append("\\echo " + MARK.format(b.number))
            out += b.sql
    return "\n".join(out) + "\n"


def split_output(text):
    """psql's output by block number (the lines printed after each block's marker)."""
    parts, current = {}, None
    for line in text.split("\n"):
        m = MARK_RE.match(line)
        if m:
            current = int(m.group(1))
            parts[current] = []
        elif current is not None:
            parts[current].append(line.rstrip())
    for lines in parts.values():
        while lines and lines[-1] == "":
            lines.pop()
    return parts


def check(path, output_file):
    blocks, _, errors = parse(path)
    problems = list(errors)
    for b in blocks:
        if b.skip is None and not ends_statement(b.sql):
            problems.append(f"block {b.number} (line {b.line}): its last statement has no ';' "
                            "(it would run together with the next block)")
    got = split_output(open(output_file, encoding="utf-8", errors="replace").read())
    run = [b for b in blocks if b.skip is None]
    compared = 0
    for b in run:
        if b.number not in got:
            problems.append(f"block {b.number} (line {b.line}): psql never reached it "
                            "(the session ended early: see the output above it)")
            continue
        actual = got[b.number]
        if b.expected is not None:
            compared += 1
            expected = [l.rstrip() for l in b.expected]
            while expected and expected[-1] == "":
                expected.pop()
            if actual != expected:
                diff = difflib.unified_diff(expected, actual, f"{path}:{b.expected_line} (```text, expected)",
                                            f"psql output of block {b.number}", lineterm="", n=2)
                problems.append(f"block {b.number} (line {b.line}): output differs from the ```text block "
                                f"at line {b.expected_line}:\n" + "\n".join("    " + d for d in diff))
        else:
            bad = [l for l in actual if re.match(r"^(ERROR|FATAL|PANIC|WARNING):", l)]
            if bad:
                problems.append(f"block {b.number} (line {b.line}) has no ```text block, so it must run "
                                f"without errors or warnings, but psql said:\n    " + "\n    ".join(actual[:20]))
    skipped = [f"block {b.number} (line {b.line}: {b.skip})" for b in blocks if b.skip is not None]
    for p in problems:
        print(p)
    summary = f"{len(run)} sql blocks run, {compared} outputs compared"
    if skipped:
        summary += "; skipped " + ", ".join(skipped)
    print("summary: " + summary)
    return 1 if problems else 0


def main():
    mode, path = sys.argv[1], sys.argv[2]
    blocks, settings, _ = parse(path)
    if mode == "settings":
        for setting in settings:
            print(setting)
    elif mode == "script":
        sys.stdout.write(script(blocks))
    elif mode == "count":
        print(len(blocks))
    elif mode == "check":
        sys.exit(check(path, sys.argv[3]))
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
