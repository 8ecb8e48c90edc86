//! Rules 8.4 and 8.5 (Coalition's Manipulation and Expenditure Steps, `docs/rules/economic.md`) at the prompt:
//! what each manipulation square does, the neutral square first, and what each purchase costs and leaves in
//! the treasury, all read from the charts.

use crate::describe;
use coalition_engine::Decision;
use coalition_engine::economic::decision::unit_name;
use coalition_engine::economic::prices;
use coalition_engine::economic::{EconomicDecision, Spending};
use coalition_engine::ids::PowerId;
use coalition_engine::scenario::{ManipulationSquare, Scenario, UnitKind};
use coalition_engine::state::{RoundKind, State};

/// A number with its sign (`+10`, `-8`).
fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn plural(n: i32, one: &str, many: &str) -> String {
    format!("{} {}", signed(n), if n.abs() == 1 { one } else { many })
}

/// Rule 12.5: what a square of the Economic Manipulation Display gives and costs each time it is recorded.
pub fn square_effect(sq: &ManipulationSquare) -> String {
    let mut parts = Vec::new();
    if sq.pp != 0 {
        parts.push(plural(sq.pp, "political point", "political points"));
    }
    if sq.money != 0 {
        parts.push(format!("{} money", signed(sq.money)));
    }
    if sq.manpower != 0 {
        parts.push(format!("{} manpower", signed(sq.manpower)));
    }
    if parts.is_empty() {
        "neutral: no political points, money or manpower gained or lost".into()
    } else {
        parts.join(", ")
    }
}

/// Rules 8.4 and 8.5: the lines shown above a power's choices in the Economic Phase (none in other steps).
pub fn preamble(s: &Scenario, st: &State, power: PowerId) -> Vec<String> {
    let Some(round) = &st.round else {
        return vec![];
    };
    let e = &s.charts.economy;
    let ps = &st.powers[&power];
    match round.kind {
        RoundKind::Manipulation => {
            let chart = &e.manipulation;
            vec![
                format!(
                    "Economic manipulation (12.5): the square set now is recorded at the next Economic Phase, which \
                     adds its political points, money and manpower. {} is on square {}; the marker moves at most \
                     {} squares, or back to the neutral square 0.",
                    describe::power(s, power),
                    st.economy.square(power),
                    chart.max_move
                ),
                "The display, neutral square first:".into(),
            ]
            .into_iter()
            .chain(neutral_first(&chart.squares).into_iter().map(|sq| {
                format!("  square {:>2}: {}", sq.square, square_effect(&sq))
            }))
            .collect()
        }
        RoundKind::Expenditure => {
            let mut prices = Vec::new();
            for k in UnitKind::ALL {
                let allowed = e.restricted.get(&k).is_none_or(|who| who.contains(&power));
                if let (true, Some(c)) = (allowed, e.costs.get(&k)) {
                    let when = match c.delay_months {
                        0 => "next month".to_string(),
                        1 => "in 1 month".to_string(),
                        n => format!("in {n} months"),
                    };
                    prices.push(format!(
                        "  {:<13} {:>3} money {:>2} manpower   arrives {when}",
                        unit_name(k),
                        c.money,
                        c.manpower
                    ));
                }
            }
            let mut out = vec![format!(
                "{} has {} money and {} manpower. Prices of one unit (8.5):",
                describe::power(s, power),
                ps.money,
                ps.manpower
            )];
            out.extend(prices);
            out.push(
                "Several numbers (`2,3`) buy several things in one list; or write a list: `buy 3 infantry, 1 \
                 cavalry`."
                    .into(),
            );
            out
        }
        _ => vec![],
    }
}

/// The squares with the neutral one (0) first, then the others in the chart's order.
fn neutral_first(squares: &[ManipulationSquare]) -> Vec<ManipulationSquare> {
    let mut v = squares.to_vec();
    v.sort_by_key(|sq| sq.square != 0);
    v
}

/// Rules 8.4 and 8.5: the choices as listed at the prompt, each with its line: manipulation squares neutral
/// first with what each does; shopping lists with their price and what they leave; others as `describe` words
/// them.
pub fn listing(
    s: &Scenario,
    st: &State,
    power: PowerId,
    choices: Vec<Decision>,
) -> Vec<(Decision, String)> {
    let mut out: Vec<(Decision, String)> = choices
        .into_iter()
        .map(|d| {
            let line = line(s, st, power, &d);
            (d, line)
        })
        .collect();
    if out
        .iter()
        .all(|(d, _)| matches!(d, Decision::Economy(EconomicDecision::Manipulate { .. })))
    {
        out.sort_by_key(|(d, _)| {
            !matches!(
                d,
                Decision::Economy(EconomicDecision::Manipulate { square: 0 })
            )
        });
    }
    out
}

fn line(s: &Scenario, st: &State, power: PowerId, d: &Decision) -> String {
    match d {
        Decision::Economy(EconomicDecision::Manipulate { square }) => {
            match s.charts.economy.manipulation.square(*square) {
                Some(sq) => format!("set the marker to square {square}: {}", square_effect(sq)),
                None => describe::choice(s, d),
            }
        }
        Decision::Economy(EconomicDecision::Spend(list)) => {
            format!(
                "{} — {}",
                describe::choice(s, d),
                cost_words(s, st, power, list)
            )
        }
        // Rule 7: the words, then the text form a player may type (with a longer path).
        Decision::Land(_) | Decision::Naval(_) => {
            format!("{} — `{d}`", describe::choice_at(s, st, d))
        }
        Decision::Pass if st.naval.current() == Some(power) => {
            format!("{} — `done`", describe::choice_at(s, st, d))
        }
        Decision::Pass if describe::land::moving(st, power) => {
            format!("{} — `done`", describe::choice_at(s, st, d))
        }
        _ => describe::choice_at(s, st, d),
    }
}

/// Rule 8.5: what a list costs and what it leaves (`3 money, 1 manpower; leaves 27 money, 15 manpower`).
pub fn cost_words(s: &Scenario, st: &State, power: PowerId, list: &Spending) -> String {
    let p = prices::price(s, list);
    let left = prices::left_after(s, &st.world, power, list);
    let cost = if p.money == 0 && p.manpower == 0 {
        "costs nothing".to_string()
    } else {
        format!("{} money, {} manpower", p.money, p.manpower)
    };
    match left {
        Some(l) => format!("{cost}; leaves {} money, {} manpower", l.money, l.manpower),
        None => cost,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_neutral_square_comes_first_and_says_it_is_neutral() {
        let s = coalition_engine::scenario::embedded_scenario("1805").expect("1805 loads");
        let squares = neutral_first(&s.charts.economy.manipulation.squares);
        assert_eq!(squares[0].square, 0);
        assert!(square_effect(&squares[0]).starts_with("neutral"));
        let one = s.charts.economy.manipulation.square(1).expect("square 1");
        assert_eq!(square_effect(one), "-1 political point, +10 money");
    }
}
