//! Rule 4.2: the Declarations of War Step. A sealed step: each power writes down its targets (major powers and
//! neutral minor countries) or none; all are revealed together, then the wars begin and the points are paid.

use super::reach::Reach;
use super::{name, points};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, MinorId, Nation, PowerId};
use crate::scenario::{CorpsKind, Location, MinorStatus, UmpStatus};
use crate::world::{Ctx, Cx, OneRound, WarCause, WorldEvent};
use serde::{Deserialize, Serialize};
use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};
use std::convert::Infallible;

/// 4.2: every major power and neutral minor country declared on (empty: no declarations).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Declare {
    pub targets: Vec<Nation>,
}

/// The Declarations of War Step (4.2): a sealed round of every power in the game.
pub struct Declarations;

impl OneRound for Declarations {
    type Decision = Declare;
    const SEALED: bool = true;

    fn owing(ctx: &Ctx) -> Vec<PowerId> {
        owing(ctx)
    }

    fn options(ctx: &Ctx, power: PowerId) -> Vec<Declare> {
        choices(ctx, power)
    }

    /// Default (3.6): no declarations.
    fn fallback(_ctx: &Ctx, _power: PowerId) -> Declare {
        Declare::default()
    }

    fn verify(ctx: &Ctx, power: PowerId, d: &Declare) -> RuleResult<()> {
        check(ctx, power, &d.targets)
    }

    fn carry_out(cx: &mut Cx<(), Infallible>, decisions: &BTreeMap<PowerId, Declare>) {
        let events = resolve(&cx.ctx(), decisions);
        cx.push_all(events);
    }
}

/// Every power in the game writes down its declarations (or none).
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    ctx.world.powers_in_game()
}

/// Every legal single target; a declaration may name any set of them ("declare none" is always legal). Each is
/// judged by `allowed`, with what does not depend on the target worked out once; in debug builds, against the
/// full check.
pub fn targets(ctx: &Ctx, power: PowerId) -> Vec<Nation> {
    let known = Known::default();
    let facts = Facts::of(ctx, power);
    let powers = ctx.world.powers_in_game().into_iter().map(Nation::Power);
    let minors = ctx.scenario.minors.iter().map(|m| Nation::Minor(m.id));
    powers
        .chain(minors)
        .filter(|t| {
            let ok = match *t {
                Nation::Power(_) => facts.allowed(ctx, power, *t, &known),
                // One of the scenario's minors.
                Nation::Minor(m) => facts.allowed_minor(ctx, power, m, &known),
            };
            debug_assert_eq!(
                ok,
                check_target_in(ctx, power, *t, &known, false).is_ok(),
                "the listing of {power}'s declarations and the check disagree on {t}"
            );
            ok
        })
        .collect()
}

/// 4.2, 14.3.2: what `allowed` reads of the declarer whatever the target, worked out once per list.
struct Facts {
    /// 14.3.2.3.1, 14.3.2.4: an inactive or neutral UMP declares no war.
    barred: bool,
    /// 4.2: the nations the declarer is at war with now.
    enemies: std::collections::BTreeSet<Nation>,
    /// 14.3.2.1.1, 14.3.2.2: the UMP's controller, when the declarer is one.
    controller: Option<PowerId>,
}

impl Facts {
    /// 4.2, 14.3.2: the declarer's facts.
    fn of(ctx: &Ctx, power: PowerId) -> Facts {
        let st = ctx.world;
        let me = Nation::Power(power);
        let barred = matches!(
            crate::world::umps::status_of(st, power),
            Some(UmpStatus::Inactive | UmpStatus::Neutral)
        );
        let enemies = st.enemies(me);
        Facts {
            barred,
            enemies,
            controller: crate::world::umps::controller_of(st, power),
        }
    }

    /// 4.2, 4.2.2.1 to 4.2.2.4, 4.2.3 and 14.3.2's limits on UMPs, as `check_target_in` reads them:
    /// `check_target_in(ctx, power, target, known, false).is_ok()`, the reason of a refusal never written.
    fn allowed<'c, 'a>(
        &self,
        ctx: &'c Ctx<'a>,
        power: PowerId,
        target: Nation,
        known: &Known<'c, 'a>,
    ) -> bool {
        let st = ctx.world;
        if self.barred || self.enemies.contains(&target) {
            return false;
        }
        match target {
            Nation::Power(q) => {
                q != power
                    && ctx.scenario.power(q).is_some()
                    && st.in_game(q)
                    && crate::world::umps::controller_of(st, q) != Some(power)
                    && self.controller != Some(q)
                    && st.enforced_peace(power, q).is_none_or(|ep| {
                        super::peace::trade_restriction_broken(st, power, q, ep.since)
                    })
                    && !inside(ctx, power, known).contains(&target)
                    && (known.invaded)
                        .get_or_init(|| home_invaded(ctx, power))
                        .is_ok()
            }
            Nation::Minor(m) => {
                ctx.scenario.minor(m).is_some() && self.allowed_minor(ctx, power, m, known)
            }
        }
    }

    /// `allowed` for the scenario's minor `m` (4.2.3, 4.2, 4.2.2.1, 4.2.2.3).
    fn allowed_minor<'c, 'a>(
        &self,
        ctx: &'c Ctx<'a>,
        power: PowerId,
        m: MinorId,
        known: &Known<'c, 'a>,
    ) -> bool {
        let target = Nation::Minor(m);
        !self.barred
            && !self.enemies.contains(&target)
            && (ctx.world.minors.get(&m)).is_none_or(|ms| ms.status == MinorStatus::Neutral)
            && !inside(ctx, power, known).contains(&target)
            && (known.reach)
                .get_or_init(|| Reach::new(ctx, power))
                .reaches(m)
    }
}

/// "No declarations", and a declaration on each legal target.
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Declare> {
    let mut v = vec![Declare::default()];
    v.extend(
        targets(ctx, power)
            .into_iter()
            .map(|t| Declare { targets: vec![t] }),
    );
    v
}

/// Checks a whole list of targets: each must be legal, none named twice.
pub fn check(ctx: &Ctx, power: PowerId, list: &[Nation]) -> RuleResult<()> {
    super::distinct(list)?;
    let known = Known::default();
    for t in list {
        check_target_in(ctx, power, *t, &known, true)?;
    }
    Ok(())
}

/// Whether `power` may declare war on `target` now: 4.2, 4.2.2.1, 4.2.2.2, 4.2.2.4 and 4.2.3.
pub fn check_target(ctx: &Ctx, power: PowerId, target: Nation) -> RuleResult<()> {
    check_target_in(ctx, power, target, &Known::default(), true)
}

/// 4.2.2.1 and 4.2.2.3: what `check_target` reads of the declarer's forces whatever the target, worked out when
/// first needed and shared between the targets it is asked about.
#[derive(Default)]
struct Known<'c, 'a> {
    /// 4.2.2.3: the declarer's reach.
    reach: OnceCell<Reach<'c, 'a>>,
    /// 4.2.2.1: the nations inside whose territory the declarer has corps or garrisons.
    inside: OnceCell<BTreeSet<Nation>>,
    /// 4.2.2.2: `home_invaded` of the declarer.
    invaded: OnceCell<RuleResult<()>>,
}

/// `check_target` with what it reads of `power`'s forces shared between targets (`known`); the reason of a
/// refusal is written out only when `explain` (listing the legal targets needs only whether each is).
fn check_target_in<'c, 'a>(
    ctx: &'c Ctx<'a>,
    power: PowerId,
    target: Nation,
    known: &Known<'c, 'a>,
    explain: bool,
) -> RuleResult<()> {
    let refuse = |rule: &str, why: &dyn Fn() -> String| {
        RuleError::new(rule, if explain { why() } else { String::new() })
    };
    let me = || name(ctx.scenario, power);
    let st = ctx.world;
    crate::world::ump_rules::check_declaration(ctx, power, target)?;
    match target {
        Nation::Power(q) => {
            if q == power {
                return Err(refuse("4.2", &|| {
                    format!("{} cannot declare war on itself", me())
                }));
            }
            if ctx.scenario.power(q).is_none() {
                return Err(refuse("3.4", &|| format!("unknown power `{q}`")));
            }
            let them = || name(ctx.scenario, q);
            if !st.in_game(q) {
                return Err(refuse("4.4.8", &|| format!("{} has left the game", them())));
            }
            if let Some(w) = st.current_war(power.into(), q.into()) {
                return Err(refuse("4.2", &|| {
                    format!(
                        "{} is already at war with {} (since {})",
                        me(),
                        them(),
                        w.since
                    )
                }));
            }
            // 4.2.2.4's exception for peace term B.6: a victor whose trade restriction on `q` (recorded with or
            // after this enforced peace) `q` has broken may declare war on it.
            if let Some(ep) = st.enforced_peace(power, q)
                && !super::peace::trade_restriction_broken(st, power, q, ep.since)
            {
                return Err(refuse("4.2.2.4", &|| {
                    let (me, them) = (me(), them());
                    format!(
                        "{me} is under an enforced peace with {them} since {}; it may declare war on {them} from {}",
                        ep.since, ep.until
                    )
                }));
            }
            forces_inside_known(ctx, power, Nation::Power(q), known)?;
            (known.invaded)
                .get_or_init(|| home_invaded(ctx, power))
                .clone()?;
        }
        Nation::Minor(m) => {
            let Some(def) = ctx.scenario.minor(m) else {
                return Err(refuse("3.4", &|| format!("unknown minor country `{m}`")));
            };
            let ms = st.minors.get(&m);
            if let Some(ms) = ms
                && ms.status != MinorStatus::Neutral
            {
                return Err(refuse("4.2.3", &|| {
                    let ctl = ms
                        .controller
                        .map(|c| name(ctx.scenario, c))
                        .unwrap_or_else(|| "another power".into());
                    format!(
                        "{} is controlled by {ctl}: it cannot be declared on separately (nor, once a power is chosen to run it, until it is neutral again: 4.6.3.1); a declaration on {ctl} covers it",
                        def.name
                    )
                }));
            }
            if let Some(w) = st.current_war(power.into(), target) {
                return Err(refuse("4.2", &|| {
                    format!(
                        "{} is already at war with {} (since {})",
                        me(),
                        def.name,
                        w.since
                    )
                }));
            }
            forces_inside_known(ctx, power, target, known)?;
            let reach = (known.reach).get_or_init(|| Reach::new(ctx, power));
            if !explain {
                return if reach.reaches(m) {
                    Ok(())
                } else {
                    Err(refuse("4.2.2.3", &String::new))
                };
            }
            reach
                .can_enter(m)
                .map_err(|why| RuleError::new("4.2.2.3", why))?;
        }
    }
    Ok(())
}

/// 4.2.2.1: `forces_inside`, judged from the nations the declarer's forces stand in (`known`), the reason
/// written only for a target refused.
fn forces_inside_known(ctx: &Ctx, power: PowerId, target: Nation, known: &Known) -> RuleResult<()> {
    if inside(ctx, power, known).contains(&target) {
        forces_inside(ctx, power, target)
    } else {
        Ok(())
    }
}

/// 4.2.2.1: the nations inside whose territory `power` has corps or garrisons (`known.inside`, worked out when
/// first asked for).
fn inside<'k>(ctx: &Ctx, power: PowerId, known: &'k Known) -> &'k BTreeSet<Nation> {
    known.inside.get_or_init(|| {
        let me = Nation::Power(power);
        let sc = ctx.scenario;
        let corps = ctx
            .world
            .forces
            .corps
            .values()
            .filter_map(|c| match c.location {
                Location::Area(a) if c.owner == me => sc.nation_of_area(a),
                _ => None,
            });
        let garrisons = (ctx.world.forces.garrisons.iter())
            .filter(|((_, owner), g)| *owner == me && !g.is_empty())
            .filter_map(|((a, _), _)| sc.nation_of_area(*a));
        corps.chain(garrisons).collect()
    })
}

/// 4.2.2.1: no corps, freikorps, cossacks, garrisons (or guerrillas) of the declarer inside the target.
fn forces_inside(ctx: &Ctx, power: PowerId, target: Nation) -> RuleResult<()> {
    let me = Nation::Power(power);
    let inside = |a: AreaId| ctx.scenario.nation_of_area(a) == Some(target);
    for (id, c) in &ctx.world.forces.corps {
        if c.owner == me
            && let Location::Area(a) = c.location
            && inside(a)
        {
            return Err(RuleError::new(
                "4.2.2.1",
                format!(
                    "{} has corps {id} in {} ({a}), inside the territory of {}",
                    name(ctx.scenario, power),
                    area_name(ctx, a),
                    target_name(ctx, target)
                ),
            ));
        }
    }
    for ((a, owner), garrison) in &ctx.world.forces.garrisons {
        if *owner == me && !garrison.is_empty() && inside(*a) {
            return Err(RuleError::new(
                "4.2.2.1",
                format!(
                    "{} has a garrison of {} factor(s) in {}, inside the territory of {}",
                    name(ctx.scenario, power),
                    garrison.total(),
                    area_name(ctx, *a),
                    target_name(ctx, target)
                ),
            ));
        }
    }
    Ok(())
}

/// 4.2.2.2 (errata): a power at war with a major power, with unbesieged enemy infantry corps inside its home
/// nation, may not declare war on other major powers. An enemy corps inside a city with corps at war with it in
/// the field of its area is besieged (Coalition's 7.5.4) and does not count; every other one does.
fn home_invaded(ctx: &Ctx, power: PowerId) -> RuleResult<()> {
    let me = Nation::Power(power);
    if !ctx.world.at_war_with_a_major(me) {
        return Ok(());
    }
    let enemies = ctx.world.enemies(me);
    let hostile = |owner: Nation| {
        enemies.contains(&owner)
            || ctx
                .world
                .controller_of(owner)
                .is_some_and(|c| c != power && enemies.contains(&Nation::Power(c)))
    };
    // (The cheapest questions first: the kind, the area's nation, then the owner's side.)
    for (id, c) in &ctx.world.forces.corps {
        if let Location::Area(a) = c.location
            && matches!(c.kind, CorpsKind::Infantry | CorpsKind::Guard)
            && ctx.scenario.nation_of_area(a) == Some(me)
            && hostile(c.owner)
            && !crate::world::geography::besieged_corps(ctx.world, *id)
        {
            return Err(RuleError::new(
                "4.2.2.2",
                format!(
                    "{} is at war and enemy infantry corps {id} ({}) stands unbesieged in {} inside its home nation",
                    name(ctx.scenario, power),
                    c.owner,
                    area_name(ctx, a)
                ),
            ));
        }
    }
    Ok(())
}

fn area_name(ctx: &Ctx, a: crate::kernel::ids::AreaId) -> String {
    ctx.scenario
        .area(a)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| a.to_string())
}

fn target_name(ctx: &Ctx, t: Nation) -> String {
    match t {
        Nation::Power(p) => name(ctx.scenario, p),
        Nation::Minor(m) => ctx
            .scenario
            .minor(m)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| m.to_string()),
    }
}

/// Once every declaration is revealed together (4.2, by the game), begins the wars and charges the points of
/// 4.2.1.1 and 4.2.1.2. Two powers that declare on each other make one war in which both are aggressors (4.3.1.2).
fn resolve(ctx: &Ctx, decisions: &BTreeMap<PowerId, Declare>) -> Vec<WorldEvent> {
    let mut ev = Vec::new();
    let declared: BTreeMap<PowerId, Vec<Nation>> = decisions
        .iter()
        .map(|(p, d)| (*p, d.targets.clone()))
        .collect();
    // Alliances broken by declarations on an ally, with every power that broke each (4.2.1.1); they break before
    // the wars begin, so no two powers are ever both allied and at war.
    let mut broken: BTreeMap<(PowerId, PowerId), Vec<PowerId>> = BTreeMap::new();
    for (p, targets) in &declared {
        for q in targets.iter().filter_map(|t| t.power()) {
            if ctx.world.allied(*p, q) {
                let key = if *p < q { (*p, q) } else { (q, *p) };
                broken.entry(key).or_default().push(*p);
            }
        }
    }
    for ((a, b), by) in broken {
        let names = by
            .iter()
            .map(|x| name(ctx.scenario, *x))
            .collect::<Vec<_>>()
            .join(" and ");
        ev.push(WorldEvent::AllianceBroken {
            a,
            b,
            by: by.clone(),
            date: ctx.world.date(),
            rule: "4.2.1.1".into(),
            reason: format!("{names} declared war on an ally"),
        });
        for x in by {
            let other = if x == a { b } else { a };
            ev.push(points(
                ctx.scenario,
                x,
                "declare-war-on-ally",
                1,
                "4.2.1.1",
                format!("declared war on its ally {}", name(ctx.scenario, other)),
            ));
        }
    }
    for (p, targets) in &declared {
        for t in targets {
            let mutual = t.power().is_some_and(|q| {
                declared
                    .get(&q)
                    .is_some_and(|l| l.contains(&Nation::Power(*p)))
            });
            // A mutual declaration makes one war, recorded once, under the lower key.
            if !(mutual && t.power().is_some_and(|q| q < *p)) {
                ev.push(WorldEvent::WarDeclared {
                    aggressor: Nation::Power(*p),
                    defender: *t,
                    cause: if mutual {
                        WarCause::Mutual
                    } else {
                        WarCause::Declared
                    },
                    since: ctx.world.date(),
                    rule: "4.2".into(),
                });
            }
            // 14.3.2.2: an UMP and its controller declaring on the same power lose one set of points.
            if crate::world::ump_rules::declaration_points_shared(ctx.world, *p, *t, &declared) {
                continue;
            }
            match t {
                Nation::Power(q) => {
                    ev.push(points(
                        ctx.scenario,
                        *p,
                        "declare-war-major",
                        1,
                        "4.2.1.1",
                        format!("declared war on {}", name(ctx.scenario, *q)),
                    ));
                }
                Nation::Minor(m) => {
                    let districts =
                        ctx.scenario
                            .minor(*m)
                            .map_or(1, |d| d.districts.len().max(1)) as i32;
                    ev.push(points(
                        ctx.scenario,
                        *p,
                        "declare-war-minor-district",
                        districts,
                        "4.2.1.2",
                        format!(
                            "declared war on {} ({districts} district(s))",
                            target_name(ctx, *t)
                        ),
                    ));
                }
            }
        }
    }
    ev
}
