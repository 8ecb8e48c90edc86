//! Rule 12.6: the written record rendered as Markdown, a section with a table for each form.

use super::*;

impl super::Markdown for Records {
    /// The record in Markdown: a section with a table for each form.
    fn markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# Written record: {}\n", self.scenario);
        let _ = writeln!(
            out,
            "Seed {}. {} {}.\n",
            self.seed,
            if self.finished {
                "The game is over; last step"
            } else {
                "Now"
            },
            self.position
        );
        let _ = writeln!(
            out,
            "Rulebook: {}.\n",
            crate::describe::rulebook(&self.rulebook)
        );
        let _ = writeln!(
            out,
            "These are the forms of rule 12.6 (blank forms), kept by Coalition from the game's log{}.\n",
            if self.rulebook.has(OptionalRule::BlankForms) {
                ""
            } else {
                " (optional rule 12.6 is off in this game; the record is kept all the same)"
            }
        );

        out.push_str("## Wars\n\n");
        if self.wars.is_empty() {
            out.push_str("No war.\n\n");
        } else {
            let rows: Vec<Vec<String>> = self
                .wars
                .iter()
                .map(|w| {
                    vec![
                        w.aggressor.clone(),
                        w.defender.clone(),
                        format!("{} [{}]", w.joined, w.rule),
                        w.since.to_string(),
                        date_or(w.ended, "at war"),
                        w.end.clone(),
                    ]
                })
                .collect();
            table(
                &mut out,
                &[
                    "aggressor",
                    "defender",
                    "joined",
                    "since",
                    "ended",
                    "how it ended",
                ],
                &rows,
            );
        }

        out.push_str("## Peaces\n\n");
        if self.peaces.is_empty() {
            out.push_str("No peace made.\n\n");
        } else {
            let rows: Vec<Vec<String>> = self
                .peaces
                .iter()
                .map(|p| {
                    vec![
                        p.date.to_string(),
                        p.kind.to_string(),
                        p.loser.clone(),
                        p.victor.clone(),
                        if p.terms.is_empty() {
                            "none".into()
                        } else {
                            p.terms.join("; ")
                        },
                        date_or(p.loser_until, "—"),
                        date_or(p.victor_until, "—"),
                    ]
                })
                .collect();
            table(
                &mut out,
                &[
                    "date",
                    "kind",
                    "loser",
                    "victor",
                    "terms",
                    "loser may declare war again from",
                    "victor may declare war again from",
                ],
                &rows,
            );
        }

        if !self.obligations.is_empty() {
            out.push_str("### What the peaces left for later\n\n");
            let rows: Vec<Vec<String>> = self
                .obligations
                .iter()
                .map(|o| {
                    vec![
                        o.date.to_string(),
                        o.term.clone(),
                        o.from.clone(),
                        o.to.clone(),
                        o.detail.clone(),
                        date_or(o.until, ""),
                    ]
                })
                .collect();
            table(
                &mut out,
                &["month", "term", "from", "to", "what", "until"],
                &rows,
            );
        }

        out.push_str("## Enforced peaces\n\n");
        if self.enforced.is_empty() {
            out.push_str("No enforced peace.\n\n");
        } else {
            let rows: Vec<Vec<String>> = self
                .enforced
                .iter()
                .map(|e| {
                    vec![
                        e.restricted.clone(),
                        e.towards.clone(),
                        e.since.to_string(),
                        e.until.to_string(),
                        if e.in_force {
                            "in force".into()
                        } else {
                            "over".into()
                        },
                        e.rule.clone(),
                    ]
                })
                .collect();
            table(
                &mut out,
                &[
                    "may not declare war",
                    "on",
                    "since",
                    "until (first month free)",
                    "now",
                    "rule",
                ],
                &rows,
            );
        }

        out.push_str("## Alliances\n\n");
        if self.alliances.is_empty() {
            out.push_str("No alliance.\n\n");
        } else {
            let rows: Vec<Vec<String>> = self
                .alliances
                .iter()
                .map(|a| {
                    vec![
                        a.a.clone(),
                        a.b.clone(),
                        format!("{} [{}]", a.since, a.rule),
                        date_or(a.broken, "in force"),
                        a.broken_by.clone(),
                        if a.broken.is_some() {
                            format!("{} [{}]", a.how, a.broken_rule)
                        } else {
                            String::new()
                        },
                    ]
                })
                .collect();
            table(
                &mut out,
                &["power", "power", "since", "broken", "broken by", "how"],
                &rows,
            );
        }
        if !self.marriages.is_empty() {
            out.push_str("### Royal marriages\n\n");
            let rows: Vec<Vec<String>> = self
                .marriages
                .iter()
                .map(|m| {
                    vec![
                        m.a.clone(),
                        m.b.clone(),
                        m.since.to_string(),
                        date_or(m.broken, "in force"),
                    ]
                })
                .collect();
            table(&mut out, &["power", "power", "since", "broken"], &rows);
        }

        out.push_str("## Minor countries\n\n");
        if self.minors.is_empty() {
            out.push_str("No minor country is controlled.\n\n");
        } else {
            let rows: Vec<Vec<String>> = self
                .minors
                .iter()
                .map(|m| {
                    vec![
                        m.minor.clone(),
                        if m.controller.is_empty() {
                            "nobody".into()
                        } else {
                            m.controller.clone()
                        },
                        m.status.to_string(),
                        date_or(m.since, "start"),
                        if m.rule.is_empty() {
                            m.how.clone()
                        } else {
                            format!("{} [{}]", m.how, m.rule)
                        },
                    ]
                })
                .collect();
            table(
                &mut out,
                &["minor country", "controller", "status", "since", "how"],
                &rows,
            );
        }
        if !self.minor_changes.is_empty() {
            out.push_str("### Changes of control\n\n");
            let rows: Vec<Vec<String>> = self
                .minor_changes
                .iter()
                .map(|m| {
                    vec![
                        m.date.to_string(),
                        m.minor.clone(),
                        if m.controller.is_empty() {
                            "nobody".into()
                        } else {
                            m.controller.clone()
                        },
                        m.status.to_string(),
                        format!("{} [{}]", m.how, m.rule),
                    ]
                })
                .collect();
            table(
                &mut out,
                &["month", "minor country", "controller", "status", "how"],
                &rows,
            );
        }

        out.push_str("## Economic Phases\n\n");
        if self.phases.is_empty() {
            out.push_str("No Economic Phase yet.\n\n");
        } else {
            out.push_str(
                "Each cell is money / manpower. Income is what the collection step paid by source (occupied: \
                 what the power's provinces held by others would have paid; trade lost: colonial trade cut by \
                 enemy fleets, 12.2.2); spent is every decrease in the phase's later steps; other is any other \
                 change, by its rule. Opening + income − spent + other = closing.\n\n",
            );
            for ph in &self.phases {
                let _ = writeln!(
                    out,
                    "### {}{}\n",
                    ph.date,
                    if ph.complete { "" } else { " (in progress)" }
                );
                let rows: Vec<Vec<String>> = ph
                    .powers
                    .iter()
                    .map(|(p, pp)| {
                        let other: Vec<String> = pp
                            .other
                            .iter()
                            .map(|(rule, a)| {
                                format!("{} / {} [{rule}]", signed(a.money), signed(a.manpower))
                            })
                            .collect();
                        vec![
                            self.name(*p),
                            format!("{} / {}", pp.opening.money, pp.opening.manpower),
                            amount(pp.provinces),
                            amount(pp.minors),
                            pp.trade.to_string(),
                            if pp.occupied == Amount::default() && pp.trade_lost == 0 {
                                "—".into()
                            } else {
                                format!(
                                    "occupied {}; trade lost {}",
                                    amount(pp.occupied),
                                    pp.trade_lost
                                )
                            },
                            amount(pp.income),
                            amount(pp.spent_total()),
                            if other.is_empty() {
                                "—".into()
                            } else {
                                other.join("; ")
                            },
                            format!("{} / {}", pp.closing.money, pp.closing.manpower),
                        ]
                    })
                    .collect();
                table(
                    &mut out,
                    &[
                        "power",
                        "opening",
                        "provinces",
                        "minors",
                        "trade",
                        "not received",
                        "income",
                        "spent",
                        "other",
                        "closing",
                    ],
                    &rows,
                );
            }
        }
        if !self.treasury_other.is_empty() {
            out.push_str("### Money and manpower outside the Economic Phases\n\n");
            let rows: Vec<Vec<String>> = self
                .treasury_other
                .iter()
                .map(|t| {
                    vec![
                        t.date.to_string(),
                        self.name(t.power),
                        format!("{} / {}", signed(t.change.money), signed(t.change.manpower)),
                        format!("{} [{}]", t.reason, t.rule),
                    ]
                })
                .collect();
            table(
                &mut out,
                &["month", "power", "money / manpower", "why"],
                &rows,
            );
        }

        out.push_str("## Political points\n\n");
        out.push_str(
            "Each power's political points at the start of play and at the close of each Economic Phase, with \
             the change since the line before.\n\n",
        );
        let mut head = vec!["".to_string()];
        head.extend(self.powers.iter().map(|(_, n)| n.clone()));
        let head: Vec<&str> = head.iter().map(|s| s.as_str()).collect();
        let mut prev: Option<&Snapshot> = None;
        let mut rows = Vec::new();
        for sn in &self.snapshots {
            let mut row = vec![if sn.complete {
                sn.label.clone()
            } else {
                format!("{} (in progress)", sn.label)
            }];
            for (p, _) in &self.powers {
                let pp = sn.powers.get(p).map_or(0, |x| x.political_points);
                match prev.and_then(|x| x.powers.get(p)) {
                    Some(b) => row.push(format!("{pp} ({})", signed(pp - b.political_points))),
                    None => row.push(pp.to_string()),
                }
            }
            rows.push(row);
            prev = Some(sn);
        }
        table(&mut out, &head, &rows);
        out
    }
}
