//! Rule 7.3 (Coalition's movement, `docs/rules/land.md`): corps move along paths of adjacent areas, paying
//! each area's terrain cost and each border's crossing cost out of their allowance (7.3.1); a corps may force
//! march once a phase for extra movement points, with an attrition roll (7.3.2, errata); enemy corps stop a move
//! (7.3.3); areas may be entered only with access (7.3.4); corps drop and pick up garrisons where they stand
//! (7.3.5; a minor free state's corps only inside its borders unless 12.3.8 is on). One decision is one move; `undo` takes the last back while no die was rolled and no enemy met.

use super::{LCtx, LCx, LandDecision, LandEvent, MoveRecord};
use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, LeaderId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{Factors, LeaderStatus, Location, LossCause};
pub use crate::world::geography::allowance;
pub use crate::world::geography::enemy_corps;
use crate::world::geography::{
    Entry, area_name, enemy_corps_areas, has_enemy_corps, may_enter, may_enter_now, step_cost,
    step_open_memo,
};
use crate::world::{LossRecord, World, WorldEvent};
use std::collections::BTreeSet;

/// Whether `power` moves the forces of `owner`: its own, and its minor free states' (7.1.1).
pub fn moves_for(w: &World, power: PowerId, owner: Nation) -> bool {
    w.moves_nation(power, owner)
}

/// The corps `power` moves (its own and its free states'), on the map, in key order.
pub fn corps_of(w: &World, power: PowerId) -> Vec<(CorpsId, AreaId)> {
    let loans = crate::world::treaties::loans(w);
    w.forces
        .corps
        .iter()
        .filter_map(|(id, c)| match c.location {
            Location::Area(a) => Some((id, c, a)),
            _ => None,
        })
        .filter(|(id, c, _)| {
            let lent = if loans.is_empty() {
                None
            } else {
                loans.get(*id).copied()
            };
            w.moves_corps_lent(power, c, lent)
        })
        .map(|(id, _, a)| (*id, a))
        .collect()
}

/// Movement points a corps has left this phase, without a forced march.
pub fn left(ctx: &LCtx, id: CorpsId) -> u32 {
    let Some(c) = ctx.world.forces.corps.get(&id) else {
        return 0;
    };
    allowance(ctx, c.kind).saturating_sub(ctx.own.spent.get(&id).copied().unwrap_or(0))
}

/// 7.3.2: whether a corps may still force march (its kind allows it and it has not this phase).
pub fn may_force(ctx: &LCtx, id: CorpsId) -> bool {
    let fm = &ctx.scenario.charts.land.forced_march;
    ctx.world
        .forces
        .corps
        .get(&id)
        .is_some_and(|c| !fm.not_for.contains(&c.kind))
        && !ctx.own.forced.contains(&id)
}

/// What a legal move will do.
pub struct Plan {
    pub cost: u32,
    pub forced: Vec<CorpsId>,
    pub stopped: bool,
}

fn corps_name(id: CorpsId) -> String {
    id.to_string()
}

/// Checks a move (7.3): the corps are `power`'s to move and stand at the path's start; each step touches the
/// last; each area may be entered (7.3.4); enemy corps end the move (7.3.3); the cost is within each corps'
/// allowance, or one forced march beyond it (7.3.2).
pub fn check(ctx: &LCtx, power: PowerId, d: &LandDecision) -> RuleResult<Plan> {
    let LandDecision::Move {
        corps,
        leaders,
        path,
    } = d
    else {
        return Err(RuleError::new("7.3", "not a move"));
    };
    let w = ctx.world;
    if corps.is_empty() {
        return Err(RuleError::new("7.3", "a move names at least one corps"));
    }
    crate::kernel::error::distinct(corps)?;
    crate::kernel::error::distinct(leaders)?;
    let Some(&start) = path.first() else {
        return Err(RuleError::new(
            "7.3",
            "a move names its path, from where the corps stand",
        ));
    };
    if path.len() < 2 {
        return Err(RuleError::new(
            "7.3",
            format!(
                "a path needs an area to go to after {}",
                area_name(ctx, start)
            ),
        ));
    }
    for a in path {
        if ctx.scenario.area(*a).is_none() {
            return Err(RuleError::new("3.4", format!("unknown area `{a}`")));
        }
    }
    for id in corps {
        let Some(c) = w.forces.corps.get(id) else {
            return Err(RuleError::new("3.4", format!("unknown corps `{id}`")));
        };
        if !w.moves_corps(power, *id) {
            return Err(RuleError::new(
                "7.1.1",
                format!(
                    "{} moves only its own corps, its minor free states' and corps lent to it (B.4); {} is not",
                    ctx.scenario.power_name(power),
                    corps_name(*id)
                ),
            ));
        }
        if c.location != Location::Area(start) {
            return Err(RuleError::new(
                "7.3",
                format!(
                    "{} does not stand in {}",
                    corps_name(*id),
                    area_name(ctx, start)
                ),
            ));
        }
        if ctx.own.stopped.contains(id) {
            return Err(halted(ctx, *id));
        }
        if crate::world::geography::besieged_corps(w, *id) {
            return Err(RuleError::new(
                "7.5.4.2.1",
                format!(
                    "{} is besieged inside the city of {}: it comes out only in a sortie",
                    corps_name(*id),
                    area_name(ctx, start)
                ),
            ));
        }
    }
    for l in leaders {
        let Some(s) = w.forces.leaders.get(l) else {
            return Err(RuleError::new("3.4", format!("unknown leader `{l}`")));
        };
        if !moves_for(w, power, s.nation) || s.status != LeaderStatus::Active {
            return Err(RuleError::new(
                "7.3",
                format!(
                    "{l} is not an active leader of {}",
                    ctx.scenario.power_name(power)
                ),
            ));
        }
        if s.location != Location::Area(start) {
            return Err(RuleError::new(
                "7.3",
                format!("{l} does not stand in {}", area_name(ctx, start)),
            ));
        }
        if let Some(rule) = ctx.own.leaders_halted.get(l) {
            return Err(RuleError::new(
                rule,
                format!(
                    "{l} {} this phase and moves no more",
                    match rule.as_str() {
                        "7.5.9" => "retreated from a battle",
                        "6.2.5" => "landed from the sea",
                        _ => "was stopped by enemy corps",
                    }
                ),
            ));
        }
    }
    let mut cost = 0u32;
    let mut stopped = false;
    for (i, pair) in path.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        let Some(c) = step_cost(ctx, Nation::Power(power), a, b) else {
            return Err(RuleError::new(
                "7.3.1",
                format!(
                    "{} does not touch {} (no border, and no open crossing arrow)",
                    area_name(ctx, a),
                    area_name(ctx, b)
                ),
            ));
        };
        if !may_enter_now(ctx, power, a, b) {
            may_enter(ctx, power, a, b)?;
        }
        cost = cost.saturating_add(c);
        if has_enemy_corps(w, power, b) {
            // 14.3.2.3: an inactive UMP may not attack outside its territory.
            crate::world::ump_rules::may_attack_at(&ctx.plain(), power, b)?;
            if i + 2 < path.len() {
                return Err(RuleError::new(
                    "7.3.3",
                    format!("enemy corps in {} stop the move there", area_name(ctx, b)),
                ));
            }
            stopped = true;
        }
    }
    let extra = ctx.scenario.charts.land.forced_march.extra;
    let mut forced = Vec::new();
    for id in corps {
        let have = left(ctx, *id);
        if cost <= have {
            continue;
        }
        if may_force(ctx, *id) && cost <= have + extra {
            forced.push(*id);
            continue;
        }
        return Err(RuleError::new(
            if cost <= have + extra {
                "7.3.2"
            } else {
                "7.3.1"
            },
            format!(
                "the path costs {cost} movement points and {} has {have} left{}",
                corps_name(*id),
                if !may_force(ctx, *id) && cost <= have + extra {
                    " (it may not force march: its kind may not, or it already has this phase)"
                } else {
                    ""
                }
            ),
        ));
    }
    // Coalition's 7.3: a leader moves at the pace of the corps he moves with.
    for l in leaders {
        for id in corps {
            let limit = corps_limit(ctx, *id, forced.contains(id));
            leader_pace(ctx, *l, *id, cost, limit)?;
        }
    }
    Ok(Plan {
        cost,
        forced,
        stopped,
    })
}

/// 7.3.3, 6.2.5 and 7.5.9: why a corps moves no more this phase.
fn halted(ctx: &LCtx, id: CorpsId) -> RuleError {
    let (rule, why) = if ctx.own.retreated.contains(&id) {
        ("7.5.9", "retreated from a battle")
    } else if ctx.own.landed.contains(&id) {
        ("6.2.5", "landed from the sea")
    } else if ctx.own.sheltered.contains(&id) {
        ("7.5.4", "went into a city")
    } else {
        ("7.3.3", "was stopped by enemy corps")
    };
    RuleError::new(
        rule,
        format!("{} {why} this phase and moves no more", corps_name(id)),
    )
}

/// The movement points corps `id` may spend in a whole phase: its kind's allowance, and a forced march's extra
/// point when it force marches (`forcing`).
fn corps_limit(ctx: &LCtx, id: CorpsId, forcing: bool) -> u32 {
    let Some(c) = ctx.world.forces.corps.get(&id) else {
        return 0;
    };
    allowance(ctx, c.kind)
        + if forcing {
            ctx.scenario.charts.land.forced_march.extra
        } else {
            0
        }
}

/// Coalition's 7.3 (`docs/rules/land.md`, leaders): a leader spends the movement points of every move he makes
/// with corps, and may make a move costing `cost` with corps `id` only if the points he has spent this phase and
/// `cost` are within `limit`, what that corps may spend in a whole phase. So a leader cannot go further in a phase
/// than the corps that carry him could, by moving with one corps and then another.
fn leader_pace(ctx: &LCtx, l: LeaderId, id: CorpsId, cost: u32, limit: u32) -> RuleResult<()> {
    let spent = ctx.own.leader_spent.get(&l).copied().unwrap_or(0);
    if spent + cost <= limit {
        return Ok(());
    }
    Err(RuleError::new(
        "7.3",
        format!(
            "{l} has spent {spent} movement point(s) this phase; this move costs {cost}, more than the {} left to \
             him with {} (a leader moves at the pace of the corps he moves with: {limit} a phase)",
            limit.saturating_sub(spent),
            corps_name(id)
        ),
    ))
}

/// Carries out a checked move: the counters move, then each force-marching corps rolls for attrition (7.3.2).
pub fn carry_out(cx: &mut LCx, power: PowerId, d: &LandDecision, dice: &mut Dice) {
    let Ok(plan) = check(&cx.ctx(), power, d) else {
        return;
    };
    let LandDecision::Move {
        corps,
        leaders,
        path,
    } = d
    else {
        return;
    };
    let to = *path.last().expect("checked");
    let reason = format!(
        "{} moves {} to {}",
        cx.scenario.power_name(power),
        list(corps),
        area_name(&cx.ctx(), to)
    );
    cx.emit(LandEvent::Moved {
        power,
        record: MoveRecord {
            corps: corps.clone(),
            leaders: leaders.clone(),
            path: path.clone(),
            cost: plan.cost,
            forced: plan.forced.clone(),
            stopped: plan.stopped,
            undoable: plan.forced.is_empty() && !plan.stopped,
        },
    });
    place(cx, corps, leaders, to, "7.3", &reason);
    let fm = cx.scenario.charts.land.forced_march.clone();
    for id in &plan.forced {
        let roll = dice.roll(
            power.as_str(),
            "7.3.2",
            &format!("forced march attrition of {id}"),
            1,
            vec![],
        );
        let lose = roll.total >= fm.loss_from as i32;
        cx.push(WorldEvent::DiceRolled { roll });
        if lose {
            lose_factors(
                cx,
                *id,
                fm.loss,
                LossCause::ForcedMarch,
                "7.3.2",
                "forced march",
            );
        }
    }
}

/// Puts corps and leaders in `to`.
fn place(
    cx: &mut LCx,
    corps: &[CorpsId],
    leaders: &[LeaderId],
    to: AreaId,
    rule: &str,
    reason: &str,
) {
    for id in corps {
        let Some(c) = cx.world().forces.corps.get(id) else {
            continue;
        };
        let factors = c.factors;
        cx.push(WorldEvent::CorpsChanged {
            corps: *id,
            factors,
            location: Location::Area(to),
            rule: rule.into(),
            reason: reason.into(),
        });
    }
    for l in leaders {
        let Some(s) = cx.world().forces.leaders.get(l) else {
            continue;
        };
        let status = s.status;
        cx.push(WorldEvent::LeaderChanged {
            leader: *l,
            status,
            location: Location::Area(to),
            rule: rule.into(),
            reason: reason.into(),
        });
    }
}

/// A corps loses `n` factors (in the loss order) with its loss recorded.
pub fn lose_factors(cx: &mut LCx, id: CorpsId, n: u16, cause: LossCause, rule: &str, why: &str) {
    let Some(c) = cx.world().forces.corps.get(&id) else {
        return;
    };
    let (owner, location) = (c.owner, c.location);
    let (left, lost) = c.factors.take_cheapest(n);
    if lost.is_empty() {
        return;
    }
    cx.push(WorldEvent::CorpsChanged {
        corps: id,
        factors: left,
        location,
        rule: rule.into(),
        reason: format!("{id} loses {} factor(s) to {why}", lost.total()),
    });
    let excluded =
        lost.feudal as u32 + lost.cossack as u32 + lost.freikorps as u32 + lost.insurrection as u32;
    cx.push(WorldEvent::LossRecorded {
        loss: LossRecord {
            nation: owner,
            date: cx.world().date(),
            cause,
            land_factors: lost.total(),
            ships: 0,
            rule: rule.into(),
            excluded_factors: excluded,
        },
    });
}

/// Whether the mover may take its last move back: it has one, and it rolled no die and met no enemy.
pub fn check_undo(ctx: &LCtx) -> RuleResult<()> {
    match ctx.own.moves.last() {
        None => Err(RuleError::new(
            "7.3",
            "there is no move of this turn to take back",
        )),
        Some(m) if !m.undoable => Err(RuleError::new(
            "7.3",
            "the last move cannot be taken back: it rolled a die (a forced march) or met the enemy",
        )),
        Some(_) => Ok(()),
    }
}

/// Takes the last move back.
pub fn undo(cx: &mut LCx, power: PowerId) {
    if check_undo(&cx.ctx()).is_err() {
        return;
    }
    let Some(record) = cx.own().moves.last().cloned() else {
        return;
    };
    let from = record.path[0];
    cx.emit(LandEvent::MoveUndone {
        power,
        record: record.clone(),
    });
    let reason = format!(
        "{} takes back its move of {}",
        cx.scenario.power_name(power),
        list(&record.corps)
    );
    place(cx, &record.corps, &record.leaders, from, "7.3", &reason);
}

/// 7.3.5 (with 12.3.8): checks a garrison change (once a phase for each corps): the corps is the mover's, it
/// stands where its owner may keep a garrison (a city its side holds, or its own depot), it drops only factors
/// that may garrison and it has, it picks up only what the garrison of its own nationality holds and what fits.
/// A minor free state's corps drops factors only inside that minor's borders unless optional rule 12.3.8
/// (DetachingFreeStateFactors) is on; picking its own garrison factors back up is allowed anywhere.
pub fn check_garrison(
    ctx: &LCtx,
    power: PowerId,
    id: CorpsId,
    drop: &Factors,
    pick: &Factors,
) -> RuleResult<()> {
    garrison_check(ctx, power, id, drop, pick, true)
}

/// `check_garrison`, the reason of a refusal written out only when `explain` (listing the choices needs only
/// whether each is legal).
fn garrison_check(
    ctx: &LCtx,
    power: PowerId,
    id: CorpsId,
    drop: &Factors,
    pick: &Factors,
    explain: bool,
) -> RuleResult<()> {
    let refuse = |rule: &str, why: &dyn Fn() -> String| {
        RuleError::new(rule, if explain { why() } else { String::new() })
    };
    let w = ctx.world;
    let Some(c) = w.forces.corps.get(&id) else {
        return Err(refuse("3.4", &|| format!("unknown corps `{id}`")));
    };
    if !moves_for(w, power, c.owner) || !w.moves_corps(power, id) {
        let lent = w.moves_corps(power, id);
        return Err(refuse(if lent { "B.4" } else { "7.1.1" }, &|| {
            format!(
                "{id} is not {}'s to command{}",
                ctx.scenario.power_name(power),
                if lent {
                    ": a corps on loan moves with its borrower but drops and picks up no garrisons (its factors stay its owner's)"
                } else {
                    ""
                }
            )
        }));
    }
    let Location::Area(a) = c.location else {
        return Err(refuse("7.3.5", &|| format!("{id} is not on the map")));
    };
    if ctx.own.garrisoned.contains(&id) {
        return Err(refuse("7.3.5", &|| {
            format!("{id} has already changed a garrison this phase")
        }));
    }
    if drop.is_empty() && pick.is_empty() {
        return Err(refuse("7.3.5", &|| {
            "name the factors to drop or to pick up".into()
        }));
    }
    let may_garrison = &ctx.scenario.charts.reinforcement.garrison_units;
    for (kind, n) in crate::reinforcement::units_of(drop) {
        if n > 0 && !may_garrison.contains(&kind) {
            return Err(refuse("7.3.5", &|| {
                format!(
                    "{kind} factors may not garrison (only {})",
                    names(may_garrison)
                )
            }));
        }
    }
    let Some(after) = c.factors.minus(drop) else {
        return Err(refuse("7.3.5", &|| {
            format!("{id} does not hold the factors to drop")
        }));
    };
    let here = w
        .forces
        .garrisons
        .get(&(a, c.owner))
        .copied()
        .unwrap_or_default();
    if here.minus(pick).is_none() {
        return Err(refuse("7.3.5", &|| {
            format!(
                "the garrison in {} does not hold the factors to pick up",
                area_name(ctx, a)
            )
        }));
    }
    let full = after.plus(pick);
    if c.capacity.minus(&full).is_none() {
        return Err(refuse("7.3.5", &|| {
            format!("{id} cannot hold that many factors (capacity by type)")
        }));
    }
    if !drop.is_empty() {
        check_free_state_detaching(ctx, id, c.owner, a)?;
        check_minor_at_war(ctx, power, c.owner, a)?;
        let city = ctx.scenario.area(a).is_some_and(|d| d.city.is_some())
            && w.area_power(ctx.scenario, a) == Some(power)
            && !w.sieges.contains_key(&a);
        let depot = w
            .forces
            .depots
            .get(&a)
            .is_some_and(|d| d.contains(&c.owner) || d.contains(&Nation::Power(power)));
        if !city && !depot {
            return Err(refuse("7.3.5", &|| {
                format!(
                    "garrisons stand in a city its side holds or on its own depot; {} has neither",
                    area_name(ctx, a)
                )
            }));
        }
    }
    Ok(())
}

/// 4.6.5.2: in a city of a minor it runs, a controller at peace with one of the minor's attackers garrisons only
/// with the minor's own factors: its own corps (or another free state's) drop none there.
fn check_minor_at_war(ctx: &LCtx, power: PowerId, owner: Nation, a: AreaId) -> RuleResult<()> {
    let w = ctx.world;
    let Some(minor @ Nation::Minor(m)) = ctx.scenario.nation_of_area(a) else {
        return Ok(());
    };
    if owner == minor
        || w.controller_of(minor) != Some(power)
        || ctx.scenario.area(a).is_none_or(|d| d.city.is_none())
    {
        return Ok(());
    }
    match w.attacker_at_peace(power, m) {
        None => Ok(()),
        Some(p) => Err(RuleError::new(
            "4.6.5.2",
            format!(
                "{} is at war with {} and {} is not: {} garrisons {}'s cities only with {}'s own factors",
                ctx.scenario.minor_name(m),
                ctx.scenario.power_name(p),
                ctx.scenario.power_name(power),
                ctx.scenario.power_name(power),
                ctx.scenario.minor_name(m),
                ctx.scenario.minor_name(m),
            ),
        )),
    }
}

/// Rule 7.3.5 for the listing: what `garrison_check` reads of one corps whatever the factors dropped or picked
/// up, judged once per corps (`None`: the corps changes no garrison now).
struct GarrisonList<'w> {
    corps: &'w crate::world::Corps,
    /// The corps' own garrison where it stands.
    here: Factors,
    /// Whether it may drop factors there: a city its side holds or its own depot (7.3.5), and 12.3.8.
    may_drop: bool,
}

impl<'w> GarrisonList<'w> {
    /// 7.3.5: the corps `id` of `power`, when it may change a garrison this phase.
    fn of(ctx: &LCtx<'w>, power: PowerId, id: CorpsId) -> Option<Self> {
        let w = ctx.world;
        let c = w.forces.corps.get(&id)?;
        if !moves_for(w, power, c.owner) || !w.moves_corps(power, id) {
            return None;
        }
        let Location::Area(a) = c.location else {
            return None;
        };
        if ctx.own.garrisoned.contains(&id) {
            return None;
        }
        let here = (w.forces.garrisons.get(&(a, c.owner)).copied()).unwrap_or_default();
        let city = ctx.scenario.area(a).is_some_and(|d| d.city.is_some())
            && w.area_power(ctx.scenario, a) == Some(power)
            && !w.sieges.contains_key(&a);
        let depot = (w.forces.depots.get(&a))
            .is_some_and(|d| d.contains(&c.owner) || d.contains(&Nation::Power(power)));
        let may_drop = (city || depot)
            && check_free_state_detaching(ctx, id, c.owner, a).is_ok()
            && check_minor_at_war(ctx, power, c.owner, a).is_ok();
        Some(GarrisonList {
            corps: c,
            here,
            may_drop,
        })
    }

    /// 7.3.5: whether the corps may drop `drop` and pick up `pick` (`garrison_check` without its reasons);
    /// `kinds_ok`: whether `drop` holds only kinds that may garrison (the same for every corps, judged once per
    /// list by `drops_may_garrison`).
    fn may(&self, drop: &Factors, pick: &Factors, kinds_ok: bool) -> bool {
        if drop.is_empty() && pick.is_empty() {
            return false;
        }
        if !kinds_ok {
            return false;
        }
        let Some(after) = self.corps.factors.minus(drop) else {
            return false;
        };
        if self.here.minus(pick).is_none() || self.corps.capacity.minus(&after.plus(pick)).is_none()
        {
            return false;
        }
        drop.is_empty() || self.may_drop
    }
}

/// 7.3.5: whether `drop` holds only kinds that may garrison (what `garrison_check` reads kind by kind).
fn drops_may_garrison(ctx: &LCtx, drop: &Factors) -> bool {
    drop.only(&ctx.scenario.charts.reinforcement.garrison_units) == *drop
}

/// Rule 12.3.8 (DetachingFreeStateFactors): without the option, the factors of a minor free state's corps may be
/// detached as a garrison only inside that minor's own borders; with it, anywhere a garrison may stand, keeping
/// their nationality (garrisons are kept by area and nation). Other nations' corps are not concerned.
pub fn check_free_state_detaching(
    ctx: &LCtx,
    id: CorpsId,
    owner: Nation,
    area: AreaId,
) -> RuleResult<()> {
    let Nation::Minor(m) = owner else {
        return Ok(());
    };
    if ctx.rulebook.has(OptionalRule::DetachingFreeStateFactors)
        || ctx.scenario.nation_of_area(area) == Some(owner)
    {
        return Ok(());
    }
    let minor = ctx.scenario.minor_name(m);
    Err(RuleError::new(
        "12.3.8",
        format!(
            "{id} is a corps of {minor}, a minor free state: its factors may garrison only inside {minor}'s borders, and {} is outside them (optional rule 12.3.8, detaching free state factors, would allow it)",
            area_name(ctx, area)
        ),
    ))
}

/// Carries out a checked garrison change.
pub fn garrison(cx: &mut LCx, power: PowerId, id: CorpsId, drop: &Factors, pick: &Factors) {
    if check_garrison(&cx.ctx(), power, id, drop, pick).is_err() {
        return;
    }
    let c = cx.world().forces.corps[&id].clone();
    let Location::Area(a) = c.location else {
        return;
    };
    let here = cx
        .world()
        .forces
        .garrisons
        .get(&(a, c.owner))
        .copied()
        .unwrap_or_default();
    cx.emit(LandEvent::Garrisoned {
        power,
        corps: id,
        area: a,
        dropped: *drop,
        picked: *pick,
    });
    let reason = format!("{id} changes the garrison in {}", area_name(&cx.ctx(), a));
    let factors = c.factors.minus(drop).unwrap_or_default().plus(pick);
    cx.push(WorldEvent::CorpsChanged {
        corps: id,
        factors,
        location: c.location,
        rule: "7.3.5".into(),
        reason: reason.clone(),
    });
    cx.push(WorldEvent::GarrisonChanged {
        area: a,
        owner: c.owner,
        factors: here.minus(pick).unwrap_or_default().plus(drop),
        rule: "7.3.5".into(),
        reason,
    });
}

/// Whether the mover has a corps that may still move.
pub fn may_move(ctx: &LCtx, power: PowerId) -> bool {
    corps_of(ctx.world, power)
        .iter()
        .any(|(id, _)| !ctx.own.stopped.contains(id))
        || !super::landing::aboard(ctx.world, power).is_empty()
}

/// The mover's movement choices: each one-area step of each corps (alone, and with the leaders standing
/// with it); one factor dropped or picked up. A step is judged by `check`'s rules as they fall on a one-area
/// move of one corps from where it stands (the areas with enemy corps worked out once for the mover), without
/// writing out the reason of a step refused.
pub fn choices(ctx: &LCtx, power: PowerId) -> Vec<LandDecision> {
    let mut out = Vec::new();
    let w = ctx.world;
    let side = Nation::Power(power);
    let enemy = enemy_corps_areas(ctx, power);
    let extra = ctx.scenario.charts.land.forced_march.extra;
    let mut arrows = vec![0u8; ctx.scenario.map.crossings.len()];
    let mut entry = Entry::new(ctx, power);
    // The active leaders the mover moves, with where they stand, in key order (`leaders_in` for each corps).
    let movers: Vec<(AreaId, LeaderId)> = (w.forces.leaders.iter())
        .filter(|(_, l)| l.status == LeaderStatus::Active && moves_for(w, power, l.nation))
        .filter_map(|(id, l)| match l.location {
            Location::Area(at) => Some((at, *id)),
            _ => None,
        })
        .collect();
    // 7.3.5: the garrison changes listed for each corps, one factor of each kind that may garrison dropped or
    // picked up, with whether what is dropped may garrison.
    let changes: Vec<(Factors, Factors, bool)> = (ctx.scenario.charts.reinforcement.garrison_units)
        .iter()
        .filter_map(|kind| crate::reinforcement::land_factors(*kind, 1))
        .flat_map(|one| [(one, Factors::default()), (Factors::default(), one)])
        .map(|(drop, pick)| (drop, pick, drops_may_garrison(ctx, &drop)))
        .collect();
    for (id, a) in corps_of(w, power) {
        let leaders: Vec<LeaderId> = (movers.iter())
            .filter(|(at, _)| *at == a)
            .map(|(_, l)| *l)
            .collect();
        debug_assert_eq!(leaders, leaders_in(w, power, a));
        // 7.3.3: a corps stopped by the enemy, or landed, moves no more this phase; Coalition's 7.5.4: nor does
        // one besieged inside a city.
        let stopped = ctx.own.stopped.contains(&id)
            || (w.forces.in_city(id) && crate::world::geography::besieged_corps(w, id));
        let (have, force) = (left(ctx, id), may_force(ctx, id));
        let steps = ctx
            .scenario
            .area_index(a)
            .map_or(&[][..], |i| ctx.scenario.steps_from(i));
        for s in steps {
            // 7.3.1: the step is open; 7.3.4: a step the power may not take is refused whatever else the move
            // names.
            if !step_open_memo(ctx, side, s, &mut arrows) || !entry.may_enter(a, s.to, s.to_index) {
                continue;
            }
            // 7.3.1, 7.3.2: within the allowance left, or one forced march beyond it; 7.3.3 with 14.3.2.3: into
            // enemy corps only where the mover may attack.
            let ok = !stopped
                && (s.cost <= have || (force && s.cost <= have + extra))
                && (!enemy[s.to_index]
                    || crate::world::ump_rules::may_attack_at(&ctx.plain(), power, s.to).is_ok());
            // A refused step is built only for the debug assertion.
            if !ok && !cfg!(debug_assertions) {
                continue;
            }
            // Coalition's 7.3: the leaders go too when each may still keep this corps' pace.
            let limit = corps_limit(ctx, id, s.cost > have);
            let leaders_ok = leaders.iter().all(|l| {
                !ctx.own.leaders_halted.contains_key(l)
                    && leader_pace(ctx, *l, id, s.cost, limit).is_ok()
            });
            let with = if leaders.is_empty() { 1 } else { 2 };
            for k in 0..with {
                let ls = if k == 0 { Vec::new() } else { leaders.clone() };
                let ok = ok && (k == 0 || leaders_ok);
                let d = LandDecision::Move {
                    corps: vec![id],
                    leaders: ls,
                    path: vec![a, s.to],
                };
                debug_assert_eq!(ok, check(ctx, power, &d).is_ok(), "{d:?}");
                if ok {
                    out.push(d);
                }
            }
        }
        let g = GarrisonList::of(ctx, power, id);
        for &(drop, pick, kinds_ok) in &changes {
            let ok = g.as_ref().is_some_and(|g| g.may(&drop, &pick, kinds_ok));
            debug_assert_eq!(
                ok,
                garrison_check(ctx, power, id, &drop, &pick, false).is_ok(),
                "{id} drop {drop:?} pick {pick:?}"
            );
            if ok {
                out.push(LandDecision::Garrison {
                    corps: id,
                    drop,
                    pick,
                });
            }
        }
    }
    out
}

fn list<T: std::fmt::Display>(xs: &[T]) -> String {
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn names(kinds: &[crate::scenario::UnitKind]) -> String {
    kinds
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The active leaders `power` moves (its own and its free states') standing in `area`, in key order.
pub fn leaders_in(w: &World, power: PowerId, area: AreaId) -> Vec<LeaderId> {
    w.forces
        .leaders
        .iter()
        .filter(|(_, l)| {
            l.location == Location::Area(area)
                && l.status == LeaderStatus::Active
                && moves_for(w, power, l.nation)
        })
        .map(|(l, _)| *l)
        .collect()
}

/// The corps of `power`'s side standing in the field of `area` with factors (its own and its free states'; not
/// those inside its city, Coalition's 7.5.4).
pub fn own_corps_in(w: &World, power: PowerId, area: AreaId) -> BTreeSet<CorpsId> {
    corps_of(w, power)
        .into_iter()
        .filter(|(id, a)| *a == area && w.forces.in_field(*id, area))
        .map(|(id, _)| id)
        .collect()
}
