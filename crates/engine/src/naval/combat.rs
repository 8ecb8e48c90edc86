//! Rule 6.1.3's Naval Combat step (Coalition's 6.3, `docs/rules/naval.md`): the mover may engage fleets at war
//! with it where its fleets stand with them (errata 6.3.1.2), the defenders may try to evade, and a battle is fought
//! with its admirals, losses (12.2.5), captures, pursuit and retreat (12.2.3.5), political points (with Nelson and
//! 14.3.2.1.3's cap) and leader casualties (12.7).

use super::sailing::{
    admirals_at, enemy_fleets_at, fleets_of, friendly_port, move_leaders, next_places, place_name,
    relocate,
};
use super::{Engagement, NCtx, NCx, NavalEvent};
use crate::battle::losses::Decide;
use crate::kernel::dice::{Dice, Modifier, Roll};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{FleetId, Key, LeaderId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::combat::Role;
use crate::scenario::{BattlePoints, Location, LossCause};
use crate::world::{Ask, LossRecord, World, WorldEvent};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One side of a naval battle as it was fought.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalSide {
    /// Each fleet's ships at the start of the battle.
    pub fleets: BTreeMap<FleetId, u16>,
    /// The commanding admiral, if any (the best tactical rating, then the first by key).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commander: Option<LeaderId>,
    /// Ships each fleet lost, in the fire and the pursuit (captured ones included).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub lost: BTreeMap<FleetId, u16>,
}

impl NavalSide {
    pub fn ships(&self) -> u32 {
        self.fleets.values().map(|s| *s as u32).sum()
    }
    pub fn lost_ships(&self) -> u32 {
        self.lost.values().map(|s| *s as u32).sum()
    }
}

/// A naval battle as it was fought (Coalition's 6.3): the sides, the winner, the ships captured and where the loser
/// retreated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalBattle {
    pub at: Location,
    pub attacker: PowerId,
    pub attacking: NavalSide,
    pub defending: NavalSide,
    /// The side that lost the smaller share of its ships; none when the shares are equal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Role>,
    /// Ships of the loser's losses the winner took, and the winner's fleet that took them in.
    #[serde(default)]
    pub captured: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured_into: Option<FleetId>,
    /// Coalition's 6.3.11 to 6.3.18 (`docs/rules/naval-1853.md`): a battle with ship kinds, as it was fought.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steam: Option<Box<super::SteamReport>>,
}

impl NavalBattle {
    /// Ships that left play in the battle: lost by either side, less those the winner captured.
    pub fn sunk(&self) -> u32 {
        (self.attacking.lost_ships() + self.defending.lost_ships())
            .saturating_sub(self.captured as u32)
    }
}

/// The places (sea areas and blockade boxes) where `power`'s fleets stand with fleets at war with it, that it has
/// not engaged in this step. A port's fleets are not attacked there.
pub fn places_to_engage(ctx: &NCtx, power: PowerId) -> Vec<Location> {
    let mut out: Vec<Location> = fleets_of(ctx.world, power)
        .into_iter()
        .map(|(_, at)| at)
        .filter(|at| matches!(at, Location::Sea(_) | Location::Blockade(_)))
        .filter(|at| !ctx.own.engaged.contains(at))
        .filter(|at| !enemy_fleets_at(ctx.world, power, *at).is_empty())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Errata 6.3.1.2 with Coalition's 6.3: whether the mover may engage the fleets at `at`.
pub fn check_engage(ctx: &NCtx, power: PowerId, at: Location) -> RuleResult<()> {
    if places_to_engage(ctx, power).contains(&at) {
        return Ok(());
    }
    let s = ctx.scenario;
    let why = if ctx.own.engaged.contains(&at) {
        "it has engaged there already in this Naval Combat step".to_string()
    } else if matches!(at, Location::Area(_)) {
        "fleets in a port are not attacked there; blockade the port from its box".to_string()
    } else {
        format!(
            "no fleet of {} stands there with fleets at war with it",
            s.power_name(power)
        )
    };
    Err(RuleError::new(
        "6.3.1.2",
        format!(
            "{} cannot engage at {}: {why}",
            s.power_name(power),
            place_name(s, at)
        ),
    ))
}

/// The powers deciding for the fleets at war with `attacker` at `at` (their controllers), in key order.
pub(super) fn defending_powers(w: &World, attacker: PowerId, at: Location) -> Vec<PowerId> {
    let mut out: Vec<PowerId> = enemy_fleets_at(w, attacker, at)
        .iter()
        .filter_map(|id| w.controller_of(w.forces.fleets[id].owner))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// `power`'s fleets at `at` that stand against `attacker`.
fn fleets_of_at(w: &World, power: PowerId, attacker: PowerId, at: Location) -> Vec<FleetId> {
    enemy_fleets_at(w, attacker, at)
        .into_iter()
        .filter(|id| w.moves_fleet(power, *id))
        .collect()
}

/// Coalition's evasion: where `power`'s fleets at `at` would evade to: a friendly port one step away, else a sea
/// area or box one step away with no fleet at war with `power`.
fn escape(ctx: &NCtx, power: PowerId, at: Location) -> Option<Location> {
    let (s, w) = (ctx.scenario, ctx.world);
    let next = next_places(s, at);
    next.iter()
        .copied()
        .find(|l| matches!(l, Location::Area(p) if friendly_port(s, w, power, *p)))
        .or_else(|| {
            next.iter().copied().find(|l| {
                matches!(l, Location::Sea(_) | Location::Blockade(_))
                    && enemy_fleets_at(w, power, *l).is_empty()
            })
        })
}

/// 6.3: the mover engages at `at`: the defending powers with somewhere to go are asked whether they evade;
/// without any, the battle is fought at once.
pub fn engage(cx: &mut NCx, power: PowerId, at: Location, dice: &mut Dice) -> Option<Ask> {
    let ctx = cx.ctx();
    let asked: Vec<PowerId> = defending_powers(ctx.world, power, at)
        .into_iter()
        .filter(|p| escape(&ctx, *p, at).is_some())
        .collect();
    cx.emit(NavalEvent::Engaged {
        power,
        at,
        asked: asked.clone(),
    });
    if !asked.is_empty() {
        return Ask::open(asked);
    }
    if super::steam_era(&cx.ctx()) {
        return super::ask_steam_chits(cx, power, at, dice);
    }
    if fight(cx, power, at, dice) {
        return retreats_asked(cx);
    }
    next(cx, power, dice)
}

/// The losing powers asked where their fleets retreat (12.2.3.5).
pub(super) fn retreats_asked(cx: &NCx) -> Option<Ask> {
    let owed = cx.own().retreats.as_ref()?;
    Ask::open(owed.owed.iter().map(|(p, _)| *p).collect())
}

/// What follows an engagement: the mover is asked again while it may engage elsewhere, else the next mover.
pub fn next(cx: &mut NCx, power: PowerId, dice: &mut Dice) -> Option<Ask> {
    if places_to_engage(&cx.ctx(), power).is_empty() {
        return super::advance(cx, dice, false);
    }
    Ask::open(vec![power])
}

/// The best strategic rating among `admirals`, or `no_admiral` (the chart's rating) for a side without one.
fn best_strategic(ctx: &NCtx, admirals: &[LeaderId], no_admiral: u8) -> i32 {
    admirals
        .iter()
        .filter_map(|l| ctx.scenario.leader(*l))
        .map(|d| d.strategic as i32)
        .max()
        .unwrap_or(no_admiral as i32)
}

/// Coalition's evasion and interception rolls (`chart`): one die for `power`, plus its best admiral's strategic
/// rating (`mine`) less the enemy's (`theirs`), held within ± `most_modifier`; `what` names it ("evasion",
/// "interception") at `at`. The roll, and whether it succeeded (`on` or more).
pub(super) fn strategic_roll(
    ctx: &NCtx,
    dice: &mut Dice,
    chart: &crate::scenario::EscapeRoll,
    power: PowerId,
    (mine, theirs): (&[LeaderId], &[LeaderId]),
    what: &str,
    at: Location,
) -> (Roll, bool) {
    let most = chart.most_modifier;
    let edge = (best_strategic(ctx, mine, chart.no_admiral)
        - best_strategic(ctx, theirs, chart.no_admiral))
    .clamp(-most, most);
    let mods = if edge == 0 {
        Vec::new()
    } else {
        vec![Modifier::new(
            edge,
            "6.3",
            "admirals' strategic ratings (own best − the enemy's)",
        )]
    };
    let on = chart.on;
    let roll = dice.roll(
        power.as_str(),
        "6.3",
        &format!(
            "{what} at {} (succeeds on {on})",
            place_name(ctx.scenario, at)
        ),
        1,
        mods,
    );
    let ok = roll.total >= on;
    (roll, ok)
}

/// The admirals with the fleets of the powers in `powers` at `at`.
pub(super) fn side_admirals(ctx: &NCtx, powers: &[PowerId], at: Location) -> Vec<LeaderId> {
    let mut out: Vec<LeaderId> = powers
        .iter()
        .flat_map(|p| admirals_at(ctx, *p, at))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Coalition's 6.3 evasion: each power that chose to evade rolls; on success its fleets and admirals at the
/// place go to its escape. Then the fleets still there fight, if any are left.
pub fn evasions(cx: &mut NCx, choices: &BTreeMap<PowerId, bool>, dice: &mut Dice) -> Option<Ask> {
    let Some(Engagement { at, attacker, .. }) = cx.own().engagement.clone() else {
        return super::advance(cx, dice, false);
    };
    for (&p, &evade) in choices {
        if !evade {
            continue;
        }
        let ctx = cx.ctx();
        let Some(to) = escape(&ctx, p, at) else {
            continue;
        };
        let chart = &ctx.scenario.charts.naval.evasion;
        let mine = admirals_at(&ctx, p, at);
        let theirs = side_admirals(&ctx, &[attacker], at);
        let (roll, ok) = strategic_roll(&ctx, dice, chart, p, (&mine, &theirs), "evasion", at);
        let fleets = fleets_of_at(ctx.world, p, attacker, at);
        cx.push(WorldEvent::DiceRolled { roll });
        cx.emit(NavalEvent::Evaded {
            power: p,
            at,
            to: ok.then_some(to),
        });
        if ok {
            let why = format!("evaded to {}", place_name(cx.scenario, to));
            relocate(cx, &fleets, to, "6.3", &why);
            move_leaders(cx, &mine, to, "6.3", &why);
        }
    }
    if enemy_fleets_at(cx.world(), attacker, at).is_empty() {
        cx.emit(NavalEvent::Unopposed { at });
    } else if super::steam_era(&cx.ctx()) {
        return super::ask_steam_chits(cx, attacker, at, dice);
    } else if fight(cx, attacker, at, dice) {
        return retreats_asked(cx);
    }
    next(cx, attacker, dice)
}

/// A side's commander: the best tactical rating among its admirals, then the first by key.
pub(super) fn commander(ctx: &NCtx, admirals: &[LeaderId]) -> Option<(LeaderId, u8)> {
    admirals
        .iter()
        .filter_map(|l| Some((*l, ctx.scenario.leader(*l)?.tactical)))
        .max_by_key(|(l, t)| (*t, std::cmp::Reverse(*l)))
}

/// Half up: `n` × `pct` / 100.
fn percent(n: u32, pct: u32) -> u32 {
    (n * pct + 50) / 100
}

/// Coalition's 6.3 fire: a side's die with its commander's modifier and superiority; the percent of its own ships
/// the enemy loses.
fn fire(
    ctx: &NCtx,
    dice: &mut Dice,
    who: &str,
    at: Location,
    ships: u32,
    enemy: u32,
    commander: Option<(LeaderId, u8)>,
) -> (Roll, u32) {
    let c = &ctx.scenario.charts.naval.combat;
    let mut mods = Vec::new();
    if let Some((l, t)) = commander {
        let m = c.admiral.get(t as usize).copied().unwrap_or(0);
        if m != 0 {
            let name = ctx
                .scenario
                .leader(l)
                .map_or(l.to_string(), |d| d.name.clone());
            mods.push(Modifier::new(
                m,
                "6.3",
                format!("{name} commands (tactical {t})"),
            ));
        }
    }
    if enemy > 0 && ships >= c.superiority.ratio * enemy && c.superiority.modifier != 0 {
        mods.push(Modifier::new(
            c.superiority.modifier,
            "6.3",
            format!("{} times the enemy's ships or more", c.superiority.ratio),
        ));
    }
    let roll = dice.roll(
        who,
        "6.3",
        &format!("naval fire at {}", place_name(ctx.scenario, at)),
        1,
        mods,
    );
    let last = c.fire.len().saturating_sub(1);
    let pct = c
        .fire
        .get((roll.total.max(0) as usize).min(last))
        .copied()
        .unwrap_or(0);
    (roll, percent(ships, pct).min(enemy))
}

/// 12.2.5 (option) and Coalition's 6.3: which fleets of a side lose `n` ships. Under 12.2.5 a stack of mixed
/// nationalities shares them in proportion to each nationality's ships at the start (halves up; odd losses by
/// the competitive roll); within a nationality, and without the option, the fleet with most ships left loses
/// each ship, the first by key among equals.
pub fn share_losses(
    fleets: &BTreeMap<FleetId, (Nation, u16)>,
    n: u32,
    proportional: bool,
    decide: &mut Decide,
) -> Option<BTreeMap<FleetId, u16>> {
    let mut left: BTreeMap<FleetId, u16> = fleets.iter().map(|(id, (_, s))| (*id, *s)).collect();
    let mut by_nation: BTreeMap<Nation, u32> = BTreeMap::new();
    for (nation, s) in fleets.values() {
        *by_nation.entry(*nation).or_default() += *s as u32;
    }
    let quotas: Vec<(Option<Nation>, u32)> = if proportional && by_nation.len() > 1 {
        super::losses::proportional(&by_nation, n, decide)?
            .into_iter()
            .map(|(k, v)| (Some(k), v))
            .collect()
    } else {
        vec![(None, n)]
    };
    let mut lost: BTreeMap<FleetId, u16> = BTreeMap::new();
    for (nation, quota) in quotas {
        for _ in 0..quota {
            let Some((id, _)) = left
                .iter()
                .filter(|(id, s)| **s > 0 && nation.is_none_or(|x| fleets[*id].0 == x))
                .max_by_key(|(id, s)| (**s, std::cmp::Reverse(**id)))
                .map(|(id, s)| (*id, *s))
            else {
                break;
            };
            *left.get_mut(&id).expect("a fleet of the side") -= 1;
            *lost.entry(id).or_default() += 1;
        }
    }
    Some(lost)
}

/// The competitive roll of 12.2.5 (Coalition's, as 12.3.6's on land): the nationalities in contention roll one
/// die each in key order; the lowest take the odd losses, of equal rolls the later in key order.
fn roll_odd(dice: &mut Dice, rolls: &mut Vec<Roll>, contenders: &[Key], m: u32) -> Vec<Key> {
    let faces: Vec<u8> = contenders
        .iter()
        .map(|k| {
            let r = dice.roll(
                k.as_str(),
                "12.2.5",
                "odd naval losses (lowest take them)",
                1,
                vec![],
            );
            let f = r.faces[0];
            rolls.push(r);
            f
        })
        .collect();
    crate::battle::losses::competitive(&mut faces.as_slice(), contenders, m, &mut None)
        .unwrap_or_default()
}

/// A side's fleets with their nationality and ships.
pub(super) fn side_fleets(w: &World, ids: &[FleetId]) -> BTreeMap<FleetId, (Nation, u16)> {
    ids.iter()
        .filter_map(|id| w.forces.fleets.get(id).map(|f| (*id, (f.owner, f.ships))))
        .collect()
}

/// The powers that gain or lose a side's political points: each fleet's power, or its minor's controller
/// (4.6.3.6).
fn points_powers(w: &World, fleets: &BTreeMap<FleetId, (Nation, u16)>) -> Vec<PowerId> {
    let set: BTreeSet<PowerId> = fleets
        .values()
        .filter_map(|(n, _)| match n {
            Nation::Power(p) => Some(*p),
            Nation::Minor(m) => w.combat_points_of(*m),
        })
        .collect();
    set.into_iter().collect()
}

/// 12.2.3.5: the winner (`who`, with `w_left` ships left) pursues a loser (`losers`, with `l_left` ships left) that
/// has a port to retreat to: the roll, and the ships it sinks (the chart's percent of `l_left`, halves up, at least
/// 1, on the chart's total); none without a pursuit.
pub(super) fn pursuit(
    ctx: &NCtx,
    dice: &mut Dice,
    who: &str,
    at: Location,
    losers: &[PowerId],
    (w_left, l_left): (u32, u32),
) -> Option<(Roll, u32)> {
    let chart = &ctx.scenario.charts.naval.combat;
    let can_retreat = losers
        .iter()
        .any(|p| super::retreat::retreat_to(ctx, *p, at).is_some());
    if l_left == 0 || w_left == 0 || !can_retreat {
        return None;
    }
    let r = dice.roll(
        who,
        "12.2.3.5",
        &format!(
            "pursuit at full allowance (sinks {}% of the loser's ships left on {})",
            chart.pursuit.percent, chart.pursuit.on
        ),
        1,
        vec![],
    );
    let extra = if r.total >= chart.pursuit.on {
        percent(l_left, chart.pursuit.percent).clamp(1, l_left)
    } else {
        0
    };
    Some((r, extra))
}

/// Fights the battle at `at` between `attacker`'s fleets and the fleets at war with it there; `true` when the
/// loser owes a choice of retreat (12.2.3.5).
pub(super) fn fight(cx: &mut NCx, attacker: PowerId, at: Location, dice: &mut Dice) -> bool {
    let ctx = cx.ctx();
    let w = ctx.world;
    let att_ids: Vec<FleetId> = fleets_of(w, attacker)
        .into_iter()
        .filter(|(_, l)| *l == at)
        .map(|(id, _)| id)
        .collect();
    let def_ids = enemy_fleets_at(w, attacker, at);
    let att = side_fleets(w, &att_ids);
    let def = side_fleets(w, &def_ids);
    let def_powers = defending_powers(w, attacker, at);
    let att_adm = side_admirals(&ctx, &[attacker], at);
    let def_adm = side_admirals(&ctx, &def_powers, at);
    let (att_cmd, def_cmd) = (commander(&ctx, &att_adm), commander(&ctx, &def_adm));
    let ships = |f: &BTreeMap<FleetId, (Nation, u16)>| f.values().map(|x| x.1 as u32).sum::<u32>();
    let (a_ships, d_ships) = (ships(&att), ships(&def));
    let def_who = def_powers
        .first()
        .map_or("host".to_string(), |p| p.to_string());
    let (ra, hit_def) = fire(&ctx, dice, attacker.as_str(), at, a_ships, d_ships, att_cmd);
    let (rd, hit_att) = fire(&ctx, dice, &def_who, at, d_ships, a_ships, def_cmd);
    let mut rolls = vec![ra, rd];
    // The smaller share of its ships lost wins.
    let (la, ld) = (
        hit_att as u64 * d_ships as u64,
        hit_def as u64 * a_ships as u64,
    );
    let winner = match la.cmp(&ld) {
        std::cmp::Ordering::Less => Some(Role::Attacker),
        std::cmp::Ordering::Greater => Some(Role::Defender),
        std::cmp::Ordering::Equal => None,
    };
    let chart = ctx.scenario.charts.naval.combat.clone();
    let (mut lost_att, mut lost_def) = (hit_att, hit_def);
    // 12.2.3.5: the loser retreats at its full allowance, and the winner pursues at its own: on the chart's roll
    // the loser loses a share of what it has left.
    if let Some(win) = winner {
        let (w_left, l_left, loser_powers, who) = match win {
            Role::Attacker => (
                a_ships - hit_att,
                d_ships - hit_def,
                def_powers.clone(),
                attacker.to_string(),
            ),
            Role::Defender => (
                d_ships - hit_def,
                a_ships - hit_att,
                vec![attacker],
                def_who.clone(),
            ),
        };
        if let Some((r, extra)) = pursuit(&ctx, dice, &who, at, &loser_powers, (w_left, l_left)) {
            match win {
                Role::Attacker => lost_def += extra,
                Role::Defender => lost_att += extra,
            }
            rolls.push(r);
        }
    }
    // 12.2.5: each side's losses, fire and pursuit together, shared by nationality from its starting ships.
    let proportional = ctx.rulebook.has(OptionalRule::ProportionalNavalLosses);
    let mut decide = |k: &[Key], m: u32| Some(roll_odd(dice, &mut rolls, k, m));
    let a_lost = share_losses(&att, lost_att, proportional, &mut decide).unwrap_or_default();
    let d_lost = share_losses(&def, lost_def, proportional, &mut decide).unwrap_or_default();
    let mut battle = NavalBattle {
        at,
        attacker,
        attacking: NavalSide {
            fleets: att.iter().map(|(id, (_, s))| (*id, *s)).collect(),
            commander: att_cmd.map(|c| c.0),
            lost: a_lost,
        },
        defending: NavalSide {
            fleets: def.iter().map(|(id, (_, s))| (*id, *s)).collect(),
            commander: def_cmd.map(|c| c.0),
            lost: d_lost,
        },
        winner,
        captured: 0,
        captured_into: None,
        steam: None,
    };
    // The winner takes a share of the loser's lost ships into its largest fleet left.
    if let Some(win) = winner {
        let (winner_side, loser_lost) = match win {
            Role::Attacker => (&battle.attacking, battle.defending.lost_ships()),
            Role::Defender => (&battle.defending, battle.attacking.lost_ships()),
        };
        let into = winner_side
            .fleets
            .iter()
            .map(|(id, s)| {
                (
                    *id,
                    s.saturating_sub(winner_side.lost.get(id).copied().unwrap_or(0)),
                )
            })
            .filter(|(_, s)| *s > 0)
            .max_by_key(|(id, s)| (*s, std::cmp::Reverse(*id)))
            .map(|(id, _)| id);
        let captured = (loser_lost * chart.capture_percent / 100) as u16;
        if let Some(into) = into
            && captured > 0
        {
            battle.captured = captured;
            battle.captured_into = Some(into);
        }
    }
    for roll in rolls {
        cx.push(WorldEvent::DiceRolled { roll });
    }
    cx.emit(NavalEvent::BattleFought {
        battle: battle.clone(),
    });
    carry_out(cx, &battle, &att, &def, &def_powers, dice)
}

/// The world events of a fought battle: ships lost and captured, losses recorded, leader casualties (12.7), the
/// loser's retreat (12.2.3.5), admirals without fleets sent home, and the political points.
pub(super) fn carry_out(
    cx: &mut NCx,
    b: &NavalBattle,
    att: &BTreeMap<FleetId, (Nation, u16)>,
    def: &BTreeMap<FleetId, (Nation, u16)>,
    def_powers: &[PowerId],
    dice: &mut Dice,
) -> bool {
    let at = b.at;
    let place = place_name(cx.scenario, at);
    let date = cx.world().date();
    let mut by_nation: BTreeMap<Nation, u32> = BTreeMap::new();
    for (side, fleets) in [(&b.attacking, att), (&b.defending, def)] {
        for (id, n) in &side.lost {
            let (nation, ships) = fleets[id];
            let mut left = ships.saturating_sub(*n);
            if b.captured_into == Some(*id) {
                left += b.captured;
            }
            *by_nation.entry(nation).or_default() += *n as u32;
            cx.push(WorldEvent::FleetChanged {
                fleet: *id,
                ships: left,
                location: if left == 0 { Location::OffMap } else { at },
                rule: "6.3".into(),
                reason: format!("lost {n} ship(s) in the naval battle at {place}"),
            });
        }
    }
    if let Some(into) = b.captured_into
        && !b.attacking.lost.contains_key(&into)
        && !b.defending.lost.contains_key(&into)
    {
        let ships = cx.world().forces.fleets[&into].ships + b.captured;
        cx.push(WorldEvent::FleetChanged {
            fleet: into,
            ships,
            location: at,
            rule: "6.3".into(),
            reason: format!("took {} captured ship(s) at {place}", b.captured),
        });
    }
    for (nation, ships) in by_nation {
        cx.push(WorldEvent::LossRecorded {
            loss: LossRecord {
                nation,
                date,
                cause: LossCause::Combat,
                land_factors: 0,
                ships,
                rule: "6.3".into(),
                excluded_factors: 0,
            },
        });
    }
    // 12.2.4 (6.2.5 without it): what the sunk fleets carried.
    let fought: Vec<FleetId> = att.keys().chain(def.keys()).copied().collect();
    super::transport::after_battle(cx, &fought, &place);
    let mut all_powers = vec![b.attacker];
    all_powers.extend_from_slice(def_powers);
    let admirals: Vec<(Role, Vec<LeaderId>)> = vec![
        (Role::Attacker, side_admirals(&cx.ctx(), &[b.attacker], at)),
        (Role::Defender, side_admirals(&cx.ctx(), def_powers, at)),
    ];
    let defender = def_powers
        .first()
        .map_or("host".to_string(), |p| p.to_string());
    leader_casualties(cx, b, &admirals, &defender, dice);
    // 12.2.3.5: the loser's retreat, power by power, with its admirals; a choice when it has several ports.
    let losers: Vec<PowerId> = match b.winner {
        Some(Role::Attacker) => def_powers.to_vec(),
        Some(Role::Defender) => vec![b.attacker],
        None => Vec::new(),
    };
    let owed = super::retreat::after_battle(cx, at, &losers, &all_powers);
    points(cx, b, att, def);
    match owed {
        Some(owed) => {
            cx.emit(NavalEvent::RetreatsOwed { owed });
            true
        }
        None => false,
    }
}

/// Coalition's 6.3 political points: at least `min_ships` ships in the battle, the winner's powers gain and the
/// loser's lose the chart's points; the bonus leader (Nelson) commanding adds his bonus to his side's, and lifts
/// 14.3.2.1.3's cap on a power with its UMPs.
fn points(
    cx: &mut NCx,
    b: &NavalBattle,
    att: &BTreeMap<FleetId, (Nation, u16)>,
    def: &BTreeMap<FleetId, (Nation, u16)>,
) {
    let Some(win) = b.winner else {
        return;
    };
    let c = cx.scenario.charts.naval.combat.points.clone();
    let size = b.attacking.ships() + b.defending.ships();
    if size < c.min_ships {
        return;
    }
    let place = place_name(cx.scenario, b.at);
    let (wside, lside, wf, lf) = match win {
        Role::Attacker => (&b.attacking, &b.defending, att, def),
        Role::Defender => (&b.defending, &b.attacking, def, att),
    };
    for (side, fleets, base, sign) in [(wside, wf, c.winner, 1), (lside, lf, c.loser, -1)] {
        let bonus = side.commander == Some(c.bonus_leader);
        let delta = base + if bonus { sign * c.bonus } else { 0 };
        let w = cx.world();
        let entries: Vec<BattlePoints> = points_powers(w, fleets)
            .into_iter()
            .map(|power| BattlePoints { power, delta })
            .collect();
        let grouped: Vec<(PowerId, i32, String, bool)> =
            crate::world::ump_rules::battle_points(cx.scenario, w, &entries, bonus)
                .into_iter()
                .map(|(p, pts, why)| {
                    let with_ump = entries.iter().any(|e| {
                        e.power != p && crate::world::ump_rules::display_power(w, e.power) == p
                    });
                    (p, pts, why, with_ump)
                })
                .collect();
        for (p, pts, why, with_ump) in grouped {
            if pts == 0 {
                continue;
            }
            cx.push(WorldEvent::PointsChanged {
                power: p,
                delta: pts,
                rule: if with_ump { "14.3.2.1.3" } else { "6.3" }.into(),
                reason: format!(
                    "the naval battle at {place} ({size} ships){}: {why}",
                    if bonus { ", with Nelson's bonus" } else { "" }
                ),
            });
        }
    }
}

/// 12.7 (option) at sea: each side with admirals present rolls for a leader casualty.
fn leader_casualties(
    cx: &mut NCx,
    b: &NavalBattle,
    admirals: &[(Role, Vec<LeaderId>)],
    defender: &str,
    dice: &mut Dice,
) {
    if !cx.rulebook.has(OptionalRule::LeaderCasualties) {
        return;
    }
    let place = place_name(cx.scenario, b.at);
    for (role, leaders) in admirals {
        if leaders.is_empty() {
            continue;
        }
        let names: Vec<String> = leaders
            .iter()
            .map(|l| {
                cx.scenario
                    .leader(*l)
                    .map_or(l.to_string(), |d| d.name.clone())
            })
            .collect();
        let who = match role {
            Role::Attacker => b.attacker.to_string(),
            Role::Defender => defender.to_string(),
        };
        let (rolls, hit) =
            crate::battle::casualties::roll(&cx.scenario.combat, &who, &names, &mut || dice.d6());
        for roll in rolls {
            cx.push(WorldEvent::DiceRolled { roll });
        }
        let Some((i, casualty)) = hit else {
            continue;
        };
        let date = cx.world().date();
        let (status, how) = (casualty.status(date), casualty.describe(date));
        cx.push(WorldEvent::LeaderChanged {
            leader: leaders[i],
            status,
            location: Location::OffMap,
            rule: "12.7".into(),
            reason: format!("{} is {how} in the naval battle at {place}", names[i]),
        });
    }
}
