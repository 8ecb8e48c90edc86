//! Rule 4.6: the order of the Minor Country Control Step's rounds (4.6.1 first, then the rounds of 4.6.2,
//! 4.6.3, 4.6.4 and 4.6.5, each opened only when someone has a choice), and each round's choices, defaults
//! (3.6) and checks.

use super::attackers::{back_downs, forced_reason, may_back_down};
use super::control::{choose, eligible, rollable, targets_this_month};
use super::instability::instability;
use super::setup::{check_setup, default_setup, fleet_places, set_up};
use super::support::{record_peace, support, supportable};
use super::{MinorDecision, MinorEvent, Phase, Placement, Stage, StepCtx, StepCx, minor_name};
use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{MinorId, Nation, PowerId};
use crate::political::{declarations, name};
use crate::world::Ask;
use std::collections::BTreeMap;

/// Begins the step: 4.6.1, then the minors declared on this month and the first round.
pub(super) fn begin(cx: &mut StepCx, dice: &mut Dice) -> Option<Ask> {
    instability(cx, dice);
    let targets = targets_this_month(cx.world());
    if targets.is_empty() {
        return None;
    }
    cx.emit(MinorEvent::Began { targets });
    let owing: Vec<PowerId> = cx
        .world()
        .powers_in_game()
        .into_iter()
        .filter(|p| !rollable(&cx.ctx(), *p).is_empty())
        .collect();
    if owing.is_empty() {
        choose(cx, &BTreeMap::new(), dice);
        return next(cx);
    }
    cx.emit(MinorEvent::Up {
        stage: Stage::Willing,
    });
    Some(Ask {
        sealed: true,
        owing,
    })
}

/// Opens the next round (`None`: the step ends).
fn next(cx: &mut StepCx) -> Option<Ask> {
    loop {
        if let Some(stage) = cx.own().queue.first().copied() {
            let owing = match stage {
                Stage::SetUp { power, .. } | Stage::Support { power, .. } => vec![power],
                _ => vec![],
            };
            if let Stage::Support { power, minor } = stage
                && supportable(&cx.ctx(), power, minor).is_empty()
            {
                let mut q = cx.own().queue.clone();
                q.remove(0);
                let phase = cx.own().phase;
                cx.emit(MinorEvent::Phase { phase, queue: q });
                continue;
            }
            cx.emit(MinorEvent::Up { stage });
            return Some(Ask {
                sealed: false,
                owing,
            });
        }
        match cx.own().phase {
            Phase::Willing | Phase::SetUp => {
                cx.emit(MinorEvent::Phase {
                    phase: Phase::BackDown,
                    queue: Vec::new(),
                });
                // Forced back-downs first (4.6.4).
                let targets = cx.own().targets.clone();
                for t in targets.iter().filter(|t| t.attackers.len() > 1) {
                    for a in &t.attackers {
                        if let Some(reason) = forced_reason(&cx.ctx().plain(), t, *a) {
                            cx.emit(MinorEvent::BackedDown {
                                minor: t.minor,
                                power: *a,
                                forced: Some(reason),
                            });
                        }
                    }
                }
                let owing: Vec<PowerId> = cx
                    .world()
                    .powers_in_game()
                    .into_iter()
                    .filter(|p| !may_back_down(&cx.ctx(), *p).is_empty())
                    .collect();
                if !owing.is_empty() {
                    cx.emit(MinorEvent::Up {
                        stage: Stage::BackDown,
                    });
                    return Some(Ask {
                        sealed: true,
                        owing,
                    });
                }
                back_downs(cx);
            }
            Phase::BackDown => back_downs(cx),
            Phase::Support => {
                record_peace(cx);
                cx.emit(MinorEvent::Ended);
                return None;
            }
        }
    }
}

/// Resolves the current round, and opens the next.
pub(super) fn resolve(
    cx: &mut StepCx,
    decisions: &BTreeMap<PowerId, MinorDecision>,
    dice: &mut Dice,
) -> Option<Ask> {
    match cx.own().current {
        Some(Stage::Willing) => {
            let wishes: BTreeMap<PowerId, Vec<MinorId>> = decisions
                .iter()
                .filter_map(|(p, d)| match d {
                    MinorDecision::Roll { minors } => Some((*p, minors.clone())),
                    _ => None,
                })
                .collect();
            choose(cx, &wishes, dice);
        }
        Some(Stage::SetUp { power, minor }) => {
            if let Some(MinorDecision::SetUp {
                corps,
                garrisons,
                fleet,
            }) = decisions.get(&power)
            {
                set_up(cx, power, minor, corps, garrisons, *fleet);
            }
        }
        Some(Stage::BackDown) => {
            for (p, d) in decisions {
                if let MinorDecision::BackDown { minors } = d {
                    for m in minors {
                        cx.emit(MinorEvent::BackedDown {
                            minor: *m,
                            power: *p,
                            forced: None,
                        });
                    }
                }
            }
            back_downs(cx);
        }
        Some(Stage::Support { power, minor }) => {
            if let Some(MinorDecision::Support { against }) = decisions.get(&power) {
                support(cx, power, minor, against);
            }
        }
        None => {}
    }
    next(cx)
}

fn stage(ctx: &StepCtx) -> Option<Stage> {
    ctx.own.current
}

/// `power`'s legal decisions in the current round (a representative list: any subset is legal where a list
/// is asked for; any set-up passing `check` is legal).
pub(super) fn choices(ctx: &StepCtx, power: PowerId) -> Vec<MinorDecision> {
    match stage(ctx) {
        Some(Stage::Willing) => {
            let r = rollable(ctx, power);
            let mut v = vec![MinorDecision::Roll { minors: vec![] }];
            if r.len() > 1 {
                v.extend(r.iter().map(|m| MinorDecision::Roll { minors: vec![*m] }));
            }
            v.push(MinorDecision::Roll { minors: r });
            v
        }
        Some(Stage::SetUp { power: p, minor }) if p == power => {
            let mut v = vec![default_setup(ctx.scenario, minor)];
            if let Some(def) = ctx.scenario.minor(minor)
                && def.corps > 0
                && def.forces.infantry + def.forces.cavalry > 0
            {
                let all = Placement {
                    area: def.capital,
                    infantry: def.forces.infantry,
                    cavalry: def.forces.cavalry,
                };
                let fleet = fleet_places(ctx.scenario, minor).into_iter().next();
                v.push(MinorDecision::SetUp {
                    corps: vec![],
                    garrisons: vec![all],
                    fleet: if def.forces.ships > 0 { fleet } else { None },
                });
            }
            v
        }
        Some(Stage::BackDown) => {
            let b = may_back_down(ctx, power);
            let mut v = vec![MinorDecision::BackDown { minors: vec![] }];
            if b.len() > 1 {
                v.extend(
                    b.iter()
                        .map(|m| MinorDecision::BackDown { minors: vec![*m] }),
                );
            }
            v.push(MinorDecision::BackDown { minors: b });
            v
        }
        Some(Stage::Support { power: p, minor }) if p == power => {
            let s = supportable(ctx, power, minor);
            let mut v = vec![MinorDecision::Support { against: vec![] }];
            if s.len() > 1 {
                v.extend(
                    s.iter()
                        .map(|a| MinorDecision::Support { against: vec![*a] }),
                );
            }
            v.push(MinorDecision::Support { against: s });
            v
        }
        _ => Vec::new(),
    }
}

/// The default decision of `power` (3.6): see the module's documentation.
pub(super) fn default(ctx: &StepCtx, power: PowerId) -> MinorDecision {
    match stage(ctx) {
        Some(Stage::Willing) => MinorDecision::Roll {
            minors: rollable(ctx, power),
        },
        Some(Stage::SetUp { minor, .. }) => default_setup(ctx.scenario, minor),
        Some(Stage::BackDown) => MinorDecision::BackDown {
            minors: may_back_down(ctx, power),
        },
        _ => MinorDecision::Support { against: vec![] },
    }
}

fn not_asked(ctx: &StepCtx, power: PowerId, what: &str) -> RuleError {
    RuleError::new(
        "3.1",
        format!("{} is not asked for {what} now", name(ctx.scenario, power)),
    )
}

/// Checks a decision.
pub(super) fn check(ctx: &StepCtx, power: PowerId, d: &MinorDecision) -> RuleResult<()> {
    let me = name(ctx.scenario, power);
    match (stage(ctx), d) {
        (Some(Stage::Willing), MinorDecision::Roll { minors }) => {
            crate::political::distinct(minors)?;
            let st = ctx.own;
            for m in minors {
                let mname = minor_name(ctx.scenario, *m);
                if !st.targets.iter().any(|t| t.minor == *m) {
                    return Err(RuleError::new(
                        "4.6",
                        format!("{mname} is not a neutral minor country declared on this month"),
                    ));
                }
                if !eligible(ctx.world, power, *m) {
                    return Err(RuleError::new(
                        "4.6",
                        format!("{me} is at war with {mname}, so it may not run it"),
                    ));
                }
            }
            Ok(())
        }
        (Some(Stage::Willing), _) => Err(RuleError::new(
            "4.6.2",
            "say which minor countries you wish to roll for: `roll MINOR[,MINOR]` or `roll none`",
        )),
        (
            Some(Stage::SetUp { power: p, minor }),
            MinorDecision::SetUp {
                corps,
                garrisons,
                fleet,
            },
        ) if p == power => check_setup(ctx, minor, corps, garrisons, fleet),
        (Some(Stage::BackDown), MinorDecision::BackDown { minors }) => {
            crate::political::distinct(minors)?;
            let free = may_back_down(ctx, power);
            for m in minors {
                if !free.contains(m) {
                    return Err(RuleError::new(
                        "4.6.4",
                        format!(
                            "{me} may not back down from {}: only attackers of a minor country declared on by several powers may, and only once",
                            minor_name(ctx.scenario, *m)
                        ),
                    ));
                }
            }
            Ok(())
        }
        (Some(Stage::Support { power: p, minor }), MinorDecision::Support { against })
            if p == power =>
        {
            crate::political::distinct(against)?;
            let ok = supportable(ctx, power, minor);
            for a in against {
                if !ok.contains(a) {
                    let aname = name(ctx.scenario, *a);
                    let why = if ctx.world.at_war(Nation::Power(power), Nation::Power(*a)) {
                        format!("{me} is already at war with {aname}")
                    } else if let Err(e) =
                        declarations::check_target(&ctx.plain(), power, Nation::Power(*a))
                    {
                        return Err(RuleError::new(
                            e.rule.as_str(),
                            format!("{me} may not declare war on {aname}: {}", e.reason),
                        ));
                    } else {
                        format!(
                            "{aname} is not an aggressor of {}",
                            minor_name(ctx.scenario, minor)
                        )
                    };
                    return Err(RuleError::new("4.6.5", why));
                }
            }
            Ok(())
        }
        _ => Err(not_asked(ctx, power, &format!("`{}`", d))),
    }
}
