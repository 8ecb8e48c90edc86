//! Rule 7.5's aftermath in the Land Phase (Coalition's 7.5.3 and 7.5.6 to 7.5.9, `docs/rules/land.md`): a battle
//! fought, its dice logged, its losses and prisoners recorded, the pursuit (7.5.8), the political points by size
//! (7.5.7, with 14.3.2.1.3's cap), leader casualties (12.7) and the retreats (7.5.9).

use super::setup::{Battle, BattleRecord, Retreat, points_power, side_leaders};
use super::{LCtx, LCx, LandEvent};
use crate::battle::{self, Outcome, Report, Setup};
use crate::kernel::dice::{Dice, Roll};
use crate::kernel::ids::{AreaId, CorpsId, LeaderId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::combat::{AttackChit, DefendChit, Role};
use crate::scenario::{BattlePoints, Factors, LeaderStatus, Location, LossCause};
use crate::world::geography::{area_name, at_war_sides, enemy_corps, may_enter, neighbours};
use crate::world::{Ask, LossRecord, World, WorldEvent};
use std::collections::{BTreeMap, BTreeSet};

/// The rolls of a report in the order they were made.
pub(super) fn rolls_of(report: &Report) -> Vec<Roll> {
    let mut out = report.opening.clone();
    for r in &report.rounds {
        out.extend(r.before.iter().cloned());
        out.extend(r.bombardment.iter().map(|f| f.roll.clone()));
        out.extend(r.bombardment_odd.iter().cloned());
        out.extend(r.fire.iter().map(|f| f.roll.clone()));
        out.extend(r.fire_odd.iter().cloned());
    }
    out
}

/// Factors among `lost` that 14.3.2.2.1 does not count (feudal, cossacks, freikorps, insurrection).
fn excluded(lost: &Factors) -> u32 {
    lost.feudal as u32 + lost.cossack as u32 + lost.freikorps as u32 + lost.insurrection as u32
}

/// Records the land factors each nation lost, by cause.
pub(super) fn record_losses(
    cx: &mut LCx,
    lost: BTreeMap<Nation, Factors>,
    cause: LossCause,
    rule: &str,
) {
    let date = cx.world().date();
    for (nation, f) in lost {
        if f.is_empty() {
            continue;
        }
        cx.push(WorldEvent::LossRecorded {
            loss: LossRecord {
                nation,
                date,
                cause,
                land_factors: f.total(),
                ships: 0,
                rule: rule.into(),
                excluded_factors: excluded(&f),
            },
        });
    }
}

/// Sets each corps of a side to its factors after the battle and records what each nation lost.
pub(super) fn apply_losses(
    cx: &mut LCx,
    ids: &[CorpsId],
    after: &[Factors],
    rule: &str,
    why: &str,
) -> BTreeMap<Nation, Factors> {
    let mut lost: BTreeMap<Nation, Factors> = BTreeMap::new();
    for (id, left) in ids.iter().zip(after) {
        let Some(c) = cx.world().forces.corps.get(id).cloned() else {
            continue;
        };
        let Some(gone) = c.factors.minus(left) else {
            continue;
        };
        if gone.is_empty() {
            continue;
        }
        let e = lost.entry(c.owner).or_default();
        *e = e.plus(&gone);
        cx.push(WorldEvent::CorpsChanged {
            corps: *id,
            factors: *left,
            location: c.location,
            rule: rule.into(),
            reason: format!("{id} loses {} factor(s) {why}", gone.total()),
        });
    }
    lost
}

/// The ids of a side's corps, in the setup's order.
fn ids_of(b: &Battle, r: Role) -> &[CorpsId] {
    match r {
        Role::Attacker => &b.attacking,
        Role::Defender => &b.defending,
    }
}

/// Whether a corps of the battle stands in its area: every corps that fought does; a corps sent from a next area
/// that never joined (Coalition's 7.5.2) does not, and the aftermath passes it by.
fn here(w: &World, b: &Battle, id: &CorpsId) -> bool {
    w.forces
        .corps
        .get(id)
        .is_some_and(|c| c.location == Location::Area(b.area))
}

fn power_of(b: &Battle, r: Role) -> Option<PowerId> {
    match r {
        Role::Attacker => Some(b.attacker),
        Role::Defender => b.defender,
    }
}

/// The battle's aftermath once its last day is fought (`days::fight`; its dice are logged day by day): records
/// it, applies losses, prisoners, pursuit, points, leader casualties, and orders the retreats. Returns the next
/// round (a retreat), or `None` when the battle is over.
pub(super) fn conclude(cx: &mut LCx, b: &Battle, dice: &mut Dice) -> Option<Ask> {
    let (Some(mut s), Some(field)) = (b.setup.clone(), b.field.as_ref()) else {
        cx.emit(LandEvent::BattleEnded { area: b.area });
        return None;
    };
    let report = field.report().clone();
    // The record's setup holds each side's first guard commitment (every one is in `guards`).
    for (r, g) in &b.guards {
        let side = match r {
            Role::Attacker => &mut s.attacker,
            Role::Defender => &mut s.defender,
        };
        side.guard = side.guard.or(Some(*g));
    }
    let chits = s
        .chits
        .first()
        .copied()
        .unwrap_or((AttackChit::Assault, DefendChit::Defend));
    let w = cx.world();
    let side_powers = |r: Role| -> Vec<PowerId> {
        let mut v: Vec<PowerId> = ids_of(b, r)
            .iter()
            .filter(|id| here(w, b, id))
            .filter_map(|id| points_power(w, *id))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let (winners, losers) = match report.outcome {
        Outcome::Won { winner } => (side_powers(winner), side_powers(winner.other())),
        _ => (Vec::new(), Vec::new()),
    };
    cx.emit(LandEvent::BattleFought {
        record: Box::new(BattleRecord {
            area: b.area,
            attacker: b.attacker,
            defender: b.defender,
            chits,
            setup: s.clone(),
            report: report.clone(),
            winners: winners.clone(),
            losers: losers.clone(),
            guards: b.guards.clone(),
        }),
    });
    let place = area_name(&cx.ctx(), b.area);
    // Losses, and for a trivial combat's destroyed side, its survivors' surrender (4.4.6.1).
    let chart = &cx.scenario.combat;
    let survivors = battle::trivial::survivors(chart, &s, &report);
    for r in [Role::Attacker, Role::Defender] {
        let ids = ids_of(b, r).to_vec();
        let after = match r {
            Role::Attacker => &report.attacker_left,
            Role::Defender => &report.defender_left,
        };
        if let Some((small, left)) = &survivors
            && *small == r
        {
            // What fire left of the destroyed side surrenders; the rest fell to fire.
            let lost = apply_losses(cx, &ids, left, "7.5.3", &format!("at {place}"));
            record_losses(cx, lost, LossCause::Combat, "7.5.3");
            let captor = power_of(b, r.other()).map(Nation::Power);
            surrender(
                cx,
                &ids,
                captor,
                "7.5.3",
                &format!("overwhelmed at {place}"),
            );
        } else {
            let lost = apply_losses(cx, &ids, after, "7.5.6", &format!("in battle at {place}"));
            record_losses(cx, lost, LossCause::Combat, "7.5.6");
        }
    }
    if let Outcome::Won { winner } = report.outcome
        && survivors.is_none()
    {
        pursue(cx, b, &s, winner, dice);
    }
    battle_points(cx, b, &s, &report, &winners, &losers);
    battle_casualties(cx, b, dice);
    let retreats = retreats(cx, b, &report);
    order_retreats(cx, b, retreats)
}

/// Coalition's 7.5.8: the winner's cavalry pursues: the loser loses as many more factors as the chart's dice
/// show, at most the winner's cavalry factors beyond its own.
fn pursue(cx: &mut LCx, b: &Battle, s: &Setup, winner: Role, dice: &mut Dice) {
    let n_dice = cx.scenario.combat.pursuit.dice as usize;
    let w = cx.world();
    let cav = |r: Role| -> u32 {
        ids_of(b, r)
            .iter()
            .filter(|id| here(w, b, id))
            .filter_map(|id| w.forces.corps.get(id))
            .map(|c| battle::side::cavalry(&c.factors))
            .sum()
    };
    let excess = cav(winner).saturating_sub(cav(winner.other()));
    let loser = winner.other();
    let fought: Vec<bool> = ids_of(b, loser).iter().map(|id| here(w, b, id)).collect();
    let left: Vec<Factors> = ids_of(b, loser)
        .iter()
        .map(|id| {
            w.forces
                .corps
                .get(id)
                .map(|c| c.factors)
                .unwrap_or_default()
        })
        .collect();
    if excess == 0
        || n_dice == 0
        || left
            .iter()
            .zip(&fought)
            .all(|(f, here)| !*here || f.is_empty())
    {
        return;
    }
    let who = power_of(b, winner).map_or("host".to_string(), |p| p.to_string());
    let roll = dice.roll(
        &who,
        "7.5.8",
        &format!("pursuit: the loser loses this many factors, at most {excess} (the winner's cavalry beyond its own)"),
        n_dice,
        Vec::new(),
    );
    let n = (roll.total.max(0) as u32).min(excess);
    cx.push(WorldEvent::DiceRolled { roll });
    let mut after = left.clone();
    let corps = &s.side(loser).corps;
    // 12.3.6: odd losses between equal claims go by a competitive roll, one die a nationality.
    let mut rolls = Vec::new();
    battle::losses::allocate_with(
        corps,
        &mut after,
        |i| fought.get(i).copied().unwrap_or(false),
        n,
        s.options.proportional_losses,
        false,
        &mut |g, m| {
            let faces: Vec<u8> = g
                .iter()
                .map(|k| {
                    let names: Vec<String> = g.iter().map(|x| x.to_string()).collect();
                    let roll = dice.roll(
                        k.as_str(),
                        "12.3.6",
                        &format!(
                            "the loser's odd loss to the pursuit: {k} rolls (the lowest roll takes it, of equal \
                             rolls the later in key order; {})",
                            names.join(" v ")
                        ),
                        1,
                        Vec::new(),
                    );
                    let face = roll.faces[0];
                    rolls.push(roll);
                    face
                })
                .collect();
            battle::losses::competitive(&mut faces.as_slice(), g, m, &mut None)
        },
    )
    .expect("the dice settle every contest");
    for roll in rolls {
        cx.push(WorldEvent::DiceRolled { roll });
    }
    let place = area_name(&cx.ctx(), b.area);
    let lost = apply_losses(
        cx,
        ids_of(b, loser),
        &after,
        "7.5.8",
        &format!("to the pursuit at {place}"),
    );
    record_losses(cx, lost, LossCause::Combat, "7.5.8");
}

/// Coalition's 7.5.7 with 14.3.2.1.3: each power of the winning side gains the battle's points by its size, each
/// of the losing side loses them; an UMP's go to its controller, held to the cap unless Napoleon commands.
fn battle_points(
    cx: &mut LCx,
    b: &Battle,
    s: &Setup,
    report: &Report,
    winners: &[PowerId],
    losers: &[PowerId],
) {
    let Outcome::Won { winner } = report.outcome else {
        return;
    };
    let chart = &cx.scenario.combat;
    // Corps sent from next areas count once they joined (Coalition's 7.5.2).
    let w = cx.world();
    let size: u32 = [Role::Attacker, Role::Defender]
        .into_iter()
        .flat_map(|r| s.side(r).corps.iter().zip(ids_of(b, r)))
        .filter(|(c, id)| c.reinforcing.is_none() || here(w, b, id))
        .map(|(c, _)| c.factors.total())
        .sum();
    let points = chart
        .points
        .iter()
        .rev()
        .find(|p| p.from_factors <= size)
        .map_or(0, |p| p.points);
    if points == 0 {
        return;
    }
    let napoleon = |r: Role| -> bool {
        let cmd = match r {
            Role::Attacker => &report.commanders.0,
            Role::Defender => &report.commanders.1,
        };
        cx.scenario
            .leader(chart.napoleon.leader)
            .is_some_and(|n| cmd.starts_with(&n.name))
    };
    let place = area_name(&cx.ctx(), b.area);
    for (powers, delta, nap) in [
        (winners, points, napoleon(winner)),
        (losers, -points, napoleon(winner.other())),
    ] {
        let entries: Vec<BattlePoints> = powers
            .iter()
            .map(|p| BattlePoints { power: *p, delta })
            .collect();
        let w = cx.world();
        let grouped: Vec<(PowerId, i32, String, bool)> =
            crate::world::ump_rules::battle_points(cx.scenario, w, &entries, nap)
                .into_iter()
                .map(|(p, pts, why)| {
                    let with_ump = powers
                        .iter()
                        .any(|x| *x != p && crate::world::ump_rules::display_power(w, *x) == p);
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
                rule: if with_ump { "14.3.2.1.3" } else { "7.5.7" }.into(),
                reason: format!("the battle at {place} ({size} factors): {why}"),
            });
        }
    }
}

/// 12.7 (option) after a battle: each side with leaders present rolls for a leader casualty.
fn battle_casualties(cx: &mut LCx, b: &Battle, dice: &mut Dice) {
    let ctx = cx.ctx();
    let sides: Vec<(Option<PowerId>, Vec<LeaderId>)> = [Role::Attacker, Role::Defender]
        .into_iter()
        .map(|r| {
            let ids = side_leaders(&ctx, b, r).into_iter().map(|(id, _)| id);
            (power_of(b, r), ids.collect())
        })
        .collect();
    leader_casualties(cx, b.area, &sides, dice);
}

/// 12.7 (option): "after the completion of a field or limited field combat, a trivial combat, or a naval
/// combat", each side with leaders present checks. The one place of the Land Phase that does it, after every
/// combat it fights: a battle (7.5, a trivial combat included, 7.5.3) and a siege's limited field combats, the
/// assault (7.5.4.1) and the sortie (7.5.4.2.1). `sides`: for each side, the power that rolls for it (none: an
/// uncontrolled minor's side, rolled for by the host) and its leaders present at the combat (those no longer on
/// the map or active are passed over). A siege roll is no combat: no check follows it.
pub(super) fn leader_casualties(
    cx: &mut LCx,
    area: AreaId,
    sides: &[(Option<PowerId>, Vec<LeaderId>)],
    dice: &mut Dice,
) {
    if !cx.rulebook.has(OptionalRule::LeaderCasualties) {
        return;
    }
    for (power, ids) in sides {
        let w = cx.world();
        let leaders: Vec<(LeaderId, String)> = ids
            .iter()
            .filter(|id| {
                w.forces.leaders.get(id).is_some_and(|l| {
                    l.status == LeaderStatus::Active && l.location == Location::Area(area)
                })
            })
            .map(|id| {
                let name = cx
                    .scenario
                    .leader(*id)
                    .map_or(id.to_string(), |d| d.name.clone());
                (*id, name)
            })
            .collect();
        if leaders.is_empty() {
            continue;
        }
        let names: Vec<String> = leaders.iter().map(|(_, n)| n.clone()).collect();
        let who = power.map_or("host".to_string(), |p| p.to_string());
        let (rolls, hit) =
            battle::casualties::roll(&cx.scenario.combat, &who, &names, &mut || dice.d6());
        for roll in rolls {
            cx.push(WorldEvent::DiceRolled { roll });
        }
        let Some((i, casualty)) = hit else {
            continue;
        };
        let (id, name) = &leaders[i];
        let date = cx.world().date();
        let (status, how) = (casualty.status(date), casualty.describe(date));
        cx.push(WorldEvent::LeaderChanged {
            leader: *id,
            status,
            location: Location::OffMap,
            rule: "12.7".into(),
            reason: format!("{name} is {how} at {}", area_name(&cx.ctx(), area)),
        });
    }
}

/// 4.4.6.1: corps that cannot escape surrender: their factors are held prisoner by `captor` (none: they are
/// lost) and the counters leave the map.
pub(super) fn surrender(
    cx: &mut LCx,
    ids: &[CorpsId],
    captor: Option<Nation>,
    rule: &str,
    why: &str,
) {
    let mut taken: BTreeMap<Nation, Factors> = BTreeMap::new();
    for id in ids {
        let Some(c) = cx.world().forces.corps.get(id).cloned() else {
            continue;
        };
        if !c.factors.is_empty() {
            let e = taken.entry(c.owner).or_default();
            *e = e.plus(&c.factors);
        }
        if c.location != Location::OffMap {
            cx.push(WorldEvent::CorpsChanged {
                corps: *id,
                factors: Factors::default(),
                location: Location::OffMap,
                rule: rule.into(),
                reason: if c.factors.is_empty() {
                    format!("{id} is destroyed: {why}")
                } else {
                    format!("{id} surrenders: {why}")
                },
            });
        }
    }
    for (owner, f) in &taken {
        if let Some(captor) = captor {
            cx.push(WorldEvent::PrisonersTaken {
                owner: *owner,
                captor,
                factors: *f,
                rule: "4.4.6.1".into(),
                reason: why.to_string(),
            });
        }
    }
    record_losses(cx, taken, LossCause::Surrender, rule);
}

/// Coalition's 7.5.9: who must leave the area after the battle: the loser's corps (destroyed ones leave the
/// map), the defender's corps that withdrew, the attacker's after an undecided battle; with their leaders.
/// Leaders of a side left with no corps are captured by the other side.
fn retreats(cx: &mut LCx, b: &Battle, report: &Report) -> Vec<(Role, Vec<CorpsId>, Vec<LeaderId>)> {
    let mut leaving: [BTreeSet<CorpsId>; 2] = [BTreeSet::new(), BTreeSet::new()];
    let ix = |r: Role| usize::from(r == Role::Defender);
    match report.outcome {
        Outcome::Won { winner } => {
            leaving[ix(winner.other())].extend(ids_of(b, winner.other()));
        }
        Outcome::Withdrew => {
            leaving[1].extend(if report.withdrawn.is_empty() {
                b.defending.clone()
            } else {
                report
                    .withdrawn
                    .iter()
                    .filter_map(|i| b.defending.get(*i).copied())
                    .collect()
            });
        }
        Outcome::Undecided => {
            leaving[0].extend(&b.attacking);
        }
    }
    if report.outcome != Outcome::Withdrew && !report.withdrawn.is_empty() {
        leaving[1].extend(
            report
                .withdrawn
                .iter()
                .filter_map(|i| b.defending.get(*i).copied()),
        );
    }
    // Corps with no factors left leave the map.
    let place = area_name(&cx.ctx(), b.area);
    for id in b.attacking.iter().chain(&b.defending) {
        if let Some(c) = cx.world().forces.corps.get(id).cloned()
            && c.factors.is_empty()
            && c.location != Location::OffMap
        {
            cx.push(WorldEvent::CorpsChanged {
                corps: *id,
                factors: Factors::default(),
                location: Location::OffMap,
                rule: "7.5.6".into(),
                reason: format!("{id} is destroyed at {place}"),
            });
        }
    }
    let mut out = Vec::new();
    for r in [Role::Attacker, Role::Defender] {
        let w = cx.world();
        let alive = |id: &CorpsId| {
            w.forces
                .corps
                .get(id)
                .is_some_and(|c| c.location == Location::Area(b.area) && !c.factors.is_empty())
        };
        let corps: Vec<CorpsId> = leaving[ix(r)].iter().copied().filter(alive).collect();
        let staying = ids_of(b, r)
            .iter()
            .any(|id| alive(id) && !corps.contains(id));
        let ctx = cx.ctx();
        let leaders: Vec<LeaderId> = side_leaders(&ctx, b, r)
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        if !corps.is_empty() {
            // Leaders go with the corps that leave, unless some of the side's corps stay.
            out.push((r, corps, if staying { Vec::new() } else { leaders }));
        } else if !staying && !leaders.is_empty() {
            let by = power_of(b, r.other()).map(Nation::Power);
            capture(cx, &leaders, by, &format!("left without corps at {place}"));
        }
    }
    out
}

/// The areas a side's corps may retreat to from `from`: next areas it may enter (7.3.4) with no enemy corps.
fn retreat_areas(
    ctx: &LCtx,
    power: Option<PowerId>,
    corps: &[CorpsId],
    from: AreaId,
) -> Vec<AreaId> {
    let w = ctx.world;
    let Some(side) = corps.first().and_then(|c| w.corps_side(*c)) else {
        return Vec::new();
    };
    let mut out: Vec<AreaId> =
        neighbours(ctx, side, from)
            .into_iter()
            .map(|(a, _)| a)
            .filter(|a| match power {
                Some(p) => may_enter(ctx, p, from, *a).is_ok() && enemy_corps(w, p, *a).is_empty(),
                // An uncontrolled minor's forces fall back only within its own lands.
                None => {
                    w.area_holder(ctx.scenario, *a) == Some(side)
                        && !w.forces.corps.iter().any(|(id, c)| {
                            w.forces.in_field(*id, *a) && at_war_sides(w, side, c.owner)
                        })
                }
            })
            .collect();
    out.sort();
    out.dedup();
    out
}

/// Orders the retreats: a side with no area to go to surrenders (4.4.6.1); one with a single area goes there;
/// one with a choice is asked. Returns the round that asks, or `None` when the battle is over.
fn order_retreats(
    cx: &mut LCx,
    b: &Battle,
    retreats: Vec<(Role, Vec<CorpsId>, Vec<LeaderId>)>,
) -> Option<Ask> {
    let mut owed = Vec::new();
    for (r, corps, leaders) in retreats {
        let power = power_of(b, r);
        let mut to = retreat_areas(&cx.ctx(), power, &corps, b.area);
        // Coalition's 7.5.4: a power's force may also fall back into the friendly city of the battle's area, if it
        // has room for it all (offered last: `retreat AREA` naming the battle's own area).
        if let Some(p) = power
            && super::shelter::friendly_city(&cx.ctx(), p, b.area)
            && super::shelter::fits(&cx.ctx(), b.area, &corps)
        {
            to.push(b.area);
        }
        let place = area_name(&cx.ctx(), b.area);
        match to.len() {
            0 => {
                let captor = power_of(b, r.other()).map(Nation::Power);
                surrender(
                    cx,
                    &corps,
                    captor,
                    "7.5.9",
                    &format!("no way out of {place}"),
                );
                capture(cx, &leaders, captor, &format!("no way out of {place}"));
            }
            1 => move_retreat(cx, b.area, power, &corps, &leaders, to[0]),
            _ if power.is_none() => move_retreat(cx, b.area, power, &corps, &leaders, to[0]),
            _ => owed.push(Retreat {
                power,
                corps,
                leaders,
                to,
            }),
        }
    }
    if owed.is_empty() {
        cx.emit(LandEvent::BattleEnded { area: b.area });
        return None;
    }
    let who = owed[0].power;
    cx.emit(LandEvent::RetreatsOwed { retreats: owed });
    Ask::open(who.into_iter().collect())
}

/// 4.4.6.1: leaders taken by `by` (none: an uncontrolled minor's side, which takes nobody) leave the map as
/// its captives.
pub(super) fn capture(cx: &mut LCx, leaders: &[LeaderId], by: Option<Nation>, why: &str) {
    let Some(by) = by else {
        return;
    };
    for id in leaders {
        cx.push(WorldEvent::LeaderChanged {
            leader: *id,
            status: LeaderStatus::Captured { by },
            location: Location::OffMap,
            rule: "4.4.6.1".into(),
            reason: format!("{why}, captured"),
        });
    }
}

/// Moves a retreating force into `to`; into the city of the battle's area when `to` is that area (Coalition's
/// 7.5.4: its leaders stay in the area, with the city).
fn move_retreat(
    cx: &mut LCx,
    from: AreaId,
    power: Option<PowerId>,
    corps: &[CorpsId],
    leaders: &[LeaderId],
    to: AreaId,
) {
    cx.emit(LandEvent::Retreated {
        power,
        corps: corps.to_vec(),
        leaders: leaders.to_vec(),
        from,
        to,
    });
    if to == from {
        let why = format!("retreats into the city of {}", area_name(&cx.ctx(), from));
        super::shelter::shelter(cx, corps, "7.5.9", &why);
        return;
    }
    let (a, b) = (area_name(&cx.ctx(), from), area_name(&cx.ctx(), to));
    for id in corps {
        let Some(c) = cx.world().forces.corps.get(id).cloned() else {
            continue;
        };
        cx.push(WorldEvent::CorpsChanged {
            corps: *id,
            factors: c.factors,
            location: Location::Area(to),
            rule: "7.5.9".into(),
            reason: format!("{id} retreats from {a} to {b}"),
        });
    }
    for id in leaders {
        let Some(l) = cx.world().forces.leaders.get(id).cloned() else {
            continue;
        };
        cx.push(WorldEvent::LeaderChanged {
            leader: *id,
            status: l.status,
            location: Location::Area(to),
            rule: "7.5.9".into(),
            reason: format!("{id} retreats from {a} to {b}"),
        });
    }
}

/// A retreat decided: the force moves; the next retreat is asked, or the battle ends (`None`).
pub fn retreat(cx: &mut LCx, to: AreaId) -> Option<Ask> {
    let b = cx.own().battle.clone()?;
    let r = b.retreats.first()?.clone();
    move_retreat(cx, b.area, r.power, &r.corps, &r.leaders, to);
    let next = cx.own().battle.as_ref()?.retreats.first().map(|r| r.power);
    match next {
        Some(p) => Ask::open(p.into_iter().collect()),
        None => {
            cx.emit(LandEvent::BattleEnded { area: b.area });
            None
        }
    }
}
