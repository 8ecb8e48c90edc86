//! Rule 4.5: the Creating Alliances Step. A sealed step: each power names the powers it agrees to ally with;
//! an alliance forms where two powers name each other (a mutual agreement), and both gain the chart's points.

use super::{name, points};
use crate::kernel::agreement::mutual_pairs;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::world::{Ctx, Cx, OneRound, WorldEvent};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::convert::Infallible;

/// 4.5: the powers this power agrees to ally with (an alliance forms when both name each other).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Ally {
    pub with: Vec<PowerId>,
}

/// The Creating Alliances Step (4.5): a sealed round.
pub struct Alliances;

impl OneRound for Alliances {
    type Decision = Ally;
    const SEALED: bool = true;

    fn owing(ctx: &Ctx) -> Vec<PowerId> {
        owing(ctx)
    }

    fn options(ctx: &Ctx, power: PowerId) -> Vec<Ally> {
        choices(ctx, power)
    }

    /// Default (3.6): no alliance.
    fn fallback(_ctx: &Ctx, _power: PowerId) -> Ally {
        Ally::default()
    }

    fn verify(ctx: &Ctx, power: PowerId, d: &Ally) -> RuleResult<()> {
        check(ctx, power, &d.with)
    }

    fn carry_out(cx: &mut Cx<(), Infallible>, decisions: &BTreeMap<PowerId, Ally>) {
        resolve(cx, decisions);
    }
}

/// Powers with at least one power they may ally with.
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    ctx.world
        .powers_in_game()
        .into_iter()
        .filter(|p| !partners(ctx, *p).is_empty())
        .collect()
}

/// The powers `power` may ally with now.
pub fn partners(ctx: &Ctx, power: PowerId) -> Vec<PowerId> {
    ctx.world
        .powers_in_game()
        .into_iter()
        .filter(|q| may_partner(ctx, power, *q))
        .collect()
}

/// No alliance, or an alliance with each possible partner (several may be named together).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Ally> {
    let mut v = vec![Ally::default()];
    v.extend(
        partners(ctx, power)
            .into_iter()
            .map(|q| Ally { with: vec![q] }),
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

/// 4.5's bars to an alliance of `p` with `q`, found without writing a refusal (the listings ask about every pair).
enum Bar<'a> {
    Itself,
    Unknown,
    Left,
    Allied(&'a crate::world::Alliance),
    AtWar(&'a crate::world::War),
    Broken(
        &'a crate::world::BrokenAlliance,
        crate::kernel::calendar::Date,
    ),
}

/// 4.5, 4.5.1 to 4.5.3: the first bar to an alliance of `p` with `q`, if any.
fn bar<'a>(ctx: &'a Ctx, p: PowerId, q: PowerId) -> Option<Bar<'a>> {
    if p == q {
        return Some(Bar::Itself);
    }
    if ctx.scenario.power(q).is_none() {
        return Some(Bar::Unknown);
    }
    if !ctx.world.in_game(q) {
        return Some(Bar::Left);
    }
    if let Some(a) = ctx.world.alliance(p, q) {
        return Some(Bar::Allied(a));
    }
    if let Some(w) = ctx.world.current_war(p.into(), q.into()) {
        return Some(Bar::AtWar(w));
    }
    if let Some(b) = ctx.world.last_broken_alliance(p, q) {
        let from = b
            .date
            .plus_months(ctx.scenario.charts.alliances.realliance_months);
        if ctx.world.date() < from {
            return Some(Bar::Broken(b, from));
        }
    }
    None
}

/// 4.5: whether `p` may ally with `q` now (`check_partner` without the refusal's words).
pub fn may_partner(ctx: &Ctx, p: PowerId, q: PowerId) -> bool {
    bar(ctx, p, q).is_none()
}

/// Whether `p` may ally with `q` now: 4.5.1 (not already allied), 4.5.2 (not at war), 4.5.3 (twelve months
/// after a broken alliance).
pub fn check_partner(ctx: &Ctx, p: PowerId, q: PowerId) -> RuleResult<()> {
    let (pn, qn) = (name(ctx.scenario, p), name(ctx.scenario, q));
    Err(match bar(ctx, p, q) {
        None => return Ok(()),
        Some(Bar::Itself) => RuleError::new("4.5", format!("{pn} cannot ally with itself")),
        Some(Bar::Unknown) => RuleError::new("3.4", format!("unknown power `{q}`")),
        Some(Bar::Left) => RuleError::new("4.4.8", format!("{qn} has left the game")),
        Some(Bar::Allied(a)) => RuleError::new(
            "4.5.1",
            format!("{pn} and {qn} are already allied (since {})", a.since),
        ),
        Some(Bar::AtWar(w)) => RuleError::new(
            "4.5.2",
            format!(
                "{pn} and {qn} are at war (since {}) and may not ally",
                w.since
            ),
        ),
        Some(Bar::Broken(b, from)) => {
            let who =
                b.by.iter()
                    .map(|x| name(ctx.scenario, *x))
                    .collect::<Vec<_>>()
                    .join(" and ");
            RuleError::new(
                "4.5.3",
                format!(
                    "{who} broke the alliance of {pn} and {qn} in {}; they may re-ally from {from}",
                    b.date
                ),
            )
        }
    })
}

/// Every mutual pair allies and each of the two gains the chart's points (4.5); the game has revealed the lists.
fn resolve(cx: &mut Cx<(), Infallible>, decisions: &BTreeMap<PowerId, Ally>) {
    let named: BTreeMap<PowerId, Vec<PowerId>> = decisions
        .iter()
        .map(|(p, d)| (*p, d.with.clone()))
        .collect();
    let sc = cx.scenario;
    for (a, b) in mutual_pairs(&named) {
        let since = cx.world().date();
        cx.push(WorldEvent::AllianceFormed {
            a,
            b,
            since,
            rule: "4.5".into(),
        });
        // 14.3.2.1.5: allying with one's own UMP gains its controller one point in all.
        if let Some(c) = crate::world::ump_rules::own_ump_alliance(cx.world(), a, b) {
            let u = if c == a { b } else { a };
            cx.push(points(
                sc,
                c,
                "ally-own-ump",
                1,
                "14.3.2.1.5",
                format!(
                    "allied with its own UMP {} (one point in all, 14.3.2.1.5)",
                    name(sc, u)
                ),
            ));
            continue;
        }
        for (x, y) in [(a, b), (b, a)] {
            cx.push(points(
                sc,
                x,
                "create-alliance",
                1,
                "4.5",
                format!("allied with {}", name(sc, y)),
            ));
        }
    }
}
