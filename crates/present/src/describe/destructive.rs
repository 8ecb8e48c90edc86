//! Rule 3.3 (Coalition's, `docs/rules/sequence.md`): which decisions cannot be taken back and lose something —
//! scuttling a fleet (5.1.4), destroying a taken port's ships (12.1.2.2), a placement that leaves arrived units
//! waiting (5.5), suing for peace (4.4.2), accepting an unconditional peace (4.4.2.2), breaking an alliance (4.7)
//! or refusing a call (4.3.1.3), and a move that forces a march (7.3.2, an attrition roll). The terminal and the
//! pages both ask to confirm such a choice and never list it first; this file is their one classification.

use super::forces::{corps_name, factors, fleet_name};
use super::land::and_list;
use super::{power, powers};
use coalition_engine::Decision;
use coalition_engine::ids::PowerId;
use coalition_engine::land::LandDecision;
use coalition_engine::political::peace::PeaceDecision;
use coalition_engine::reinforcement::{Placement, default_placement};
use coalition_engine::rulebook::Rulebook;
use coalition_engine::scenario::{Factors, Scenario};
use coalition_engine::state::State;
use coalition_engine::world::Ctx;
use coalition_engine::{Step, land, reinforcement};

/// Why a decision needs a player's `yes`: what it loses, in a player's words, and the rule that says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The clause that makes it so (`5.1.4`).
    pub rule: &'static str,
    /// What it does that cannot be undone, as a sentence (`scuttles Brest Fleet (fr-f1) with its 18 ships ...`).
    pub reason: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.reason, self.rule)
    }
}

/// The political points a chart entry costs, as words (` and costs France 2 political points`), if it has any.
fn cost(s: &Scenario, who: PowerId, id: &str) -> String {
    match s.points(id).map(|e| e.points) {
        Some(p) if p < 0 => format!(
            "; it costs {} {} political point{}",
            power(s, who),
            -p,
            if p == -1 { "" } else { "s" }
        ),
        _ => String::new(),
    }
}

/// Whether `d`, submitted by `power` now, is destructive, and why.
pub fn destructive(
    s: &Scenario,
    rb: &Rulebook,
    st: &State,
    who: PowerId,
    d: &Decision,
) -> Option<Warning> {
    match d {
        Decision::Reinforce(p) if st.position.step == Step::Reinforcement => {
            placement(s, rb, st, who, p)
        }
        Decision::Pass if st.position.step == Step::Reinforcement => {
            placement(s, rb, st, who, &Placement::default())
        }
        Decision::Peace(PeaceDecision::Propose { sue, .. }) if !sue.is_empty() => Some(Warning {
            rule: "4.4.2.1",
            reason: format!(
                "sues {} for peace: {} becomes the loser of that peace, and the victor chooses its terms",
                powers(s, sue),
                power(s, who)
            ),
        }),
        Decision::Peace(PeaceDecision::Accept { victors }) if !victors.is_empty() => {
            Some(Warning {
                rule: "4.4.2.2",
                reason: format!(
                    "accepts an unconditional peace with {}: the victor chooses the terms with no list A protection{}",
                    powers(s, victors),
                    cost(s, who, "surrender-unconditional")
                ),
            })
        }
        Decision::BreakAlliances(b) if !b.with.is_empty() => Some(Warning {
            rule: "4.7",
            reason: format!(
                "breaks the alliance with {}{}",
                powers(s, &b.with),
                cost(s, who, "break-alliance")
            ),
        }),
        Decision::AnswerCall { accept: false } => Some(Warning {
            rule: "4.3.1.3",
            reason: format!(
                "refuses the call, which breaks the alliance with the caller{}",
                cost(s, who, "refuse-call")
            ),
        }),
        Decision::Land(m @ LandDecision::Move { .. }) if st.position.step == Step::Land => {
            forced_march(s, rb, st, who, m)
        }
        _ => None,
    }
}

/// The choices with the destructive ones last (in their order), each with its warning: no menu lists a
/// destructive choice first, and a menu's default (its first line) is never one.
pub fn safe_first(
    s: &Scenario,
    rb: &Rulebook,
    st: &State,
    who: PowerId,
    choices: Vec<Decision>,
) -> Vec<(Decision, Option<Warning>)> {
    let mut out: Vec<(Decision, Option<Warning>)> = choices
        .into_iter()
        .map(|d| {
            let w = destructive(s, rb, st, who, &d);
            (d, w)
        })
        .collect();
    out.sort_by_key(|(_, w)| w.is_some());
    out
}

/// 7.3.2: a move that forces a march rolls for attrition at once and cannot be taken back.
fn forced_march(
    s: &Scenario,
    rb: &Rulebook,
    st: &State,
    who: PowerId,
    m: &LandDecision,
) -> Option<Warning> {
    let cx = Ctx {
        scenario: s,
        rulebook: rb,
        world: &st.world,
        own: &*st.land,
    };
    let plan = land::movement::check(&cx, who, m).ok()?;
    if plan.forced.is_empty() {
        return None;
    }
    let names: Vec<String> = plan
        .forced
        .iter()
        .map(|c| {
            format!(
                "{} has {} left",
                corps_name(s, *c),
                land::movement::left(&cx, *c)
            )
        })
        .collect();
    Some(Warning {
        rule: "7.3.2",
        reason: format!(
            "forces a march: the path costs {} movement points and {}; each corps forced rolls at once for attrition, \
             and the move cannot be taken back",
            plan.cost,
            and_list(&names)
        ),
    })
}

/// 5.1.4, 12.1.2.2, 5.5: a placement that scuttles, destroys ships, or leaves what could be placed waiting.
fn placement(
    s: &Scenario,
    rb: &Rulebook,
    st: &State,
    who: PowerId,
    p: &Placement,
) -> Option<Warning> {
    let mut what = Vec::new();
    for f in &p.scuttle {
        let ships = st.world.forces.fleets.get(f).map_or(0, |x| x.ships);
        what.push(format!(
            "scuttles {} with its {ships} ship{}: they are lost for good{}",
            fleet_name(s, *f),
            if ships == 1 { "" } else { "s" },
            cost(s, who, reinforcement::SCUTTLE_POINTS)
        ));
    }
    for x in p.seized.iter().filter(|x| !x.keep) {
        what.push(format!(
            "destroys the ships of {} building at {}",
            super::nation(s, coalition_engine::ids::Nation::Minor(x.minor)),
            super::area(s, x.port)
        ));
    }
    let cx = Ctx {
        scenario: s,
        rulebook: rb,
        world: &st.world,
        own: &*st.reinforcement,
    };
    let all = default_placement(&cx, who);
    let left = unplaced(&all, p);
    if !left.is_empty() {
        what.push(format!(
            "leaves {} unplaced: they wait for a later Reinforcement Phase",
            and_list(&left)
        ));
    }
    let rule = if !p.scuttle.is_empty() {
        "5.1.4"
    } else if p.seized.iter().any(|x| !x.keep) {
        "12.1.2.2"
    } else {
        "5.5"
    };
    (!what.is_empty()).then(|| Warning {
        rule,
        reason: what.join("; "),
    })
}

/// What `all` places that `p` does not, in words (`19 infantry, 4 cavalry`, `1 corps counter`).
fn unplaced(all: &Placement, p: &Placement) -> Vec<String> {
    let sum = |x: &Placement| {
        x.land
            .iter()
            .fold(Factors::default(), |a, o| a.plus(&o.factors))
    };
    let (want, have) = (sum(all), sum(p));
    let mut out = Vec::new();
    match want.minus(&have) {
        Some(f) if !f.is_empty() => out.push(factors(&f)),
        Some(_) => {}
        None if want.total() > have.total() => {
            out.push(format!("{} land factors", want.total() - have.total()))
        }
        None => {}
    }
    let count = |n: usize, m: usize, one: &str, many: &str| {
        (n > m).then(|| format!("{} {}", n - m, if n - m == 1 { one } else { many }))
    };
    out.extend(count(
        all.corps.len(),
        p.corps.len(),
        "corps counter",
        "corps counters",
    ));
    out.extend(count(all.depots.len(), p.depots.len(), "depot", "depots"));
    let ships = |x: &Placement| x.ships.iter().map(|o| o.count as usize).sum::<usize>();
    out.extend(count(ships(all), ships(p), "ship", "ships"));
    out.extend(count(
        all.leaders.len(),
        p.leaders.len(),
        "leader",
        "leaders",
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use coalition_engine::Game;
    use coalition_engine::ids::PowerId;
    use std::sync::Arc;

    fn game() -> Game {
        let s = coalition_engine::scenario::embedded_scenario("1805").expect("1805 loads");
        Game::new(Arc::new(s), Rulebook::default(), 7, &[]).expect("a new game")
    }

    /// Plays every power's default decisions until the step is `step`.
    fn until(g: &mut Game, step: Step) {
        for _ in 0..10_000 {
            if g.state().position.step == step {
                return;
            }
            let p = g.pending()[0];
            g.submit_default(p).expect("a default is accepted");
        }
        panic!("never reached {step:?}");
    }

    fn france() -> PowerId {
        PowerId::new("france").expect("france")
    }

    #[test]
    fn scuttling_asks_and_comes_after_every_other_placement() {
        let mut g = game();
        until(&mut g, Step::Reinforcement);
        let (s, st) = (g.scenario().clone(), g.state().clone());
        let choices = g.choices(france());
        let scuttle = choices
            .iter()
            .find(|d| matches!(d, Decision::Reinforce(p) if !p.scuttle.is_empty()))
            .expect("France may scuttle a fleet")
            .clone();
        let w = destructive(&s, g.rulebook(), &st, france(), &scuttle).expect("scuttling warns");
        assert!(w.reason.starts_with("scuttles "), "{w}");
        assert!(w.reason.contains("ships"), "{w}");
        assert!(w.reason.contains("political point"), "{w}");
        let listed = safe_first(&s, g.rulebook(), &st, france(), choices);
        assert!(
            listed[0].1.is_none(),
            "the first line is safe: {:?}",
            listed[0]
        );
        let first_bad = listed
            .iter()
            .position(|(_, w)| w.is_some())
            .expect("some warn");
        assert!(listed[first_bad..].iter().all(|(_, w)| w.is_some()));
    }

    #[test]
    fn the_default_placement_and_other_steps_passes_are_not_destructive() {
        let mut g = game();
        let (s, st) = (g.scenario().clone(), g.state().clone());
        assert_eq!(
            destructive(&s, g.rulebook(), &st, france(), &Decision::Pass),
            None
        );
        until(&mut g, Step::Reinforcement);
        let st = g.state().clone();
        if let Some(d) = g.default_decision(france()) {
            assert_eq!(destructive(&s, g.rulebook(), &st, france(), &d), None);
        }
    }

    #[test]
    fn suing_for_peace_and_breaking_an_alliance_warn_with_their_cost() {
        // rule: 4.4.2.1
        // rule: 4.7
        let g = game();
        let (s, st) = (g.scenario().clone(), g.state().clone());
        let austria = PowerId::new("austria").expect("austria");
        let sue = Decision::Peace(PeaceDecision::Propose {
            informal: vec![],
            sue: vec![austria],
        });
        let w = destructive(&s, g.rulebook(), &st, france(), &sue).expect("suing warns");
        assert_eq!(w.rule, "4.4.2.1");
        assert!(w.reason.contains("sues Austria for peace"), "{w}");
        let offer = Decision::Peace(PeaceDecision::Propose {
            informal: vec![austria],
            sue: vec![],
        });
        assert_eq!(destructive(&s, g.rulebook(), &st, france(), &offer), None);
        let brk = Decision::BreakAlliances(coalition_engine::decision::Break {
            with: vec![austria],
        });
        let w = destructive(&s, g.rulebook(), &st, france(), &brk).expect("breaking warns");
        assert!(w.reason.contains("2 political points"), "{w}");
    }
}
