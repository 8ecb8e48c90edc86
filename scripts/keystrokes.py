#!/usr/bin/env python3
"""Counts the keystrokes of a hot-seat game: drives `coalition play` with all seven powers at one screen, from
January to March 1805 (seed 7), every power taking its default decisions, and prints the answers and keystrokes
of each month (an answer's keystrokes: its characters and Enter).

usage: scripts/keystrokes.py BINARY [ANSWER]
  BINARY  the coalition binary (e.g. target/release/coalition)
  ANSWER  what a player types at a prompt: `n` (nothing more this month, the default) or `d` (the default
          decision of this step). A handover prompt ("press Enter when only ... is looking") takes Enter alone."""
import collections, os, re, select, subprocess, sys, tempfile

binary = sys.argv[1]
answer = sys.argv[2] if len(sys.argv) > 2 else "n"
months = "January February March April May June July August September October November December".split()
game = os.path.join(tempfile.mkdtemp(prefix="coalition-keys-"), "game.json")
p = subprocess.Popen([binary, "play", game, "--seed", "7"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.STDOUT, bufsize=0)
buf = b""
keys, answers, handovers = collections.Counter(), collections.Counter(), collections.Counter()
date = None


def send(text, month):
    keys[month] += len(text) + 1
    answers[month] += 1
    p.stdin.write((text + "\n").encode())
    p.stdin.flush()


while True:
    ready, _, _ = select.select([p.stdout], [], [], 30)
    if not ready:
        print("timeout; last output:", buf[-500:])
        break
    chunk = os.read(p.stdout.fileno(), 65536)
    if not chunk:
        break
    buf += chunk
    text = buf.decode(errors="replace")
    for m in re.finditer(r"== (\d{4})-(\d{2})", text):
        date = (months[int(m.group(2)) - 1], m.group(1))
    if date and (date[1] != "1805" or months.index(date[0]) >= 3):
        p.stdin.write(b"q\n")
        p.stdin.flush()
        break
    tail = text[-300:]
    month = date[0] if date else "setup"
    if re.search(r"press Enter[^\n]*$", tail):
        send("", month)
        handovers[month] += 1
        buf = b""
    elif tail.endswith("> "):
        send(answer, month)
        buf = b""
p.wait(timeout=30)
for m in months[:3] + ["setup"]:
    if answers[m]:
        print(f"{m}: {answers[m]} answers ({handovers[m]} of them handovers), {keys[m]} keystrokes")
print("total keystrokes January-March:", sum(keys.values()))
