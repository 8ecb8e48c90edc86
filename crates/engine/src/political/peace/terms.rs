//! Rules 4.4.3 to 4.4.5 and the Victory Conditions Chart: the loser's list A term, the victors' terms from lists
//! B and C with their limits (how many, which preclude which, what each may name), the victors' order of
//! choice, and their turns.

use super::{ChosenTerm, Cx, PeaceDecision, PeaceEvent, Sub, Surrender};
use crate::kernel::calendar::Date;
use crate::kernel::dice::{Dice, Entrant, competitive};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::scenario::{Location, PeaceTermDef, Scenario, TermList};
use crate::world::{WarCause, World, WorldEvent, name};
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn term_def<'a>(sc: &'a Scenario, id: &str) -> Option<&'a PeaceTermDef> {
    sc.charts
        .victory_conditions
        .terms
        .iter()
        .find(|t| t.id == id)
}

pub(super) fn param(sc: &Scenario, id: &str, key: &str, or: i32) -> i32 {
    term_def(sc, id)
        .and_then(|t| t.params.get(key).copied())
        .unwrap_or(or)
}

/// The provinces of `loser`'s home nation that it still holds (some area) and that are not in `taken`.
fn home_provinces(
    sc: &Scenario,
    st: &World,
    loser: PowerId,
    taken: &BTreeSet<String>,
) -> Vec<String> {
    sc.map
        .provinces
        .iter()
        .filter(|p| sc.nation(p.nation) == Some(Nation::Power(loser)))
        .filter(|p| !taken.contains(p.id.as_str()))
        .filter(|p| {
            sc.map
                .areas
                .iter()
                .any(|a| a.province == p.id && st.area_power(sc, a.id) == Some(loser))
        })
        .map(|p| p.id.to_string())
        .collect()
}

pub(super) fn capital_province(sc: &Scenario, loser: PowerId) -> Option<String> {
    sc.power(loser)
        .and_then(|d| sc.area(d.capital))
        .map(|a| a.province.to_string())
}

pub(super) fn province_areas(sc: &Scenario, province: &str) -> Vec<AreaId> {
    sc.map
        .areas
        .iter()
        .filter(|a| a.province.as_str() == province)
        .map(|a| a.id)
        .collect()
}

/// Everything already ceded in this surrender.
pub(super) fn ceded(s: &Surrender) -> BTreeSet<String> {
    s.terms
        .iter()
        .filter(|t| t.term == "B.7" || t.term == "C.4")
        .flat_map(|t| t.targets.iter().cloned())
        .collect()
}

/// The targets a term may name now, one choice each (empty: the term needs none).
pub(super) fn target_options(
    sc: &Scenario,
    st: &World,
    s: &Surrender,
    victor: PowerId,
    term: &str,
) -> Vec<String> {
    let loser = s.loser;
    let taken = ceded(s);
    let provinces = || {
        let avail = home_provinces(sc, st, loser, &taken);
        let cap = capital_province(sc, loser);
        // 4.4.8: the capital's province only if no other province is available.
        if avail.len() > 1 {
            avail
                .into_iter()
                .filter(|p| Some(p) != cap.as_ref())
                .collect()
        } else {
            avail
        }
    };
    match term {
        "B.4" => {
            let lent: BTreeSet<&String> = s
                .terms
                .iter()
                .filter(|t| t.term == "B.4")
                .flat_map(|t| t.targets.iter())
                .collect();
            st.forces
                .corps
                .iter()
                .filter(|(id, c)| {
                    c.owner == Nation::Power(loser)
                        && matches!(c.location, Location::Area(_))
                        && !c.factors.is_empty()
                        && !lent.contains(&id.to_string())
                })
                .map(|(id, _)| id.to_string())
                .collect()
        }
        "B.7" => {
            let mut v: Vec<String> = st
                .minors
                .iter()
                .filter(|(m, ms)| ms.controller == Some(loser) && !taken.contains(m.as_str()))
                .map(|(m, _)| m.to_string())
                .collect();
            let a5 = s
                .protections
                .iter()
                .any(|(pv, t)| *pv == victor && t == "A.5");
            if !a5 {
                v.extend(provinces());
            }
            v
        }
        "C.4" => provinces(),
        _ => Vec::new(),
    }
}

pub(super) fn needs_target(term: &str) -> bool {
    matches!(term, "B.4" | "B.7" | "C.4")
}

/// Terms `victor` may still choose (ignoring targets), 4.4.3, 4.4.4, 4.4.5.3.
pub(super) fn available_terms(
    sc: &Scenario,
    st: &World,
    s: &Surrender,
    victor: PowerId,
) -> Vec<String> {
    let Some(&(_, unc)) = s.to.iter().find(|(v, _)| *v == victor) else {
        return Vec::new();
    };
    let max = if unc { 3 } else { 2 };
    if s.terms.iter().filter(|t| t.by == victor).count() >= max || s.finished.contains(&victor) {
        return Vec::new();
    }
    let protection = s
        .protections
        .iter()
        .find(|(v, _)| *v == victor)
        .and_then(|(_, t)| term_def(sc, t));
    sc.charts
        .victory_conditions
        .terms
        .iter()
        .filter(|t| t.list == TermList::B || (unc && t.list == TermList::C))
        .filter(|t| {
            if t.id == "C.6" {
                !s.terms.iter().any(|c| c.by == victor && c.term == "C.6")
            } else {
                !s.terms.iter().any(|c| c.term == t.id)
            }
        })
        .filter(|t| {
            !s.terms.iter().any(|c| {
                c.term != t.id
                    && (t.excludes.contains(&c.term)
                        || term_def(sc, &c.term).is_some_and(|d| d.excludes.contains(&t.id)))
            })
        })
        .filter(|t| unc || !protection.is_some_and(|p| p.cancels.contains(&t.id)))
        .filter(|t| !needs_target(&t.id) || !target_options(sc, st, s, victor, &t.id).is_empty())
        .map(|t| t.id.clone())
        .collect()
}

pub(super) fn check_term(
    sc: &Scenario,
    st: &World,
    s: &Surrender,
    victor: PowerId,
    term: &str,
    targets: &[String],
) -> RuleResult<()> {
    let Some(def) = term_def(sc, term) else {
        return Err(RuleError::new(
            "4.4.3",
            format!("`{term}` is no peace term"),
        ));
    };
    let unc = s.to.iter().any(|(v, u)| *v == victor && *u);
    if def.list == TermList::A || (!unc && def.list == TermList::C) {
        return Err(RuleError::new(
            if unc { "4.4.4" } else { "4.4.3" },
            format!(
                "{term} may not be chosen: a victor chooses from list B{}",
                if unc {
                    " and C"
                } else {
                    " only in a conditional peace"
                }
            ),
        ));
    }
    if !available_terms(sc, st, s, victor).iter().any(|t| t == term) {
        let excluding = s.terms.iter().find(|c| {
            def.excludes.contains(&c.term)
                || term_def(sc, &c.term).is_some_and(|d| d.excludes.iter().any(|x| x == term))
        });
        let most = if unc { 3 } else { 2 };
        let me = name(sc, victor);
        let by = |p: PowerId| name(sc, p);
        let cancelling = s.protections.iter().find(|(v, a)| {
            *v == victor && term_def(sc, a).is_some_and(|d| d.cancels.iter().any(|c| c == term))
        });
        let (rule, why) = if let Some(c) = s.terms.iter().find(|c| c.term == term) {
            (
                "4.4.5.3",
                format!(
                    "{term} has already been chosen for this peace (by {}): no term is chosen twice",
                    by(c.by)
                ),
            )
        } else if s.terms.iter().filter(|t| t.by == victor).count() >= most {
            // "up to two" (4.4.3) or "up to three" (4.4.4) terms for each victor.
            (
                if unc { "4.4.4" } else { "4.4.3" },
                format!("{me} has chosen its {most} terms"),
            )
        } else if let Some((_, a)) = cancelling {
            (
                "4.4.3",
                format!("{term} is cancelled by the loser's list A term {a}"),
            )
        } else if let Some(c) = excluding {
            // The victor's own B and C choices preclude each other (4.4.4); another victor's, 4.4.5.3.
            (
                if c.by == victor { "4.4.4" } else { "4.4.5.3" },
                format!("{term} is precluded by {}, chosen by {}", c.term, by(c.by)),
            )
        } else if s.finished.contains(&victor) {
            ("4.4.5.1", format!("{me} has chosen no more terms"))
        } else {
            ("4.4.5.1", format!("{term} has nothing left to name"))
        };
        return Err(RuleError::new(
            rule,
            format!("{me} may not choose {term}: {why}"),
        ));
    }
    crate::kernel::error::distinct(targets)?;
    if !needs_target(term) {
        if !targets.is_empty() {
            return Err(RuleError::new("3.3", format!("{term} names nothing")));
        }
        return Ok(());
    }
    let max = if term == "C.4" {
        param(sc, "C.4", "max_provinces", 3) as usize
    } else {
        1
    };
    if targets.is_empty() || targets.len() > max {
        return Err(RuleError::new(
            "4.4",
            format!(
                "{term} names from 1 to {max} {}",
                if term == "B.4" {
                    "corps"
                } else {
                    "minor countries or provinces"
                }
            ),
        ));
    }
    let opts = target_options(sc, st, s, victor, term);
    let cap = capital_province(sc, s.loser);
    let a5 = s
        .protections
        .iter()
        .any(|(v, a)| *v == victor && a == "A.5");
    // The capital's province is checked below, against the whole list.
    let capital_ok = |x: &String| {
        Some(x) == cap.as_ref()
            && term != "B.4"
            && !(term == "B.7" && a5)
            && home_provinces(sc, st, s.loser, &ceded(s)).contains(x)
    };
    if let Some(x) = targets.iter().find(|x| !opts.contains(x) && !capital_ok(x)) {
        // A capital province named while another province is available.
        let rule = if capital_province(sc, s.loser).as_deref() == Some(x.as_str()) {
            "4.4.8"
        } else if term == "B.7"
            && s.protections
                .iter()
                .any(|(v, a)| *v == victor && a == "A.5")
        {
            "4.4.3"
        } else {
            "4.4"
        };
        return Err(RuleError::new(rule, format!("{term} may not name {x}")));
    }
    // 4.4.8 for several provinces at once: the capital only if every other province is named too.
    if let Some(cap) = capital_province(sc, s.loser)
        && targets.contains(&cap)
    {
        let avail = home_provinces(sc, st, s.loser, &ceded(s));
        if avail.iter().any(|p| *p != cap && !targets.contains(p)) {
            return Err(RuleError::new(
                "4.4.8",
                format!(
                    "the capital's province {cap} may be ceded only if no other province is available"
                ),
            ));
        }
    }
    Ok(())
}

/// 4.4.5.2: the victors' order of choice: by the date each went to war with the loser, one called to war after
/// its caller; ties by competitive die rolls.
pub(super) fn victor_order(cx: &mut Cx, s: &Surrender, dice: &mut Dice) -> Vec<PowerId> {
    let loser = Nation::Power(s.loser);
    let key = |v: PowerId| -> (Date, u8) {
        match cx.world().current_war(loser, Nation::Power(v)) {
            Some(w) => {
                let after_caller = match &w.cause {
                    WarCause::Call { caller } => cx
                        .world()
                        .current_war(loser, Nation::Power(*caller))
                        .is_some_and(|cw| cw.since == w.since),
                    _ => false,
                };
                (w.since, after_caller as u8)
            }
            None => (cx.world().date(), 0),
        }
    };
    let mut groups: BTreeMap<(Date, u8), Vec<PowerId>> = BTreeMap::new();
    for (v, _) in &s.to {
        groups.entry(key(*v)).or_default().push(*v);
    }
    let mut order = Vec::new();
    for (_, g) in groups {
        if g.len() == 1 {
            order.extend(g);
            continue;
        }
        let entrants: Vec<Entrant<PowerId>> = g
            .iter()
            .map(|p| Entrant {
                id: *p,
                label: p.to_string(),
                modifiers: Vec::new(),
            })
            .collect();
        let (rolls, ranking) = competitive(
            dice,
            "4.4.5.2",
            "order of choice of peace terms",
            1,
            &entrants,
        );
        for roll in rolls {
            cx.push(WorldEvent::DiceRolled { roll });
        }
        order.extend(ranking);
    }
    order
}

/// 4.4.3: the loser's list A term for its peace with `victor`.
pub(super) fn protected(
    cx: &mut Cx,
    sub: &mut Sub,
    loser: PowerId,
    victor: PowerId,
    dec: &BTreeMap<PowerId, PeaceDecision>,
) {
    if let Some(PeaceDecision::Protect { term }) = dec.get(&loser) {
        let t = ChosenTerm {
            term: term.clone(),
            by: loser,
            targets: vec![],
        };
        cx.emit(PeaceEvent::TermChosen { loser, term: t });
        if let Some(s) = sub.surrender.as_mut() {
            s.protections.push((victor, term.clone()));
        }
    }
}

/// 4.4.5.1: `victor`'s term, or no more terms; the turn passes to the next victor in the order of choice.
pub(super) fn chosen(
    cx: &mut Cx,
    sub: &mut Sub,
    loser: PowerId,
    victor: PowerId,
    dec: &BTreeMap<PowerId, PeaceDecision>,
) {
    if let Some(s) = sub.surrender.as_mut() {
        match dec.get(&victor) {
            Some(PeaceDecision::Term { term, targets }) => {
                let t = ChosenTerm {
                    term: term.clone(),
                    by: victor,
                    targets: targets.clone(),
                };
                cx.emit(PeaceEvent::TermChosen {
                    loser,
                    term: t.clone(),
                });
                s.terms.push(t);
            }
            _ => s.finished.push(victor),
        }
        if let Some(i) = s.order.iter().position(|v| *v == victor) {
            s.turn = (i + 1) % s.order.len().max(1);
        }
    }
}
