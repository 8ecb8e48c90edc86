//! Rule 4.4 (and 3.6): the legal decisions of each round of the Peace Step, the default taken for an empty or
//! late seat, and the checks of a decision (each citing the rule that forbids it).

use super::notation::join;
use super::suits::{check_proposals, forces_inside};
use super::terms::{available_terms, check_term, needs_target, target_options, term_def};
use super::{Ask, Ctx, PeaceDecision, Surrender};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::scenario::{Scenario, TermList};
use crate::world::name;

fn asking<'a>(ctx: &Ctx<'a>) -> Option<&'a Ask> {
    ctx.own.step.as_ref().map(|s| &s.asking)
}

fn surrender<'a>(ctx: &Ctx<'a>) -> Option<&'a Surrender> {
    ctx.own.step.as_ref().and_then(|s| s.surrender.as_ref())
}

/// `power`'s legal decisions in the current round (multi-power lists are offered one at a time and all at once;
/// any other combination the checks allow may be submitted too).
pub(super) fn choices(ctx: &Ctx, power: PowerId) -> Vec<PeaceDecision> {
    let (sc, st) = (ctx.scenario, ctx.world);
    let mut v = Vec::new();
    match asking(ctx) {
        Some(Ask::Proposals) => {
            v.push(PeaceDecision::Propose {
                informal: vec![],
                sue: vec![],
            });
            let enemies = st.major_enemies(power);
            for e in &enemies {
                v.push(PeaceDecision::Propose {
                    informal: vec![*e],
                    sue: vec![],
                });
                if forces_inside(sc, st, *e, power) || enemies.len() == 1 {
                    v.push(PeaceDecision::Propose {
                        informal: vec![],
                        sue: vec![*e],
                    });
                }
            }
            if enemies.len() > 1 {
                v.push(PeaceDecision::Propose {
                    informal: vec![],
                    sue: enemies.clone(),
                });
            }
        }
        Some(Ask::Offers { victors, .. }) if victors.contains(&power) => {
            v.push(PeaceDecision::Offer {
                unconditional: false,
            });
            v.push(PeaceDecision::Offer {
                unconditional: true,
            });
        }
        Some(Ask::Answer { loser, victors }) if *loser == power => {
            v.push(PeaceDecision::Accept { victors: vec![] });
            for x in victors {
                v.push(PeaceDecision::Accept { victors: vec![*x] });
            }
            if victors.len() > 1 {
                v.push(PeaceDecision::Accept {
                    victors: victors.clone(),
                });
            }
        }
        Some(Ask::Protect { loser, .. }) if *loser == power => {
            for t in sc
                .charts
                .victory_conditions
                .terms
                .iter()
                .filter(|t| t.list == TermList::A)
            {
                v.push(PeaceDecision::Protect { term: t.id.clone() });
            }
        }
        Some(Ask::Term { victor, .. }) if *victor == power => {
            v.push(PeaceDecision::NoMoreTerms);
            if let Some(s) = surrender(ctx) {
                for t in available_terms(sc, st, s, power) {
                    if needs_target(&t) {
                        for x in target_options(sc, st, s, power, &t) {
                            v.push(PeaceDecision::Term {
                                term: t.clone(),
                                targets: vec![x],
                            });
                        }
                    } else {
                        v.push(PeaceDecision::Term {
                            term: t,
                            targets: vec![],
                        });
                    }
                }
            }
        }
        Some(Ask::Place(p)) if st.controller_of(p.owner) == Some(power) => {
            for a in &p.options {
                v.push(PeaceDecision::Place { area: *a });
            }
        }
        Some(Ask::CededFree(c)) if c.acquirer == power => {
            v.push(PeaceDecision::KeepFreeState { keep: true });
            // 4.8: a power that declared the minor a free state may not make it conquered.
            if st.may_hold_conquered(sc, c.minor, power).is_ok() {
                v.push(PeaceDecision::KeepFreeState { keep: false });
            }
        }
        Some(Ask::Demands { rights }) => {
            if let Some((_, allies)) = rights.iter().find(|(d, _)| *d == power) {
                v.push(PeaceDecision::Demand { allies: vec![] });
                for a in allies {
                    v.push(PeaceDecision::Demand { allies: vec![*a] });
                }
                if allies.len() > 1 {
                    v.push(PeaceDecision::Demand {
                        allies: allies.clone(),
                    });
                }
            }
        }
        _ => {}
    }
    v
}

/// The default decision of `power` (3.6): see the module documentation.
pub(super) fn default(ctx: &Ctx, power: PowerId) -> PeaceDecision {
    match asking(ctx) {
        Some(Ask::Offers { .. }) => PeaceDecision::Offer {
            unconditional: false,
        },
        // 14.3.1.3.3: an UMP forced to surrender accepts every offer.
        Some(Ask::Answer { loser, victors })
            if crate::world::ump_rules::must_surrender(ctx.world, *loser) =>
        {
            PeaceDecision::Accept {
                victors: victors.clone(),
            }
        }
        Some(Ask::Answer { .. }) => PeaceDecision::Accept { victors: vec![] },
        Some(Ask::Protect { .. }) => PeaceDecision::Protect {
            term: ctx
                .scenario
                .charts
                .victory_conditions
                .terms
                .iter()
                .find(|t| t.list == TermList::A)
                .map(|t| t.id.clone())
                .unwrap_or_default(),
        },
        Some(Ask::Term { .. }) => PeaceDecision::NoMoreTerms,
        Some(Ask::Place(p)) => PeaceDecision::Place {
            area: p.options.first().copied().unwrap_or(p.from),
        },
        Some(Ask::CededFree(_)) => PeaceDecision::KeepFreeState { keep: true },
        Some(Ask::Demands { .. }) => PeaceDecision::Demand { allies: vec![] },
        // 14.3.1.3.3: an UMP forced to surrender sues every major enemy.
        Some(Ask::Proposals) if crate::world::ump_rules::must_surrender(ctx.world, power) => {
            PeaceDecision::Propose {
                informal: vec![],
                sue: ctx.world.major_enemies(power),
            }
        }
        _ => PeaceDecision::Propose {
            informal: vec![],
            sue: vec![],
        },
    }
}

fn not_asked(sc: &Scenario, power: PowerId) -> RuleError {
    RuleError::new(
        "3.1",
        format!("{} is not asked for this decision now", name(sc, power)),
    )
}

/// Checks a decision.
pub(super) fn check(ctx: &Ctx, power: PowerId, d: &PeaceDecision) -> RuleResult<()> {
    let (sc, st) = (ctx.scenario, ctx.world);
    let me = name(sc, power);
    match (asking(ctx), d) {
        (Some(Ask::Proposals), PeaceDecision::Propose { informal, sue }) => {
            check_proposals(sc, st, power, informal, sue)
        }
        (Some(Ask::Offers { victors, .. }), PeaceDecision::Offer { .. })
            if victors.contains(&power) =>
        {
            Ok(())
        }
        (Some(Ask::Answer { loser, victors }), PeaceDecision::Accept { victors: acc })
            if *loser == power =>
        {
            crate::kernel::error::distinct(acc)?;
            if let Some(x) = acc.iter().find(|x| !victors.contains(x)) {
                return Err(RuleError::new(
                    "4.4.2.2",
                    format!(
                        "{} offered {me} no unconditional peace to accept",
                        name(sc, *x)
                    ),
                ));
            }
            Ok(())
        }
        (Some(Ask::Protect { loser, .. }), PeaceDecision::Protect { term }) if *loser == power => {
            match term_def(sc, term) {
                Some(t) if t.list == TermList::A => Ok(()),
                _ => Err(RuleError::new(
                    "4.4.3",
                    format!("`{term}` is not a term of list A"),
                )),
            }
        }
        (Some(Ask::Term { victor, .. }), PeaceDecision::NoMoreTerms) if *victor == power => Ok(()),
        (Some(Ask::Term { victor, .. }), PeaceDecision::Term { term, targets })
            if *victor == power =>
        {
            let s = surrender(ctx).ok_or_else(|| not_asked(sc, power))?;
            check_term(sc, st, s, power, term, targets)
        }
        (Some(Ask::Place(p)), PeaceDecision::Place { area })
            if st.controller_of(p.owner) == Some(power) =>
        {
            if p.options.contains(area) {
                Ok(())
            } else {
                Err(RuleError::new(
                    "4.4.6.2",
                    format!(
                        "{area} is not one of the nearest friendly areas ({})",
                        join(&p.options)
                    ),
                ))
            }
        }
        (Some(Ask::CededFree(c)), PeaceDecision::KeepFreeState { keep }) if c.acquirer == power => {
            if *keep {
                Ok(())
            } else {
                st.may_hold_conquered(sc, c.minor, power)
            }
        }
        (Some(Ask::Demands { rights }), PeaceDecision::Demand { allies }) => {
            let Some((_, may)) = rights.iter().find(|(d, _)| *d == power) else {
                return Err(not_asked(sc, power));
            };
            crate::kernel::error::distinct(allies)?;
            if let Some(a) = allies.iter().find(|a| !may.contains(a)) {
                return Err(RuleError::new(
                    "4.4.7",
                    format!(
                        "{me} may not demand that {} break their alliance: it made no separate or informal peace with a common enemy",
                        name(sc, *a)
                    ),
                ));
            }
            Ok(())
        }
        (Some(_), _) => Err(RuleError::new(
            "3.1",
            format!("{me} is not asked for `{d}` now"),
        )),
        (None, _) => Err(not_asked(sc, power)),
    }
}
