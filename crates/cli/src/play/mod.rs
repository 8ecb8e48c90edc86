//! `coalition play`: hot-seat play in the terminal (rule 3.3, Coalition's sequence of decisions). Each power that
//! owes a decision is prompted with its numbered choices (the engine's `choices()`), rolls and outcomes are
//! printed as they happen, and the game file is saved after every decision so a game can be stopped and resumed.
//! Sealed choices and private messages stay with their power (`seat`); a power with one choice is not asked, and
//! a power may take its defaults for the rest of the month (`n`).

use coalition_present::economy;
pub mod files;
mod messages;
mod seat;
mod shorthand;

use crate::describe;
use crate::{Failure, load_scenario, new_seed, parse_power, read_transcript, replay, write_file};
use coalition_engine::Decision;
use coalition_engine::decision::{Diplomatic, Send};
use coalition_engine::event::Event;
use coalition_engine::ids::PowerId;
use coalition_engine::rulebook::RulebookSpec;
use coalition_engine::transcript::{Entry, Transcript, play_entry};
use coalition_engine::{Game, Position};
use messages::Inbox;
use seat::{CLEAR, Table, seat_of};
use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::path::Path;

const HELP: &str = "Type the number of a choice (several numbers separated by commas combine a list: `2,5`),\n\
a decision in text (`declare austria,bavaria`; in the Land Phase a whole move: `move fr-1 paris>reims>metz`,\n\
or by destination: `move fr-1 vienna`, `m 3 vienna`), Enter or `d` for the default decision, `n` for nothing\n\
more this month (the power takes its default decisions until the next month), `again` to repeat the last\n\
decision typed, `m` to list the power's messages, `v` to view the position, in a battle `o` for the exact odds\n\
of every pair of chits, `?` to list every choice (`? vienna`: those naming Vienna), `help` for this help, or\n\
`q` to save and quit. Names may be typed in any case. A choice that loses something for good (scuttling a\n\
fleet, suing for peace, a forced march, leaving arrivals unplaced) is listed last and asks for `y` first. A\n\
power with only one choice takes it without being asked. When the seat passes to another player after a secret\n\
(a sealed choice, a private message) the screen is cleared, and the next power's player takes the seat with\n\
Enter.";

/// Rule 7.3 at the prompt: a move may be typed whole, or made one area at a time from the menu.
const LAND_HINT: &str = "Type a move by destination (`move fr-1 vienna`: the cheapest path, the leaders with the \
corps going too unless dropped with `-davout`; `m 3` lists where stack 3 goes, `m 3 12` or `m 3 vienna` moves it), a whole path (`move fr-1,napoleon paris>reims>metz`), a garrison change (`drop fr-1 \
infantry:2`, `pick fr-1 militia:1`), a landing of corps aboard fleets (`disembark gb-2 lisbon`; `disembark depot,gb-2 lisbon` lands the depot too; `disembark gb-2 port:lisbon` into a besieged friendly port), `undo` or `done`, or pick one step from the menu.";
const NAVAL_HINT: &str = "Type a whole move (`sail gb-f1,gb-f2 plymouth>english-channel>box:brest`; a blockade box \
is `box:PORT`; corps embark in port with `sail gb-f1 carrying gb-2 portsmouth>english-channel`, and the depot there with `carrying depot,gb-2`), `undo` or `done`, or pick one step from the menu.";

/// At most this many lines of what happened since a seat's last turn are shown again after a handover.
const SHOWN_SINCE: usize = 120;

/// The prompt's reminder of the short answers.
const KEYS: &str =
    "[number, Enter default, n nothing more this month, m messages, ? choices, help, q quit]";

/// The short prompt after a refusal or a listing: the refusal stays the last thing above it.
const SHORT_KEYS: &str = "[number or text; ? choices, ? WORD filters, help]";

/// A menu longer than this shows its first `PAGE` lines; `?` lists the rest (issue 41).
const PAGE_MAX: usize = 30;
const PAGE: usize = 20;

/// How `play` was started: the game file, whether it is the default one, and the powers played here.
pub struct Start<'a> {
    pub file: &'a Path,
    pub default_file: bool,
    pub powers: Option<&'a str>,
    /// With `powers`: the bots for the other seats (`heuristic` when absent, `none` for default decisions).
    pub bots: Option<&'a str>,
    pub scenario: &'a str,
    pub seed: Option<u64>,
    pub rulebook: Option<RulebookSpec>,
}

/// Rule 3.3: plays the game in `start.file` at this terminal until it ends, input ends, or a player quits.
pub fn run(data: Option<&Path>, start: Start) -> Result<(), Failure> {
    let file = start.file;
    let mut t = open(data, &start)?;
    let resume = files::resume_command(file, start.default_file, start.powers);
    let (s, mut g) = replay(data, &t)?;
    let played: Option<BTreeSet<PowerId>> = match start.powers {
        Some(list) => Some(
            list.split(',')
                .map(|p| parse_power(&s, p))
                .collect::<Result<_, _>>()?,
        ),
        None => None,
    };
    // A played power's UMPs (14.3) are played too: the same player decides for them.
    let plays = |g: &Game, p: &PowerId| {
        played.as_ref().is_none_or(|set| {
            set.contains(p)
                || g.state()
                    .player_of(*p)
                    .is_some_and(|pl| set.iter().any(|q| g.state().player_of(*q) == Some(pl)))
        })
    };
    let saved = |t: &Transcript| write_file(file, &t.to_json());
    // The seats: bots hold what the file gives them; with --as, the powers played here are taken back from bots
    // and the other seats go to bots of the kind --bots names (issue 16).
    let mut bots = crate::seats::table(&g, &t)?;
    let fill = match (played.is_some(), start.bots) {
        (_, Some(kind)) => crate::seats::parse_seat(kind)?,
        (true, None) => Some(coalition_bots::Kind::Heuristic),
        (false, None) => None,
    };
    if played.is_some() {
        let powers: Vec<PowerId> = g.state().powers.keys().copied().collect();
        for p in powers {
            let kind = if plays(&g, &p) {
                None
            } else {
                bots.kind_of(p).or(fill)
            };
            crate::seats::hand(&g, &mut t, &mut bots, p, kind, "");
        }
        saved(&t)?;
    }
    println!("{} — {}", s.meta.name, file.display());
    println!("seats: {}", crate::seats::describe_seating(&s, &g, &bots));
    println!("{HELP}\n");
    let first = g
        .state()
        .powers
        .keys()
        .next()
        .copied()
        .unwrap_or_else(|| s.powers[0].id);
    print!("{}", describe::summary(&s, g.state(), &g.view(first)));
    let stdin = std::io::stdin();
    let mut input = stdin.lock().lines();
    let mut table = Table::new(g.state(), |p| plays(&g, p));
    let mut inbox = Inbox::new(&g, g.state().position.date);
    let mut shown = g.log().len();
    // What everyone at the table may see, and how much of it each seat has seen (when it was last prompted):
    // after the screen is cleared, the next seat is shown what happened since its own last turn (other
    // powers' moves in the Land Phase among them), as the table may see it.
    let mut public: Vec<String> = Vec::new();
    let mut seen_upto: std::collections::BTreeMap<seat::Seat, usize> = Default::default();
    let mut last_step: Option<Position> = None;
    // After a refusal or a listing the same question is asked again under a short prompt (issue 41).
    let mut quiet: Option<(PowerId, Position, usize)> = None;
    let mut last_listing = shorthand::Last::default();
    // The last decision each power typed (`again`).
    let mut typed: std::collections::BTreeMap<PowerId, String> = Default::default();
    loop {
        // What happened since the last decision, as everyone at the table may see it.
        for e in &g.log()[shown..] {
            if let Some(line) = public_line(&s, g.state(), e) {
                println!("  {line}");
                public.push(line);
            }
        }
        shown = g.log().len();
        if g.state().finished {
            if let Some(o) = &g.state().outcome {
                print!("\n{}", crate::ending::text(o, &|p| describe::power(&s, p)));
            }
            println!(
                "The game is over. The file {} holds the whole game.",
                file.display()
            );
            return Ok(());
        }
        let pending = g.pending();
        let Some(&power) = pending
            .iter()
            .find(|p| plays(&g, p) && bots.kind_of(**p).is_none())
            .or(pending.first())
        else {
            println!("Nobody owes a decision.");
            return Ok(());
        };
        // A seat a bot holds: the bot plays, its reason shown unless the step is sealed.
        if bots.kind_of(power).is_some() {
            let sealed = g.state().round.as_ref().is_some_and(|r| r.sealed);
            if let Some(entry) = bots.play(&mut g, power) {
                if let Some(line) = crate::seats::entry_line(&s, &g, &entry, sealed) {
                    println!("  {line}");
                }
                t.script.push(entry);
                saved(&t)?;
            }
            continue;
        }
        let pos = g.state().position;
        let choices = g.choices(power);
        // Powers nobody plays here, powers resting for the month and powers with one choice are not asked.
        let auto = if !plays(&g, &power) {
            Some(Entry::Default { power })
        } else if table.resting(power, pos.date) {
            Some(match g.default_decision(power) {
                Some(decision) => Entry::Submit { power, decision },
                None => Entry::Default { power },
            })
        } else if let [only] = choices.as_slice() {
            println!(
                "  {} has one choice and takes it: {}",
                describe::power(&s, power),
                describe::choice_at(&s, g.state(), only)
            );
            Some(Entry::Submit {
                power,
                decision: only.clone(),
            })
        } else {
            None
        };
        if let Some(entry) = auto {
            let entry = match play_entry(&mut g, &entry) {
                Ok(()) => entry,
                Err(_) => {
                    // The default of a late player (3.6) is always accepted.
                    let entry = Entry::Default { power };
                    play_entry(&mut g, &entry)?;
                    entry
                }
            };
            t.script.push(entry);
            saved(&t)?;
            continue;
        }
        let sealed = g.state().round.as_ref().is_some_and(|r| r.sealed);
        let seat = seat_of(g.state(), power);
        let handover = table.needs_handover(seat, sealed, inbox.has_unread(&g, power));
        if handover {
            print!("{CLEAR}");
            let from = seen_upto.get(&seat).copied().unwrap_or(0);
            let since = &public[from.min(public.len())..];
            let skipped = since.len().saturating_sub(SHOWN_SINCE);
            if skipped > 0 {
                println!("  ({skipped} earlier lines since this seat's last turn not shown)");
            }
            for line in &since[skipped..] {
                println!("  {line}");
            }
            let name = describe::power(&s, power);
            print!("\n{name}: press Enter when only {name} is looking ");
            std::io::stdout().flush().ok();
            match input.next() {
                Some(Ok(l)) if !matches!(l.trim(), "q" | "quit") => {}
                _ => {
                    println!("\nSaved. Resume with: {resume}");
                    return Ok(());
                }
            }
            last_step = None;
        }
        table.prompted(seat, handover);
        seen_upto.insert(seat, public.len());
        if last_step != Some(pos) {
            println!(
                "\n== {} — {} ({}){} ==",
                pos.date,
                pos.step,
                pos.step.rule(),
                if sealed {
                    ", sealed: decisions stay secret until all are written"
                } else {
                    ""
                }
            );
            last_step = Some(pos);
        }
        let unread = inbox.take_unread(&s, &g, power);
        if !unread.is_empty() {
            table.secret_shown();
        }
        for m in unread {
            println!("  {m}");
        }
        let brief = quiet.take() == Some((power, pos, g.log().len()));
        // Rule 3.3 with issue 41: the choices, the destructive ones last, each with its warning.
        let listed: Vec<(Decision, String, Option<describe::destructive::Warning>)> =
            economy::listing(&s, g.state(), power, choices)
                .into_iter()
                .map(|(d, line)| {
                    let w =
                        describe::destructive::destructive(&s, g.rulebook(), g.state(), power, &d);
                    (d, line, w)
                })
                .collect();
        let mut listed = listed;
        listed.sort_by_key(|(_, _, w)| w.is_some());
        if brief {
            print!("{power} {SHORT_KEYS}> ");
        } else {
            for line in economy::preamble(&s, g.state(), power) {
                println!("  {line}");
            }
            // Rule 7.3: the mover's stacks, and how to type a whole path.
            if describe::land::moving(g.state(), power) {
                // The stacks show this power's factors (V.1): the next player takes the seat after a handover.
                table.secret_shown();
                let areas: Vec<String> = describe::land::stack_areas(&s, g.state(), power)
                    .iter()
                    .map(|a| describe::area(&s, *a))
                    .collect();
                let mut next = 0;
                for line in describe::land::stacks(&s, g.rulebook(), g.state(), power) {
                    // The stacks are numbered for `m 3 vienna` (issue 41).
                    match areas.get(next) {
                        Some(a)
                            if line.strip_prefix("  ").is_some_and(|l| {
                                l.starts_with(a.as_str())
                                    && l[a.len()..].starts_with([':', ',', ' '])
                            }) =>
                        {
                            next += 1;
                            println!("  {next:>2}) {}", &line[2..]);
                        }
                        _ => println!("  {line}"),
                    }
                }
                println!("  {LAND_HINT}");
            }
            // Rule 6.2.1: the mover's fleets, and how to type a whole path.
            let fleets = describe::naval::mover_fleets(&s, g.state(), power);
            if !fleets.is_empty() {
                for line in fleets {
                    println!("  {line}");
                }
                println!("  {NAVAL_HINT}");
            }
            // Rule 7.5: the battle this power is asked about (its own side's factors: V.1).
            let header = describe::land::battle_header(&s, g.state(), power);
            if !header.is_empty() {
                table.secret_shown();
            }
            for line in header {
                println!("  {line}");
            }
            println!("{} to decide:", describe::power(&s, power));
            let shown = if listed.len() > PAGE_MAX {
                PAGE
            } else {
                listed.len()
            };
            for (i, item) in listed.iter().take(shown).enumerate() {
                println!("  {:>2}. {}", i + 1, menu_line(item));
            }
            if shown < listed.len() {
                println!(
                    "  … and {} more: `?` lists them all, `? WORD` those naming WORD (`? vienna`)",
                    listed.len() - shown
                );
            }
            print!("{power} {KEYS}> ");
        }
        std::io::stdout().flush().ok();
        let Some(Ok(line)) = input.next() else {
            println!("\nSaved. Resume with: {resume}");
            return Ok(());
        };
        let line = line.trim();
        if sealed && !line.is_empty() {
            table.secret_shown();
        }
        // Names in any case (issue 41): only a message's own text keeps its case.
        let lowered = if line.starts_with("message") || line.starts_with('{') {
            line.to_string()
        } else {
            line.to_lowercase()
        };
        let again = lowered == "again";
        let lowered = if again {
            match typed.get(&power) {
                Some(l) => {
                    println!("  again: {l}");
                    l.clone()
                }
                None => {
                    println!(
                        "  {} has typed no decision to repeat yet.",
                        describe::power(&s, power)
                    );
                    quiet = Some((power, pos, g.log().len()));
                    continue;
                }
            }
        } else {
            lowered
        };
        let line = lowered.as_str();
        let hush = (power, pos, g.log().len());
        // Rule 7.3's short forms of a move: a listing, or a whole move proposed for the player to accept.
        let mut proposed = None;
        if describe::land::moving(g.state(), power) {
            match shorthand::read(&s, &g, power, line, &mut last_listing) {
                shorthand::Short::No => {}
                shorthand::Short::Listing(lines) => {
                    for l in lines {
                        println!("  {l}");
                    }
                    quiet = Some(hush);
                    continue;
                }
                shorthand::Short::Refused(why) => {
                    println!("  {why}");
                    quiet = Some(hush);
                    continue;
                }
                shorthand::Short::Move(d) => proposed = Some(Decision::Land(d)),
            }
        }
        if let Some(word) = line.strip_prefix('?') {
            let word = word.trim();
            let mut any = false;
            for (i, item) in listed.iter().enumerate() {
                let text = menu_line(item);
                if word.is_empty() || text.to_lowercase().contains(word) {
                    println!("  {:>2}. {text}", i + 1);
                    any = true;
                }
            }
            if !any {
                println!("  no choice names `{word}`");
            }
            quiet = Some(hush);
            continue;
        }
        let decision = match line {
            _ if proposed.is_some() => proposed.clone(),
            "" | "d" => None,
            "q" | "quit" => {
                println!("Saved. Resume with: {resume}");
                return Ok(());
            }
            "help" => {
                println!("{HELP}");
                quiet = Some(hush);
                continue;
            }
            "o" => {
                // Coalition's 7.5 odds, from the day after the battle's record made its forces public (V.3.2).
                match crate::battle::odds_in_game(&g, power) {
                    Some(text) => print!("{text}"),
                    None => println!(
                        "  {} is not asked for a battle's chit: there are no odds to show.",
                        describe::power(&s, power)
                    ),
                }
                quiet = Some(hush);
                continue;
            }
            "v" => {
                table.secret_shown();
                print!("{}", describe::position(&s, g.state(), &g.view(power)));
                continue;
            }
            "m" => {
                table.secret_shown();
                let all = messages::all(&s, &g, power);
                if all.is_empty() {
                    println!("  {} has no messages.", describe::power(&s, power));
                }
                for m in all {
                    println!("  {m}");
                }
                continue;
            }
            "n" => {
                table.rest(power, pos.date);
                println!(
                    "  {} takes its default decisions until the next month.",
                    describe::power(&s, power)
                );
                continue;
            }
            _ if line
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == ' ') =>
            {
                match pick(&listed, line) {
                    Ok(d) => Some(d),
                    Err(e) => {
                        println!("  {e}");
                        quiet = Some(hush);
                        continue;
                    }
                }
            }
            text => {
                // Free text may be a message: only this seat should see it.
                table.secret_shown();
                match Decision::parse(text, &s) {
                    Ok(d) => Some(d),
                    Err(e) => {
                        println!("  refused: {e}");
                        quiet = Some(hush);
                        continue;
                    }
                }
            }
        };
        let decision = match decision {
            Some(Decision::Diplomacy(Send {
                to,
                body: Diplomatic::Message { text },
            })) if text.is_empty() => {
                table.secret_shown();
                match message_text(&mut input) {
                    Some(text) => Some(Decision::Diplomacy(Send {
                        to,
                        body: Diplomatic::Message { text },
                    })),
                    None => {
                        println!("  not sent");
                        continue;
                    }
                }
            }
            d => d,
        };
        // Issue 41: a proposed move is shown whole; a destructive decision (the default too) asks for `y`.
        let checked = match &decision {
            Some(d) => Some(d.clone()),
            None => g.default_decision(power),
        };
        let warning = checked.as_ref().and_then(|d| {
            describe::destructive::destructive(&s, g.rulebook(), g.state(), power, d)
        });
        if proposed.is_some() || warning.is_some() {
            if let Some(d) = &checked {
                println!("  {}", describe::choice_at(&s, g.state(), d));
            }
            let ask = match &warning {
                Some(w) => {
                    println!("  Careful: this {w}.");
                    "Type y to do it, anything else cancels> "
                }
                None => "Enter accepts, anything else cancels> ",
            };
            print!("  {ask}");
            std::io::stdout().flush().ok();
            let Some(Ok(answer)) = input.next() else {
                println!("\nSaved. Resume with: {resume}");
                return Ok(());
            };
            let answer = answer.trim().to_lowercase();
            let yes = match warning {
                Some(_) => matches!(answer.as_str(), "y" | "yes"),
                None => answer.is_empty() || matches!(answer.as_str(), "y" | "yes"),
            };
            if !yes {
                println!("  not done");
                quiet = Some(hush);
                continue;
            }
        }
        let typed_line = (!line.is_empty()
            && !line
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == ' ')
            && line != "d")
            .then(|| line.to_string());
        // `d` or Enter: the player chose the default, so it is submitted as the player's own decision; only a
        // power nobody answers for takes it as a late player's (3.6).
        let entry = match decision.or(checked) {
            Some(decision) => Entry::Submit { power, decision },
            None => Entry::Default { power },
        };
        // A private message or proposal (a public act, such as a grant of access or an accepted cession, is no
        // secret).
        let sent = match &entry {
            Entry::Submit {
                decision: Decision::Diplomacy(Send { to, body }),
                ..
            } if !body.is_public() => Some(to.clone()),
            _ => None,
        };
        match play_entry(&mut g, &entry) {
            Ok(()) => {
                if let Some(to) = sent {
                    table.secret_shown();
                    println!("  sent to {} (only they see it)", describe::powers(&s, &to));
                }
                t.script.push(entry);
                saved(&t)?;
                if let Some(l) = typed_line {
                    typed.insert(power, l);
                }
            }
            Err(e) => {
                println!("  refused: {e}");
                quiet = Some(hush);
            }
        }
    }
}

/// A menu line, with its warning when the choice is destructive (issue 41).
fn menu_line(item: &(Decision, String, Option<describe::destructive::Warning>)) -> String {
    match &item.2 {
        Some(w) => format!("{} — careful: {w}", item.1),
        None => item.1.clone(),
    }
}

/// Opens the game file, or starts a new game in it.
fn open(data: Option<&Path>, start: &Start) -> Result<Transcript, Failure> {
    let file = start.file;
    if file.exists() {
        let t = read_transcript(file)?;
        if start
            .rulebook
            .as_ref()
            .is_some_and(|r| r.rulebook() != t.rulebook.rulebook())
        {
            println!(
                "{} keeps the rulebook it was started with; --rulebook is for a new file.",
                file.display()
            );
        }
        return Ok(t);
    }
    let s = load_scenario(data, start.scenario)?;
    let t = Transcript::new(
        start.scenario,
        start.rulebook.clone().unwrap_or_default(),
        start.seed.unwrap_or_else(new_seed),
    );
    t.start(s)?;
    write_file(file, &t.to_json())?;
    println!(
        "New game of scenario {} (seed {}) saved in {}.",
        start.scenario,
        t.seed,
        file.display()
    );
    Ok(t)
}

/// An event as everyone at the table may see it (sealed decisions hidden, private messages left out).
fn public_line(
    s: &coalition_engine::scenario::Scenario,
    st: &coalition_engine::state::State,
    e: &Event,
) -> Option<String> {
    let public = match e {
        Event::MessageSent { .. } => return None,
        Event::Submitted {
            power,
            sealed: true,
            ..
        } => Event::Submitted {
            power: *power,
            sealed: true,
            decision: None,
        },
        e => e.clone(),
    };
    describe::event_public(s, st, &public)
}

/// The listed choices named by numbers (`2,5`), merged into one decision where the step takes a list.
fn pick(
    listed: &[(Decision, String, Option<describe::destructive::Warning>)],
    line: &str,
) -> Result<Decision, String> {
    let picked: Vec<Decision> = line
        .split(',')
        .filter(|x| !x.trim().is_empty())
        .map(|x| {
            x.trim()
                .parse::<usize>()
                .ok()
                .and_then(|i| i.checked_sub(1))
                .and_then(|i| listed.get(i).map(|(d, _, _)| d.clone()))
                .ok_or_else(|| format!("there is no choice {}", x.trim()))
        })
        .collect::<Result<_, _>>()?;
    describe::merge(&picked).ok_or_else(|| "these choices cannot be combined".to_string())
}

/// Rule 4.1: the text of a message, or `None` when the writer cancels (an empty line, `c`, Esc, or the end of
/// input).
fn message_text(input: &mut impl Iterator<Item = std::io::Result<String>>) -> Option<String> {
    print!("message text (empty line, c or Esc cancels)> ");
    std::io::stdout().flush().ok();
    let text = input.next()?.ok()?;
    let text = text.trim();
    if text.is_empty() || text == "c" || text.contains('\u{1b}') {
        return None;
    }
    Some(text.to_string())
}
