//! Rule 4.3: the Call to Allies Step. Powers that declared war in this Political Phase, or had war declared on
//! them, may call allies to declare war on the new enemy: defenders first, then aggressors whose defender
//! attempted a call (4.3.1.1), in an order set by competitive die rolls when there were several declarations.
//! Two powers that declared on each other call no one (4.3.1.2). A called ally declares war or refuses and
//! breaks the alliance (4.3.1.3); an ally under an enforced peace with the enemy cannot be called, one barred by
//! 4.2.2.1 or 4.2.2.2 can be called and must refuse (4.3.1.4); an answering declaration allows no further
//! calls (4.3.2).

use super::{declarations, name, points};
use crate::kernel::dice::{Dice, Entrant, competitive};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{Nation, PowerId};
use crate::world::{Ask, Cx, Step, WarCause, World, WorldEvent};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The rules' reading during the step: the world and the step in progress.
type Ctx<'a> = crate::world::Ctx<'a, Option<CallsState>>;

/// A call to an ally (4.3): `ally` is asked to declare war on `against`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Call {
    pub ally: PowerId,
    pub against: PowerId,
}

/// A decision of the step: a caller's calls (none: it calls no one), or a called ally's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallDecision {
    Calls(Vec<Call>),
    Answer(bool),
}

/// The Call to Allies Step (4.3): one caller, or one called ally, at a time.
pub struct CallToAllies;

impl Step for CallToAllies {
    type State = Option<CallsState>;
    type Event = CallsEvent;
    type Decision = CallDecision;

    fn begin(cx: &mut Cx<Option<CallsState>, CallsEvent>, dice: &mut Dice) -> Option<Ask> {
        begin(cx, dice)
    }

    fn choices(ctx: &Ctx, power: PowerId) -> Vec<CallDecision> {
        choices(ctx, power)
    }

    fn default(ctx: &Ctx, power: PowerId) -> CallDecision {
        default(ctx, power)
    }

    fn check(ctx: &Ctx, power: PowerId, d: &CallDecision) -> RuleResult<()> {
        check(ctx, power, d)
    }

    fn resolve(
        cx: &mut Cx<Option<CallsState>, CallsEvent>,
        decisions: &BTreeMap<PowerId, CallDecision>,
        _dice: &mut Dice,
    ) -> Option<Ask> {
        resolve(cx, decisions)
    }

    fn apply(own: &mut Option<CallsState>, _: &mut World, e: &CallsEvent) {
        apply(own, e)
    }
}

/// A power entitled to call, with the new enemies it may call against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caller {
    pub power: PowerId,
    /// Whether it calls as an aggressor (4.3.1.1: only if its defender attempted to call).
    pub aggressor: bool,
    pub enemies: Vec<PowerId>,
}

/// A call waiting for the ally's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingCall {
    pub caller: PowerId,
    /// Whether the caller called as an aggressor (4.3.1.3: then it breaks the alliance too on a refusal).
    pub caller_aggressor: bool,
    pub call: Call,
}

/// Who is being asked now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Calling(Caller),
    Answering(PendingCall),
}

/// The step in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallsState {
    /// Callers still to call, in order.
    pub queue: Vec<Caller>,
    /// Callers that made at least one call (4.3.1.1 reads the defenders').
    pub attempted: BTreeSet<PowerId>,
    /// Calls waiting for an answer, in order.
    pub answers: Vec<PendingCall>,
    pub current: Option<Stage>,
}

/// The step's own events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallsEvent {
    /// The callers of this step, in order: defenders first, then aggressors.
    Began {
        order: Vec<Caller>,
    },
    /// A caller is asked for its calls.
    CallerUp {
        caller: Caller,
    },
    /// A caller has no one it may call (no ally free to be called, or 4.3.1.1 bars it).
    CallerSkipped {
        caller: PowerId,
        reason: String,
    },
    /// A caller's calls (none: it made no call).
    CallsMade {
        caller: PowerId,
        calls: Vec<Call>,
    },
    /// A called ally is asked for its answer.
    AnswerUp {
        call: PendingCall,
    },
    Ended,
}

fn apply_to(cs: &mut CallsState, e: &CallsEvent) {
    match e {
        CallsEvent::Began { order } => {
            *cs = CallsState {
                queue: order.clone(),
                ..Default::default()
            }
        }
        CallsEvent::CallerUp { caller } => {
            if let Some(i) = cs
                .queue
                .iter()
                .position(|c| c.power == caller.power && c.aggressor == caller.aggressor)
            {
                cs.queue.remove(i);
            }
            cs.current = Some(Stage::Calling(caller.clone()));
        }
        CallsEvent::CallerSkipped { caller, .. } => {
            if let Some(i) = cs.queue.iter().position(|c| c.power == *caller) {
                cs.queue.remove(i);
            }
        }
        CallsEvent::CallsMade { caller, calls } => {
            let aggressor = matches!(&cs.current, Some(Stage::Calling(c)) if c.aggressor);
            // 4.3.1.1 reads the calls a power made as a defender, not those it made as an aggressor.
            if !calls.is_empty() && !aggressor {
                cs.attempted.insert(*caller);
            }
            cs.answers.extend(calls.iter().map(|call| PendingCall {
                caller: *caller,
                caller_aggressor: aggressor,
                call: *call,
            }));
            cs.current = None;
        }
        CallsEvent::AnswerUp { call } => {
            if let Some(i) = cs.answers.iter().position(|p| p == call) {
                cs.answers.remove(i);
            }
            cs.current = Some(Stage::Answering(call.clone()));
        }
        CallsEvent::Ended => {}
    }
}

/// Applies one of the step's events to its state.
pub fn apply(calls: &mut Option<CallsState>, e: &CallsEvent) {
    if matches!(e, CallsEvent::Ended) {
        *calls = None;
        return;
    }
    apply_to(calls.get_or_insert_with(Default::default), e);
}

/// The wars of this month's Declarations of War Step between major powers: (aggressor, defender, mutual).
fn declarations_this_month(st: &World) -> Vec<(PowerId, PowerId, bool)> {
    let now = st.date();
    st.relations
        .wars
        .iter()
        .filter(|w| w.ended.is_none() && w.since == now)
        .filter_map(|w| {
            let mutual = match w.cause {
                WarCause::Declared => false,
                WarCause::Mutual => true,
                _ => return None,
            };
            Some((w.aggressor.power()?, w.defender.power()?, mutual))
        })
        .collect()
}

/// Begins the step: finds the callers and orders them, by competitive die rolls when there were several
/// declarations (4.3), defenders before aggressors (4.3.1.1); mutual declarations give no caller (4.3.1.2).
fn begin(cx: &mut Cx<Option<CallsState>, CallsEvent>, dice: &mut Dice) -> Option<Ask> {
    let ctx = cx.ctx();
    let decl = declarations_this_month(ctx.world);
    let mut defenders: BTreeMap<PowerId, Vec<PowerId>> = BTreeMap::new();
    let mut aggressors: BTreeMap<PowerId, Vec<PowerId>> = BTreeMap::new();
    for (a, d, mutual) in &decl {
        if *mutual || !ctx.world.in_game(*a) || !ctx.world.in_game(*d) {
            continue;
        }
        defenders.entry(*d).or_default().push(*a);
        aggressors.entry(*a).or_default().push(*d);
    }
    if defenders.is_empty() {
        return None;
    }
    let mut events = Vec::new();
    let declarations = decl.iter().filter(|(_, _, m)| !m).count();
    let everyone: BTreeSet<PowerId> = defenders.keys().chain(aggressors.keys()).copied().collect();
    let rank: Vec<PowerId> = if declarations > 1 && everyone.len() > 1 {
        let entrants: Vec<Entrant<PowerId>> = everyone
            .iter()
            .map(|p| Entrant {
                id: *p,
                label: p.to_string(),
                modifiers: Vec::new(),
            })
            .collect();
        let (rolls, ranking) = competitive(dice, "4.3", "order of calls to allies", 1, &entrants);
        events.extend(
            rolls
                .into_iter()
                .map(|roll| WorldEvent::DiceRolled { roll }),
        );
        ranking
    } else {
        everyone.into_iter().collect()
    };
    let mut order = Vec::new();
    for (aggressor, map) in [(false, &defenders), (true, &aggressors)] {
        for p in &rank {
            if let Some(enemies) = map.get(p) {
                let mut enemies = enemies.clone();
                enemies.sort();
                enemies.dedup();
                order.push(Caller {
                    power: *p,
                    aggressor,
                    enemies,
                });
            }
        }
    }
    cx.push_all(events);
    cx.emit(CallsEvent::Began { order });
    next(cx)
}

/// Whether `ally` may be called by `caller` against `against` (4.3, 4.3.1.4).
fn check_call(ctx: &Ctx, cs: &CallsState, caller: PowerId, call: &Call) -> RuleResult<()> {
    let (c, a, e) = (
        name(ctx.scenario, caller),
        name(ctx.scenario, call.ally),
        name(ctx.scenario, call.against),
    );
    if call.ally == call.against || !ctx.world.allied(caller, call.ally) {
        return Err(RuleError::new("4.3", format!("{a} is not an ally of {c}")));
    }
    if ctx.world.at_war(call.ally.into(), call.against.into()) {
        return Err(RuleError::new(
            "4.3",
            format!("{a} is already at war with {e}"),
        ));
    }
    if let Some(ep) = ctx.world.enforced_peace(call.ally, call.against)
        && !crate::world::treaties::trade_restriction_broken(
            ctx.world,
            call.ally,
            call.against,
            ep.since,
        )
    {
        return Err(RuleError::new(
            "4.3.1.4",
            format!(
                "{a} is under an enforced peace with {e} until {} and may not be called",
                ep.until
            ),
        ));
    }
    if cs.answers.iter().any(|p| p.call == *call) {
        return Err(RuleError::new(
            "4.3",
            format!("{a} has already been called against {e}"),
        ));
    }
    Ok(())
}

/// The calls a caller may make now.
fn callable(ctx: &Ctx, cs: &CallsState, caller: &Caller) -> Vec<Call> {
    let mut v = Vec::new();
    for against in &caller.enemies {
        for ally in ctx.world.allies(caller.power) {
            let call = Call {
                ally,
                against: *against,
            };
            if check_call(ctx, cs, caller.power, &call).is_ok() {
                v.push(call);
            }
        }
    }
    v
}

/// 14.3.2.2.2, 14.3.2.3.3: the calls an UMP allied to its controller and declared war on must make.
fn forced(ctx: &Ctx, cs: &CallsState, caller: &Caller) -> Vec<Call> {
    crate::world::ump_rules::forced_calls(
        ctx.world,
        caller.power,
        caller.aggressor,
        &caller.enemies,
        |ally, against| check_call(ctx, cs, caller.power, &Call { ally, against }).is_ok(),
    )
    .into_iter()
    .map(|(ally, against)| Call { ally, against })
    .collect()
}

/// `calls` with the forced calls added where missing.
fn with_forced(mut calls: Vec<Call>, forced: &[Call]) -> Vec<Call> {
    for f in forced {
        if !calls.contains(f) {
            calls.push(*f);
        }
    }
    calls
}

/// Opens the next round: an answer owed, else the next caller, else the end of the step.
fn next(cx: &mut Cx<Option<CallsState>, CallsEvent>) -> Option<Ask> {
    loop {
        let cs = cx.own().clone().unwrap_or_default();
        if let Some(call) = cs.answers.first().cloned() {
            let owing = vec![call.call.ally];
            cx.emit(CallsEvent::AnswerUp { call });
            return Ask::open(owing);
        }
        let Some(c) = cs.queue.first().cloned() else {
            cx.emit(CallsEvent::Ended);
            return None;
        };
        let enemies: Vec<PowerId> = if c.aggressor {
            c.enemies
                .iter()
                .copied()
                .filter(|d| cs.attempted.contains(d))
                .collect()
        } else {
            c.enemies.clone()
        };
        let caller = Caller {
            enemies,
            ..c.clone()
        };
        if caller.enemies.is_empty() {
            let reason = "4.3.1.1: its defender made no call".to_string();
            cx.emit(CallsEvent::CallerSkipped {
                caller: c.power,
                reason,
            });
            continue;
        }
        if callable(&cx.ctx(), &cs, &caller).is_empty() {
            let reason = "no ally may be called".to_string();
            cx.emit(CallsEvent::CallerSkipped {
                caller: c.power,
                reason,
            });
            continue;
        }
        let owing = vec![caller.power];
        cx.emit(CallsEvent::CallerUp { caller });
        return Ask::open(owing);
    }
}

fn stage<'a>(ctx: &Ctx<'a>) -> Option<&'a Stage> {
    ctx.own.as_ref().and_then(|c| c.current.as_ref())
}

/// Whether a called ally can answer by declaring war (4.3.1.4: barred by 4.2.2.1 or 4.2.2.2, it must refuse).
fn can_answer(ctx: &Ctx, call: &Call) -> RuleResult<()> {
    declarations::check_target(&ctx.plain(), call.ally, Nation::Power(call.against)).map_err(|e| {
        RuleError::new(
            "4.3.1.4",
            format!(
                "{} cannot declare war on {} ({} {}); it must refuse the call",
                name(ctx.scenario, call.ally),
                name(ctx.scenario, call.against),
                e.rule,
                e.reason
            ),
        )
    })
}

/// The caller's choices (no calls, or each call it may make; several may be combined), or the called ally's.
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<CallDecision> {
    match stage(ctx) {
        Some(Stage::Calling(c)) if c.power == power => {
            let cs = ctx.own.clone().unwrap_or_default();
            let must = forced(ctx, &cs, c);
            let mut v = vec![CallDecision::Calls(must.clone())];
            v.extend(
                callable(ctx, &cs, c)
                    .into_iter()
                    .filter(|call| !must.contains(call))
                    .map(|call| CallDecision::Calls(with_forced(vec![call], &must))),
            );
            v
        }
        Some(Stage::Answering(p)) if p.call.ally == power => {
            if can_answer(ctx, &p.call).is_ok() {
                vec![CallDecision::Answer(true), CallDecision::Answer(false)]
            } else {
                vec![CallDecision::Answer(false)]
            }
        }
        _ => Vec::new(),
    }
}

/// Default (3.6): a caller makes no call (an UMP makes only the calls 14.3.2.2.2 and 14.3.2.3.3 force on it);
/// a called ally answers yes when it can declare war, no when it cannot.
pub fn default(ctx: &Ctx, power: PowerId) -> CallDecision {
    match stage(ctx) {
        Some(Stage::Answering(p)) if p.call.ally == power => {
            CallDecision::Answer(can_answer(ctx, &p.call).is_ok())
        }
        Some(Stage::Calling(c)) if c.power == power => {
            let cs = ctx.own.clone().unwrap_or_default();
            CallDecision::Calls(forced(ctx, &cs, c))
        }
        _ => CallDecision::Calls(vec![]),
    }
}

/// Checks a caller's calls or an ally's answer.
pub fn check(ctx: &Ctx, power: PowerId, d: &CallDecision) -> RuleResult<()> {
    let cs = ctx.own.clone().unwrap_or_default();
    match (stage(ctx), d) {
        (Some(Stage::Calling(c)), CallDecision::Calls(calls)) if c.power == power => {
            for (i, call) in calls.iter().enumerate() {
                if calls[..i].contains(call) {
                    return Err(RuleError::new(
                        "3.3",
                        format!(
                            "the call of {} against {} is named twice",
                            call.ally, call.against
                        ),
                    ));
                }
                if !c.enemies.contains(&call.against) {
                    return Err(not_callable_against(ctx, c, call.against));
                }
                check_call(ctx, &cs, power, call)?;
            }
            if let Some(m) = forced(ctx, &cs, c).into_iter().find(|f| !calls.contains(f)) {
                return Err(RuleError::new(
                    crate::world::ump_rules::forced_call_rule(ctx.world, power),
                    format!(
                        "{} is an UMP allied to its controller and declared war on: it must call {} against {}",
                        name(ctx.scenario, power),
                        name(ctx.scenario, m.ally),
                        name(ctx.scenario, m.against)
                    ),
                ));
            }
            Ok(())
        }
        (Some(Stage::Answering(p)), CallDecision::Answer(accept)) if p.call.ally == power => {
            if *accept {
                can_answer(ctx, &p.call)
            } else {
                Ok(())
            }
        }
        (Some(Stage::Answering(_)), CallDecision::Calls(_)) => Err(RuleError::new(
            "4.3.2",
            "a called ally answers the call; answering declarations allow no further calls",
        )),
        _ => Err(RuleError::new(
            "3.1",
            format!(
                "{} is not asked for this decision now",
                name(ctx.scenario, power)
            ),
        )),
    }
}

/// Why `caller` may not call against `against`, an enemy it is not entitled to call against, citing the most
/// specific clause that forbids it (4.3.2 for a war entered by answering a call, 4.3.1.2 for a mutual declaration,
/// 4.3.1.1 for an aggressor's defender that made no call, else 4.3).
fn not_callable_against(ctx: &Ctx, caller: &Caller, against: PowerId) -> RuleError {
    let (me, them) = (
        name(ctx.scenario, caller.power),
        name(ctx.scenario, against),
    );
    let war = ctx.world.current_war(caller.power.into(), against.into());
    match war.map(|w| &w.cause) {
        // 4.3.2: a declaration made in answer to a call, by either side, allows no further calls.
        Some(WarCause::Call { caller: by }) => {
            let answerer = war
                .and_then(|w| w.aggressor.power())
                .map(|p| name(ctx.scenario, p))
                .unwrap_or_default();
            RuleError::new(
                "4.3.2",
                format!(
                    "{me} may not call against {them}: {answerer} entered that war by answering the call of {}, and a declaration made in answer to a call allows no further calls",
                    name(ctx.scenario, *by)
                ),
            )
        }
        Some(WarCause::Mutual) => RuleError::new(
            "4.3.1.2",
            format!(
                "{me} may not call against {them}: they declared war on each other, so neither may call allies"
            ),
        ),
        _ if caller.aggressor && declared_on_this_month(ctx.world, caller.power, against) => {
            RuleError::new(
                "4.3.1.1",
                format!(
                    "{me} may not call against {them}: an aggressor may call only against a defender that attempted to call its allies"
                ),
            )
        }
        _ => RuleError::new(
            "4.3",
            format!(
                "{me} may not call against {them}: calls are made only against an enemy that declared war, or was declared on, in this Political Phase"
            ),
        ),
    }
}

/// Whether `aggressor` declared war on `defender` in this month's Declarations of War Step.
fn declared_on_this_month(st: &World, aggressor: PowerId, defender: PowerId) -> bool {
    declarations_this_month(st)
        .iter()
        .any(|(a, d, mutual)| !mutual && *a == aggressor && *d == defender)
}

/// Resolves the round: records the calls, or carries out the answer; then opens the next round.
fn resolve(
    cx: &mut Cx<Option<CallsState>, CallsEvent>,
    decisions: &BTreeMap<PowerId, CallDecision>,
) -> Option<Ask> {
    let cs = cx.own().clone().unwrap_or_default();
    match (&cs.current, decisions.values().next()) {
        (Some(Stage::Calling(c)), Some(CallDecision::Calls(calls))) => {
            cx.emit(CallsEvent::CallsMade {
                caller: c.power,
                calls: calls.clone(),
            });
        }
        (Some(Stage::Answering(p)), Some(CallDecision::Answer(accept))) => {
            let mut events = Vec::new();
            answer(&cx.ctx(), p, *accept, &mut events);
            cx.push_all(events);
        }
        // A decision that does not fit the stage cannot pass `check`; nothing to record.
        _ => {}
    }
    next(cx)
}

/// 4.3.1.3, 4.3.2: the events of an answer.
fn answer(ctx: &Ctx, p: &PendingCall, accept: bool, ev: &mut Vec<WorldEvent>) {
    let (caller, ally, enemy) = (p.caller, p.call.ally, p.call.against);
    let now = ctx.world.date();
    if accept {
        if ctx.world.allied(ally, enemy) {
            ev.push(WorldEvent::AllianceBroken {
                a: ally,
                b: enemy,
                by: vec![ally],
                date: now,
                rule: "4.2.1.1".into(),
                reason: format!(
                    "{} declared war on its ally at the call of {}",
                    name(ctx.scenario, ally),
                    name(ctx.scenario, caller)
                ),
            });
            ev.push(points(
                ctx.scenario,
                ally,
                "declare-war-on-ally",
                1,
                "4.2.1.1",
                format!("declared war on its ally {}", name(ctx.scenario, enemy)),
            ));
        }
        // 14.3.2.2: an UMP and its controller declaring on the same power in the same phase lose one set.
        let shared =
            crate::world::ump_rules::declared_by_partner_this_phase(ctx.world, ally, enemy);
        ev.push(WorldEvent::WarDeclared {
            aggressor: Nation::Power(ally),
            defender: Nation::Power(enemy),
            cause: WarCause::Call { caller },
            since: now,
            rule: "4.3.2".into(),
        });
        if !shared {
            ev.push(points(
                ctx.scenario,
                ally,
                "declare-war-major",
                1,
                "4.2.1.1",
                format!(
                    "declared war on {} at the call of {}",
                    name(ctx.scenario, enemy),
                    name(ctx.scenario, caller)
                ),
            ));
        }
    } else {
        let mut by = vec![ally];
        if p.caller_aggressor {
            by.push(caller);
        }
        by.sort();
        // 4.3.1.4: an ally that cannot declare war (4.2.2.1, 4.2.2.2) is forced to refuse and break the alliance;
        // otherwise the refusal is its choice under 4.3.1.3.
        let forced = can_answer(ctx, &p.call).err();
        let (rule, why) = match &forced {
            Some(e) => (
                "4.3.1.4",
                format!(
                    " (it could not declare war: {}; the break costs as under 4.3.1.3)",
                    e.reason
                ),
            ),
            None => ("4.3.1.3", String::new()),
        };
        ev.push(WorldEvent::AllianceBroken {
            a: caller,
            b: ally,
            by,
            date: now,
            rule: rule.into(),
            reason: format!(
                "{} refused the call of {} against {}{why}",
                name(ctx.scenario, ally),
                name(ctx.scenario, caller),
                name(ctx.scenario, enemy)
            ),
        });
        ev.push(points(
            ctx.scenario,
            ally,
            "refuse-call",
            1,
            rule,
            format!("refused the call of {}", name(ctx.scenario, caller)),
        ));
        if p.caller_aggressor {
            ev.push(points(
                ctx.scenario,
                caller,
                "break-alliance",
                1,
                rule,
                format!(
                    "its ally {} refused its call as an aggressor",
                    name(ctx.scenario, ally)
                ),
            ));
        }
    }
}
