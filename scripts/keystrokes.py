#!/usr/bin/env python3
"""Counts a player's keystrokes at `coalition play` (an answer's keystrokes: its characters and Enter).

1. A hot-seat game: all seven powers at one screen, January to March 1805 (seed 7), every power taking its
   default decisions; prints the answers and keystrokes of each month.
2. A war month (issue 41): France against six heuristic bots (seed 7), January 1805. France declares war on
   Austria (the menu's number), takes the defaults of the other political steps and of the Reinforcement and
   Naval Phases (Enter), moves four stacks towards the Rhine and into Austrian Italy (a battle at Verona) by destination (`m N AREA`, Enter to
   accept, `y` where the path forces a march), picks its battles' chits and retreats by number, and ends each
   step with Enter. Prints `war month: N keystrokes`; exits 1 when N is over the budget of 80.

usage: scripts/keystrokes.py BINARY [ANSWER]
  BINARY  the coalition binary (e.g. target/debug/coalition)
  ANSWER  what a hot-seat player types at a prompt: `n` (nothing more this month, the default) or `d` (the default
          decision of this step). A handover prompt ("press Enter when only ... is looking") takes Enter alone."""
import collections, os, re, select, subprocess, sys, tempfile

binary = sys.argv[1]
answer = sys.argv[2] if len(sys.argv) > 2 else "n"
months = "January February March April May June July August September October November December".split()
BUDGET = 80


def drive(args, respond, stop):
    """Runs `coalition play ARGS`, answering each prompt with respond(text since the last answer); returns
    the answers given, as (text, date) pairs, and the whole output."""
    p = subprocess.Popen([binary, "play", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, bufsize=0)
    buf, out, given, date = b"", [], [], None
    while True:
        ready, _, _ = select.select([p.stdout], [], [], 120)
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
        if stop(date):
            p.stdin.write(b"q\n")
            p.stdin.flush()
            out.append(text)
            break
        if text[-300:].endswith("> ") or re.search(r"press Enter[^\n]*$", text[-300:]):
            reply = respond(text, date)
            given.append((reply, date))
            out.append(text + reply + "\n")
            p.stdin.write((reply + "\n").encode())
            p.stdin.flush()
            buf = b""
    p.wait(timeout=60)
    return given, "".join(out)


# 1. The hot-seat quarter.
folder = tempfile.mkdtemp(prefix="coalition-keys-")
keys, answers, handovers = collections.Counter(), collections.Counter(), collections.Counter()


def hot_seat(text, date):
    month = date[0] if date else "setup"
    if re.search(r"press Enter[^\n]*$", text[-300:]):
        handovers[month] += 1
        return ""
    return answer


given, _ = drive([os.path.join(folder, "game.json"), "--seed", "7"], hot_seat,
                 lambda d: d is not None and (d[1] != "1805" or months.index(d[0]) >= 3))
for reply, date in given:
    month = date[0] if date else "setup"
    keys[month] += len(reply) + 1
    answers[month] += 1
for m in months[:3] + ["setup"]:
    if answers[m]:
        print(f"{m}: {answers[m]} answers ({handovers[m]} of them handovers), {keys[m]} keystrokes")
print("total keystrokes January-March:", sum(keys.values()))

# 2. The war month: France against six bots, January 1805.
# Where France's stacks go, by the area they stand in: the Grande Armée's march to the Rhine, and Italy.
MOVES = [("Boulogne", "metz"), ("Paris", "strasbourg"), ("Cologne", "mainz"), ("Alessandria", "verona")]
plan = list(MOVES)
stacks = {}


def war(text, date):
    screen = text[-6000:]
    if "Type y to do it" in screen[-400:]:
        return "y"
    if "Enter accepts" in screen[-200:]:
        return ""
    menu = screen[screen.rfind("to decide:"):] if "to decide:" in screen else ""
    # 4.2: war on Austria, by its number in the menu.
    if "Declarations of War Step" in text and "Austria" in menu:
        m = re.search(r"^\s+(\d+)\. declare war on Austria\b", menu, re.M)
        if m:
            return m.group(1)
    # 7.3: France's stacks, numbered as listed; each planned move once, then Enter (done).
    found = re.findall(r"^\s+(\d+)\) ([^,:\n]+)", screen, re.M)
    if "France's stacks" in screen and found:
        stacks.clear()
        stacks.update({area: n for n, area in found})
    if stacks and ("France's stacks" in screen or "France moves" in screen or "refused" in screen):
        while plan:
            area, dest = plan.pop(0)
            if area in stacks:
                return f"m {stacks[area]} {dest}"
    # Battles: the first chit listed (Assault, Counterattack), by number; retreats: the first area listed.
    if re.search(r"choose day \d+'s chit|retreat to ", screen[-1500:]) and re.search(r"^\s+1\. ", menu, re.M):
        return "1"
    return ""


folder = tempfile.mkdtemp(prefix="coalition-war-")
given, out = drive([os.path.join(folder, "war.json"), "--as", "france", "--seed", "7"], war,
                   lambda d: d is not None and d != ("January", "1805"))
if os.environ.get("COALITION_KEYS_LOG"):
    open(os.environ["COALITION_KEYS_LOG"], "w").write(out)
total = sum(len(r) + 1 for r, _ in given)
typed = [r for r, _ in given if r]
print(f"war month: {len(given)} answers, {len(typed)} of them typed ({', '.join(typed)}), the rest Enter")
for line in out.splitlines():
    if ("France moves" in line or "refused" in line or "France declares war" in line
            or ("a battle to fight" in line and "France" in line) or re.search(r"the (attacker|defender) wins", line)):
        print("  " + line.strip())
print(f"war month: {total} keystrokes")
if total > BUDGET:
    print(f"over the budget of {BUDGET} keystrokes", file=sys.stderr)
    sys.exit(1)
