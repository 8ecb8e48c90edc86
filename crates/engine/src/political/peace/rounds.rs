//! Rule 4.4 (Coalition's reading, docs/rules/peace.md): the order of the Peace Step's rounds. The lapse of wars
//! with minors and its placements first (4.6.6), then the proposals (4.4.1, 4.4.2), the ceded free states
//! (4.4.6.4), each surrender in turn (offers, answer, list A terms, the victors' terms, the peace), and last the
//! separate-peace demands (4.4.7).

use super::effects::conclude;
use super::repatriation::place;
use super::separate::demand_rights;
use super::suits::at_war_powers;
use super::terms::{available_terms, victor_order};
use super::{
    Ask, Cx, PeaceDecision, PeaceEvent, Sub, Surrender, effects, lapse, repatriation, separate,
    suits, terms,
};
use crate::kernel::dice::Dice;
use crate::kernel::ids::{Nation, PowerId};
use crate::world;
use std::collections::BTreeMap;

/// Begins the step: wars with minor countries lapse first (4.6.6), their owners placing forces repatriated to
/// equidistant areas (4.4.6.2) one round each; then the proposals round of every power at war with a major
/// power, or nothing.
pub(super) fn begin(cx: &mut Cx, dice: &mut Dice) -> Option<world::Ask> {
    let (lapsed, placements) = lapse::lapse_of_war(&cx.ctx().plain());
    cx.push_all(lapsed);
    let owing = at_war_powers(cx.world());
    if placements.is_empty() && owing.is_empty() {
        return None;
    }
    let sub = Sub {
        placements,
        proposals: owing,
        ..Default::default()
    };
    next(cx, sub, dice)
}

/// Resolves the current round, then opens the next (or ends the step).
pub(super) fn resolve(
    cx: &mut Cx,
    dec: &BTreeMap<PowerId, PeaceDecision>,
    dice: &mut Dice,
) -> Option<world::Ask> {
    let mut sub = cx.own().step.clone().unwrap_or_default();
    let ask = std::mem::take(&mut sub.asking);
    match ask {
        Ask::Proposals => suits::proposals(cx, &mut sub, dec),
        Ask::Offers { loser, victors } => suits::offered(cx, &mut sub, loser, &victors, dec),
        Ask::Answer { loser, victors } => suits::answered(cx, &mut sub, loser, &victors, dec),
        Ask::Protect { loser, victor } => terms::protected(cx, &mut sub, loser, victor, dec),
        Ask::Term { loser, victor } => terms::chosen(cx, &mut sub, loser, victor, dec),
        Ask::Place(p) => repatriation::placed(cx, &p, dec),
        Ask::CededFree(c) => effects::ceded_free(cx, &c, dec),
        Ask::Demands { rights } => separate::demands(cx, &rights, dec),
        Ask::Nothing => {}
    }
    next(cx, sub, dice)
}

/// Opens the next round of the step, or ends it.
pub(super) fn next(cx: &mut Cx, mut sub: Sub, dice: &mut Dice) -> Option<world::Ask> {
    loop {
        if !sub.placements.is_empty() {
            let p = sub.placements.remove(0);
            match cx.world().controller_of(p.owner) {
                Some(c) if cx.world().in_game(c) => {
                    cx.emit(PeaceEvent::PlacementOwed {
                        placement: p.clone(),
                    });
                    sub.asking = Ask::Place(p);
                    return open(cx, &sub, vec![c], false);
                }
                _ => {
                    let to = p.options[0];
                    place(cx, &p.owner, &p.item, p.from, to, &p.rule);
                    continue;
                }
            }
        }
        if !sub.proposals.is_empty() {
            let owing = std::mem::take(&mut sub.proposals);
            sub.asking = Ask::Proposals;
            return open(cx, &sub, owing, true);
        }
        if !sub.ceded_free.is_empty() {
            let c = sub.ceded_free.remove(0);
            let owing = vec![c.acquirer];
            sub.asking = Ask::CededFree(c);
            return open(cx, &sub, owing, false);
        }
        if let Some(mut s) = sub.surrender.take() {
            let loser = s.loser;
            if !s.offered {
                let st = cx.world();
                s.sued.retain(|v| {
                    st.in_game(*v) && st.at_war(Nation::Power(loser), Nation::Power(*v))
                });
                if s.sued.is_empty() || !st.in_game(loser) {
                    continue;
                }
                let victors = s.sued.clone();
                sub.surrender = Some(s);
                sub.asking = Ask::Offers {
                    loser,
                    victors: victors.clone(),
                };
                return open(cx, &sub, victors, false);
            }
            if !s.answered {
                let unc: Vec<PowerId> = s
                    .offers
                    .iter()
                    .filter(|(_, u)| *u)
                    .map(|(v, _)| *v)
                    .collect();
                if unc.is_empty() {
                    s.to = s.offers.clone();
                    s.answered = true;
                } else {
                    sub.surrender = Some(s);
                    sub.asking = Ask::Answer {
                        loser,
                        victors: unc,
                    };
                    return open(cx, &sub, vec![loser], false);
                }
            }
            if s.to.is_empty() {
                continue;
            }
            if let Some(&(victor, _)) =
                s.to.iter()
                    .find(|(v, u)| !*u && !s.protections.iter().any(|(p, _)| p == v))
            {
                sub.surrender = Some(s);
                sub.asking = Ask::Protect { loser, victor };
                return open(cx, &sub, vec![loser], false);
            }
            if !s.ordered {
                s.order = victor_order(cx, &s, dice);
                s.ordered = true;
                s.turn = 0;
                if s.order.len() > 1 {
                    cx.emit(PeaceEvent::Order {
                        loser,
                        order: s.order.clone(),
                    });
                }
            }
            let n = s.order.len();
            let up = (0..n)
                .map(|k| (s.turn + k) % n)
                .find(|i| !available_terms(cx.scenario, cx.world(), &s, s.order[*i]).is_empty());
            if let Some(i) = up {
                s.turn = i;
                let victor = s.order[i];
                sub.surrender = Some(s);
                sub.asking = Ask::Term { loser, victor };
                return open(cx, &sub, vec![victor], false);
            }
            conclude(cx, &mut sub, &s, dice);
            continue;
        }
        if !sub.suits.is_empty() {
            let suit = sub.suits.remove(0);
            sub.surrender = Some(Surrender {
                loser: suit.loser,
                sued: suit.victors,
                offers: vec![],
                offered: false,
                answered: false,
                to: vec![],
                protections: vec![],
                order: vec![],
                ordered: false,
                turn: 0,
                finished: vec![],
                terms: vec![],
            });
            continue;
        }
        if !sub.demands_done {
            sub.demands_done = true;
            let rights = demand_rights(cx.world(), &sub);
            if !rights.is_empty() {
                let owing = rights.iter().map(|(d, _)| *d).collect();
                sub.asking = Ask::Demands { rights };
                return open(cx, &sub, owing, false);
            }
        }
        cx.emit(PeaceEvent::Ended);
        return None;
    }
}

fn open(cx: &mut Cx, sub: &Sub, owing: Vec<PowerId>, sealed: bool) -> Option<world::Ask> {
    cx.emit(PeaceEvent::Progress {
        step: Box::new(sub.clone()),
    });
    Some(world::Ask { sealed, owing })
}
