//! Rule 12.3.9 (NoCeding) and Coalition's cession outside a peace (`docs/rules/cession.md`): in the Diplomacy
//! Step (4.1) a major power may offer a minor country it controls to another major power, privately; when that
//! power accepts in the same step, the minor passes to it as it stands (free state or conquered, with its
//! forces), a public act. Under 12.3.9 minors are ceded only as a peace term (B.7, C.4) and every offer and
//! acceptance is refused. An UMP never cedes outside a formal peace (14.3.2.1.2).

use super::name;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, MinorId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{Location, MinorStatus};
use crate::world::{Ctx, WorldEvent};

/// Rule 12.3.9: with NoCeding on, no minor is ceded outside a peace.
pub fn check_option(ctx: &Ctx) -> RuleResult<()> {
    if ctx.rulebook.has(OptionalRule::NoCeding) {
        return Err(RuleError::new(
            "12.3.9",
            "optional rule 12.3.9 (no ceding) is on: a minor country is ceded only as a term of a peace (B.7, C.4), never in the Diplomacy Step",
        ));
    }
    Ok(())
}

/// Coalition's cession (`docs/rules/cession.md`), with 12.3.9 and 14.3.2.1.2: whether `cedant` may cede `minor`
/// to `receiver` now. The cedant controls the minor and is no UMP; the two are different powers in the game and
/// not at war; the minor is at war with no one, none of its areas is besieged or held by another power, no
/// forces but its own and the receiver's side's stand in it, and its own forces all stand inside its borders (or
/// at sea, or off the map), none of its corps lent away (B.4).
pub fn check_cession(
    ctx: &Ctx,
    cedant: PowerId,
    receiver: PowerId,
    minor: MinorId,
) -> RuleResult<()> {
    check_option(ctx)?;
    let (w, sc) = (ctx.world, ctx.scenario);
    let (c, r) = (name(sc, cedant), name(sc, receiver));
    let Some(def) = sc.minor(minor) else {
        return Err(RuleError::new(
            "3.4",
            format!("unknown minor country `{minor}`"),
        ));
    };
    let mname = def.name.clone();
    let state = w.minors.get(&minor);
    if state.and_then(|s| s.controller) != Some(cedant)
        || state.is_some_and(|s| s.status == MinorStatus::Neutral)
    {
        return Err(RuleError::new(
            "4.1",
            format!("{c} does not control {mname}: only a minor's controller may cede it"),
        ));
    }
    crate::world::ump_rules::may_cede(w, cedant, false)?;
    if cedant == receiver {
        return Err(RuleError::new(
            "4.1",
            format!("{c} already controls {mname}: it cedes a minor to another major power"),
        ));
    }
    if !w.in_game(receiver) {
        return Err(RuleError::new("4.4.8", format!("{r} has left the game")));
    }
    if let Some(war) = w.current_war(Nation::Power(cedant), Nation::Power(receiver)) {
        return Err(RuleError::new(
            "4.1",
            format!(
                "{c} and {r} are at war (since {}): between enemies a minor changes hands only by a peace term (B.7, C.4)",
                war.since
            ),
        ));
    }
    let me = Nation::Minor(minor);
    if let Some(e) = w.enemies(me).into_iter().next() {
        return Err(RuleError::new(
            "4.1",
            format!(
                "{mname} is at war with {}: a minor under attack changes hands only by conquest or a peace",
                nation_name(ctx, e)
            ),
        ));
    }
    let inside = sc.territory(me);
    for a in inside {
        if w.sieges.contains_key(a) {
            return Err(RuleError::new(
                "4.1",
                format!(
                    "{} in {mname} is besieged: a minor is ceded only when none of its cities is under siege",
                    area_name(ctx, *a)
                ),
            ));
        }
        if let Some(h) = w.area_holder(sc, *a)
            && h != me
            && h != Nation::Power(cedant)
        {
            return Err(RuleError::new(
                "4.1",
                format!(
                    "{} in {mname} is held by {}: a minor is ceded only when its controller holds all of it",
                    area_name(ctx, *a),
                    nation_name(ctx, h)
                ),
            ));
        }
    }
    // Inside the minor: only its own forces and the receiver's side's.
    let welcome = |n: Nation| n == me || w.controller_of(n) == Some(receiver);
    let f = &w.forces;
    let foreign = f
        .corps
        .values()
        .filter(|x| !x.factors.is_empty())
        .filter_map(|x| at(x.location).map(|a| (a, x.owner, "a corps")))
        .chain(
            f.garrisons
                .iter()
                .filter(|(_, g)| !g.is_empty())
                .map(|((a, n), _)| (*a, *n, "a garrison")),
        )
        .chain(
            f.depots
                .iter()
                .flat_map(|(a, ns)| ns.iter().map(move |n| (*a, *n, "a depot"))),
        )
        .chain(
            f.fleets
                .values()
                .filter(|x| x.ships > 0)
                .filter_map(|x| at(x.location).map(|a| (a, x.owner, "a fleet"))),
        )
        .find(|(a, n, _)| inside.contains(a) && !welcome(*n));
    if let Some((a, n, what)) = foreign {
        return Err(RuleError::new(
            "4.1",
            format!(
                "{what} of {} stands in {} in {mname}: a minor is ceded only when no forces but its own and {r}'s stand in it",
                nation_name(ctx, n),
                area_name(ctx, a)
            ),
        ));
    }
    // The minor's own forces: inside its borders.
    let outside = f
        .corps
        .values()
        .filter(|x| x.owner == me)
        .filter_map(|x| at(x.location).map(|a| (a, "a corps")))
        .chain(
            f.garrisons
                .iter()
                .filter(|((_, n), g)| *n == me && !g.is_empty())
                .map(|((a, _), _)| (*a, "a garrison")),
        )
        .chain(
            f.fleets
                .values()
                .filter(|x| x.owner == me)
                .filter_map(|x| at(x.location).map(|a| (a, "a fleet"))),
        )
        .find(|(a, _)| !inside.contains(a));
    if let Some((a, what)) = outside {
        return Err(RuleError::new(
            "4.1",
            format!(
                "{what} of {mname} stands in {}, outside its borders: a minor is ceded only with all its forces at home",
                area_name(ctx, a)
            ),
        ));
    }
    if let Some(id) = f
        .corps
        .iter()
        .filter(|(_, x)| x.owner == me)
        .map(|(id, _)| *id)
        .find(|id| crate::world::treaties::lent_to(w, *id).is_some())
    {
        return Err(RuleError::new(
            "B.4",
            format!(
                "{id} of {mname} is on loan: a minor is not ceded while one of its corps is lent away"
            ),
        ));
    }
    Ok(())
}

/// Coalition's cession: whether `cedant` may offer `minor` to the one power in `to` now (12.3.9 first).
pub fn check_offer(ctx: &Ctx, cedant: PowerId, to: &[PowerId], minor: MinorId) -> RuleResult<()> {
    check_option(ctx)?;
    let [receiver] = to else {
        return Err(RuleError::new(
            "4.1",
            "a minor country is offered to one major power at a time",
        ));
    };
    check_cession(ctx, cedant, *receiver, minor)?;
    if offered(ctx, cedant, *receiver, minor) {
        return Err(RuleError::new(
            "4.1",
            format!(
                "{} has already offered {} to {} in this Diplomacy Step",
                name(ctx.scenario, cedant),
                ctx.scenario.minor_name(minor),
                name(ctx.scenario, *receiver)
            ),
        ));
    }
    Ok(())
}

/// Coalition's cession: whether `receiver` may accept the offer of `minor` from the one power in `from` now: the
/// offer stands (made in this Diplomacy Step) and the cession is still allowed (12.3.9 first).
pub fn check_accept(
    ctx: &Ctx,
    receiver: PowerId,
    from: &[PowerId],
    minor: MinorId,
) -> RuleResult<()> {
    check_option(ctx)?;
    let [cedant] = from else {
        return Err(RuleError::new(
            "4.1",
            "a cession is accepted from the one power that offered it",
        ));
    };
    if !offered(ctx, *cedant, receiver, minor) {
        return Err(RuleError::new(
            "4.1",
            format!(
                "{} has not offered {} to {} in this Diplomacy Step: a cession needs the offer of the minor's controller and the acceptance of the receiver",
                name(ctx.scenario, *cedant),
                ctx.scenario.minor_name(minor),
                name(ctx.scenario, receiver)
            ),
        ));
    }
    check_cession(ctx, *cedant, receiver, minor)
}

/// Whether `cedant`'s offer of `minor` to `receiver` stands.
pub fn offered(ctx: &Ctx, cedant: PowerId, receiver: PowerId, minor: MinorId) -> bool {
    ctx.world
        .relations
        .cession_offers
        .iter()
        .any(|o| o.from == cedant && o.to == receiver && o.minor == minor)
}

/// The minors `power` may offer to `q` now, in key order.
pub fn offers(ctx: &Ctx, power: PowerId, q: PowerId) -> Vec<MinorId> {
    if check_option(ctx).is_err() {
        return Vec::new();
    }
    ctx.world
        .minors
        .iter()
        .filter(|(_, s)| s.controller == Some(power))
        .map(|(m, _)| *m)
        .filter(|m| check_offer(ctx, power, &[q], *m).is_ok())
        .collect()
}

/// The offers from `q` that `power` may accept now, in the order made.
pub fn acceptances(ctx: &Ctx, power: PowerId, q: PowerId) -> Vec<MinorId> {
    ctx.world
        .relations
        .cession_offers
        .iter()
        .filter(|o| o.from == q && o.to == power)
        .map(|o| o.minor)
        .filter(|m| check_accept(ctx, power, &[q], *m).is_ok())
        .collect()
}

/// The public events of an accepted cession: the minor passes to `receiver` with its status (a conquered minor
/// the receiver once declared a free state is a free state again in its hands, 4.8), and the areas of the minor
/// the cedant held are the receiver's.
pub fn events(ctx: &Ctx, cedant: PowerId, receiver: PowerId, minor: MinorId) -> Vec<WorldEvent> {
    let (w, sc) = (ctx.world, ctx.scenario);
    let mname = sc.minor_name(minor);
    let reason = format!(
        "{} cedes {mname} to {}, which accepts (the Diplomacy Step)",
        name(sc, cedant),
        name(sc, receiver)
    );
    let status = w
        .minors
        .get(&minor)
        .map_or(MinorStatus::Conquered, |s| s.status);
    let mut out = vec![WorldEvent::MinorChanged {
        minor,
        controller: Some(receiver),
        status,
        rule: "4.1".into(),
        reason: reason.clone(),
    }];
    if status == MinorStatus::Conquered
        && let Err(e) = w.may_hold_conquered(sc, minor, receiver)
    {
        out.push(WorldEvent::MinorChanged {
            minor,
            controller: Some(receiver),
            status: MinorStatus::FreeState,
            rule: e.rule.clone(),
            reason: format!(
                "{}: its declaration stands, so {mname} is a free state again in its hands",
                e.reason
            ),
        });
    }
    for a in sc.territory(Nation::Minor(minor)) {
        if w.area_control.get(a) == Some(&Nation::Power(cedant)) {
            out.push(WorldEvent::AreaControlChanged {
                area: *a,
                holder: Some(Nation::Power(receiver)),
                rule: "4.1".into(),
                reason: reason.clone(),
            });
        }
    }
    out
}

fn at(l: Location) -> Option<AreaId> {
    match l {
        Location::Area(a) => Some(a),
        _ => None,
    }
}

fn nation_name(ctx: &Ctx, n: Nation) -> String {
    match n {
        Nation::Power(p) => name(ctx.scenario, p),
        Nation::Minor(m) => ctx.scenario.minor_name(m),
    }
}

fn area_name(ctx: &Ctx, a: AreaId) -> String {
    ctx.scenario
        .area(a)
        .map_or_else(|| a.to_string(), |d| d.name.clone())
}
