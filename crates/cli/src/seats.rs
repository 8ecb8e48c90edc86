//! Seats held by computer players (issue 16): which powers of a game file bots play (the file's `bots` and its
//! `Seat` entries, `docs/transcripts.md`), handing a seat to a bot and back, and letting the bots play their
//! seats' owed decisions, each recorded with its reason (`docs/bots.md`).

use crate::{Failure, bail_usage, describe, parse_power, read_transcript, replay, write_file};
use coalition_bots::{Kind, Table, seating};
use coalition_engine::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::scenario::Scenario;
use coalition_engine::transcript::{Entry, Transcript, play_entry};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// What a seat holds: a kind of bot, or a person (`person`, `none`).
pub fn parse_seat(name: &str) -> Result<Option<Kind>, Failure> {
    match name.trim() {
        "person" | "none" | "human" => Ok(None),
        other => Kind::parse(other)
            .map(Some)
            .or_else(|e| bail_usage(&format!("{e}, or person"))),
    }
}

/// `--bots france=heuristic,austria=random`: the seats bots take at the start of a new game. A bare kind
/// (`--bots heuristic`) takes every seat no person plays: the powers not in `people` (issue 41).
pub fn parse_bots(
    s: &Scenario,
    spec: &str,
    people: &[PowerId],
) -> Result<BTreeMap<PowerId, String>, Failure> {
    let mut out = BTreeMap::new();
    for seat in spec.split(',').filter(|x| !x.trim().is_empty()) {
        let Some((power, kind)) = seat.split_once('=') else {
            // A kind alone fills every seat no person takes.
            let Ok(kind) = Kind::parse(seat) else {
                return bail_usage(&format!(
                    "`{seat}`: write each bot seat as POWER=KIND (france=heuristic), or one kind (heuristic) for every seat no player takes"
                ));
            };
            for p in s.power_ids().filter(|p| !people.contains(p)) {
                out.insert(p, kind.name().to_string());
            }
            continue;
        };
        let power = parse_power(s, power)?;
        if let Some(kind) = parse_seat(kind)? {
            if people.contains(&power) {
                return bail_usage(&format!(
                    "{} is played by a person (--players); a bot cannot take its seat too",
                    describe::power(s, power)
                ));
            }
            out.insert(power, kind.name().to_string());
        }
    }
    Ok(out)
}

/// 14.2.1: the seats of a new game with players named: each power a bot holds and no player takes gets a seat
/// of its own (`bot-POWER`), so that it is a controlled power the bot plays, not an uncontrolled one that must
/// surrender at the first UMP Control Step (issue 41).
pub fn seat_bots(
    players: &mut Vec<coalition_engine::scenario::PlayerDef>,
    bots: &BTreeMap<PowerId, String>,
) -> Result<(), Failure> {
    if players.is_empty() {
        return Ok(());
    }
    for p in bots.keys() {
        if players.iter().any(|pl| pl.powers.contains(p)) {
            continue;
        }
        let mut name = format!("bot-{p}");
        while players.iter().any(|pl| pl.id.as_str() == name) {
            name.push('-');
        }
        let id = coalition_engine::ids::PlayerId::new(&name)
            .map_err(|e| anyhow::anyhow!("player `{name}`: {e}"))?;
        players.push(coalition_engine::scenario::PlayerDef {
            id,
            powers: vec![*p],
        });
    }
    Ok(())
}

/// The bots of the seating `t` records, seated at `g`.
pub fn table(g: &Game, t: &Transcript) -> Result<Table, Failure> {
    let seats =
        seating(t).map_err(|e| Failure::Invalid(anyhow::anyhow!("the game file's seats: {e}")))?;
    Ok(Table::of(g, t.seed, |p| seats.get(&p).copied()))
}

/// Hands `power`'s seat to `kind` (a bot, or a person for `None`) in `t` and `bots`, recording the change as a
/// `Seat` entry (or in the file's starting seats while its script is empty). Returns whether anything changed.
pub fn hand(
    g: &Game,
    t: &mut Transcript,
    bots: &mut Table,
    power: PowerId,
    kind: Option<Kind>,
    note: &str,
) -> bool {
    if bots.kind_of(power) == kind {
        return false;
    }
    bots.seat(g, t.seed, power, kind);
    let bot = kind.map(|k| k.name().to_string());
    if t.script.is_empty() && note.is_empty() {
        match bot {
            Some(b) => t.bots.insert(power, b),
            None => t.bots.remove(&power),
        };
    } else {
        t.script.push(Entry::Seat {
            power,
            bot,
            note: note.to_string(),
        });
    }
    true
}

/// One line for a bot's played entry, as the table may see it: the bot's reason, in names. The decision itself
/// is said once, by the log's own line for it (which describes what happened; the decision described again
/// after it was played would read the state it left, issue 41). A sealed step's decision gets none (the reason
/// would give it away; the log already says that the power has written its decision), nor does a default
/// decision (the log says so).
pub fn entry_line(s: &Scenario, _g: &Game, e: &Entry, sealed: bool) -> Option<String> {
    match e {
        Entry::Bot {
            power,
            bot,
            decision,
            reason,
        } if !sealed => {
            let reason = reason.strip_prefix(&format!("{bot}: ")).unwrap_or(reason);
            // Many reasons begin with the decision's text form; the log says the decision.
            let form = decision.to_string();
            let reason = reason.strip_prefix(&format!("{form}: ")).unwrap_or(reason);
            Some(format!(
                "{} ({bot} bot): {}",
                describe::power(s, *power),
                describe::named(s, reason)
            ))
        }
        _ => None,
    }
}

/// The seating, one line: `france: heuristic bot, austria: person, ...`.
pub fn describe_seating(s: &Scenario, g: &Game, bots: &Table) -> String {
    g.state()
        .powers
        .keys()
        .map(|p| {
            format!(
                "{}: {}",
                describe::power(s, *p),
                bots.kind_of(*p)
                    .map_or("person".to_string(), |k| format!("{} bot", k.name()))
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `coalition seat FILE POWER KIND`: the host hands `power`'s seat to a bot of `kind`, or back to a person; the
/// bots then play what their seats owe.
pub fn run_seat(
    data: Option<&Path>,
    file: &Path,
    power: &str,
    seat: &str,
    note: &str,
) -> Result<(), Failure> {
    let mut t = read_transcript(file)?;
    let (s, mut g) = replay(data, &t)?;
    let p = parse_power(&s, power)?;
    let kind = parse_seat(seat)?;
    let mut bots = table(&g, &t)?;
    // A hand-over in a game under way is the host's act: it is kept as an entry, with its note.
    let note = if note.is_empty() && !t.script.is_empty() {
        "by the host"
    } else {
        note
    };
    if !hand(&g, &mut t, &mut bots, p, kind, note) {
        println!(
            "{} is already held by {}.",
            describe::power(&s, p),
            kind.map_or("a person".to_string(), |k| format!("the {} bot", k.name()))
        );
        return Ok(());
    }
    let played = play_bots(&s, &mut g, &mut t)?;
    write_file(file, &t.to_json())?;
    println!("seats: {}", describe_seating(&s, &g, &bots));
    for line in played {
        println!("{line}");
    }
    Ok(())
}

/// Lets the bots of `t`'s seating play every decision their seats owe, until a person owes one or the game ends;
/// appends their entries to `t` and returns a line for each, as the table may see it.
pub fn play_bots(s: &Scenario, g: &mut Game, t: &mut Transcript) -> Result<Vec<String>, Failure> {
    let mut bots = table(g, t)?;
    let mut lines = Vec::new();
    loop {
        let sealed = g.state().round.as_ref().is_some_and(|r| r.sealed);
        let played = bots.play_next_bot(g);
        let Some(e) = played else { break };
        lines.extend(entry_line(s, g, &e, sealed));
        t.script.push(e);
    }
    Ok(lines)
}

/// `coalition replay`'s text: every event of the log, with each bot's reason printed before the events its
/// decision caused (the annotations a game file keeps; they are no part of the rules state).
pub fn print_replay(s: &Arc<Scenario>, t: &Transcript) -> Result<(), Failure> {
    let mut g = t.start(s.clone())?;
    let mut shown = 0;
    let print_since = |g: &Game, shown: &mut usize| {
        for ev in &g.log()[*shown..] {
            if let Some(line) = describe::event(s, ev) {
                println!("{line}");
            }
        }
        *shown = g.log().len();
    };
    print_since(&g, &mut shown);
    for e in &t.script {
        play_entry(&mut g, e)?;
        // The replay is the host's view: sealed decisions are shown with their reasons.
        if let Entry::Bot { .. } = e
            && let Some(line) = entry_line(s, &g, e, false)
        {
            println!("  [{line}]");
        }
        print_since(&g, &mut shown);
    }
    Ok(())
}
