//! Rule 4.6.5: the controller of a minor may declare war on its aggressors (4.6.5.1: its points in total, an
//! alliance broken with each ally among them); each aggressor it stays at peace with is recorded (4.6.5.2,
//! 4.6.5.3) for the military phases to read.

use super::{MinorEvent, StepCtx, StepCx, minor_name};
use crate::kernel::ids::{MinorId, Nation, PowerId};
use crate::political::{declarations, name, points};
use crate::world::{NotAtWar, WarCause, World, WorldEvent};

/// The major powers at war with `minor`: this month's attackers that did not back down, and any earlier one
/// still at war with it (4.6.5's aggressors).
pub(super) fn aggressors(st: &World, minor: MinorId) -> Vec<PowerId> {
    st.enemies(Nation::Minor(minor))
        .into_iter()
        .filter_map(|n| n.power())
        .collect()
}

/// The aggressors of `minor` that its controller `power` may still declare war on (4.6.5, 4.2.2).
pub(super) fn supportable(ctx: &StepCtx, power: PowerId, minor: MinorId) -> Vec<PowerId> {
    if !ctx.own.targets.iter().any(|t| t.minor == minor) {
        return Vec::new();
    }
    aggressors(ctx.world, minor)
        .into_iter()
        .filter(|a| {
            *a != power
                && !ctx.world.at_war(Nation::Power(power), Nation::Power(*a))
                && declarations::check_target(&ctx.plain(), power, Nation::Power(*a)).is_ok()
        })
        .collect()
}

/// 4.6.5, 4.6.5.1: the controller's declarations on the aggressors of its minor.
pub(super) fn support(cx: &mut StepCx, power: PowerId, m: MinorId, against: &[PowerId]) {
    if against.is_empty() {
        return;
    }
    let sc = cx.scenario;
    let now = cx.world().date();
    let mname = minor_name(sc, m);
    let e = points(
        sc,
        power,
        "support-declarations",
        1,
        "4.6.5.1",
        format!("declarations of war in support of {mname}, in total"),
    );
    cx.push(e);
    for a in against {
        if cx.world().allied(power, *a) {
            cx.push(WorldEvent::AllianceBroken {
                a: power,
                b: *a,
                by: vec![power],
                date: now,
                rule: "4.6.5.1".into(),
                reason: format!(
                    "{} declared war on its ally in support of {mname}",
                    name(sc, power)
                ),
            });
            let e = points(
                sc,
                power,
                "break-alliance",
                1,
                "4.6.5.1",
                format!(
                    "broke its alliance with {} in support of {mname}",
                    name(sc, *a)
                ),
            );
            cx.push(e);
        }
    }
    for a in against {
        cx.push(WorldEvent::WarDeclared {
            aggressor: Nation::Power(power),
            defender: Nation::Power(*a),
            cause: WarCause::Rule {
                rule: "4.6.5".into(),
            },
            since: now,
            rule: "4.6.5".into(),
        });
    }
}

/// 4.6.5.2, 4.6.5.3: records each controller at peace with an aggressor of its minor.
pub(super) fn record_peace(cx: &mut StepCx) {
    let targets = cx.own().targets.clone();
    for t in targets {
        let Some(c) = t.controller else { continue };
        for a in aggressors(cx.world(), t.minor) {
            if !cx.world().at_war(Nation::Power(c), Nation::Power(a)) {
                cx.emit(MinorEvent::NotAtWar(NotAtWar {
                    minor: t.minor,
                    controller: c,
                    aggressor: a,
                }));
            }
        }
    }
}
