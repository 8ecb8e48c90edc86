#!/usr/bin/env python3
"""Inserts default entries into golden transcripts, keeping each file's layout (rule 3.6).

Reads the plan `cargo run -p coalition-engine --example insert_defaults -- KIND FILE...` prints (one JSON line a
file: the default entries to insert before each script entry) on standard input, and edits the files in place.
An entry is written in the layout of the entry it goes before: on one line, or spread over lines as
`serde_json`'s pretty printer writes it.
"""
import json
import sys


def script_elements(text):
    """The start and end offsets of each element of the top-level `script` array."""
    dec = json.JSONDecoder()
    key = text.index('"script"')
    i = text.index('[', key) + 1
    spans = []
    while True:
        while text[i] in ' \t\r\n,':
            i += 1
        if text[i] == ']':
            return spans, i
        _, end = dec.raw_decode(text, i)
        spans.append((i, end))
        i = end


def entry_text(power, pretty, indent, compact_style):
    if pretty:
        return ('{\n' + indent + '  "default": {\n' + indent + '    "power": "' + power + '"\n'
                + indent + '  }\n' + indent + '}')
    return compact_style.replace('POWER', power)


def main():
    for line in sys.stdin:
        plan = json.loads(line)
        if not plan['insert']:
            continue
        path = plan['file']
        text = open(path, encoding='utf-8').read()
        spans, _ = script_elements(text)
        compact = '{ "default": { "power": "POWER" } }' if '{ "' in text else '{"default": {"power": "POWER"}}'
        # From the last insertion point back, so earlier offsets stay right.
        for index, powers in sorted(plan['insert'], key=lambda x: -x[0]):
            start, end = spans[index]
            line_start = text.rfind('\n', 0, start) + 1
            indent = text[line_start:start]
            pretty = '\n' in text[start:end]
            block = ''.join(entry_text(p, pretty, indent, compact) + ',\n' + indent for p in powers)
            text = text[:start] + block + text[start:]
        json.loads(text)
        open(path, 'w', encoding='utf-8').write(text)
        print(f"{path}: {sum(len(p) for _, p in plan['insert'])} defaults inserted")


if __name__ == '__main__':
    main()
