#!/usr/bin/env python3
"""Lists the Rust source files over a line budget and the functions over a length budget, per crate,
so that "no file over 600 lines, no function over 80" (CONTRIBUTING: small modules a newcomer can
read whole) can be checked again after any change.

A file counts whole, its inline `#[cfg(test)]` modules included (a big test module belongs in
`tests/` or a child file); only `src/` is read: integration tests and benches are not library code.
A function counts from the line of its `fn` to its closing brace; functions inside a `#[cfg(test)]`
module are not counted (they are tests). Comments, strings and character literals are skipped when
braces are matched.

Usage: scripts/sizes.py [--files N] [--fns N] [--check] [CRATE ...]
       (CRATE is a folder name under crates/; all crates when none is named)
With --check the exit status is 1 when anything is over budget.
"""

import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FN = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")


def code_only(text):
    """The text with comments, string and char literals blanked (newlines kept), so that braces
    and `fn` can be found by position."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if c == "/" and nxt == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c == "/" and nxt == "*":
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 8]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + len(hashes) + 2)
            j = n if end < 0 else end + 1 + len(hashes)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:  # a lifetime
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def closing(code, open_at):
    """The index of the brace that closes the one at `open_at`."""
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def test_spans(code):
    """Character spans of the `#[cfg(test)]` modules."""
    spans = []
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", code):
        start = m.end() - 1
        spans.append((m.start(), closing(code, start)))
    return spans


def long_fns(code, budget):
    """(name, first line, lines) of every non-test function longer than `budget` lines."""
    tests = test_spans(code)
    found = []
    for m in FN.finditer(code):
        if any(a <= m.start() <= b for a, b in tests):
            continue
        # The body opens at the first `{` after the signature, unless a `;` ends it first
        # (a trait method without a default, an extern declaration).
        j = m.end()
        depth = 0
        while j < len(code):
            ch = code[j]
            if ch in "(<[":
                depth += 1
            elif ch in ")>]":
                depth -= 1
            elif ch == ";" and depth <= 0:
                j = -1
                break
            elif ch == "{" and depth <= 0:
                break
            j += 1
        if j < 0 or j >= len(code):
            continue
        end = closing(code, j)
        first = code.count("\n", 0, m.start()) + 1
        last = code.count("\n", 0, end) + 1
        lines = last - first + 1
        if lines > budget:
            found.append((m.group(1), first, lines))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=600, help="a file's line budget")
    ap.add_argument("--fns", type=int, default=80, help="a function's line budget")
    ap.add_argument("--check", action="store_true", help="exit 1 when anything is over budget")
    ap.add_argument("crates", nargs="*")
    args = ap.parse_args()
    crates = args.crates or sorted(p.name for p in (ROOT / "crates").iterdir() if (p / "src").is_dir())
    over = 0
    for crate in crates:
        files, fns = [], []
        for path in sorted((ROOT / "crates" / crate / "src").rglob("*.rs")):
            text = path.read_text()
            rel = path.relative_to(ROOT)
            lines = text.count("\n")
            if lines > args.files:
                files.append((lines, rel))
            for name, first, length in long_fns(code_only(text), args.fns):
                fns.append((length, f"{rel}:{first}", name))
        print(f"{crate}: {len(files)} files over {args.files} lines, {len(fns)} functions over {args.fns}")
        for lines, rel in sorted(files, reverse=True):
            print(f"  file {lines:5} {rel}")
        for length, at, name in sorted(fns, reverse=True):
            print(f"  fn   {length:5} {at} {name}")
        over += len(files) + len(fns)
    return 1 if args.check and over else 0


if __name__ == "__main__":
    sys.exit(main())
