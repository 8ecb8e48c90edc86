//! Garrisons, depots and sieges on the map (rules 7.2, 7.3.5 and 7.7 as Coalition writes them,
//! `docs/rules/land.md`; what is shown follows `docs/rules/visibility.md`): a small filled badge in the owner's
//! colour under the area for each nation's garrison, with its factors where the reader may see them (V.1) and
//! `G` where not (V.2); a small square with `D` in the owner's colour above the area for each depot; a dashed
//! red ring round a besieged city. Every mark is a counter on the board, so every reader sees it.

use super::forces::Seen;
use super::labels::{Rect, text_width};
use super::{FORCE_FONT, esc};
use crate::describe::{area, factors, nation};
use coalition_engine::ids::{AreaId, Nation};
use coalition_engine::scenario::Scenario;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The colour of a nation's marks: its power's colour, grey for a minor's.
pub fn colour(s: &Scenario, n: Nation) -> &str {
    match n {
        Nation::Power(p) => s.power(p).map(|d| d.color.as_str()).unwrap_or("#333333"),
        Nation::Minor(_) => "#555555",
    }
}

/// Colour of the ring round a besieged city.
pub const SIEGE: &str = "#c0392b";

/// A garrison badge's text: its factors where seen, `G` where not.
pub fn garrison_text(total: Option<u32>) -> String {
    total.map_or_else(|| "G".to_string(), |n| n.to_string())
}

/// A garrison badge's width for its text.
pub fn garrison_width(text: &str) -> f64 {
    text_width(text, FORCE_FONT - 1.0, true) + 4.0
}

/// The first of `candidates` (top left corners) where a `w` × `h` mark overlaps none of `taken`, else the first.
fn free(taken: &[Rect], candidates: &[(f64, f64)], w: f64, h: f64) -> (f64, f64) {
    candidates
        .iter()
        .copied()
        .find(|&(x, y)| {
            let r = Rect {
                x0: x - 0.5,
                y0: y - 0.5,
                x1: x + w + 0.5,
                y1: y + h + 0.5,
            };
            taken.iter().all(|t| t.overlap(&r) <= 0.0)
        })
        .unwrap_or(candidates[0])
}

/// A garrison badge (filled in the owner's colour, white text) with its top left at (`x`, `y`); its width.
pub fn garrison_badge(
    out: &mut String,
    x: f64,
    y: f64,
    fill: &str,
    text: &str,
    title: &str,
) -> f64 {
    let w = garrison_width(text);
    let _ = write!(
        out,
        r##"<g class="garrison"><title>{}</title><rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="9.0" rx="4.5" fill="{}" stroke="#ffffff" stroke-width="0.8"/><text x="{:.1}" y="{:.1}" font-size="{:.1}" font-weight="bold" fill="#ffffff" text-anchor="middle">{}</text></g>"##,
        esc(title),
        esc(fill),
        x + w / 2.0,
        y + 7.0,
        FORCE_FONT - 1.0,
        esc(text)
    );
    w
}

/// A depot marker (a square with `D` in the owner's colour) with its top left at (`x`, `y`).
pub fn depot_mark(out: &mut String, x: f64, y: f64, stroke: &str, title: &str) {
    let _ = write!(
        out,
        r##"<g class="depot"><title>{}</title><rect x="{x:.1}" y="{y:.1}" width="8.0" height="8.0" fill="#ffffff" stroke="{}" stroke-width="1.3"/><text x="{:.1}" y="{:.1}" font-size="6.5" font-weight="bold" fill="{}" text-anchor="middle">D</text></g>"##,
        esc(title),
        esc(stroke),
        x + 4.0,
        y + 6.5,
        esc(stroke)
    );
}

/// A siege's ring round the point (`x`, `y`).
pub fn siege_ring(out: &mut String, x: f64, y: f64, title: &str) {
    let _ = write!(
        out,
        r##"<g class="siege"><title>{}</title><circle cx="{x:.1}" cy="{y:.1}" r="10.0" fill="none" stroke="{SIEGE}" stroke-width="2.0" stroke-dasharray="3 2"/></g>"##,
        esc(title)
    );
}

/// Every garrison, depot and siege as the reader may see them, and the boxes they take (labels avoid them).
pub fn marks(
    s: &Scenario,
    seen: &Seen,
    area_xy: &BTreeMap<AreaId, (f64, f64)>,
) -> (String, Vec<Rect>) {
    let st = seen.state;
    let mut out = String::from("<g class=\"garrisons-depots\">\n");
    let mut rects = Vec::new();
    for (a, siege) in &st.sieges {
        let Some(&(x, y)) = area_xy.get(a) else {
            continue;
        };
        let names = |ns: &std::collections::BTreeSet<Nation>| {
            ns.iter()
                .map(|n| nation(s, *n))
                .collect::<Vec<_>>()
                .join(", ")
        };
        siege_ring(
            &mut out,
            x,
            y,
            &format!(
                "{} besieged by {} since {} (the garrison of {} holds it)",
                area(s, *a),
                names(&siege.besiegers),
                siege.since,
                names(&siege.besieged)
            ),
        );
        out.push('\n');
    }
    let mut garrisons: BTreeMap<AreaId, Vec<(Nation, u32, String)>> = BTreeMap::new();
    for ((a, owner), f) in &st.forces.garrisons {
        if f.is_empty() {
            continue;
        }
        garrisons
            .entry(*a)
            .or_default()
            .push((*owner, f.total(), factors(f)));
    }
    for (a, list) in &garrisons {
        let Some(&(x, y)) = area_xy.get(a) else {
            continue;
        };
        for (owner, total, by_kind) in list {
            let shown = seen.factors_of(*owner).then_some(*total);
            let title = match shown {
                Some(_) => format!(
                    "garrison of {} at {}: {by_kind}",
                    nation(s, *owner),
                    area(s, *a)
                ),
                None => format!(
                    "garrison of {} at {} (factors not seen)",
                    nation(s, *owner),
                    area(s, *a)
                ),
            };
            let text = garrison_text(shown);
            let w = garrison_width(&text);
            let candidates = [
                (x + 5.5, y + 1.5),
                (x + 5.5, y - 10.5),
                (x - 5.5 - w, y + 1.5),
                (x - w / 2.0, y + 7.0),
                (x - 5.5 - w, y - 10.5),
                (x - w / 2.0, y - 16.0),
            ];
            let (gx, gy) = free(&rects, &candidates, w, 9.0);
            garrison_badge(&mut out, gx, gy, colour(s, *owner), &text, &title);
            out.push('\n');
            rects.push(Rect {
                x0: gx,
                y0: gy,
                x1: gx + w,
                y1: gy + 9.0,
            });
        }
    }
    for (a, owners) in &st.forces.depots {
        let Some(&(x, y)) = area_xy.get(a) else {
            continue;
        };
        for owner in owners {
            let candidates = [
                (x - 14.0, y - 13.0),
                (x + 6.0, y - 13.0),
                (x - 14.0, y + 4.0),
                (x - 4.0, y - 19.0),
                (x - 23.5, y - 13.0),
                (x + 6.0, y + 11.0),
            ];
            let (dx, dy) = free(&rects, &candidates, 8.0, 8.0);
            depot_mark(
                &mut out,
                dx,
                dy,
                colour(s, *owner),
                &format!("depot of {} at {}", nation(s, *owner), area(s, *a)),
            );
            out.push('\n');
            rects.push(Rect {
                x0: dx,
                y0: dy,
                x1: dx + 8.0,
                y1: dy + 8.0,
            });
        }
    }
    out.push_str("</g>\n");
    (out, rects)
}

#[cfg(test)]
mod tests {
    use super::*;
    use coalition_engine::Date;
    use coalition_engine::ids::PowerId;
    use coalition_engine::scenario::embedded_scenario;
    use coalition_engine::state::State;
    use coalition_engine::world::Siege;

    #[test]
    fn a_besieged_city_is_ringed_for_every_reader() {
        let s = embedded_scenario("1805").unwrap();
        let mut st = State::initial(&s);
        let ulm = AreaId::new("ulm").unwrap();
        let (austria, france) = (
            PowerId::new("austria").unwrap(),
            PowerId::new("france").unwrap(),
        );
        st.world.sieges.insert(
            ulm,
            Siege {
                besieged: [Nation::Power(austria)].into(),
                besiegers: [Nation::Power(france)].into(),
                since: Date::new(1805, 9).unwrap(),
            },
        );
        let xy: BTreeMap<AreaId, (f64, f64)> =
            s.map.areas.iter().map(|a| (a.id, (100.0, 100.0))).collect();
        for viewer in [None, Some(austria), Some(france)] {
            let seen = Seen { state: &st, viewer };
            let (svg, _) = marks(&s, &seen, &xy);
            assert!(
                svg.contains(
                    r#"<g class="siege"><title>Ulm besieged by France since 1805-09 (the garrison of Austria holds it)</title>"#
                ),
                "{svg}"
            );
        }
    }
}
