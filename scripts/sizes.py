#!/usr/bin/env python3
"""Lists the files over 600 lines and the functions over 80 lines in the given source folders
(the limits CONTRIBUTING.md sets for crates/*/src): a function is counted from its `fn` line to
its closing brace, blank lines and comments included.

    scripts/sizes.py crates/server/src [crates/engine/src ...]
"""
import os, re, sys

FILE_MAX, FN_MAX = 600, 80
fn_re = re.compile(r'^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)')

def functions(lines):
    i = 0
    while i < len(lines):
        m = fn_re.match(lines[i])
        if not m:
            i += 1
            continue
        depth, start, opened = 0, i, False
        j = i
        while j < len(lines):
            # Braces in string and char literals do not count (raw strings are not read).
            code = re.sub(r'"(\\.|[^"\\])*"', '""', lines[j])
            code = re.sub(r"'(\\.|[^'\\])'", "''", code).split('//')[0]
            for ch in code:
                if ch == '{':
                    depth += 1
                    opened = True
                elif ch == '}':
                    depth -= 1
            if opened and depth <= 0:
                break
            if not opened and code.rstrip().endswith(';'):
                break
            j += 1
        yield m.group(6), start + 1, j - start + 1
        i = j + 1 if opened else i + 1

bad = 0
for root in sys.argv[1:]:
    for d, _, fs in os.walk(root):
        for f in sorted(fs):
            if not f.endswith('.rs'):
                continue
            p = os.path.join(d, f)
            lines = open(p).read().split('\n')
            if len(lines) > FILE_MAX:
                print(f'{p}: {len(lines)} lines'); bad += 1
            for name, at, n in functions(lines):
                if n > FN_MAX:
                    print(f'{p}:{at}: fn {name} {n} lines'); bad += 1
print(f'{bad} over the limits')
sys.exit(1 if bad else 0)
