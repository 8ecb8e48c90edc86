//! `coalition play`: hot-seat play in the terminal. Each power that owes a decision is prompted with its
//! numbered choices (the engine's `choices()`), rolls and outcomes are printed as they happen, and the game
//! file is saved after every decision so a game can be stopped and resumed.

use crate::describe;
use crate::{Failure, load_scenario, new_seed, parse_power, read_transcript, replay, write_file};
use coalition_engine::Decision;
use coalition_engine::decision::Diplomatic;
use coalition_engine::event::Event;
use coalition_engine::ids::PowerId;
use coalition_engine::rulebook::RulebookSpec;
use coalition_engine::transcript::{Entry, Transcript, play_entry};
use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::path::Path;

const HELP: &str = "Type the number of a choice (several numbers separated by commas combine a list: `2,5`),\n\
a decision in text (`declare austria,bavaria`), `d` for the default decision, `v` to view the position,\n\
`?` for this help, or `q` to save and quit.";

pub fn run(
    data: Option<&Path>,
    file: &Path,
    powers: Option<&str>,
    scenario: &str,
    seed: Option<u64>,
    rulebook: Option<RulebookSpec>,
) -> Result<(), Failure> {
    let mut t = if file.exists() {
        let t = read_transcript(file)?;
        if rulebook
            .as_ref()
            .is_some_and(|r| r.rulebook() != t.rulebook.rulebook())
        {
            println!(
                "{} keeps the rulebook it was started with; --rulebook is for a new file.",
                file.display()
            );
        }
        t
    } else {
        let s = load_scenario(data, scenario)?;
        let t = Transcript::new(
            scenario,
            rulebook.unwrap_or_default(),
            seed.unwrap_or_else(new_seed),
        );
        t.start(s)?;
        write_file(file, &t.to_json())?;
        println!(
            "New game of scenario {scenario} (seed {}) saved in {}.",
            t.seed,
            file.display()
        );
        t
    };
    let (s, mut g) = replay(data, &t)?;
    let played: Option<BTreeSet<PowerId>> = match powers {
        Some(list) => Some(
            list.split(',')
                .map(|p| parse_power(&s, p))
                .collect::<Result<_, _>>()?,
        ),
        None => None,
    };
    println!("{} — {}", s.meta.name, file.display());
    println!("{HELP}\n");
    print!(
        "{}",
        describe::position(
            &s,
            g.state(),
            &g.view(
                g.state()
                    .powers
                    .keys()
                    .next()
                    .copied()
                    .unwrap_or_else(|| s.powers[0].id)
            )
        )
    );
    let stdin = std::io::stdin();
    let mut input = stdin.lock().lines();
    let mut shown = g.log().len();
    let mut last_step = None;
    loop {
        // What happened since the last decision, as everyone at the table may see it.
        for e in &g.log()[shown..] {
            if matches!(e, Event::MessageSent { .. }) {
                continue;
            }
            let public = match e {
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
            if let Some(line) = describe::event(&s, &public) {
                println!("  {line}");
            }
        }
        shown = g.log().len();
        if g.state().finished {
            println!(
                "The game is over. The file {} holds the whole game.",
                file.display()
            );
            return Ok(());
        }
        let pending = g.pending();
        // A played power's UMPs (14.3) are played too: the same player decides for them.
        let plays = |p: &PowerId| {
            played.as_ref().is_none_or(|set| {
                set.contains(p)
                    || g.state()
                        .player_of(*p)
                        .is_some_and(|pl| set.iter().any(|q| g.state().player_of(*q) == Some(pl)))
            })
        };
        let Some(&power) = pending.iter().find(|p| plays(p)).or(pending.first()) else {
            println!("Nobody owes a decision.");
            return Ok(());
        };
        let pos = g.state().position;
        if !plays(&power) {
            let entry = Entry::Default { power };
            play_entry(&mut g, &entry)?;
            t.script.push(entry);
            write_file(file, &t.to_json())?;
            continue;
        }
        if last_step != Some(pos) {
            let sealed = g.state().round.as_ref().is_some_and(|r| r.sealed);
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
        let view = g.view(power);
        let messages = view.log.iter().filter_map(|e| match e {
            Event::MessageSent { message }
                if message.date == pos.date && message.to.contains(&power) =>
            {
                Some(message)
            }
            _ => None,
        });
        for m in messages {
            let body = describe::diplomatic(&m.body);
            println!(
                "  (for {} only) from {}: {body}",
                describe::power(&s, power),
                describe::power(&s, m.from)
            );
        }
        let choices = g.choices(power);
        println!("{} to decide:", describe::power(&s, power));
        for (i, d) in choices.iter().enumerate() {
            println!("  {:>2}. {}", i + 1, describe::choice(&s, d));
        }
        print!("{}> ", power);
        std::io::stdout().flush().ok();
        let Some(Ok(line)) = input.next() else {
            println!("\nSaved. Resume with: coalition play {}", file.display());
            return Ok(());
        };
        let line = line.trim();
        let decision = match line {
            "" => continue,
            "q" | "quit" => {
                println!("Saved. Resume with: coalition play {}", file.display());
                return Ok(());
            }
            "?" | "help" => {
                println!("{HELP}");
                continue;
            }
            "v" => {
                print!("{}", describe::position(&s, g.state(), &view));
                continue;
            }
            "d" => None,
            _ if line
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == ' ') =>
            {
                let picked: Result<Vec<Decision>, String> = line
                    .split(',')
                    .filter(|x| !x.trim().is_empty())
                    .map(|x| {
                        x.trim()
                            .parse::<usize>()
                            .ok()
                            .and_then(|i| i.checked_sub(1))
                            .and_then(|i| choices.get(i).cloned())
                            .ok_or_else(|| format!("there is no choice {x}"))
                    })
                    .collect();
                match picked.map(|v| describe::merge(&v)) {
                    Ok(Some(d)) => Some(d),
                    Ok(None) => {
                        println!("  these choices cannot be combined");
                        continue;
                    }
                    Err(e) => {
                        println!("  {e}");
                        continue;
                    }
                }
            }
            text => match Decision::parse(text, &s) {
                Ok(d) => Some(d),
                Err(e) => {
                    println!("  refused: {e}");
                    continue;
                }
            },
        };
        let decision = match decision {
            Some(Decision::Diplomacy(coalition_engine::decision::Send {
                to,
                body: Diplomatic::Message { text },
            })) if text.is_empty() => {
                print!("message text> ");
                std::io::stdout().flush().ok();
                let Some(Ok(text)) = input.next() else {
                    continue;
                };
                Some(Decision::Diplomacy(coalition_engine::decision::Send {
                    to,
                    body: Diplomatic::Message {
                        text: text.trim().to_string(),
                    },
                }))
            }
            d => d,
        };
        let entry = match decision {
            Some(decision) => Entry::Submit { power, decision },
            None => Entry::Default { power },
        };
        let sent = match &entry {
            Entry::Submit {
                decision: Decision::Diplomacy(coalition_engine::decision::Send { to, .. }),
                ..
            } => Some(to.clone()),
            _ => None,
        };
        match play_entry(&mut g, &entry) {
            Ok(()) => {
                if let Some(to) = sent {
                    let names: Vec<String> = to.iter().map(|p| describe::power(&s, *p)).collect();
                    println!("  sent to {} (only they see it)", names.join(", "));
                }
                t.script.push(entry);
                write_file(file, &t.to_json())?;
            }
            Err(e) => println!("  refused: {e}"),
        }
    }
}
