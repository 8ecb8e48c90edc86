//! Rule 7.5 in the Land Phase (Coalition's land combat, `docs/rules/land.md` 7.5 to 7.5.9): after a mover's
//! supply, each area where its corps stand with enemy corps is a battle. Its setup is fixed when it begins; then,
//! day by day (7.5.2, `days`), both sides choose the day's chit (and, with 12.3.4, a guard commitment for that
//! day) sealed and the battle layer fights the day (`crate::battle`, `docs/rules/combat.md`), every die logged;
//! after the last day losses and prisoners are recorded (14.3.2.2.1 reads the loss records), the winner's cavalry
//! pursues (7.5.8), political points follow the battle's size (7.5.7, with 14.3.2.1.3's cap), leaders may fall
//! (12.7), and the side that must leave retreats (7.5.9).

use super::movement::own_corps_in;
use super::setup::{Battle, GuardOrder, base_setup, fighting_power, offered_split};
use super::{LCtx, LCx, LandDecision, LandEvent, PendingCombat};
use crate::battle::{self};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, Key, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::combat::{AttackChit, DefendChit, Role};
use crate::world::geography::{area_name, enemy_corps};
use crate::world::{Ask, World};
use std::collections::BTreeMap;

/// 7.5: every area where the mover's corps and enemy corps stand together is queued as a battle.
pub fn queue(cx: &mut LCx, power: PowerId) {
    let w = cx.world();
    let mine = super::movement::corps_of(w, power);
    let mut areas: Vec<AreaId> = mine.iter().map(|(_, a)| *a).collect();
    areas.sort();
    areas.dedup();
    let mut pending = Vec::new();
    for a in areas {
        // `own_corps_in` from the one list of the mover's corps (in key order); the enemy sought only where
        // it has some.
        let attacking: Vec<CorpsId> = (mine.iter())
            .filter(|(id, at)| *at == a && w.forces.in_field(*id, a))
            .map(|(id, _)| *id)
            .collect();
        debug_assert_eq!(
            attacking,
            own_corps_in(w, power, a).into_iter().collect::<Vec<_>>()
        );
        if attacking.is_empty() {
            continue;
        }
        let defending = enemy_corps(w, power, a);
        if !defending.is_empty() {
            pending.push(PendingCombat {
                area: a,
                attacker: power,
                attacking,
                defending,
            });
        }
    }
    for combat in pending {
        cx.emit(LandEvent::CombatPending { combat });
    }
}

/// The power that chooses for the corps `ids`: the one supplying most of them (ties: key order).
fn chooser(w: &World, ids: &[CorpsId]) -> Option<PowerId> {
    let mut by: BTreeMap<PowerId, usize> = BTreeMap::new();
    for id in ids {
        if let Some(p) = fighting_power(w, *id) {
            *by.entry(p).or_default() += 1;
        }
    }
    let most = by.values().copied().max()?;
    by.into_iter().find(|(_, n)| *n == most).map(|(p, _)| p)
}

/// Starts the next queued battle (in the combat step of the mover at `slot`, `mover`) and asks both sides for
/// their chits, sealed; `None` when none is queued.
pub fn next(cx: &mut LCx, slot: usize, mover: usize) -> Option<Ask> {
    loop {
        let combat = cx.own().combats.first()?.clone();
        let w = cx.world();
        let attacking: Vec<CorpsId> = own_corps_in(w, combat.attacker, combat.area)
            .into_iter()
            .collect();
        let defending = enemy_corps(w, combat.attacker, combat.area);
        if attacking.is_empty() || defending.is_empty() {
            cx.emit(LandEvent::CombatLapsed { area: combat.area });
            continue;
        }
        let mut battle = Battle {
            area: combat.area,
            attacker: combat.attacker,
            defender: chooser(w, &defending),
            attacking,
            defending,
            setup: None,
            field: None,
            guards: Vec::new(),
            retreats: Vec::new(),
        };
        // 7.5.2: the setup is fixed at the start; the battle is then fought a day at a time.
        let s = base_setup(&cx.ctx(), &battle);
        let Ok(field) = battle::day::Battle::start(&cx.scenario.combat, &s) else {
            cx.emit(LandEvent::CombatLapsed { area: combat.area });
            continue;
        };
        battle.setup = Some(s);
        battle.field = Some(field);
        let owing: Vec<PowerId> = std::iter::once(battle.attacker)
            .chain(battle.defender)
            .collect();
        cx.emit(LandEvent::BattleBegan {
            battle: Box::new(battle),
            slot,
            mover,
        });
        return Ask::sealed(owing);
    }
}

/// The documented default (3.6, Coalition's 7.5.2): the chit the odds of the day's first round choose for the
/// side (`odds::default_chits`, `docs/rules/combat.md` "The default chit"), with the outflanking force its
/// choices offer; no guard, no corps sent from next areas. The first area of a retreat.
pub fn default(ctx: &LCtx, power: PowerId) -> LandDecision {
    if let Some(b) = &ctx.own.battle
        && let Some(r) = b.retreats.first()
    {
        return LandDecision::Retreat { to: r.to[0] };
    }
    let attacking = ctx.own.battle.as_ref().map(|b| b.attacker == power) == Some(true);
    let (a, d) = super::odds::default_chits(ctx, false);
    let chosen = choices(ctx, power).into_iter().find(|c| match c {
        LandDecision::Attack {
            chit,
            guard: None,
            reinforce,
            ..
        } => attacking && *chit == a && reinforce.is_empty(),
        LandDecision::Defend {
            chit,
            guard: None,
            reinforce,
            ..
        } => !attacking && *chit == d && reinforce.is_empty(),
        _ => false,
    });
    chosen.unwrap_or(if attacking {
        LandDecision::Attack {
            chit: super::odds::FIXED.0,
            outflanking: Vec::new(),
            guard: None,
            reinforce: Vec::new(),
        }
    } else {
        LandDecision::Defend {
            chit: super::odds::FIXED.1,
            outflanking: Vec::new(),
            guard: None,
            reinforce: Vec::new(),
        }
    })
}

/// 12.3.4.3: the nationalities a guard commitment of `power`'s side may name: none (the only one) when the side's
/// corps have the guard of at most one nationality, else each of them.
fn guard_nations(b: &Battle, power: PowerId) -> Vec<Option<Key>> {
    let Some(setup) = &b.setup else {
        return vec![None];
    };
    let side = if power == b.attacker {
        &setup.attacker
    } else {
        &setup.defender
    };
    let mut nations: Vec<Key> = side
        .corps
        .iter()
        .filter(|c| c.factors.guard > 0)
        .map(|c| c.nation)
        .collect();
    nations.sort();
    nations.dedup();
    if nations.len() <= 1 {
        vec![None]
    } else {
        nations.into_iter().map(Some).collect()
    }
}

/// 7.5.2, 12.3.4: checks a side's chit for the day being fought: the right side's kind of chit, an outflank the
/// side can make with the corps it names (a leader, a corps other than artillery in each force, artillery
/// pinning, cossacks and freikorps outflanking), the same force its first outflank of the battle named, a guard
/// commitment only under 12.3.4, in a round of the day being fought, with guard left that may commit.
pub fn check(ctx: &LCtx, power: PowerId, d: &LandDecision) -> RuleResult<()> {
    let Some(b) = &ctx.own.battle else {
        return Err(RuleError::new("7.5", "no battle is under way"));
    };
    if let Some(r) = b.retreats.first() {
        return match d {
            LandDecision::Retreat { to } if r.power == Some(power) && r.to.contains(to) => Ok(()),
            LandDecision::Retreat { to } if r.power == Some(power) => Err(RuleError::new(
                "7.5.9",
                format!(
                    "{} is not an area the retreat may reach: it may go to {}",
                    area_name(ctx, *to),
                    r.to.iter()
                        .map(|a| area_name(ctx, *a))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
            _ => Err(RuleError::new(
                "7.5.9",
                format!(
                    "the battle at {} waits for a retreat (`retreat AREA`)",
                    area_name(ctx, b.area)
                ),
            )),
        };
    }
    let (role, chits, outflanking, guard, reinforce) = match d {
        LandDecision::Attack {
            chit,
            outflanking,
            guard,
            reinforce,
        } if power == b.attacker => (
            Role::Attacker,
            (*chit, DefendChit::Defend),
            outflanking,
            guard,
            reinforce,
        ),
        LandDecision::Defend {
            chit,
            outflanking,
            guard,
            reinforce,
        } if Some(power) == b.defender => (
            Role::Defender,
            (AttackChit::Assault, *chit),
            outflanking,
            guard,
            reinforce,
        ),
        _ => {
            return Err(RuleError::new(
                "7.5.2",
                format!(
                    "in the battle at {} {} chooses the attacker's chit (`attack CHIT`) and {} the defender's (`defend CHIT`)",
                    area_name(ctx, b.area),
                    ctx.scenario.power_name(b.attacker),
                    b.defender.map_or("nobody".to_string(), |p| ctx
                        .scenario
                        .power_name(p)
                        .to_string())
                ),
            ));
        }
    };
    let mine = match role {
        Role::Attacker => &b.attacking,
        Role::Defender => &b.defending,
    };
    if let Some(c) = outflanking.iter().find(|c| !mine.contains(c)) {
        return Err(RuleError::new(
            "7.5.2",
            format!("{c} is not one of this side's corps in the battle"),
        ));
    }
    let outflanks = match role {
        Role::Attacker => chits.0 == AttackChit::Outflank,
        Role::Defender => chits.1 == DefendChit::Outflank,
    };
    // Coalition's 7.5.2: a side's outflanking force is the one its first Outflank of the battle names; a later
    // Outflank names the same corps, or none (the same force).
    let fixed = super::setup::split(b, role);
    if outflanks && outflanking.is_empty() && fixed.is_empty() {
        return Err(RuleError::new(
            "7.5.2",
            "an outflank names the corps of the outflanking force",
        ));
    }
    if outflanks && !outflanking.is_empty() && !fixed.is_empty() && !same_corps(outflanking, &fixed)
    {
        return Err(RuleError::new(
            "7.5.2",
            format!(
                "this side's outflanking force is {} for the whole battle (its first outflank named it): a later \
                 outflank names the same corps, or none",
                fixed
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ));
    }
    if !outflanks && !outflanking.is_empty() {
        return Err(RuleError::new(
            "7.5.2",
            "only an outflank splits the force: name no corps",
        ));
    }
    let day = b.field.as_ref().map_or(1, |f| f.day());
    if let Some(g) = guard {
        if !ctx.rulebook.has(OptionalRule::GuardCommitment) {
            return Err(RuleError::new(
                "12.3.4",
                "guard commitment is an optional rule this game does not use",
            ));
        }
        if g.day.is_some_and(|d| d != day) || !(1..=3).contains(&g.round) {
            return Err(RuleError::new(
                "12.3.4",
                format!(
                    "the guard commits once a day, in a round (1 to 3) of the day being fought (day {day}), not{} \
                     round {}",
                    g.day.map_or(String::new(), |d| format!(" day {d}")),
                    g.round
                ),
            ));
        }
    }
    let Some(base) = &b.setup else {
        return Err(RuleError::new("7.5", "no battle is under way"));
    };
    super::reinforce::check(ctx, b, power, reinforce)?;
    let order = super::setup::Order {
        outflanking: outflanking.clone(),
        guard: *guard,
        coming: super::reinforce::coming(ctx, b, power, reinforce),
    };
    let none = super::setup::Order::default();
    let orders = match role {
        Role::Attacker => [&order, &none],
        Role::Defender => [&none, &order],
    };
    let s = super::setup::day_setup(base, day, chits, orders);
    let chart = &ctx.scenario.combat;
    battle::check::check_chits(chart, &s, day as usize, chits)?;
    // 12.3.4.3 with the guard factors the side has left.
    battle::check::check_guard(chart, &super::setup::with_factors_left(b, &s))
}

/// Whether two lists name the same corps (in any order).
fn same_corps(a: &[CorpsId], b: &[CorpsId]) -> bool {
    let set = |x: &[CorpsId]| x.iter().copied().collect::<std::collections::BTreeSet<_>>();
    set(a) == set(b)
}

/// The legal decisions of `power` in the battle: its side's chits for the day being fought (an outflank with its
/// outflanking force once named, else the split `offered_split` makes; with 12.3.4 each guard commitment of the
/// day), or the areas of its retreat.
pub fn choices(ctx: &LCtx, power: PowerId) -> Vec<LandDecision> {
    let Some(b) = &ctx.own.battle else {
        return Vec::new();
    };
    if let Some(r) = b.retreats.first() {
        if r.power != Some(power) {
            return Vec::new();
        }
        return r
            .to
            .iter()
            .map(|a| LandDecision::Retreat { to: *a })
            .collect();
    }
    // 12.3.4: the shifts the guard table has a line for (1 and 2 morale levels), in each round of the day; with
    // the guard of several nationalities on the side, one commitment for each (12.3.4.3).
    let shifts: Vec<u8> = ctx.scenario.combat.guard.losses.keys().copied().collect();
    let nations = guard_nations(b, power);
    let guards: Vec<Option<GuardOrder>> = std::iter::once(None)
        .chain(
            (1..=3u8)
                .flat_map(|round| shifts.iter().map(move |shift| (round, *shift)))
                .flat_map(|(round, shift)| {
                    nations.iter().map(move |nation| {
                        Some(GuardOrder {
                            day: None,
                            round,
                            shift,
                            nation: *nation,
                        })
                    })
                }),
        )
        .filter(|g| g.is_none() || ctx.rulebook.has(OptionalRule::GuardCommitment))
        .collect();
    let mut out = Vec::new();
    if power == b.attacker {
        let split = super::setup::split(b, Role::Attacker);
        let split = if split.is_empty() {
            offered_split(ctx, &b.attacking)
        } else {
            split
        };
        for chit in AttackChit::ALL {
            for guard in &guards {
                let outflanking = if chit == AttackChit::Outflank {
                    split.clone()
                } else {
                    Vec::new()
                };
                out.push(LandDecision::Attack {
                    chit,
                    outflanking,
                    guard: *guard,
                    reinforce: Vec::new(),
                });
            }
        }
    } else if Some(power) == b.defender {
        let split = super::setup::split(b, Role::Defender);
        let split = if split.is_empty() {
            offered_split(ctx, &b.defending)
        } else {
            split
        };
        for chit in DefendChit::ALL {
            for guard in &guards {
                let outflanking = if chit == DefendChit::Outflank {
                    split.clone()
                } else {
                    Vec::new()
                };
                out.push(LandDecision::Defend {
                    chit,
                    outflanking,
                    guard: *guard,
                    reinforce: Vec::new(),
                });
            }
        }
    }
    // Coalition's 7.5.2: each chit (without a guard commitment) also with every corps the side may send from
    // next areas; a text decision may send any of them.
    let coming = super::reinforce::eligible(ctx, b, power);
    if !coming.is_empty() {
        let with: Vec<LandDecision> = out
            .iter()
            .filter_map(|d| match d {
                LandDecision::Attack {
                    chit,
                    outflanking,
                    guard: None,
                    ..
                } => Some(LandDecision::Attack {
                    chit: *chit,
                    outflanking: outflanking.clone(),
                    guard: None,
                    reinforce: coming.clone(),
                }),
                LandDecision::Defend {
                    chit,
                    outflanking,
                    guard: None,
                    ..
                } => Some(LandDecision::Defend {
                    chit: *chit,
                    outflanking: outflanking.clone(),
                    guard: None,
                    reinforce: coming.clone(),
                }),
                _ => None,
            })
            .collect();
        out.extend(with);
    }
    out.retain(|d| check(ctx, power, d).is_ok());
    out
}
