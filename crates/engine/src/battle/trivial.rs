//! Coalition's 7.5.3 trivial combat (`docs/rules/combat.md`) and rule 12.3.10 (overwhelming numbers): a very small
//! force against a large one is not fought as a field combat. The larger side fires once, the smaller side fires
//! back once, and the smaller side is destroyed; an outnumbered defender may first try to withdraw.

use super::losses::{allocate_with, competitive};
use super::side::command;
use super::{Fire, Outcome, Report, RoundReport, Setup};
use crate::kernel::dice::Roll;
use crate::scenario::Factors;
use crate::scenario::combat::{CombatChart, DefendChit, Role};

fn total(setup: &Setup, r: Role) -> u32 {
    setup
        .side(r)
        .corps
        .iter()
        .filter(|c| c.reinforcing.is_none())
        .map(|c| c.factors.total())
        .sum()
}

/// Whether corps `i` of side `r` is in the combat: corps on their way from next areas (Coalition's 7.5.2) take
/// no part in a trivial combat.
fn here(setup: &Setup, r: Role, i: usize) -> bool {
    setup.side(r).corps[i].reinforcing.is_none()
}

/// 7.5.3 and 12.3.10: the side that is overwhelmed, if the combat is trivial: at most the chart's `max_factors`
/// against at least `ratio` times as many, or (12.3.10, option) any side with at least `overwhelming` times the
/// other's factors against it.
pub fn overwhelmed(chart: &CombatChart, setup: &Setup) -> Option<Role> {
    let (a, d) = (total(setup, Role::Attacker), total(setup, Role::Defender));
    let check = |small: u32, large: u32| -> bool {
        small > 0
            && ((small <= chart.trivial.max_factors
                && large >= chart.trivial.ratio.saturating_mul(small))
                || (setup.options.overwhelming_numbers
                    && large >= (chart.overwhelming as u32).saturating_mul(small)))
    };
    if check(a, d) {
        Some(Role::Attacker)
    } else if check(d, a) {
        Some(Role::Defender)
    } else {
        None
    }
}

/// Resolves a trivial combat in which `small` is overwhelmed. An overwhelmed defender that chose to withdraw
/// (its first chit is Withdraw) rolls its commander's strategic rating or less to leave first (12.3.10's
/// exception). Otherwise the larger side fires on the chart's `larger` table and the smaller on `smaller`, each
/// one die without modifiers, losses applied together; then whatever is left of the smaller side is destroyed.
pub fn resolve(
    chart: &CombatChart,
    setup: &Setup,
    small: Role,
    die: &mut dyn FnMut() -> u8,
) -> Report {
    // Without chits the defender does not try to withdraw.
    let chit = setup.chits.first().map_or(DefendChit::Defend, |(_, d)| *d);
    fight(chart, setup, small, chit, die)
}

/// 7.5.3 and 12.3.10: [`resolve`] with the defender's chit `chit` (only Withdraw matters).
pub fn fight(
    chart: &CombatChart,
    setup: &Setup,
    small: Role,
    chit: DefendChit,
    die: &mut dyn FnMut() -> u8,
) -> Report {
    let opts = &setup.options;
    let cmd = |r: Role| {
        let s = setup.side(r);
        command(
            chart,
            opts,
            s,
            s.corps.iter().filter(|c| c.reinforcing.is_none()).count(),
        )
    };
    let (ca, cd) = (cmd(Role::Attacker), cmd(Role::Defender));
    let mut left = setup.starting_factors();
    let mut report = Report::new((ca.describe(), cd.describe()), (0, 0));
    report.outcome = Outcome::Won {
        winner: small.other(),
    };
    let roll = |who: &str, rule: &str, purpose: String, face: u8| Roll {
        who: who.to_string(),
        rule: rule.into(),
        purpose,
        faces: vec![face],
        modifiers: Vec::new(),
        total: face as i32,
    };
    let wants_out = small == Role::Defender && chit == DefendChit::Withdraw;
    if wants_out {
        let r = roll(
            cd.power.as_str(),
            "12.3.10",
            format!(
                "the overwhelmed defender withdraws on {} or less (its commander's strategic rating)",
                cd.strategic
            ),
            die(),
        );
        let ok = r.total <= cd.strategic as i32;
        report.opening.push(r);
        if ok {
            report.outcome = Outcome::Withdrew;
            report.withdrawn = (0..setup.defender.corps.len()).collect();
            report.attacker_left = left[0].clone();
            report.defender_left = left[1].clone();
            return report;
        }
    }
    let ix = |r: Role| if r == Role::Attacker { 0 } else { 1 };
    let mut rr = RoundReport::new(1, 1);
    let mut hits = [0u32; 2];
    for r in [Role::Attacker, Role::Defender] {
        let table = if r == small {
            chart.trivial.smaller
        } else {
            chart.trivial.larger
        };
        let firing: u32 = left[ix(r)]
            .iter()
            .enumerate()
            .filter(|(i, _)| here(setup, r, *i))
            .map(|(_, f)| f.total())
            .sum();
        let c = if r == Role::Attacker { &ca } else { &cd };
        let x = roll(
            c.power.as_str(),
            "7.5.3",
            format!("trivial combat: fire on {table}"),
            die(),
        );
        let (percent, _) = chart.cell(table, x.total);
        let n = chart.factors_lost(percent, firing);
        hits[ix(r.other())] = n;
        rr.fire.push(Fire {
            side: r,
            table,
            roll: x,
            percent,
            firing,
            inflicted: n,
            morale: 0,
        });
    }
    for r in [Role::Attacker, Role::Defender] {
        let corps = &setup.side(r).corps;
        // 12.3.6: odd losses between equal claims go by a competitive roll, one die a nationality.
        let mut odd = Vec::new();
        let got = allocate_with(
            corps,
            &mut left[ix(r)],
            |i| here(setup, r, i),
            hits[ix(r)],
            opts.proportional_losses,
            false,
            &mut |g, m| {
                let names: Vec<String> = g.iter().map(|k| k.to_string()).collect();
                let faces: Vec<u8> = g
                    .iter()
                    .map(|k| {
                        let x = roll(
                            k.as_str(),
                            "12.3.6",
                            format!(
                                "trivial combat: the odd loss: {k} rolls (the lowest roll takes it, of equal rolls \
                                 the later in key order; {})",
                                names.join(" v ")
                            ),
                            die(),
                        );
                        let face = x.faces[0];
                        odd.push(x);
                        face
                    })
                    .collect();
                competitive(&mut faces.as_slice(), g, m, &mut None)
            },
        )
        .expect("the dice settle every contest");
        rr.fire_odd.extend(odd);
        if let Some(f) = rr.fire.iter_mut().find(|f| f.side == r.other()) {
            f.inflicted = got;
        }
    }
    // The overwhelmed side is destroyed.
    for (i, f) in left[ix(small)].iter_mut().enumerate() {
        if here(setup, small, i) {
            *f = Factors::default();
        }
    }
    rr.notes.push(format!(
        "the {} is overwhelmed and destroyed ({})",
        if small == Role::Attacker {
            "attacker"
        } else {
            "defender"
        },
        if opts.overwhelming_numbers {
            "7.5.3, 12.3.10"
        } else {
            "7.5.3"
        }
    ));
    let sum = |v: &[Factors]| v.iter().map(Factors::total).sum::<u32>();
    rr.factors_left = (sum(&left[0]), sum(&left[1]));
    report.rounds.push(rr);
    report.attacker_left = left[0].clone();
    report.defender_left = left[1].clone();
    report
}

/// Rule 7.5.3: the side a trivial combat destroyed, and what the fire left of each of its corps before that (its
/// survivors surrender in the Land Phase, 4.4.6.1); `None` if the combat was not trivial or no fire was exchanged
/// (an overwhelmed defender that withdrew).
pub fn survivors(
    chart: &CombatChart,
    setup: &Setup,
    report: &Report,
) -> Option<(Role, Vec<Factors>)> {
    let small = overwhelmed(chart, setup)?;
    let round = report.rounds.first()?;
    // Both sides' losses again in the order they were taken, the odd losses settled by the same rolls (12.3.6).
    let mut dice: Vec<u8> = round.fire_odd.iter().map(|x| x.faces[0]).collect();
    let mut dice: &[u8] = &mut dice;
    let mut out = None;
    for r in [Role::Attacker, Role::Defender] {
        let f = round.fire.iter().find(|f| f.side == r.other())?;
        let side = setup.side(r);
        let mut left: Vec<Factors> = side.corps.iter().map(|c| c.factors).collect();
        allocate_with(
            &side.corps,
            &mut left,
            |i| here(setup, r, i),
            chart.factors_lost(f.percent, f.firing),
            setup.options.proportional_losses,
            false,
            &mut |g, m| competitive(&mut dice, g, m, &mut None),
        )?;
        if r == small {
            out = Some((small, left));
        }
    }
    out
}

/// 12.3.6: the most dice a trivial combat's odd losses can take: one for each nationality of a mixed side.
pub(crate) fn most_odd_dice(setup: &Setup) -> u32 {
    if !setup.options.proportional_losses {
        return 0;
    }
    [&setup.attacker, &setup.defender]
        .iter()
        .map(|s| {
            let nations: std::collections::BTreeSet<_> = s.corps.iter().map(|c| c.nation).collect();
            if nations.len() >= 2 {
                nations.len() as u32
            } else {
                0
            }
        })
        .sum()
}
