//! Coalition's naval battle with ship kinds (`docs/rules/naval-1853.md`, 6.3.11 to 6.3.18) in the Naval Phase: in a
//! scenario with a `naval_era`, an engagement asks both sides for a naval chit (and a ram) sealed, as land chits
//! are (6.3.11), then fights the battle of `steam` with the engine's dice; losses are taken by kind (6.3.17), hulks
//! go to the winner, and the rest (losses recorded, transport, leader casualties, retreat, points) is 6.3's.

use super::combat::{
    carry_out, commander, defending_powers, pursuit, retreats_asked, side_admirals, side_fleets,
};
use super::sailing::{enemy_fleets_at, fleets_of, place_name};
use super::steam::{self, Fight, Mix, SideSetup};
use super::{NCtx, NCx, NavalDecision, NavalEvent};
use crate::kernel::dice::{Dice, Roll};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{FleetId, PowerId};
use crate::scenario::Location;
use crate::scenario::combat::Role;
use crate::scenario::ships::{NavalChit, ShipKind};
use crate::world::{Ask, World, WorldEvent};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// 6.3.11: a battle waiting for both sides' sealed chits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChitsOwed {
    pub at: Location,
    pub attacker: PowerId,
    /// The power that chooses for the defending side: the one with the most ships there, the first by key.
    pub defender: PowerId,
}

/// 6.3.15: one ram as it was made (side 0 the attacker's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ram {
    pub side: usize,
    pub rammer: ShipKind,
    pub target: ShipKind,
    /// The target got away (6.3.15: steamships only).
    pub evaded: bool,
    pub rammer_sunk: bool,
    pub target_sunk: bool,
}

/// What a battle with ship kinds adds to the battle's record: the sides as they came (chits, rams, commanders'
/// modifiers, guns), the rams, the end state (ships and morale of each side, rounds), and the hulks taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SteamReport {
    pub setup: [SideSetup; 2],
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rams: Vec<Ram>,
    pub fight: Fight,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hulks: BTreeMap<PowerId, u16>,
}

/// Whether the scenario fights naval battles with ship kinds.
pub fn era(ctx: &NCtx) -> bool {
    ctx.scenario.ships.is_some()
}

/// The power choosing for the side of the fleets at war with `attacker` at `at`.
fn defender_of(w: &World, attacker: PowerId, at: Location) -> Option<PowerId> {
    let mut by: BTreeMap<PowerId, u32> = BTreeMap::new();
    for id in enemy_fleets_at(w, attacker, at) {
        let f = &w.forces.fleets[&id];
        if let Some(p) = w.controller_of(f.owner) {
            *by.entry(p).or_default() += f.ships as u32;
        }
    }
    by.iter()
        .max_by_key(|(p, n)| (**n, std::cmp::Reverse(**p)))
        .map(|(p, _)| *p)
}

/// 6.3.11: the battle at `at` begins: both sides are asked for their chits, sealed.
pub fn ask_chits(cx: &mut NCx, attacker: PowerId, at: Location, dice: &mut Dice) -> Option<Ask> {
    let Some(defender) = defender_of(cx.world(), attacker, at) else {
        cx.emit(NavalEvent::Unopposed { at });
        return super::combat::next(cx, attacker, dice);
    };
    cx.emit(NavalEvent::ChitsAsked {
        owed: ChitsOwed {
            at,
            attacker,
            defender,
        },
    });
    Ask::sealed(vec![attacker, defender])
}

/// The side (0 the attacker's) `power` chooses for.
fn side_of(ctx: &NCtx, power: PowerId) -> Option<usize> {
    let o = ctx.own.chits.as_ref()?;
    if power == o.attacker {
        Some(0)
    } else if power == o.defender {
        Some(1)
    } else {
        None
    }
}

/// The ships by kind of each side at the battle.
fn mixes(w: &World, o: &ChitsOwed) -> [Mix; 2] {
    let mut out = [Mix::new(), Mix::new()];
    for (i, ids) in sides(w, o).iter().enumerate() {
        for id in ids {
            for (k, n) in w.forces.fleets[id].kinds() {
                *out[i].entry(k).or_default() += n;
            }
        }
    }
    out
}

/// Each side's fleets at the battle (attacker first).
fn sides(w: &World, o: &ChitsOwed) -> [Vec<FleetId>; 2] {
    let att = fleets_of(w, o.attacker)
        .into_iter()
        .filter(|(_, l)| *l == o.at)
        .map(|(id, _)| id)
        .collect();
    [att, enemy_fleets_at(w, o.attacker, o.at)]
}

/// 6.3.11 and 6.3.15: `power`'s choices: each chit, without a ram or ramming each kind of enemy ship when its side
/// has a steamship.
pub fn choices(ctx: &NCtx, power: PowerId) -> Vec<NavalDecision> {
    let (Some(i), Some(o), Some(sh)) = (side_of(ctx, power), &ctx.own.chits, &ctx.scenario.ships)
    else {
        return Vec::new();
    };
    let m = mixes(ctx.world, o);
    let steam = m[i]
        .keys()
        .any(|k| sh.kind(*k).has(crate::scenario::ships::Ability::Steam));
    let rams: Vec<Option<ShipKind>> = std::iter::once(None)
        .chain(m[1 - i].keys().filter(|_| steam).map(|k| Some(*k)))
        .collect();
    NavalChit::ALL
        .into_iter()
        .flat_map(|chit| {
            rams.iter()
                .map(move |ram| NavalDecision::Chit { chit, ram: *ram })
        })
        .collect()
}

/// 6.3.11: a chit (and ram) is one of `power`'s choices.
pub fn check(ctx: &NCtx, power: PowerId, d: &NavalDecision) -> RuleResult<()> {
    if side_of(ctx, power).is_none() {
        return Err(RuleError::new(
            "6.3.11",
            format!(
                "{} chooses no chit in this naval battle",
                ctx.scenario.power_name(power)
            ),
        ));
    }
    if choices(ctx, power).contains(d) {
        return Ok(());
    }
    Err(RuleError::new(
        "6.3.15",
        "a ram needs a steamship on the rammer's side and a ship of that kind on the enemy's",
    ))
}

/// 6.3.11 to 6.3.18: both chits are in; the battle is fought, then the mover goes on (or the loser retreats).
pub fn resolve(
    cx: &mut NCx,
    decisions: &BTreeMap<PowerId, NavalDecision>,
    dice: &mut Dice,
) -> Option<Ask> {
    let o = cx.own().chits.clone()?;
    let pick = |p: PowerId| match decisions.get(&p) {
        Some(NavalDecision::Chit { chit, ram }) => (Some(*chit), *ram),
        _ => (Some(NavalChit::LineOfBattle), None),
    };
    let owed = fight(cx, &o, [pick(o.attacker), pick(o.defender)], dice);
    if owed {
        return retreats_asked(cx);
    }
    if let Some(i) = cx.own().interception.clone() {
        cx.emit(NavalEvent::InterceptionEnded { mover: i.mover });
        return Ask::open(vec![i.mover]);
    }
    super::combat::next(cx, o.attacker, dice)
}

/// The battle of 6.3.11 to 6.3.18 with the engine's dice; `true` when the loser owes a choice of retreat.
fn fight(
    cx: &mut NCx,
    o: &ChitsOwed,
    chosen: [(Option<NavalChit>, Option<ShipKind>); 2],
    dice: &mut Dice,
) -> bool {
    let ctx = cx.ctx();
    let (s, w) = (ctx.scenario, ctx.world);
    let sh = s.ships.clone().expect("a scenario with ship kinds");
    let chart = s.charts.naval.combat.clone();
    let [att_ids, def_ids] = sides(w, o);
    let (att, def) = (side_fleets(w, &att_ids), side_fleets(w, &def_ids));
    let def_powers = defending_powers(w, o.attacker, o.at);
    let cmds = [
        commander(&ctx, &side_admirals(&ctx, &[o.attacker], o.at)),
        commander(&ctx, &side_admirals(&ctx, &def_powers, o.at)),
    ];
    let m = mixes(w, o);
    let guns_side = match o.at {
        Location::Blockade(port) => match w.area_power(s, port) {
            Some(h) if h == o.attacker => Some((0, port)),
            Some(h) if def_powers.contains(&h) => Some((1, port)),
            _ => None,
        },
        _ => None,
    };
    let setup: [SideSetup; 2] = std::array::from_fn(|i| SideSetup {
        ships: m[i].clone(),
        chit: chosen[i].0,
        ram: chosen[i].1,
        admiral: cmds[i].map_or(0, |(_, t)| {
            chart.admiral.get(t as usize).copied().unwrap_or(0)
        }),
        guns: guns_side
            .filter(|(side, _)| *side == i)
            .and_then(|(_, port)| w.navy.port_guns.get(&port).copied())
            .unwrap_or(0),
    });
    let who = [o.attacker.to_string(), o.defender.to_string()];
    let place = place_name(s, o.at);
    let mut rolls: Vec<Roll> = Vec::new();
    let mut f = steam::start(&sh, &setup);
    // 6.3.12: the manoeuvre.
    if let Some(wn) = steam::manoeuvre_decided(&sh, &f) {
        f.manoeuvre = Some(wn);
    } else {
        let t: [i32; 2] = std::array::from_fn(|i| {
            let r = dice.roll(
                &who[i],
                "6.3.12",
                &format!("manoeuvre at {place}"),
                1,
                steam::manoeuvre_mods(&sh, &f, i),
            );
            let t = r.total;
            rolls.push(r);
            t
        });
        steam::manoeuvre(&mut f, t);
    }
    // 6.3.15: the rams, the attacker's first.
    let mut rams = Vec::new();
    for i in 0..2 {
        let Some((rammer, target, can_evade)) = steam::ram_plan(&sh, &setup, &f, i) else {
            continue;
        };
        let evaded = can_evade && {
            let r = dice.roll(
                &who[1 - i],
                "6.3.15",
                &format!(
                    "a {} evades a ram (on {})",
                    target.key(),
                    sh.ramming.evade_on
                ),
                1,
                vec![],
            );
            let ok = r.total >= sh.ramming.evade_on;
            rolls.push(r);
            ok
        };
        let (mut a, mut b) = (false, false);
        if !evaded {
            let r = dice.roll(
                &who[i],
                "6.3.15",
                &format!("a {} rams a {}", rammer.key(), target.key()),
                1,
                steam::ram_mods(&sh, target),
            );
            (a, b) = steam::ram_sinks(&sh, rammer, target, r.total);
            rolls.push(r);
            if a {
                steam::sink(&mut f, i, rammer);
            }
            if b {
                steam::sink(&mut f, 1 - i, target);
            }
        }
        rams.push(Ram {
            side: i,
            rammer,
            target,
            evaded,
            rammer_sunk: a,
            target_sunk: b,
        });
    }
    steam::after_rams(&sh, &setup, &mut f);
    // 6.3.13: the rounds of fire.
    while f.end.is_none() {
        let n = f.rounds + 1;
        let t: [i32; 2] = std::array::from_fn(|i| {
            let r = dice.roll(
                &who[i],
                "6.3.13",
                &format!("naval fire at {place}, round {n}"),
                1,
                steam::fire_mods(&sh, &chart, &setup, &f, i),
            );
            let t = r.total;
            rolls.push(r);
            t
        });
        steam::round(&sh, &chart, &setup, &mut f, t);
    }
    let winner = f.end.flatten();
    // 12.2.3.5: the winner pursues a loser that can retreat, as 6.3.
    if let Some(wn) = winner {
        let l = 1 - wn;
        let losers = if l == 0 {
            vec![o.attacker]
        } else {
            def_powers.clone()
        };
        let left = (
            steam::count(&f.sides[wn].ships),
            steam::count(&f.sides[l].ships),
        );
        if let Some((r, extra)) = pursuit(&ctx, dice, &who[wn], o.at, &losers, left) {
            steam::take_hits(&sh, &mut f, l, extra);
            rolls.push(r);
        }
    }
    // 6.3.17: each side's losses by kind, each ship from the fleet with the most of its kind left.
    let kinds: BTreeMap<FleetId, Mix> = att_ids
        .iter()
        .chain(def_ids.iter())
        .map(|id| (*id, w.forces.fleets[id].kinds()))
        .collect();
    let mut left = kinds.clone();
    let mut lost: [BTreeMap<FleetId, u16>; 2] = [BTreeMap::new(), BTreeMap::new()];
    for (i, ids) in [&att_ids, &def_ids].into_iter().enumerate() {
        for (k, n) in &f.sides[i].lost {
            for _ in 0..*n {
                let Some(id) = ids
                    .iter()
                    .filter(|id| left[*id].get(k).copied().unwrap_or(0) > 0)
                    .max_by_key(|id| (left[*id][k], std::cmp::Reverse(**id)))
                    .copied()
                else {
                    break;
                };
                *left
                    .get_mut(&id)
                    .and_then(|m| m.get_mut(k))
                    .expect("a ship") -= 1;
                *lost[i].entry(id).or_default() += 1;
            }
        }
    }
    // 6.3.17: hulks for the winner, or each side its own in a drawn battle.
    let hulks_of = |i: usize| -> u16 {
        f.sides[i]
            .lost
            .iter()
            .filter(|(k, _)| sh.kind(**k).hulk)
            .map(|(_, n)| *n)
            .sum()
    };
    let mut hulks: BTreeMap<PowerId, u16> = BTreeMap::new();
    let chooser = [o.attacker, o.defender];
    for i in 0..2 {
        let to = chooser[winner.unwrap_or(i)];
        let n = hulks_of(i);
        if n > 0 {
            *hulks.entry(to).or_default() += n;
        }
    }
    let [lost_att, lost_def] = lost;
    let battle = super::combat::NavalBattle {
        at: o.at,
        attacker: o.attacker,
        attacking: super::combat::NavalSide {
            fleets: att.iter().map(|(id, (_, s))| (*id, *s)).collect(),
            commander: cmds[0].map(|c| c.0),
            lost: lost_att,
        },
        defending: super::combat::NavalSide {
            fleets: def.iter().map(|(id, (_, s))| (*id, *s)).collect(),
            commander: cmds[1].map(|c| c.0),
            lost: lost_def,
        },
        winner: winner.map(|i| {
            if i == 0 {
                Role::Attacker
            } else {
                Role::Defender
            }
        }),
        captured: 0,
        captured_into: None,
        steam: Some(Box::new(SteamReport {
            setup: setup.clone(),
            rams,
            fight: f.clone(),
            hulks: hulks.clone(),
        })),
    };
    for roll in rolls {
        cx.push(WorldEvent::DiceRolled { roll });
    }
    cx.emit(NavalEvent::BattleFought {
        battle: battle.clone(),
    });
    for (id, mix) in &left {
        if mix != &kinds[id] {
            cx.push(WorldEvent::FleetMixChanged {
                fleet: *id,
                mix: mix
                    .iter()
                    .filter(|(_, n)| **n > 0)
                    .map(|(k, n)| (*k, *n))
                    .collect(),
                rule: "6.3.17".into(),
                reason: format!("ships lost by kind in the naval battle at {place}"),
            });
        }
    }
    for (p, n) in hulks {
        let had = cx.world().navy.hulks.get(&p).copied().unwrap_or(0);
        cx.push(WorldEvent::HulksChanged {
            power: p,
            hulks: had + n,
            rule: "6.3.17".into(),
            reason: format!("took {n} hulk(s) in the naval battle at {place}"),
        });
    }
    carry_out(cx, &battle, &att, &def, &def_powers, dice)
}
