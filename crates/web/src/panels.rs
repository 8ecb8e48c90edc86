//! The game table's panels (issue 18), each built from one seat's view: the Political Status Display (4.6.1),
//! the diplomacy matrix (wars 4.2, alliances 4.5 with 4.5.3's wait after a break, enforced peace 4.4.6.3, royal
//! marriage B.5) and the minors (4.6), treasuries (rule 8), private messages and proposals (4.1), the log with
//! its dice, the battle in progress with its odds (Coalition's 7.5), and the records of rule 12.6 with the chart.

use crate::markdown;
use crate::page::{Failure, html};
use askama::Template;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use coalition_engine::event::Event;
use coalition_engine::ids::{Nation, PowerId};
use coalition_engine::scenario::Scenario;
use coalition_engine::view::View;
use coalition_present::describe;
use coalition_server::App;

pub struct StatusRow {
    pub name: String,
    /// The points as the display shows them (a value past its last box says so).
    pub points: String,
    pub zone: String,
    pub modifier: String,
    pub money: i32,
    pub manpower: i32,
}

/// 4.6.1 and rule 8: every power's political points, zone, status modifier, money and manpower.
pub fn status(s: &Scenario, v: &View) -> Vec<StatusRow> {
    v.status
        .iter()
        .map(|(p, l)| {
            let ps = v.state.world.powers.get(p);
            StatusRow {
                name: describe::power(s, *p),
                points: describe::position::points_shown(s, l.political_points),
                zone: l.zone.clone(),
                modifier: if l.modifier > 0 {
                    format!("+{}", l.modifier)
                } else {
                    l.modifier.to_string()
                },
                money: ps.map_or(0, |x| x.money),
                manpower: ps.map_or(0, |x| x.manpower),
            }
        })
        .collect()
}

pub struct Matrix {
    pub heads: Vec<String>,
    pub rows: Vec<(String, Vec<String>)>,
}

/// The relations between two powers, in words, as of the view's date: war (4.2), alliance (4.5) or the wait after
/// a broken one (4.5.3), enforced peace both ways (4.4.6.3), royal marriage (B.5).
fn relation(s: &Scenario, v: &View, a: PowerId, b: PowerId) -> String {
    let w = &v.state.world;
    let mut out = Vec::new();
    if let Some(war) = w.current_war(a.into(), b.into()) {
        out.push(format!("war since {}", war.since));
    }
    if let Some(al) = w.alliance(a, b) {
        out.push(format!("allied since {}", al.since));
    } else if let Some(br) = w.last_broken_alliance(a, b) {
        let until = br.date.plus_months(s.charts.alliances.realliance_months);
        if w.date() < until {
            out.push(format!(
                "alliance broken by {} in {}: no new one until {until}",
                describe::powers(s, &br.by),
                br.date
            ));
        }
    }
    for (x, y) in [(a, b), (b, a)] {
        if let Some(e) = w.enforced_peace(x, y) {
            out.push(format!(
                "{} may not declare war on {} until {}",
                describe::power(s, x),
                describe::power(s, y),
                e.until
            ));
        }
    }
    if w.relations
        .royal_marriages
        .iter()
        .any(|m| m.broken.is_none() && ((m.a, m.b) == (a, b) || (m.a, m.b) == (b, a)))
    {
        out.push("royal marriage".into());
    }
    if out.is_empty() {
        "at peace".into()
    } else {
        out.join("; ")
    }
}

/// The diplomacy matrix of the seven powers.
pub fn diplomacy(s: &Scenario, v: &View) -> Matrix {
    let powers: Vec<PowerId> = v.state.world.powers.keys().copied().collect();
    Matrix {
        heads: powers.iter().map(|p| describe::power(s, *p)).collect(),
        rows: powers
            .iter()
            .map(|a| {
                (
                    describe::power(s, *a),
                    powers
                        .iter()
                        .map(|b| {
                            if a == b {
                                "—".to_string()
                            } else {
                                relation(s, v, *a, *b)
                            }
                        })
                        .collect(),
                )
            })
            .collect(),
    }
}

pub struct MinorLine {
    pub name: String,
    pub controller: String,
    pub status: String,
    pub wars: String,
}

/// 4.6: each minor country's controller, status and wars.
pub fn minors(s: &Scenario, v: &View) -> Vec<MinorLine> {
    let w = &v.state.world;
    s.minors
        .iter()
        .map(|m| {
            let st = w.minors.get(&m.id);
            let enemies: Vec<String> = w
                .enemies(Nation::Minor(m.id))
                .into_iter()
                .map(|n| describe::nation(s, n))
                .collect();
            MinorLine {
                name: m.name.clone(),
                controller: st
                    .and_then(|x| x.controller)
                    .map_or("none".into(), |p| describe::power(s, p)),
                status: st.map_or("—".into(), |x| {
                    coalition_engine::game::record::status_name(x.status).to_string()
                }),
                wars: if enemies.is_empty() {
                    "at peace".into()
                } else {
                    enemies.join(", ")
                },
            }
        })
        .collect()
}

/// 4.1: the messages and proposals this power sent or received, oldest first, cut into pages (see [`pages`]):
/// page `page` (the latest when none or out of range). However many and long the messages other players send,
/// the table stays under its size limit.
pub fn messages(s: &Scenario, v: &View, page: Option<usize>) -> Paged<String> {
    let lines: Vec<String> = v
        .log
        .iter()
        .filter_map(|e| match e {
            Event::MessageSent { message: m } => {
                let body = describe::diplomatic(s, m.from, &m.body);
                if m.to.contains(&v.power) {
                    Some(format!(
                        "{} from {}: {body}",
                        m.date,
                        describe::power(s, m.from)
                    ))
                } else if m.from == v.power {
                    Some(format!(
                        "{} to {}: {body}",
                        m.date,
                        describe::powers(s, &m.to)
                    ))
                } else {
                    None
                }
            }
            _ => None,
        })
        .collect();
    Paged::cut(lines, String::len, page)
}

/// One page of a long list (the log, the messages): its lines, which page it is (0: the oldest) and how many.
pub struct Paged<T> {
    pub lines: Vec<T>,
    pub page: usize,
    pub pages: usize,
}

/// The most text (bytes) one page of the log or of the messages holds: with the rest of the table, a page stays
/// well under `PAGE_LIMIT`.
pub const PAGE_TEXT: usize = 48 * 1024;

impl<T> Paged<T> {
    /// Cuts `lines` into pages of at most [`LOG_LINES`] lines and [`PAGE_TEXT`] bytes (a line longer than that
    /// has a page of its own) and keeps page `page` (the latest when none or out of range).
    pub fn cut(mut lines: Vec<T>, size: impl Fn(&T) -> usize, page: Option<usize>) -> Paged<T> {
        let mut starts = vec![0];
        let (mut n, mut bytes) = (0, 0);
        for (i, l) in lines.iter().enumerate() {
            let b = size(l);
            if n > 0 && (n == LOG_LINES || bytes + b > PAGE_TEXT) {
                starts.push(i);
                (n, bytes) = (0, 0);
            }
            n += 1;
            bytes += b;
        }
        let pages = starts.len();
        let page = page.filter(|p| *p < pages).unwrap_or(pages - 1);
        let end = starts.get(page + 1).copied().unwrap_or(lines.len());
        lines.truncate(end);
        let lines = lines.split_off(starts[page].min(lines.len()));
        Paged { lines, page, pages }
    }
}

pub struct LogLine {
    pub n: usize,
    pub text: String,
}

/// How many lines of the log one page of the table shows (a whole campaign's log is a few megabytes: the table
/// pages through it and stays under the page limit).
pub const LOG_LINES: usize = 120;

/// One page of the log.
pub type LogPage = Paged<LogLine>;

/// V.3: the log as this power may read it (every die with its modifiers), oldest first, cut into pages (see
/// [`Paged::cut`]): page `page` (the latest when none or out of range).
pub fn log(s: &Scenario, v: &View, page: Option<usize>) -> LogPage {
    let lines: Vec<LogLine> = v
        .log
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            describe::seen::event_seen_by(s, &v.state, v.power, e)
                .map(|text| LogLine { n: i + 1, text })
        })
        .collect();
    Paged::cut(lines, |l| l.text.len(), page)
}

/// The battle this power fights now (Coalition's 7.5).
pub struct BattleView {
    /// Where, who, the terrain, its own corps (the enemy's by name only, V.2).
    pub header: Vec<String>,
    /// The odds of each pair of chits, once the first day is over (V.3.2).
    pub odds: Option<String>,
    /// The battle so far, day by day: each day's chits, every die with its modifiers, the losses.
    pub days: Vec<String>,
}

/// Coalition's 7.5: the battle this power fights now, if any.
pub fn battle(s: &Scenario, v: &View) -> Option<BattleView> {
    let b = v.state.land.battle.as_ref()?;
    if b.attacker != v.power && b.defender != Some(v.power) {
        return None;
    }
    let began = v.log.iter().rposition(|e| {
        matches!(
            e,
            Event::Land(coalition_engine::land::LandEvent::BattleBegan { .. })
        )
    });
    let days = began
        .map(|i| {
            v.log[i..]
                .iter()
                .filter_map(|e| describe::seen::event_seen_by(s, &v.state, v.power, e))
                .collect()
        })
        .unwrap_or_default();
    Some(BattleView {
        header: describe::land::battle_header(s, &v.state, v.power),
        odds: coalition_present::battle::odds_at(s, &v.rulebook, &v.state, v.power),
        days,
    })
}

#[derive(Template)]
#[template(path = "records.html")]
struct RecordsPage {
    title: String,
    id: String,
    chart: String,
    body: String,
}

/// `GET /games/{id}/records`: rule 12.6's records as the seat may read them, with the chart of points and money.
pub async fn records_page(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Failure> {
    let seat = crate::seat::by_cookie(&app, &id, &headers).await?;
    let live = app.hub.read(&id).await?;
    let p = crate::seat::seat_power(&live, &seat, None)?;
    let v = crate::seat::whole_views(&app, &live, &[p])
        .await?
        .pop()
        .expect("one view");
    let s = live.game.scenario().clone();
    drop(live);
    // The seed stays secret until the end (the commitment is public): the record is compiled without it.
    let r = coalition_engine::game::record::compile_log(&s, &v.state, &v.log, &v.rulebook, 0);
    let chart =
        coalition_present::chart_svg::render(&s, &r.snapshots, "Political points and money");
    let body = markdown::to_html(&coalition_present::records::markdown::markdown(
        &r, v.finished,
    ));
    Ok(html(
        StatusCode::OK,
        &RecordsPage {
            title: format!("Records of game {id}"),
            id,
            chart,
            body,
        },
    ))
}
