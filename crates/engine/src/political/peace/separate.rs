//! Rules 4.4.7 and 4.4.8: separate peace (an ally that made a separate or informal peace with a common enemy
//! may be made to break its alliance) and final peace (a power that cedes the province of its capital leaves
//! the game).

use super::terms::{capital_province, ceded};
use super::{Cx, PeaceDecision, Sub, Surrender};
use crate::kernel::ids::{MinorId, Nation, PowerId};
use crate::world::{World, WorldEvent, name, points};
use std::collections::{BTreeMap, BTreeSet};

/// 4.4.7: who may demand that which ally break their alliance.
pub(super) fn demand_rights(st: &World, sub: &Sub) -> Vec<(PowerId, Vec<PowerId>)> {
    let mut m: BTreeMap<PowerId, BTreeSet<PowerId>> = BTreeMap::new();
    for (loser, victors) in &sub.surrendered {
        for w in st.major_enemies(*loser) {
            for v in victors {
                if st.allied(w, *v) {
                    m.entry(w).or_default().insert(*v);
                }
            }
        }
    }
    for (a, b) in &sub.informal {
        for (x, y) in [(*a, *b), (*b, *a)] {
            for c in st.allies(x) {
                if st.in_game(c) && st.at_war(Nation::Power(c), Nation::Power(y)) {
                    m.entry(c).or_default().insert(x);
                }
            }
        }
    }
    m.into_iter()
        .filter(|(d, _)| st.in_game(*d))
        .map(|(d, s)| (d, s.into_iter().collect()))
        .collect()
}

/// 4.4.7: the demands made: each ally named that is still allied breaks the alliance and loses a point.
pub(super) fn demands(
    cx: &mut Cx,
    rights: &[(PowerId, Vec<PowerId>)],
    dec: &BTreeMap<PowerId, PeaceDecision>,
) {
    let sc = cx.scenario;
    let date = cx.world().date();
    for (w, _) in rights {
        let w = *w;
        if let Some(PeaceDecision::Demand { allies }) = dec.get(&w) {
            for a in allies {
                if cx.world().allied(w, *a) {
                    let reason = format!(
                        "{} demanded it after {}'s separate or informal peace",
                        name(sc, w),
                        name(sc, *a)
                    );
                    cx.push(WorldEvent::AllianceBroken {
                        a: w,
                        b: *a,
                        by: vec![*a],
                        date,
                        rule: "4.4.7".into(),
                        reason,
                    });
                    let r = format!("broke its alliance with {} on demand", name(sc, w));
                    cx.push(points(sc, *a, "separate-peace-break", 1, "4.4.7", r));
                }
            }
        }
    }
}

/// 4.4.8: a final peace when the loser ceded the province of its capital (and no longer holds the capital):
/// it leaves the game, its wars end, its alliances and royal marriages end (no points: nobody chose to break
/// them), and the minors it controlled are neutral again (Coalition's reading, docs/rules/peace.md). Whether
/// it was one.
pub(super) fn final_peace(cx: &mut Cx, s: &Surrender) -> bool {
    let (sc, loser) = (cx.scenario, s.loser);
    let date = cx.world().date();
    let capital_lost = sc
        .power(loser)
        .is_some_and(|d| cx.world().area_power(sc, d.capital) != Some(loser));
    let ceded_capital = capital_province(sc, loser).is_some_and(|cp| ceded(s).contains(&cp));
    if ceded_capital && capital_lost {
        let reason = format!(
            "{} ceded the province of its capital",
            name(cx.scenario, loser)
        );
        cx.push(WorldEvent::PowerLeftGame {
            power: loser,
            rule: "4.4.8".into(),
            reason: reason.clone(),
        });
        let st = cx.world();
        let ends: Vec<Nation> = st
            .major_enemies(loser)
            .into_iter()
            .map(Nation::Power)
            .chain(
                st.enemies(Nation::Power(loser))
                    .into_iter()
                    .filter(|n| n.power().is_none()),
            )
            .collect();
        for e in ends {
            cx.push(WorldEvent::WarEnded {
                a: Nation::Power(loser),
                b: e,
                date,
                rule: "4.4.8".into(),
                reason: reason.clone(),
            });
        }
        // Out of the game for ever: its alliances and royal marriages end (no points: nobody chose to break
        // them), and the minors it controlled are neutral again (Coalition's reading, docs/rules/peace.md).
        for ally in cx.world().allies(loser) {
            cx.push(WorldEvent::AllianceBroken {
                a: loser,
                b: ally,
                by: vec![loser],
                date,
                rule: "4.4.8".into(),
                reason: format!("{reason}: its alliances end"),
            });
        }
        let marriages: Vec<(PowerId, PowerId)> = cx
            .world()
            .relations
            .royal_marriages
            .iter()
            .filter(|m| m.broken.is_none() && (m.a == loser || m.b == loser))
            .map(|m| (m.a, m.b))
            .collect();
        for (a, b) in marriages {
            cx.push(WorldEvent::RoyalMarriage {
                a,
                b,
                made: false,
                date,
                rule: "4.4.8".into(),
            });
        }
        let minors: Vec<MinorId> = cx
            .world()
            .minors
            .iter()
            .filter(|(_, m)| m.controller == Some(loser))
            .map(|(id, _)| *id)
            .collect();
        for m in minors {
            let mname = sc
                .minor(m)
                .map_or_else(|| m.to_string(), |d| d.name.clone());
            let why = format!("{reason}: {mname} is neutral again");
            for e in crate::world::neutral::revert_events(sc, cx.world(), m, "4.4.8", &why) {
                cx.push(e);
            }
        }
        return true;
    }
    false
}
