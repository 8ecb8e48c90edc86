//! Rule 4.6.4: several attackers of one minor. Each may back down (those barred from declaring war on another
//! attacker must); the wars of those who back down end, their points stay paid. The attackers that remain are
//! made to declare war on each other (4.6.4.2): their alliances and royal marriages broken (4.6.4.2.2), the
//! forced declarations paid for in total (4.6.4.2.1).

use super::support::supportable;
use super::{MinorEvent, Phase, Stage, StepCtx, StepCx, Target, minor_name};
use crate::kernel::ids::{MinorId, Nation, PowerId};
use crate::political::{declarations, name, points};
use crate::world::{Ctx, WarCause, WorldEvent};
use std::collections::BTreeSet;

/// Why `a` must back down from a minor also attacked by the others (4.6.4), if it must.
pub(super) fn forced_reason(ctx: &Ctx, t: &Target, a: PowerId) -> Option<String> {
    for b in &t.attackers {
        if *b == a || ctx.world.at_war(Nation::Power(a), Nation::Power(*b)) {
            continue;
        }
        if let Err(e) = declarations::check_target(&ctx.plain(), a, Nation::Power(*b)) {
            return Some(format!(
                "it cannot declare war on {}, which also declared war on {} ({} {})",
                name(ctx.scenario, *b),
                minor_name(ctx.scenario, t.minor),
                e.rule,
                e.reason
            ));
        }
    }
    None
}

/// The minors from which `p` may choose to back down now.
pub(super) fn may_back_down(ctx: &StepCtx, p: PowerId) -> Vec<MinorId> {
    ctx.own
        .targets
        .iter()
        .filter(|t| t.attackers.len() > 1 && t.remaining().contains(&p))
        .map(|t| t.minor)
        .collect()
}

/// After the back-down round: the wars of those who backed down end (4.6.4), the remaining attackers of each
/// minor declare war on each other (4.6.4.2), then the support rounds are queued (4.6.5).
pub(super) fn back_downs(cx: &mut StepCx) {
    let sc = cx.scenario;
    let now = cx.world().date();
    let targets = cx.own().targets.clone();
    for t in &targets {
        let mname = minor_name(sc, t.minor);
        for a in &t.backed_down {
            if cx.world().at_war(Nation::Power(*a), Nation::Minor(t.minor)) {
                cx.push(WorldEvent::WarEnded {
                    a: Nation::Power(*a),
                    b: Nation::Minor(t.minor),
                    date: now,
                    rule: "4.6.4".into(),
                    reason: format!(
                        "{} backs down from its declaration on {mname} (its points stay paid; no alliance is broken)",
                        name(sc, *a)
                    ),
                });
            }
        }
    }
    for t in &targets {
        let rem = t.remaining();
        if rem.len() < 2 {
            continue;
        }
        let mname = minor_name(sc, t.minor);
        let mut declared: BTreeSet<PowerId> = BTreeSet::new();
        for (i, a) in rem.iter().enumerate() {
            for b in &rem[i + 1..] {
                let (na, nb) = (Nation::Power(*a), Nation::Power(*b));
                if cx.world().at_war(na, nb) {
                    continue;
                }
                if cx.world().allied(*a, *b) {
                    cx.push(WorldEvent::AllianceBroken {
                        a: *a,
                        b: *b,
                        by: vec![*a, *b],
                        date: now,
                        rule: "4.6.4.2.2".into(),
                        reason: format!("forced declarations of war over {mname}"),
                    });
                    for (x, y) in [(*a, *b), (*b, *a)] {
                        let e = points(
                            sc,
                            x,
                            "break-alliance",
                            1,
                            "4.6.4.2.2",
                            format!(
                                "alliance with {} broken by the forced declarations over {mname}",
                                name(sc, y)
                            ),
                        );
                        cx.push(e);
                    }
                }
                let married = cx.world().relations.royal_marriages.iter().any(|r| {
                    r.broken.is_none() && ((r.a == *a && r.b == *b) || (r.a == *b && r.b == *a))
                });
                if married {
                    cx.push(WorldEvent::RoyalMarriage {
                        a: *a,
                        b: *b,
                        made: false,
                        date: now,
                        rule: "4.6.4.2.2".into(),
                    });
                    for (x, y) in [(*a, *b), (*b, *a)] {
                        let e = points(
                            sc,
                            x,
                            "broken-royal-marriage",
                            1,
                            "4.6.4.2.2",
                            format!(
                                "royal marriage with {} broken by the forced declarations over {mname}",
                                name(sc, y)
                            ),
                        );
                        cx.push(e);
                    }
                }
                // The war begins once the alliance and the marriage are broken: never allied and at war.
                cx.push(WorldEvent::WarDeclared {
                    aggressor: na,
                    defender: nb,
                    cause: WarCause::Rule {
                        rule: "4.6.4.2".into(),
                    },
                    since: now,
                    rule: "4.6.4.2".into(),
                });
                declared.insert(*a);
                declared.insert(*b);
            }
        }
        for p in declared {
            let e = points(
                sc,
                p,
                "forced-declarations",
                1,
                "4.6.4.2.1",
                format!("forced declarations of war on the other attackers of {mname}, in total"),
            );
            cx.push(e);
        }
    }
    let queue: Vec<Stage> = cx
        .own()
        .targets
        .iter()
        .filter_map(|t| {
            t.controller.map(|c| Stage::Support {
                power: c,
                minor: t.minor,
            })
        })
        .filter(|s| match s {
            Stage::Support { power, minor } => !supportable(&cx.ctx(), *power, *minor).is_empty(),
            _ => false,
        })
        .collect();
    cx.emit(MinorEvent::Phase {
        phase: Phase::Support,
        queue,
    });
}
