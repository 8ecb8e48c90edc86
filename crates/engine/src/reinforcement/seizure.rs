//! Rules 12.1.2.1 and 12.1.2.2: ships being built or waiting in a port are lost with it. A major power's, when
//! the port passes to a power that is neither it nor its ally (12.1.2.1); a minor free state's, when its enemy
//! takes the port, are kept building or destroyed as the takers decide, by competitive die rolls if they
//! disagree (12.1.2.2).

use super::ships::binding;
use super::{Placement, RCtx, RCx, ReinforcementEvent, SeizedOrder};
use crate::kernel::dice::{Dice, Entrant, competitive};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, MinorId, Nation, PowerId};
use crate::scenario::{Location, UnitKind};
use crate::world::{Ctx, World, WorldEvent};
use std::collections::{BTreeMap, BTreeSet};

/// Whether `taker` counts as an enemy of a minor's ships: at war with the minor or with its controller.
fn enemy_of_minor(st: &World, taker: PowerId, minor: MinorId) -> bool {
    let t = Nation::Power(taker);
    st.at_war(t, Nation::Minor(minor))
        || st
            .controller_of(Nation::Minor(minor))
            .is_some_and(|c| st.at_war(t, Nation::Power(c)))
}

/// A port of a minor free state taken by an enemy, holding the minor's ships, whose fate is to be decided
/// (12.1.2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingSeizure {
    pub port: AreaId,
    pub minor: MinorId,
    pub holder: Nation,
    /// The major powers of the occupying force: the holder's, and every other enemy with land forces there.
    pub takers: Vec<PowerId>,
}

/// 12.1.2.2: the minor free states' ships (being built or waiting) in ports an enemy holds, not yet decided for
/// that holder.
pub fn pending_seizures(ctx: &RCtx) -> Vec<PendingSeizure> {
    let st = ctx.world;
    let sc = ctx.scenario;
    if !binding(ctx) {
        return Vec::new();
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for b in &st.building {
        let (Nation::Minor(m), Some(port), UnitKind::Ship) = (b.owner, b.port, b.unit) else {
            continue;
        };
        if !seen.insert((port, m)) {
            continue;
        }
        let Some(holder) = st.area_holder(sc, port) else {
            continue;
        };
        let Some(hp) = st.controller_of(holder) else {
            continue;
        };
        if !enemy_of_minor(st, hp, m)
            || ctx
                .own
                .seized
                .get(&(port, m))
                .is_some_and(|s| s.holder == holder)
        {
            continue;
        }
        let mut takers = BTreeSet::from([hp]);
        for c in st.forces.corps.values() {
            if c.location == Location::Area(port)
                && !c.factors.is_empty()
                && let Some(q) = st.controller_of(c.owner)
                && enemy_of_minor(st, q, m)
            {
                takers.insert(q);
            }
        }
        for ((a, n), f) in &st.forces.garrisons {
            if *a == port
                && !f.is_empty()
                && let Some(q) = st.controller_of(*n)
                && enemy_of_minor(st, q, m)
            {
                takers.insert(q);
            }
        }
        takers.retain(|p| st.powers.get(p).is_some_and(|s| s.in_game));
        if takers.is_empty() {
            continue;
        }
        out.push(PendingSeizure {
            port,
            minor: m,
            holder,
            takers: takers.into_iter().collect(),
        });
    }
    out
}

// ---------------------------------------------------------------------------------------------------------------
// 12.1.2.1

/// Whether ships of major power `owner` in a port held by `holder` are lost (12.1.2.1, Coalition's reading): the
/// port is held by a power that is neither the owner nor its ally (an enemy that took it, or a former enemy it
/// was ceded to).
fn lost_to(st: &World, owner: PowerId, holder: Option<PowerId>) -> bool {
    holder.is_some_and(|h| h != owner && !st.allied(owner, h))
}

/// 12.1.2.1: the ships destroyed when `port` passes to `holder` (`None`: back to its own nation): every major
/// power's ships being built or waiting there, when the new holder is neither that power nor its ally. Called
/// by whoever changes an area's control (host adjustments now; the Land Phase's conquests later).
pub fn ships_lost_with_port<S: ?Sized>(
    ctx: &Ctx<S>,
    port: AreaId,
    holder: Option<Nation>,
) -> Vec<ReinforcementEvent> {
    let st = ctx.world;
    let sc = ctx.scenario;
    if !binding(ctx) || !sc.area(port).is_some_and(|d| d.port) {
        return Vec::new();
    }
    let holder = holder.or_else(|| sc.nation_of_area(port));
    let hp = holder.and_then(|h| st.controller_of(h));
    let mut lost: BTreeMap<PowerId, u16> = BTreeMap::new();
    for b in &st.building {
        if let (Nation::Power(o), UnitKind::Ship, Some(p)) = (b.owner, b.unit, b.port)
            && p == port
            && lost_to(st, o, hp)
        {
            let n = lost.entry(o).or_default();
            *n = n.saturating_add(b.count);
        }
    }
    lost.into_iter()
        .map(|(o, count)| ReinforcementEvent::ShipsDestroyed {
            owner: Nation::Power(o),
            port,
            count,
            rule: "12.1.2.1".into(),
            reason: format!(
                "{port} is held by {}: the ships being built or waiting there are lost",
                hp.map_or("another nation".to_string(), |h| h.to_string())
            ),
        })
        .collect()
}

/// 12.1.2.1, at the start of the phase: the major powers' ships in ports held by an enemy are destroyed.
pub(super) fn ships_lost(cx: &mut RCx) {
    let ports: BTreeSet<AreaId> = cx
        .world()
        .building
        .iter()
        .filter(|b| b.unit == UnitKind::Ship && b.owner.power().is_some())
        .filter_map(|b| b.port)
        .collect();
    for port in ports {
        let holder = cx.world().area_holder(cx.scenario, port);
        let ev = ships_lost_with_port(&cx.ctx(), port, holder);
        for e in ev {
            cx.emit(e);
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// 12.1.2.2

/// The default orders: a taker keeps the ships building (or destroys them, `keep` false, for the choice that
/// says so).
pub(super) fn default_orders(ctx: &RCtx, power: PowerId, keep: bool, pl: &mut Placement) {
    for s in pending_seizures(ctx) {
        if s.takers.contains(&power) {
            pl.seized.push(SeizedOrder {
                port: s.port,
                minor: s.minor,
                keep,
            });
        }
    }
}

/// Checks the placement's choices for minors' ships: only a taker decides, once per port and minor.
pub(super) fn check(ctx: &RCtx, power: PowerId, pl: &Placement) -> RuleResult<()> {
    // Nothing decided: nothing to check (the pending seizures are not worked out).
    if pl.seized.is_empty() {
        return Ok(());
    }
    let pending = pending_seizures(ctx);
    let mut seized_seen = BTreeSet::new();
    for o in &pl.seized {
        if !pending
            .iter()
            .any(|s| s.port == o.port && s.minor == o.minor && s.takers.contains(&power))
        {
            return Err(RuleError::new(
                "12.1.2.2",
                format!(
                    "{power} has no say over {}'s ships at {}: only the major powers that took a minor free state's port holding its ships decide",
                    o.minor, o.port
                ),
            ));
        }
        if !seized_seen.insert((o.port, o.minor)) {
            return Err(RuleError::new(
                "3.3",
                format!("{}'s ships at {} are decided twice", o.minor, o.port),
            ));
        }
    }
    Ok(())
}

/// Decides the fate of each of `pending` (as it stood before the placements): the takers' one choice when
/// they agree (a taker that passed or said nothing keeps the ships), else the choice of the winner of
/// competitive die rolls.
pub(super) fn decide(
    cx: &mut RCx,
    pending: Vec<PendingSeizure>,
    decisions: &BTreeMap<PowerId, Option<Placement>>,
    dice: &mut Dice,
) {
    for s in pending {
        let vote = |p: &PowerId| -> bool {
            match decisions.get(p) {
                Some(Some(pl)) => pl
                    .seized
                    .iter()
                    .find(|o| o.port == s.port && o.minor == s.minor)
                    .is_none_or(|o| o.keep),
                _ => true,
            }
        };
        let votes: Vec<(PowerId, bool)> = s.takers.iter().map(|p| (*p, vote(p))).collect();
        let (by, keep) = if votes.iter().all(|(_, v)| *v == votes[0].1) {
            votes[0]
        } else {
            let entrants: Vec<Entrant<PowerId>> = s
                .takers
                .iter()
                .map(|p| Entrant {
                    id: *p,
                    label: p.to_string(),
                    modifiers: vec![],
                })
                .collect();
            let (rolls, ranking) = competitive(
                dice,
                "12.1.2.2",
                &format!("the fate of {}'s ships at {}", s.minor, s.port),
                1,
                &entrants,
            );
            for roll in rolls {
                cx.push(WorldEvent::DiceRolled { roll });
            }
            let w = ranking.first().copied().unwrap_or(s.takers[0]);
            (w, vote(&w))
        };
        let date = cx.world().date();
        cx.emit(ReinforcementEvent::ShipsSeized {
            port: s.port,
            minor: s.minor,
            holder: s.holder,
            keep,
            by,
            date,
        });
        if !keep {
            let count: u16 = cx
                .world()
                .building
                .iter()
                .filter(|b| {
                    b.owner == Nation::Minor(s.minor)
                        && b.unit == UnitKind::Ship
                        && b.port == Some(s.port)
                })
                .map(|b| b.count)
                .sum();
            cx.emit(ReinforcementEvent::ShipsDestroyed {
                owner: Nation::Minor(s.minor),
                port: s.port,
                count,
                rule: "12.1.2.2".into(),
                reason: format!("{by}, which took {}, has them destroyed", s.port),
            });
        }
    }
}
