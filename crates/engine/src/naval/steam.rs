//! Coalition's naval combat with ship kinds (`docs/rules/naval-1853.md`, 6.3.11 to 6.3.18): the procedure of one
//! battle as pure steps over its state (the manoeuvre, the rams, each round of fire), read by the Naval Phase with
//! the engine's dice (`steam_battle`) and by the exact odds with every face (`steam_odds`).

use crate::kernel::dice::Modifier;
use crate::kernel::error::{RuleError, RuleResult};
use crate::scenario::ships::{Ability, NavalChit, ShipKind, ShipsFile};
use crate::scenario::{NavalCombatChart, Scenario};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Ships by kind.
pub type Mix = BTreeMap<ShipKind, u16>;

/// 6.3.10: a fleet's mix, checked against its ships and the scenario's kinds.
pub fn check_mix(s: &Scenario, ships: u16, mix: &Mix) -> RuleResult<()> {
    if s.ships.is_none() {
        return Err(RuleError::new(
            "6.3.10",
            "this scenario has one kind of ship (no `naval_era`): a fleet has no mix",
        ));
    }
    let sum: u32 = mix.values().map(|n| *n as u32).sum();
    if sum != ships as u32 {
        return Err(RuleError::new(
            "6.3.10",
            format!("the mix names {sum} ships, the fleet has {ships}"),
        ));
    }
    Ok(())
}

/// Ships in a mix.
pub fn count(m: &Mix) -> u32 {
    m.values().map(|n| *n as u32).sum()
}

/// One side as it comes to the battle: its ships, its sealed chit and ram (6.3.11, 6.3.15), its commander's fire
/// modifier and the port guns firing with it (6.3.18).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideSetup {
    pub ships: Mix,
    pub chit: Option<NavalChit>,
    /// 6.3.15: the kind of enemy ship its steamship rams, if it rams.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ram: Option<ShipKind>,
    #[serde(default)]
    pub admiral: i32,
    #[serde(default)]
    pub guns: u32,
}

impl SideSetup {
    fn chit(&self) -> NavalChit {
        self.chit.unwrap_or(NavalChit::LineOfBattle)
    }
}

/// A side as the battle goes: ships left, ships lost by kind, morale in tenths.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SideState {
    pub ships: Mix,
    pub lost: Mix,
    pub morale: i32,
}

/// The battle's state between steps: the sides (attacker first), the manoeuvre's winner, rounds fought, and the
/// end once reached (`Some(None)`: no winner).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Fight {
    pub sides: [SideState; 2],
    pub manoeuvre: Option<usize>,
    pub rounds: u32,
    pub end: Option<Option<usize>>,
}

/// Sums a side's ships weighted by `f`.
fn weigh(sh: &ShipsFile, m: &Mix, f: impl Fn(&crate::scenario::ships::ShipDef) -> u32) -> u32 {
    m.iter().map(|(k, n)| f(sh.kind(*k)) * *n as u32).sum()
}

/// 6.3.13: a side's morale at the start: the era's, plus the average of its ships' (tenths, rounded down).
pub fn morale(sh: &ShipsFile, m: &Mix) -> i32 {
    let n = count(m) as i32;
    let bonus: i32 = m.iter().map(|(k, c)| sh.kind(*k).morale * *c as i32).sum();
    sh.morale + if n > 0 { bonus / n } else { 0 }
}

/// The battle before its first die.
pub fn start(sh: &ShipsFile, setup: &[SideSetup; 2]) -> Fight {
    let side = |s: &SideSetup| SideState {
        ships: s
            .ships
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| (*k, *n))
            .collect(),
        lost: Mix::new(),
        morale: morale(sh, &s.ships),
    };
    Fight {
        sides: [side(&setup[0]), side(&setup[1])],
        ..Fight::default()
    }
}

/// 6.3.12: the manoeuvre decided without dice: a side of steamships only against one that is not wins it.
pub fn manoeuvre_decided(sh: &ShipsFile, f: &Fight) -> Option<usize> {
    let all_steam = |m: &Mix| !m.is_empty() && m.keys().all(|k| sh.kind(*k).has(Ability::Steam));
    match (all_steam(&f.sides[0].ships), all_steam(&f.sides[1].ships)) {
        (true, false) => Some(0),
        (false, true) => Some(1),
        _ => None,
    }
}

/// 6.3.12: side `i`'s modifiers to its manoeuvre die: twice the enemy's frigates (steamships counting as two).
pub fn manoeuvre_mods(sh: &ShipsFile, f: &Fight, i: usize) -> Vec<Modifier> {
    let c = &sh.manoeuvre;
    let frig = |m: &Mix| weigh(sh, m, |d| d.frigates);
    let (mine, theirs) = (frig(&f.sides[i].ships), frig(&f.sides[1 - i].ships));
    if mine > 0 && mine >= c.frigate_ratio * theirs && c.frigate_modifier != 0 {
        vec![Modifier::new(
            c.frigate_modifier,
            "6.3.12",
            format!("{} times the enemy's frigates or more", c.frigate_ratio),
        )]
    } else {
        Vec::new()
    }
}

/// 6.3.12: the manoeuvre's winner from the two totals (equal: nobody).
pub fn manoeuvre(f: &mut Fight, totals: [i32; 2]) {
    f.manoeuvre = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
}

/// 6.3.15: side `i`'s ram, if it may make the one it chose: (its rammer's kind, the target's kind, whether the
/// target may try to evade). The rammer is an armoured steamship when the side has one.
pub fn ram_plan(
    sh: &ShipsFile,
    setup: &[SideSetup; 2],
    f: &Fight,
    i: usize,
) -> Option<(ShipKind, ShipKind, bool)> {
    let target = setup[i].ram?;
    let mine = &f.sides[i].ships;
    let rammer = mine
        .keys()
        .filter(|k| sh.kind(**k).has(Ability::Steam))
        .max_by_key(|k| sh.kind(**k).has(Ability::Armoured))
        .copied()?;
    if f.sides[1 - i].ships.get(&target).copied().unwrap_or(0) == 0 {
        return None;
    }
    Some((rammer, target, sh.kind(target).has(Ability::Steam)))
}

/// 6.3.15: the ram die's modifier: the target is not a steamship.
pub fn ram_mods(sh: &ShipsFile, target: ShipKind) -> Vec<Modifier> {
    if sh.kind(target).has(Ability::Steam) || sh.ramming.not_steam_modifier == 0 {
        return Vec::new();
    }
    vec![Modifier::new(
        sh.ramming.not_steam_modifier,
        "6.3.15",
        "the target is not a steamship",
    )]
}

/// 6.3.15 with 6.3.16: what a ram sinks (the rammer's, the target's), from the ram's total; an armoured ship is
/// not sunk by ramming.
pub fn ram_sinks(sh: &ShipsFile, rammer: ShipKind, target: ShipKind, total: i32) -> (bool, bool) {
    let r = &sh.ramming;
    let (a, b) = if total <= r.rammer_to {
        (true, false)
    } else if total <= r.both_to {
        (true, true)
    } else {
        (false, true)
    };
    (
        a && !sh.kind(rammer).has(Ability::Armoured),
        b && !sh.kind(target).has(Ability::Armoured),
    )
}

/// Takes one ship of `kind` from side `i`.
pub fn sink(f: &mut Fight, i: usize, kind: ShipKind) {
    let s = &mut f.sides[i];
    if let Some(n) = s.ships.get_mut(&kind).filter(|n| **n > 0) {
        *n -= 1;
        *s.lost.entry(kind).or_default() += 1;
    }
    s.ships.retain(|_, n| *n > 0);
}

/// 6.3.13, 6.3.14, 6.3.12, 6.3.18: side `i`'s modifiers to its fire die in a round.
pub fn fire_mods(
    sh: &ShipsFile,
    chart: &NavalCombatChart,
    setup: &[SideSetup; 2],
    f: &Fight,
    i: usize,
) -> Vec<Modifier> {
    let (me, them) = (&setup[i], &setup[1 - i]);
    let mut out = Vec::new();
    if me.admiral != 0 {
        out.push(Modifier::new(
            me.admiral,
            "6.3",
            "the commander's tactical rating",
        ));
    }
    let pair = sh.pairing(me.chit(), them.chit());
    if pair != 0 {
        out.push(Modifier::new(
            pair,
            "6.3.11",
            format!("{} against {}", me.chit().key(), them.chit().key()),
        ));
    }
    let heavy = |m: &Mix| weigh(sh, m, |d| d.heavies);
    let (hm, ht) = (heavy(&f.sides[i].ships), heavy(&f.sides[1 - i].ships));
    let (a, b) = sh.heavy_edge.ratio;
    if hm > 0 && hm * b >= ht * a && hm > ht {
        out.push(Modifier::new(
            sh.heavy_edge.modifier,
            "6.3.14",
            format!("{a}:{b} or better in heavy ships"),
        ));
    }
    if f.manoeuvre == Some(i) && sh.manoeuvre.winner_fire != 0 {
        out.push(Modifier::new(
            sh.manoeuvre.winner_fire,
            "6.3.12",
            "won the manoeuvre",
        ));
    }
    let (sm, st) = (strength(sh, setup, f, i), strength(sh, setup, f, 1 - i));
    let sup = &chart.superiority;
    if st > 0 && sm >= sup.ratio * st && sup.modifier != 0 {
        out.push(Modifier::new(
            sup.modifier,
            "6.3",
            format!("{} times the enemy's strength or more", sup.ratio),
        ));
    }
    out
}

/// 6.3.13 with 6.3.18: side `i`'s strength: its ships' values and its port guns', in half ships, halved and rounded
/// down (so frigates count half).
pub fn strength(sh: &ShipsFile, setup: &[SideSetup; 2], f: &Fight, i: usize) -> u32 {
    (weigh(sh, &f.sides[i].ships, |d| d.value) + setup[i].guns * sh.port_guns.value) / 2
}

/// Half up: `n` × `pct` / 100.
fn percent(n: u32, pct: u32) -> u32 {
    (n * pct + 50) / 100
}

/// 6.3.13 with 6.3.14: the hits side `i` deals on a fire total: the chart's percent of its strength, and as much
/// again of its double-damage ships in the pairs that double.
pub fn hits(
    sh: &ShipsFile,
    chart: &NavalCombatChart,
    setup: &[SideSetup; 2],
    f: &Fight,
    i: usize,
    total: i32,
) -> u32 {
    let last = chart.fire.len().saturating_sub(1);
    let pct = chart
        .fire
        .get((total.max(0) as usize).min(last))
        .copied()
        .unwrap_or(0);
    let mut h = percent(strength(sh, setup, f, i), pct);
    if sh.doubles(setup[i].chit(), setup[1 - i].chit()) {
        let heavy: u32 = f.sides[i]
            .ships
            .iter()
            .filter(|(k, _)| sh.kind(**k).has(Ability::DoubleDamage))
            .map(|(_, n)| *n as u32)
            .sum();
        h += percent(heavy, pct);
    }
    h
}

/// 6.3.17 with 6.3.16: side `i` takes `hits`: kinds in the loss order, an armoured kind losing one ship for each
/// two hits (the round's hits on it halved, rounded down).
pub fn take_hits(sh: &ShipsFile, f: &mut Fight, i: usize, mut hits: u32) {
    for k in sh.loss_order.clone() {
        let have = f.sides[i].ships.get(&k).copied().unwrap_or(0) as u32;
        if have == 0 || hits == 0 {
            continue;
        }
        let per = if sh.kind(k).has(Ability::Armoured) {
            2
        } else {
            1
        };
        let n = (hits / per).min(have);
        hits -= n * per;
        for _ in 0..n {
            sink(f, i, k);
        }
        if per > 1 {
            hits = 0;
        }
    }
}

/// 6.3.13: a side's morale after losing ships: one morale point (10 tenths × `morale_per_ten_percent` / 10) for
/// each tenth of its ships at the start.
pub fn lose_morale(sh: &ShipsFile, f: &mut Fight, i: usize, start: u32, lost: u32) {
    let drop = (lost * 10 * sh.morale_per_ten_percent as u32)
        .checked_div(start)
        .unwrap_or(0);
    f.sides[i].morale -= drop as i32;
}

/// 6.3.13 with 6.3.15: after the rams, each side's morale falls for the ships they sank, and the battle may be over.
pub fn after_rams(sh: &ShipsFile, setup: &[SideSetup; 2], f: &mut Fight) {
    for (i, s) in setup.iter().enumerate() {
        let lost = count(&f.sides[i].lost);
        lose_morale(sh, f, i, count(&s.ships), lost);
    }
    decide(sh, setup, f);
}

/// 6.3.13: one round of fire from both totals (both fire at once), then the end if reached: a side with no ships
/// or no morale left breaks (both: the lower morale loses, equal: no winner); an evading side that won the
/// manoeuvre breaks off after the first round (no winner); after the last round the higher morale wins.
pub fn round(
    sh: &ShipsFile,
    chart: &NavalCombatChart,
    setup: &[SideSetup; 2],
    f: &mut Fight,
    totals: [i32; 2],
) {
    let start = [count(&setup[0].ships), count(&setup[1].ships)];
    let h = [
        hits(sh, chart, setup, f, 0, totals[0]),
        hits(sh, chart, setup, f, 1, totals[1]),
    ];
    for i in 0..2 {
        let before = count(&f.sides[1 - i].ships);
        take_hits(sh, f, 1 - i, h[i]);
        let lost = before - count(&f.sides[1 - i].ships);
        lose_morale(sh, f, 1 - i, start[1 - i], lost);
    }
    f.rounds += 1;
    decide(sh, setup, f);
}

/// 6.3.13: whether the battle has ended, and who won (see `round`).
pub fn decide(sh: &ShipsFile, setup: &[SideSetup; 2], f: &mut Fight) {
    let broken = |s: &SideState| s.ships.is_empty() || s.morale <= 0;
    let score = |s: &SideState| {
        if s.ships.is_empty() {
            i32::MIN
        } else {
            s.morale
        }
    };
    let by_morale = |f: &Fight| match score(&f.sides[0]).cmp(&score(&f.sides[1])) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    let (b0, b1) = (broken(&f.sides[0]), broken(&f.sides[1]));
    f.end = match (b0, b1) {
        (true, true) => Some(by_morale(f)),
        (true, false) => Some(Some(1)),
        (false, true) => Some(Some(0)),
        _ if f.rounds >= 1 && evades(setup, f) => Some(None),
        _ if f.rounds >= sh.rounds => Some(by_morale(f)),
        _ => None,
    };
}

/// 6.3.11: an evading side that won the manoeuvre, or both sides evading, break off after the first round.
fn evades(setup: &[SideSetup; 2], f: &Fight) -> bool {
    let ev = |i: usize| setup[i].chit() == NavalChit::Evade;
    (ev(0) && ev(1)) || f.manoeuvre.is_some_and(ev)
}
