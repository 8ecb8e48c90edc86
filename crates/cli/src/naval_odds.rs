//! `coalition battle FILE --naval --odds` (Coalition's 6.3.21, `docs/rules/naval-1853.md`): the exact odds of a
//! naval battle with ship kinds for every pair of chits, from a description of its two sides.

use crate::Failure;
use anyhow::{Context, Result};
use coalition_engine::naval::steam::SideSetup;
use coalition_engine::naval::steam_odds::{self, NavalOdds};
use coalition_engine::scenario::{Scenario, embedded_sources, load_ships};
use serde::Deserialize;
use std::path::Path;

/// The description: the two sides, the attacker first (ships by kind, the commander's fire modifier, port guns,
/// and the kind a side's steamship rams).
#[derive(Deserialize)]
struct Description {
    sides: [SideSetup; 2],
}

/// One percent in tenths, written `12.3%`.
fn pct(t: u128) -> String {
    format!("{}.{}%", t / 10, t % 10)
}

/// Prints the odds of every pair of chits (`json`: as JSON), with the ship kinds of `era` (from the data folder, or
/// the built-in data) and the charts of the scenario `s` (named `name`).
pub(crate) fn run(
    data: Option<&Path>,
    name: &str,
    s: &Scenario,
    era: &str,
    text: &str,
    json: bool,
) -> Result<(), Failure> {
    let d: Description = serde_json::from_str(text)
        .context("not a naval battle description (`{\"sides\": [..]}`)")?;
    let sources = match data {
        Some(dir) => crate::data::read_sources(dir, name)?,
        None => embedded_sources(name).unwrap_or_default(),
    };
    let sh = load_ships(&sources, era)?;
    let lines = steam_odds::table(&sh, &s.charts.naval.combat, &d.sides);
    if json {
        println!("{}", serde_json::to_string_pretty(&lines).context("odds")?);
    } else {
        print!("{}", text_of(&lines));
    }
    Ok(())
}

fn text_of(lines: &[NavalOdds]) -> String {
    let mut out = String::from(
        "attacker        defender        attacker wins  defender wins  no winner  lost (att/def)\n",
    );
    for o in lines {
        let key = |i: usize| o.chits[i].map_or("-", |c| c.key());
        out += &format!(
            "{:<15} {:<15} {:>13}  {:>13}  {:>9}  {}.{} / {}.{}\n",
            key(0),
            key(1),
            pct(o.tenths_percent(o.attacker_wins)),
            pct(o.tenths_percent(o.defender_wins)),
            pct(o.tenths_percent(o.no_winner)),
            o.lost_tenths(0) / 10,
            o.lost_tenths(0) % 10,
            o.lost_tenths(1) / 10,
            o.lost_tenths(1) % 10,
        );
    }
    out
}
