//! Rule 4.5: the Creating Alliances Step. A sealed step: each power names the powers it agrees to ally with;
//! an alliance forms where two powers name each other (a mutual agreement), and both gain the chart's points.

use super::{name, points};
use crate::decision::Decision;
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::agreement::mutual_pairs;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::state::RoundKind;
use crate::world::WorldEvent;
use std::collections::BTreeMap;

/// Powers with at least one power they may ally with.
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    ctx.state
        .powers_in_game()
        .into_iter()
        .filter(|p| !partners(ctx, *p).is_empty())
        .collect()
}

/// The powers `power` may ally with now.
pub fn partners(ctx: &Ctx, power: PowerId) -> Vec<PowerId> {
    ctx.state
        .powers_in_game()
        .into_iter()
        .filter(|q| check_partner(ctx, power, *q).is_ok())
        .collect()
}

/// No alliance, or an alliance with each possible partner (several may be named together).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Decision> {
    let mut v = vec![Decision::Ally { with: vec![] }];
    v.extend(
        partners(ctx, power)
            .into_iter()
            .map(|q| Decision::Ally { with: vec![q] }),
    );
    v
}

/// Checks a list of partners.
pub fn check(ctx: &Ctx, power: PowerId, with: &[PowerId]) -> RuleResult<()> {
    super::distinct(with)?;
    for q in with {
        check_partner(ctx, power, *q)?;
    }
    Ok(())
}

/// Whether `p` may ally with `q` now: 4.5.1 (not already allied), 4.5.2 (not at war), 4.5.3 (twelve months
/// after a broken alliance).
pub fn check_partner(ctx: &Ctx, p: PowerId, q: PowerId) -> RuleResult<()> {
    let (pn, qn) = (name(ctx.scenario, p), name(ctx.scenario, q));
    if p == q {
        return Err(RuleError::new(
            "4.5",
            format!("{pn} cannot ally with itself"),
        ));
    }
    if ctx.scenario.power(q).is_none() {
        return Err(RuleError::new("3.4", format!("unknown power `{q}`")));
    }
    if !ctx.state.in_game(q) {
        return Err(RuleError::new("4.4.8", format!("{qn} has left the game")));
    }
    if let Some(a) = ctx.state.alliance(p, q) {
        return Err(RuleError::new(
            "4.5.1",
            format!("{pn} and {qn} are already allied (since {})", a.since),
        ));
    }
    if let Some(w) = ctx.state.current_war(p.into(), q.into()) {
        return Err(RuleError::new(
            "4.5.2",
            format!(
                "{pn} and {qn} are at war (since {}) and may not ally",
                w.since
            ),
        ));
    }
    if let Some(b) = ctx.state.last_broken_alliance(p, q) {
        let from = b
            .date
            .plus_months(ctx.scenario.charts.alliances.realliance_months);
        if ctx.state.date() < from {
            let who =
                b.by.iter()
                    .map(|x| name(ctx.scenario, *x))
                    .collect::<Vec<_>>()
                    .join(" and ");
            return Err(RuleError::new(
                "4.5.3",
                format!(
                    "{who} broke the alliance of {pn} and {qn} in {}; they may re-ally from {from}",
                    b.date
                ),
            ));
        }
    }
    Ok(())
}

/// Reveals the lists; every mutual pair allies and each of the two gains the chart's points (4.5).
pub fn resolve(ctx: &Ctx, decisions: &BTreeMap<PowerId, Decision>) -> Vec<Event> {
    let named: BTreeMap<PowerId, Vec<PowerId>> = decisions
        .iter()
        .map(|(p, d)| match d {
            Decision::Ally { with } => (*p, with.clone()),
            _ => (*p, vec![]),
        })
        .collect();
    let mut ev = vec![Event::Revealed {
        round: RoundKind::Alliances,
        decisions: decisions.clone(),
    }];
    for (a, b) in mutual_pairs(&named) {
        ev.push(Event::World(WorldEvent::AllianceFormed {
            a,
            b,
            since: ctx.state.date(),
            rule: "4.5".into(),
        }));
        // 14.3.2.1.5: allying with one's own UMP gains its controller one point in all.
        if let Some(c) = crate::umps::rules::own_ump_alliance(ctx.state, a, b) {
            let u = if c == a { b } else { a };
            ev.push(
                points(
                    ctx.scenario,
                    c,
                    "ally-own-ump",
                    1,
                    "14.3.2.1.5",
                    format!(
                        "allied with its own UMP {} (one point in all, 14.3.2.1.5)",
                        name(ctx.scenario, u)
                    ),
                )
                .into(),
            );
            continue;
        }
        for (x, y) in [(a, b), (b, a)] {
            ev.push(
                points(
                    ctx.scenario,
                    x,
                    "create-alliance",
                    1,
                    "4.5",
                    format!("allied with {}", name(ctx.scenario, y)),
                )
                .into(),
            );
        }
    }
    ev
}
