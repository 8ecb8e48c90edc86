//! Rule 12.6: the written record rendered as one CSV table (columns in `docs/records.md`).

use super::*;

/// One row of the CSV table: a named cell for each column (empty where the form has nothing to say).
#[derive(Default)]
struct Row {
    section: &'static str,
    date: String,
    until: String,
    power: String,
    other: String,
    kind: String,
    detail: String,
    money: String,
    manpower: String,
    points: String,
    rule: String,
}

impl Row {
    /// The cells in the order of `CSV_COLUMNS`.
    fn cells(&self) -> [&str; 11] {
        [
            self.section,
            &self.date,
            &self.until,
            &self.power,
            &self.other,
            &self.kind,
            &self.detail,
            &self.money,
            &self.manpower,
            &self.points,
            &self.rule,
        ]
    }
}

impl super::Csv for Records {
    /// The record as one CSV table (columns in `CSV_COLUMNS`, described in `docs/records.md`).
    fn csv(&self) -> String {
        let mut rows: Vec<Row> = Vec::new();
        let d = |x: Date| x.to_string();
        let od = |x: Option<Date>| x.map(|x| x.to_string()).unwrap_or_default();
        if let Some(o) = &self.outcome {
            let name = |p| self.name(p);
            for r in crate::ending::player_rows(o, &name) {
                rows.push(Row {
                    section: "end_player",
                    date: d(o.date),
                    power: r[2].clone(),
                    other: r[1].clone(),
                    kind: format!("place {}", r[0]),
                    detail: format!("{}; powers: {}", crate::ending::why(o), r[4]),
                    points: r[3].clone(),
                    rule: "14.1.1.3".into(),
                    ..Row::default()
                });
            }
            for r in crate::ending::power_rows(o, &name) {
                rows.push(Row {
                    section: "end_power",
                    date: d(o.date),
                    power: r[0].clone(),
                    other: r[1].clone(),
                    kind: r[5].clone(),
                    detail: format!("{} VP against a target of {}", r[2], r[3]),
                    points: r[4].clone(),
                    rule: "14.1.1.3".into(),
                    ..Row::default()
                });
            }
        }
        for w in &self.wars {
            rows.push(Row {
                section: "war",
                date: d(w.since),
                until: od(w.ended),
                power: w.aggressor.clone(),
                other: w.defender.clone(),
                kind: w.kind.into(),
                detail: if w.end.is_empty() {
                    w.joined.clone()
                } else {
                    format!("{}; ended: {}", w.joined, w.end)
                },
                rule: w.rule.clone(),
                ..Row::default()
            });
        }
        for p in &self.peaces {
            rows.push(Row {
                section: "peace",
                date: d(p.date),
                until: od(p.loser_until),
                power: p.loser.clone(),
                other: p.victor.clone(),
                kind: p.kind.into(),
                detail: p.terms.join("; "),
                rule: "4.4".into(),
                ..Row::default()
            });
        }
        for o in &self.obligations {
            rows.push(Row {
                section: "peace_obligation",
                date: d(o.date),
                until: od(o.until),
                power: o.from.clone(),
                other: o.to.clone(),
                kind: o.term.clone(),
                detail: o.detail.clone(),
                rule: o.term.clone(),
                ..Row::default()
            });
        }
        for x in &self.enforced {
            rows.push(Row {
                section: "enforced_peace",
                date: d(x.since),
                until: d(x.until),
                power: x.restricted.clone(),
                other: x.towards.clone(),
                kind: if x.in_force { "in force" } else { "over" }.into(),
                rule: x.rule.clone(),
                ..Row::default()
            });
        }
        for a in &self.alliances {
            rows.push(Row {
                section: "alliance",
                date: d(a.since),
                until: od(a.broken),
                power: a.a.clone(),
                other: a.b.clone(),
                kind: if a.broken.is_some() {
                    "broken"
                } else {
                    "in force"
                }
                .into(),
                detail: if a.broken.is_some() {
                    format!("broken by {}: {} [{}]", a.broken_by, a.how, a.broken_rule)
                } else {
                    String::new()
                },
                rule: a.rule.clone(),
                ..Row::default()
            });
        }
        for m in &self.marriages {
            rows.push(Row {
                section: "royal_marriage",
                date: d(m.since),
                until: od(m.broken),
                power: m.a.clone(),
                other: m.b.clone(),
                kind: if m.broken.is_some() {
                    "broken"
                } else {
                    "in force"
                }
                .into(),
                rule: "B.5".into(),
                ..Row::default()
            });
        }
        for m in &self.minors {
            rows.push(Row {
                section: "minor",
                date: od(m.since),
                power: m.controller.clone(),
                other: m.minor.clone(),
                kind: m.status.into(),
                detail: m.how.clone(),
                rule: m.rule.clone(),
                ..Row::default()
            });
        }
        for m in &self.minor_changes {
            rows.push(Row {
                section: "minor_change",
                date: d(m.date),
                power: m.controller.clone(),
                other: m.minor.clone(),
                kind: m.status.into(),
                detail: m.how.clone(),
                rule: m.rule.clone(),
                ..Row::default()
            });
        }
        for ph in &self.phases {
            let status = if ph.complete { "" } else { "in progress" };
            for (p, pp) in &ph.powers {
                let mut add = |kind: &str, a: Amount, detail: &str, rule: &str| {
                    rows.push(Row {
                        section: "economy",
                        date: d(ph.date),
                        power: self.name(*p),
                        kind: kind.into(),
                        detail: detail.into(),
                        money: a.money.to_string(),
                        manpower: a.manpower.to_string(),
                        rule: rule.into(),
                        ..Row::default()
                    });
                };
                let st = |s: Standing| Amount {
                    money: s.money,
                    manpower: s.manpower,
                };
                let money = |m: i32| Amount {
                    money: m,
                    manpower: 0,
                };
                add("opening", st(pp.opening), status, "");
                // Sources that gave nothing are left out; the phase's total income is always there.
                for (kind, a, rule) in [
                    ("income: provinces", pp.provinces, "8.2"),
                    ("income: minors", pp.minors, "8.2"),
                    ("income: trade", money(pp.trade), "8.2"),
                    ("income: American trade", money(pp.american), "12.9"),
                    ("not received: occupied", pp.occupied, "8.2"),
                    ("not received: trade lost", money(pp.trade_lost), "12.2.2"),
                    (
                        "not received: war with America",
                        money(pp.american_war_lost),
                        "12.9",
                    ),
                ] {
                    if a != Amount::default() {
                        add(kind, a, "", rule);
                    }
                }
                add("income", pp.income, "", "8.2");
                for (rule, a) in &pp.spent {
                    add("spent", *a, "", rule);
                }
                for (rule, a) in &pp.other {
                    add("other", *a, "", rule);
                }
                add("closing", st(pp.closing), status, "");
            }
        }
        for t in &self.treasury_other {
            rows.push(Row {
                section: "treasury",
                date: d(t.date),
                power: self.name(t.power),
                kind: "outside an Economic Phase".into(),
                detail: t.reason.clone(),
                money: t.change.money.to_string(),
                manpower: t.change.manpower.to_string(),
                rule: t.rule.clone(),
                ..Row::default()
            });
        }
        let mut prev: Option<&Snapshot> = None;
        for sn in &self.snapshots {
            for (p, name) in &self.powers {
                let pp = sn.powers.get(p).map_or(0, |x| x.political_points);
                let change = prev
                    .and_then(|x| x.powers.get(p))
                    .map(|b| signed(pp - b.political_points))
                    .unwrap_or_default();
                rows.push(Row {
                    section: "points",
                    date: sn
                        .date
                        .map(|x| x.to_string())
                        .unwrap_or_else(|| "start".into()),
                    power: name.clone(),
                    kind: if sn.complete { "close" } else { "in progress" }.into(),
                    detail: change,
                    points: pp.to_string(),
                    ..Row::default()
                });
            }
            prev = Some(sn);
        }
        let mut out = CSV_COLUMNS.join(",");
        out.push('\n');
        for r in rows {
            let cells: Vec<String> = r.cells().iter().map(|c| csv_cell(c)).collect();
            out.push_str(&cells.join(","));
            out.push('\n');
        }
        out
    }
}

/// The CSV table's columns (their meaning per section is in `docs/records.md`).
pub const CSV_COLUMNS: [&str; 11] = [
    "section", "date", "until", "power", "other", "kind", "detail", "money", "manpower", "points",
    "rule",
];

/// Quotes a CSV cell when it holds a comma, a quote or a line break (RFC 4180).
pub(super) fn csv_cell(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
