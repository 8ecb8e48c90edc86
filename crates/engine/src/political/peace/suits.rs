//! Rules 4.4.1 and 4.4.2: proposals of informal peace and suits for peace, the informal peaces made at once, and
//! the victors' offers of conditional or unconditional peace with the loser's answer.

use super::{
    Cx, PeaceDecision, PeaceEvent, PeaceKind, PeaceRecord, Sub, Suit, effects, repatriation,
};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::scenario::{Location, Scenario};
use crate::world::{World, WorldEvent, name};
use std::collections::BTreeMap;

fn controlled_by(st: &World, n: Nation, p: PowerId) -> bool {
    st.controller_of(n) == Some(p)
}

/// 4.4.2.1: whether `v` (or a minor it controls) has corps or garrisons inside `loser`'s home nation.
pub fn forces_inside(sc: &Scenario, st: &World, v: PowerId, loser: PowerId) -> bool {
    let home = Nation::Power(loser);
    let inside = |a: AreaId| sc.nation_of_area(a) == Some(home);
    st.forces.corps.values().any(|c| {
        controlled_by(st, c.owner, v) && matches!(c.location, Location::Area(a) if inside(a))
    }) || st
        .forces
        .garrisons
        .iter()
        .any(|((a, n), f)| !f.is_empty() && controlled_by(st, *n, v) && inside(*a))
}

/// Powers at war with a major power, still in the game.
pub(super) fn at_war_powers(st: &World) -> Vec<PowerId> {
    st.powers_in_game()
        .into_iter()
        .filter(|p| !st.major_enemies(*p).is_empty())
        .collect()
}

/// Checks a power's proposals: enemies only, none both offered an informal peace and sued, and 4.4.2.1.
pub(super) fn check_proposals(
    sc: &Scenario,
    st: &World,
    power: PowerId,
    informal: &[PowerId],
    sue: &[PowerId],
) -> RuleResult<()> {
    let me = name(sc, power);
    crate::kernel::error::distinct(informal)?;
    crate::kernel::error::distinct(sue)?;
    let enemies = st.major_enemies(power);
    for e in informal.iter().chain(sue) {
        if !enemies.contains(e) {
            return Err(RuleError::new(
                "4.4",
                format!(
                    "{me} is not at war with {}: peace is made only between powers at war",
                    name(sc, *e)
                ),
            ));
        }
    }
    if let Some(e) = informal.iter().find(|e| sue.contains(e)) {
        return Err(RuleError::new(
            "4.4",
            format!(
                "{me} may not both propose an informal peace to {} and sue it",
                name(sc, *e)
            ),
        ));
    }
    let all = enemies.iter().all(|e| sue.contains(e));
    if !all {
        if let Some(e) = sue.iter().find(|e| !forces_inside(sc, st, **e, power)) {
            return Err(RuleError::new(
                "4.4.2.1",
                format!(
                    "{me} may not sue {} for peace: it has no forces inside {me}'s home nation, and {me} does not sue every major power it is at war with",
                    name(sc, *e)
                ),
            ));
        }
    }
    Ok(())
}

/// The proposals revealed: informal peaces agreed (or forced, 14.3.2.3) are made at once; the suits wait.
pub(super) fn proposals(cx: &mut Cx, sub: &mut Sub, dec: &BTreeMap<PowerId, PeaceDecision>) {
    let mut named: BTreeMap<PowerId, Vec<PowerId>> = BTreeMap::new();
    let mut suits = Vec::new();
    for (p, d) in dec {
        if let PeaceDecision::Propose { informal, sue } = d {
            named.insert(*p, informal.clone());
            if !sue.is_empty() {
                suits.push(Suit {
                    loser: *p,
                    victors: sue.clone(),
                });
            }
        }
    }
    let mut pairs = crate::kernel::agreement::mutual_pairs(&named);
    // 14.3.2.3: a power at war with an inactive UMP, with no forces in its territory, forces the informal peace.
    let mut forced = Vec::new();
    for (p, list) in &named {
        for u in list {
            let pair = if p < u { (*p, *u) } else { (*u, *p) };
            if !pairs.contains(&pair)
                && crate::world::ump_rules::may_force_informal_peace(
                    cx.scenario,
                    cx.world(),
                    *p,
                    *u,
                )
            {
                pairs.push(pair);
                forced.push(pair);
            }
        }
    }
    pairs.sort();
    cx.emit(PeaceEvent::Proposals {
        informal: pairs.clone(),
        suits: suits.clone(),
    });
    for (a, b) in &pairs {
        let rule = if forced.contains(&(*a, *b)) {
            "14.3.2.3"
        } else {
            "4.4.1"
        };
        informal_peace(cx, sub, *a, *b, rule);
    }
    sub.suits = suits;
}

/// 4.4.1: an informal peace, agreed (`rule` 4.4.1) or forced on an inactive UMP (14.3.2.3).
fn informal_peace(cx: &mut Cx, sub: &mut Sub, a: PowerId, b: PowerId, rule: &str) {
    let sc = cx.scenario;
    let date = cx.world().date();
    let reason = if rule == "4.4.1" {
        format!("informal peace between {} and {}", name(sc, a), name(sc, b))
    } else {
        format!(
            "informal peace between {} and {}, forced on the inactive UMP (with the effects of 4.4.1)",
            name(sc, a),
            name(sc, b)
        )
    };
    cx.push(WorldEvent::WarEnded {
        a: Nation::Power(a),
        b: Nation::Power(b),
        date,
        rule: rule.into(),
        reason,
    });
    cx.emit(PeaceEvent::Made {
        record: PeaceRecord {
            date,
            kind: PeaceKind::Informal,
            loser: a,
            victor: b,
            terms: vec![],
            loser_restricted_until: None,
            victor_restricted_until: None,
        },
    });
    sub.informal.push((a, b));
    effects::exchange_prisoners(cx, a, b);
    repatriation::after_peace(cx, sub, (a, false), (b, false), rule);
}

/// 4.4.2.2: the victors' offers are recorded (a victor that did not offer unconditional peace offers conditional).
pub(super) fn offered(
    cx: &mut Cx,
    sub: &mut Sub,
    loser: PowerId,
    victors: &[PowerId],
    dec: &BTreeMap<PowerId, PeaceDecision>,
) {
    let offers: Vec<(PowerId, bool)> = victors
        .iter()
        .map(|v| {
            let u = matches!(
                dec.get(v),
                Some(PeaceDecision::Offer {
                    unconditional: true
                })
            );
            (*v, u)
        })
        .collect();
    cx.emit(PeaceEvent::Offered {
        loser,
        offers: offers.clone(),
    });
    if let Some(s) = sub.surrender.as_mut() {
        s.offers = offers;
        s.offered = true;
    }
}

/// 4.4.2.2: the loser's answer to unconditional offers; a refused one is no peace, and the war goes on.
pub(super) fn answered(
    cx: &mut Cx,
    sub: &mut Sub,
    loser: PowerId,
    victors: &[PowerId],
    dec: &BTreeMap<PowerId, PeaceDecision>,
) {
    let acc = match dec.get(&loser) {
        Some(PeaceDecision::Accept { victors }) => victors.clone(),
        _ => vec![],
    };
    let refused: Vec<PowerId> = victors
        .iter()
        .copied()
        .filter(|v| !acc.contains(v))
        .collect();
    if !refused.is_empty() {
        cx.emit(PeaceEvent::Refused {
            loser,
            victors: refused.clone(),
        });
    }
    if let Some(s) = sub.surrender.as_mut() {
        s.to = s
            .offers
            .iter()
            .copied()
            .filter(|(v, _)| !refused.contains(v))
            .collect();
        s.answered = true;
    }
}
