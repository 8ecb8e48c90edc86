//! Rule 3.5 (Coalition's): the ranges of the scenario's and the charts' numbers (`kernel::limits`), checked at
//! load; each number out of range is reported with its file, its entry and the range.

use super::{Factors, Scenario};
use crate::kernel::calendar::Date;
use crate::kernel::error::DataError;
use crate::kernel::limits::{self, Limit};

struct Check<'a> {
    errors: &'a mut Vec<DataError>,
}

impl Check<'_> {
    /// Reports `v` (named `what` in the message) if it lies outside `limit`.
    fn at(&mut self, file: &str, entry: &str, what: &str, v: impl Into<i64>, limit: Limit) {
        let v = v.into();
        if !limit.contains(v) {
            self.errors.push(DataError {
                file: file.to_string(),
                entry: entry.to_string(),
                message: format!(
                    "{what} {} is out of range ({})",
                    limits::grouped(v),
                    limit.range()
                ),
            });
        }
    }

    /// Every type of `f` within `limits::FACTORS`.
    fn factors(&mut self, file: &str, entry: &str, what: &str, f: &Factors) {
        for (kind, v) in [
            ("infantry", f.infantry),
            ("cavalry", f.cavalry),
            ("guard", f.guard),
            ("militia", f.militia),
            ("artillery", f.artillery),
            ("cossack", f.cossack),
            ("freikorps", f.freikorps),
            ("feudal", f.feudal),
            ("insurrection", f.insurrection),
        ] {
            self.at(file, entry, &format!("{what} {kind}"), v, limits::FACTORS);
        }
    }

    fn date(&mut self, file: &str, entry: &str, what: &str, d: Date) {
        self.at(file, entry, &format!("{what} year"), d.year, limits::YEAR);
    }
}

/// A kind's key as the data file writes it (`infantry`).
fn key<T: serde::Serialize>(kind: &T) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Checks every number of `s` (scenario folder `name`) against its range, appending problems to `errors`.
pub(super) fn check(s: &Scenario, name: &str, errors: &mut Vec<DataError>) {
    let mut c = Check { errors };
    let scen = format!("scenarios/{name}/scenario.ron");
    let powers = format!("scenarios/{name}/powers.ron");
    let minors = format!("scenarios/{name}/minors.ron");
    let leaders = format!("scenarios/{name}/leaders.ron");
    let charts = format!("rulesets/{}/charts.ron", s.meta.ruleset);

    c.date(&scen, "start", "start", s.meta.start);
    c.date(&scen, "end", "end", s.meta.end);

    for p in &s.powers {
        let entry = format!("power {}", p.id);
        let st = &p.start;
        c.at(
            &powers,
            &entry,
            "starting political points",
            st.political_points,
            limits::POLITICAL_POINTS,
        );
        c.at(&powers, &entry, "starting money", st.money, limits::MONEY);
        c.at(
            &powers,
            &entry,
            "starting manpower",
            st.manpower,
            limits::MANPOWER,
        );
        c.at(
            &powers,
            &entry,
            "victory target",
            p.victory_target,
            limits::VICTORY_TARGET,
        );
        c.at(
            &powers,
            &entry,
            "national manpower",
            p.national_manpower,
            limits::COUNT,
        );
        c.at(
            &powers,
            &entry,
            "colonial trade",
            p.colonial_trade,
            limits::CHART_AMOUNT,
        );
        for k in &p.corps {
            let ce = format!("{entry} corps {}", k.id);
            c.factors(&powers, &ce, "capacity", &k.capacity);
            c.factors(&powers, &ce, "factors", &k.factors);
        }
        for f in &p.fleets {
            let fe = format!("{entry} fleet {}", f.id);
            c.at(&powers, &fe, "ships", f.ships, limits::SHIPS);
        }
        for (a, f) in &p.garrisons {
            c.factors(&powers, &format!("{entry} garrison {a}"), "factors", f);
        }
    }

    for m in &s.minors {
        let entry = format!("minor {}", m.id);
        let f = &m.forces;
        c.at(&minors, &entry, "infantry", f.infantry, limits::FACTORS);
        c.at(&minors, &entry, "cavalry", f.cavalry, limits::FACTORS);
        c.at(&minors, &entry, "ships", f.ships, limits::SHIPS);
    }

    for l in &s.leaders {
        c.date(&leaders, &format!("leader {}", l.id), "entry", l.enters);
    }

    let ch = &s.charts;
    let d = &ch.status_display;
    c.at(
        &charts,
        "status_display",
        "min",
        d.min,
        limits::POLITICAL_POINTS,
    );
    c.at(
        &charts,
        "status_display",
        "max",
        d.max,
        limits::POLITICAL_POINTS,
    );
    for z in &d.zones {
        let entry = format!("status_display zone {}", z.name);
        c.at(&charts, &entry, "modifier", z.modifier, limits::MODIFIER);
        c.at(
            &charts,
            &entry,
            "victory points",
            z.victory_points,
            limits::CHART_POINTS,
        );
    }
    for e in &ch.political_points {
        c.at(
            &charts,
            &format!("political_points {}", e.id),
            "points",
            e.points,
            limits::CHART_POINTS,
        );
    }
    let v = &ch.victory_conditions;
    c.at(
        &charts,
        "victory_conditions",
        "enforced_peace_months",
        v.enforced_peace_months,
        limits::MONTHS,
    );
    for t in &v.terms {
        for (k, x) in &t.params {
            c.at(
                &charts,
                &format!("peace term {}", t.id),
                k,
                *x,
                limits::COUNT,
            );
        }
    }
    for (k, x) in &ch.movement.corps {
        c.at(
            &charts,
            "movement",
            &format!("{} corps", key(k)),
            *x,
            limits::COUNT,
        );
    }
    c.at(
        &charts,
        "movement",
        "fleet",
        ch.movement.fleet,
        limits::COUNT,
    );
    let mc = &ch.minor_control;
    c.at(
        &charts,
        "minor_control",
        "already_at_war_modifier",
        mc.already_at_war_modifier,
        limits::MODIFIER,
    );
    c.at(
        &charts,
        "alliances",
        "realliance_months",
        ch.alliances.realliance_months,
        limits::MONTHS,
    );
    let u = &ch.ump_control;
    for (what, x) in [
        ("allied_modifier", u.allied_modifier),
        ("at_war_modifier", u.at_war_modifier),
        ("active_at", u.active_at),
    ] {
        c.at(&charts, "ump_control", what, x, limits::MODIFIER);
    }
    let r = &ch.ump_rules;
    c.at(
        &charts,
        "ump_rules",
        "battle_points_cap",
        r.battle_points_cap,
        limits::CHART_POINTS,
    );
    for (what, x) in [
        ("ship_land_equivalent", r.ship_land_equivalent),
        ("reversion_manpower_multiple", r.reversion_manpower_multiple),
        ("combined_phase_divisor", r.combined_phase_divisor),
    ] {
        c.at(&charts, "ump_rules", what, x, limits::COUNT);
    }
    let e = &ch.economy;
    for (what, x) in [
        ("conquered_minor_num", e.conquered_minor_num),
        ("conquered_minor_den", e.conquered_minor_den),
        ("loan_phases", e.loan_phases),
    ] {
        c.at(&charts, "economy", what, x, limits::COUNT);
    }
    for (what, x) in [
        ("naval_raiding_loss", e.naval_raiding_loss),
        ("militia_conversion_money", e.militia_conversion_money),
    ] {
        c.at(&charts, "economy", what, x, limits::CHART_AMOUNT);
    }
    c.at(
        &charts,
        "economy",
        "default_points",
        e.default_points,
        limits::CHART_POINTS,
    );
    for (k, cost) in &e.costs {
        let entry = format!("economy.costs {}", key(k));
        c.at(&charts, &entry, "money", cost.money, limits::CHART_AMOUNT);
        c.at(
            &charts,
            &entry,
            "manpower",
            cost.manpower,
            limits::CHART_AMOUNT,
        );
        c.at(
            &charts,
            &entry,
            "delay_months",
            cost.delay_months,
            limits::MONTHS,
        );
    }
    let m = &e.manipulation;
    c.at(
        &charts,
        "economy.manipulation",
        "max_move",
        m.max_move,
        limits::COUNT,
    );
    for sq in &m.squares {
        let entry = format!("economy.manipulation square {}", sq.square);
        c.at(&charts, &entry, "square", sq.square, limits::MODIFIER);
        c.at(&charts, &entry, "pp", sq.pp, limits::CHART_POINTS);
        c.at(&charts, &entry, "money", sq.money, limits::SQUARE_AMOUNT);
        c.at(
            &charts,
            &entry,
            "manpower",
            sq.manpower,
            limits::SQUARE_AMOUNT,
        );
    }
    let a = &e.american_trade;
    for (what, x) in [
        ("money", a.money),
        ("war_per_denied", a.war_per_denied),
        ("war_loss", a.war_loss),
    ] {
        c.at(
            &charts,
            "economy.american_trade",
            what,
            x,
            limits::CHART_AMOUNT,
        );
    }
}
