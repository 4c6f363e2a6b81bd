"""Prints every relative Markdown link of the given pages whose target file does not exist."""
import os
import re
import sys

LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")

for page in sys.argv[1:]:
    with open(page, encoding="utf-8") as f:
        text = f.read()
    for target in LINK.findall(text):
        if "://" in target or target.startswith("mailto:"):
            continue
        path = os.path.normpath(os.path.join(os.path.dirname(page), target))
        if not os.path.exists(path):
            print(f"{page}: {target}")
