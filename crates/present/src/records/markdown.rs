//! Rule 12.6: the written record rendered as Markdown, a section with a table for each form.

use super::*;

/// Rule 12.6: "Seed N. " for a record that shows its seed; nothing for one made before the seed is revealed.
fn seed_words(r: &Records, show_seed: bool) -> String {
    if show_seed {
        format!("Seed {}. ", r.seed)
    } else {
        String::new()
    }
}

impl super::Markdown for Records {
    /// The record in Markdown: a section with a table for each form.
    fn markdown(&self) -> String {
        markdown(self, true)
    }
}

/// Rule 12.6: the record in Markdown, with its seed or (for a seat, while the game goes on: the seed is revealed
/// only at its end) without it.
pub fn markdown(r: &Records, show_seed: bool) -> String {
    let this = r;
    {
        let mut out = String::new();
        let _ = writeln!(out, "# Written record: {}\n", this.scenario);
        match &this.outcome {
            Some(o) => {
                let _ = writeln!(
                    out,
                    "{}The game is over: it ended in {}.\n",
                    seed_words(this, show_seed),
                    o.date
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "{}Now {}.\n",
                    seed_words(this, show_seed),
                    this.position
                );
            }
        }
        let _ = writeln!(
            out,
            "Rulebook: {}.\n",
            crate::describe::rulebook(&this.rulebook)
        );
        let _ = writeln!(
            out,
            "These are the forms of rule 12.6 (blank forms), kept by Coalition from the game's log{}.\n",
            if this.rulebook.has(OptionalRule::BlankForms) {
                ""
            } else {
                " (optional rule 12.6 is off in this game; the record is kept all the same)"
            }
        );

        if let Some(o) = &this.outcome {
            let name = |p| this.name(p);
            let _ = writeln!(out, "## The end of the game\n");
            let _ = writeln!(
                out,
                "The game ended in {}: {}. {}\n",
                o.date,
                crate::ending::why(o),
                crate::ending::verdict(o, &name)
            );
            table(
                &mut out,
                &["place", "player", "power counted", "margin", "powers"],
                &crate::ending::player_rows(o, &name),
            );
            table(
                &mut out,
                &[
                    "power",
                    "player",
                    "victory points",
                    "target",
                    "margin",
                    "status",
                ],
                &crate::ending::power_rows(o, &name),
            );
        }

        form(
            &mut out,
            "## Wars",
            Some("No war."),
            &this.wars,
            &[
                "aggressor",
                "defender",
                "joined",
                "since",
                "ended",
                "how it ended",
            ],
            |w| {
                vec![
                    w.aggressor.clone(),
                    w.defender.clone(),
                    format!("{} [{}]", w.joined, w.rule),
                    w.since.to_string(),
                    date_or(w.ended, "at war"),
                    w.end.clone(),
                ]
            },
        );

        form(
            &mut out,
            "## Peaces",
            Some("No peace made."),
            &this.peaces,
            &[
                "date",
                "kind",
                "loser",
                "victor",
                "terms",
                "loser may declare war again from",
                "victor may declare war again from",
            ],
            |p| {
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
            },
        );

        form(
            &mut out,
            "### What the peaces left for later",
            None,
            &this.obligations,
            &["month", "term", "from", "to", "what", "until"],
            |o| {
                vec![
                    o.date.to_string(),
                    o.term.clone(),
                    o.from.clone(),
                    o.to.clone(),
                    o.detail.clone(),
                    date_or(o.until, ""),
                ]
            },
        );

        form(
            &mut out,
            "## Enforced peaces",
            Some("No enforced peace."),
            &this.enforced,
            &[
                "may not declare war",
                "on",
                "since",
                "until (first month free)",
                "now",
                "rule",
            ],
            |e| {
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
            },
        );

        form(
            &mut out,
            "## Alliances",
            Some("No alliance."),
            &this.alliances,
            &["power", "power", "since", "broken", "broken by", "how"],
            |a| {
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
            },
        );
        form(
            &mut out,
            "### Royal marriages",
            None,
            &this.marriages,
            &["power", "power", "since", "broken"],
            |m| {
                vec![
                    m.a.clone(),
                    m.b.clone(),
                    m.since.to_string(),
                    date_or(m.broken, "in force"),
                ]
            },
        );

        form(
            &mut out,
            "## Minor countries",
            Some("No minor country is controlled."),
            &this.minors,
            &["minor country", "controller", "status", "since", "how"],
            |m| {
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
            },
        );
        form(
            &mut out,
            "### Changes of control",
            None,
            &this.minor_changes,
            &["month", "minor country", "controller", "status", "how"],
            |m| {
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
            },
        );

        out.push_str("## Economic Phases\n\n");
        if this.phases.is_empty() {
            out.push_str("No Economic Phase yet.\n\n");
        } else {
            out.push_str(
                "Each cell is money / manpower. Income is what the collection step paid by source (occupied: \
                 what the power's provinces held by others would have paid; trade lost: colonial trade cut by \
                 enemy fleets, 12.2.2, or by a war with America, 12.9; American: American trade, 12.9); spent is every decrease in the phase's later steps; other is any other \
                 change, by its rule. Opening + income − spent + other = closing.\n\n",
            );
            for ph in &this.phases {
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
                            this.name(*p),
                            format!("{} / {}", pp.opening.money, pp.opening.manpower),
                            amount(pp.provinces),
                            amount(pp.minors),
                            pp.trade.to_string(),
                            pp.american.to_string(),
                            if pp.occupied == Amount::default()
                                && pp.trade_lost == 0
                                && pp.american_war_lost == 0
                            {
                                "—".into()
                            } else {
                                format!(
                                    "occupied {}; trade lost {}",
                                    amount(pp.occupied),
                                    pp.trade_lost.saturating_add(pp.american_war_lost)
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
                        "American",
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
        form(
            &mut out,
            "### Money and manpower outside the Economic Phases",
            None,
            &this.treasury_other,
            &["month", "power", "money / manpower", "why"],
            |t| {
                vec![
                    t.date.to_string(),
                    this.name(t.power),
                    format!("{} / {}", signed(t.change.money), signed(t.change.manpower)),
                    format!("{} [{}]", t.reason, t.rule),
                ]
            },
        );

        out.push_str("## Political points\n\n");
        out.push_str(
            "Each power's political points at the start of play and at the close of each Economic Phase, with \
             the change since the line before.\n\n",
        );
        let mut head = vec!["".to_string()];
        head.extend(this.powers.iter().map(|(_, n)| n.clone()));
        let head: Vec<&str> = head.iter().map(|s| s.as_str()).collect();
        let mut prev: Option<&Snapshot> = None;
        let mut rows = Vec::new();
        for sn in &this.snapshots {
            let mut row = vec![if sn.complete {
                sn.label.clone()
            } else {
                format!("{} (in progress)", sn.label)
            }];
            for (p, _) in &this.powers {
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

/// One form: its heading, and a table of `items` (one row each), or the line `empty` when there is none (with no
/// `empty`, a form with nothing in it is left out).
fn form<T>(
    out: &mut String,
    title: &str,
    empty: Option<&str>,
    items: &[T],
    head: &[&str],
    row: impl Fn(&T) -> Vec<String>,
) {
    if items.is_empty() {
        if let Some(e) = empty {
            out.push_str(&format!("{title}\n\n{e}\n\n"));
        }
        return;
    }
    out.push_str(&format!("{title}\n\n"));
    let rows: Vec<Vec<String>> = items.iter().map(row).collect();
    table(out, head, &rows);
}
