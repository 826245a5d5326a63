#!/usr/bin/env python3
"""Counts the habits issue 36 names over a tree's main Java sources (python3 scripts/dev/habits.py [DIR]): catch blocks that
drop their exception (and those without a comment saying why), methods over 60 lines, files over 300, records of 10+
components, lines over 140 characters, inline fully qualified names, casts and unchecked warnings. Heuristic (text, not a
parser): for trends between two trees, not a verdict."""
import re, sys, pathlib
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
files = [p for p in root.glob('*/src/main/java/**/*.java')]
SIG = re.compile(r'^\s*(?:(?:public|private|protected|static|final|synchronized|abstract|default)\s+)*(?:<[^>]+>\s+)?[\w<>\[\],.? ]+\s+(\w+)\s*\(')
CONTROL = {'if','for','while','switch','catch','synchronized','try','return','new','else'}
long_methods=[]; big_files=[]; wide_records=[]; wide_lines=0; fqn=0; casts=0; silent=0; undocumented=0; unchecked=0
for p in files:
    text = p.read_text()
    lines = text.split('\n')
    if len(lines) > 300: big_files.append((len(lines), str(p.relative_to(root))))
    for l in lines:
        if len(l) > 140: wide_lines += 1
        s = l.strip()
        if s.startswith(('import ','package ','*','/*','//')): continue
        fqn += len(re.findall(r'(?<![\w.])(?:java|javax|dev\.sqlexam|org|com)\.[a-z]\w*\.(?:[a-z]\w*\.)*[A-Z]\w*', s))
        casts += len(re.findall(r'\(\s*[A-Z]\w*(?:<[^()]*>)?\s*\)\s*[\w(]', s))
        if '@SuppressWarnings("unchecked")' in s: unchecked += 1
    # methods: a signature line, then its body to the matching brace
    i = 0
    while i < len(lines):
        m = SIG.match(lines[i])
        if m and m.group(1) not in CONTROL and '=' not in lines[i].split('(')[0]:
            j = i
            while j < len(lines) and '{' not in lines[j] and ';' not in lines[j]: j += 1
            if j < len(lines) and '{' in lines[j] and ';' not in lines[j].split('{')[0]:
                depth = 0; k = j
                while k < len(lines):
                    depth += lines[k].count('{') - lines[k].count('}')
                    if depth <= 0: break
                    k += 1
                n = k - i + 1
                if n > 60 and not re.search(r'\b(class|record|interface|enum)\b', lines[i]):
                    long_methods.append((n, f"{p.name}:{m.group(1)}"))
                i = j + 1; continue
        i += 1
    for m in re.finditer(r'\brecord\s+(\w+)\s*(?:<[^>]*>)?\s*\(', text):
        depth = 1; k = m.end(); comps = 1; body = ''
        while depth and k < len(text):
            c = text[k]
            if c in '(<': depth += 1
            elif c in ')>': depth -= 1
            elif c == ',' and depth == 1: comps += 1
            body += c; k += 1
        if not body.strip(' \n)'): comps = 0
        if comps >= 10: wide_records.append((comps, f"{p.name}:{m.group(1)}"))
    # catch blocks whose body neither uses the caught name nor rethrows
    for m in re.finditer(r'catch\s*\(([^)]*?)\s(\w+)\)\s*\{', text):
        depth = 1; k = m.end()
        while depth and k < len(text):
            depth += {'{':1,'}':-1}.get(text[k],0); k += 1
        body = text[m.end():k-1]
        code = re.sub(r'//.*', '', body)
        if not re.search(r'\b' + re.escape(m.group(2)) + r'\b', code) and 'throw' not in code:
            silent += 1
            if '//' not in body and '/*' not in body and 'interrupt()' not in body: undocumented += 1
print(f"files {len(files)}")
print(f"catch blocks that drop their exception (no use of it, no throw): {silent}, of which without a comment saying why: {undocumented}")
print(f"methods over 60 lines: {len(long_methods)} {sorted(long_methods, reverse=True)[:8]}")
print(f"files over 300 lines: {len(big_files)} {sorted(big_files, reverse=True)[:6]}")
print(f"records of 10+ components: {len(wide_records)} {sorted(wide_records, reverse=True)[:6]}")
print(f"lines over 140 characters: {wide_lines}")
print(f"inline fully qualified names: {fqn}")
print(f"casts: {casts}; @SuppressWarnings(\"unchecked\"): {unchecked}")
