//! Rule 7.5.2 in the Land Phase (Coalition's days of battle, `docs/rules/land.md` 7.5, `docs/rules/combat.md`
//! 7.5.2 and 12.3.4): a battle is fought one day at a time. Both sides submit the day's chit (and, under 12.3.4,
//! a guard commitment for that day) sealed; the day is fought (`battle::day::Battle::fight_day`), its dice
//! logged in order and the day recorded (`LandEvent::BattleDayFought`); if the battle goes on, both sides are
//! asked again, else its aftermath follows (`aftermath::conclude`).
//!
//! The setup is fixed when the battle begins. A side's outflanking force is the one its first Outflank of the
//! battle names, and stays that force: a later Outflank names the same corps, or none (`combat::check` refuses a
//! different split, 7.5.2). A guard commitment belongs to the day it is submitted with (once a day, 12.3.4).

use super::aftermath;
use super::combat::default;
use super::setup::{Battle, Order, day_setup};
use super::{LCtx, LCx, LandDecision, LandEvent};
use crate::battle::day::DayReport;
use crate::battle::{Report, Setup};
use crate::kernel::dice::{Dice, Roll};
use crate::kernel::ids::{CorpsId, PowerId};
use crate::scenario::combat::{AttackChit, DefendChit, Role};
use crate::world::{Ask, WorldEvent};
use std::collections::BTreeMap;

/// `power`'s orders from its decision (anything else: none).
fn order_of(ctx: &LCtx, b: &Battle, power: PowerId, d: &LandDecision) -> Order {
    match d {
        LandDecision::Attack {
            outflanking,
            guard,
            reinforce,
            ..
        }
        | LandDecision::Defend {
            outflanking,
            guard,
            reinforce,
            ..
        } => Order {
            outflanking: outflanking.clone(),
            guard: *guard,
            coming: super::reinforce::coming(ctx, b, power, reinforce),
        },
        _ => Order::default(),
    }
}

/// The rolls of a day in the order they were made.
fn day_rolls(day: &DayReport) -> Vec<Roll> {
    let mut r = Report::new((String::new(), String::new()), (0, 0));
    r.opening = day.opening.clone();
    r.rounds = day.rounds.clone();
    aftermath::rolls_of(&r)
}

/// 7.5.2: fights the day once both sides' chits are in (a side that submitted nothing: the default, 3.6): logs
/// its dice and records it; asks both sides again (sealed) if the battle goes on, else runs its aftermath.
pub(super) fn fight(
    cx: &mut LCx,
    decisions: &BTreeMap<PowerId, LandDecision>,
    dice: &mut Dice,
) -> Option<Ask> {
    let b = cx.own().battle.clone()?;
    let (Some(base), Some(mut field)) = (b.setup.clone(), b.field.clone()) else {
        cx.emit(LandEvent::BattleEnded { area: b.area });
        return None;
    };
    let ctx = cx.ctx();
    let att_d = decisions
        .get(&b.attacker)
        .cloned()
        .unwrap_or_else(|| default(&ctx, b.attacker));
    let def_d = b
        .defender
        .and_then(|p| decisions.get(&p).cloned())
        .unwrap_or_else(|| match b.defender {
            Some(p) => default(&ctx, p),
            // An uncontrolled minor's corps alone: the default chit, with no outflank (no one names a force).
            None => LandDecision::Defend {
                chit: super::odds::default_chits(&ctx, true).1,
                outflanking: Vec::new(),
                guard: None,
                reinforce: Vec::new(),
            },
        });
    let chits = match (&att_d, &def_d) {
        (LandDecision::Attack { chit: a, .. }, LandDecision::Defend { chit: d, .. }) => (*a, *d),
        _ => (AttackChit::Assault, DefendChit::Defend),
    };
    let day = field.day();
    let orders = [
        order_of(&ctx, &b, b.attacker, &att_d),
        b.defender
            .map(|p| order_of(&ctx, &b, p, &def_d))
            .unwrap_or_default(),
    ];
    let s = day_setup(&base, day, chits, [&orders[0], &orders[1]]);
    let report = match field.fight_day(&cx.scenario.combat, &s, chits, &mut || dice.d6()) {
        Ok(r) => r,
        Err(_) => {
            // Checked orders cannot fail; should the world have changed under them, the battle lapses.
            cx.emit(LandEvent::BattleEnded { area: b.area });
            return None;
        }
    };
    for roll in day_rolls(&report) {
        cx.push(WorldEvent::DiceRolled { roll });
    }
    let over = field.is_over();
    // Coalition's 7.5.2: the corps that joined from next areas move into the battle's area.
    let joined: Vec<(Role, Vec<usize>)> = [Role::Attacker, Role::Defender]
        .into_iter()
        .map(|r| (r, field.joined(&s, r)))
        .collect();
    super::reinforce::arrivals(cx, &b, &s, &joined);
    cx.emit(LandEvent::BattleDayFought {
        area: b.area,
        day,
        chits,
        setup: Box::new(s),
        report: Box::new(report),
        battle: Box::new(field),
    });
    if !over {
        let owing: Vec<PowerId> = std::iter::once(b.attacker).chain(b.defender).collect();
        return Ask::sealed(owing);
    }
    let b = cx.own().battle.clone()?;
    aftermath::conclude(cx, &b, dice)
}

/// Applies a day fought to the battle under way: the setup keeps the outflanking forces and the chits so far
/// (its guard commitments go to `guards`, each with its day); the day-by-day battle is the one after the day.
pub(super) fn apply_day(b: &mut Battle, setup: &Setup, field: &crate::battle::day::Battle) {
    let mut s = setup.clone();
    for (r, g) in [
        (Role::Attacker, s.attacker.guard.take()),
        (Role::Defender, s.defender.guard.take()),
    ] {
        if let Some(g) = g {
            b.guards.push((r, g));
        }
    }
    // Coalition's 7.5.2: the corps sent from next areas this day are the battle's from now on (after its list,
    // in the setup's order), whether they joined or not.
    for (ids, side) in [
        (&mut b.attacking, &s.attacker),
        (&mut b.defending, &s.defender),
    ] {
        for c in side.corps.iter().skip(ids.len()) {
            if let Ok(k) = crate::kernel::ids::Key::new(&c.name) {
                ids.push(CorpsId(k));
            }
        }
    }
    b.setup = Some(s);
    b.field = Some(field.clone());
}
