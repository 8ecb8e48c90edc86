//! `coalition chart`: the record of rule 12.6 as a picture — each power's political points and money at the start
//! of play and at the close of every Economic Phase, in two panels, with the Political Status Display's zones
//! (`charts.status_display`) drawn as labelled bands behind the political points.
//!
//! Like `map_svg`, the SVG is written by hand as text, with no dependency, and is deterministic: powers in key
//! order, zones in the data's order, every number with fixed decimals.

use crate::records::Snapshot;
use coalition_engine::ids::PowerId;
use coalition_engine::scenario::{Scenario, ZoneDef};
use std::fmt::Write;

const WIDTH: f64 = 1210.0;
const LEFT: f64 = 70.0;
const PLOT_W: f64 = 860.0;
/// The points are drawn between these offsets inside a panel; the zones' names stand right of them.
const DATA_X0: f64 = 24.0;
const DATA_X1: f64 = 680.0;
const TOP: f64 = 70.0;
const PP_H: f64 = 400.0;
const GAP: f64 = 80.0;
const MONEY_H: f64 = 260.0;
const BOTTOM: f64 = 80.0;
const LEGEND_X: f64 = LEFT + PLOT_W + 40.0;

/// Escapes text for SVG content and attribute values.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A zone's band colour: red for Fiasco, orange for Instability, green where the modifier helps, greys between.
fn zone_fill(z: &ZoneDef, i: usize) -> &'static str {
    if z.fiasco {
        "#f4cccc"
    } else if z.instability {
        "#fbe3c4"
    } else if z.modifier > 0 {
        "#d5ead3"
    } else if i % 2 == 0 {
        "#e9edf2"
    } else {
        "#f5f7fa"
    }
}

/// A marker of shape `k` (circle, square, triangle, diamond, triangle down, cross, star) centred on (`x`, `y`).
fn marker(out: &mut String, k: usize, x: f64, y: f64, r: f64, fill: &str) {
    let st = format!(r##"fill="{fill}" stroke="#222" stroke-width="1.2""##);
    let _ = match k % 7 {
        0 => writeln!(out, r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" {st}/>"#),
        1 => writeln!(
            out,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" {st}/>"#,
            x - r,
            y - r,
            2.0 * r,
            2.0 * r
        ),
        2 => writeln!(
            out,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" {st}/>"#,
            x,
            y - r * 1.2,
            x + r * 1.1,
            y + r * 0.9,
            x - r * 1.1,
            y + r * 0.9
        ),
        3 => writeln!(
            out,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" {st}/>"#,
            x,
            y - r * 1.3,
            x + r * 1.3,
            y,
            x,
            y + r * 1.3,
            x - r * 1.3,
            y
        ),
        4 => writeln!(
            out,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" {st}/>"#,
            x,
            y + r * 1.2,
            x + r * 1.1,
            y - r * 0.9,
            x - r * 1.1,
            y - r * 0.9
        ),
        5 => writeln!(
            out,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" {st}/>"#,
            x - r * 0.4,
            y - r * 1.2,
            x + r * 0.4,
            y - r * 1.2,
            x + r * 0.4,
            y - r * 0.4,
            x + r * 1.2,
            y - r * 0.4,
            x + r * 1.2,
            y + r * 0.4,
            x + r * 0.4,
            y + r * 0.4,
            x + r * 0.4,
            y + r * 1.2,
            x - r * 0.4,
            y + r * 1.2,
            x - r * 0.4,
            y + r * 0.4,
            x - r * 1.2,
            y + r * 0.4,
            x - r * 1.2,
            y - r * 0.4,
            x - r * 0.4,
            y - r * 0.4
        ),
        _ => {
            let mut pts = Vec::with_capacity(10);
            for i in 0..10 {
                let rad = if i % 2 == 0 { r * 1.4 } else { r * 0.6 };
                let a = std::f64::consts::PI * (i as f64) / 5.0 - std::f64::consts::FRAC_PI_2;
                pts.push(format!("{:.1},{:.1}", x + rad * a.cos(), y + rad * a.sin()));
            }
            writeln!(out, r#"<polygon points="{}" {st}/>"#, pts.join(" "))
        }
    };
}

/// A step for grid lines that gives about five to ten lines over `span`.
fn nice_step(span: i32) -> i32 {
    for s in [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000] {
        if span / s <= 10 {
            return s;
        }
    }
    span / 10 + 1
}

/// One panel's vertical scale: `lo` at the bottom, `hi` at the top.
struct Scale {
    lo: i32,
    hi: i32,
    top: f64,
    height: f64,
}

impl Scale {
    fn y(&self, v: f64) -> f64 {
        self.top + (self.hi as f64 - v) / (self.hi - self.lo).max(1) as f64 * self.height
    }
}

/// The SVG picture of `snapshots`: political points over the status display's zones, and money.
pub fn render(s: &Scenario, snapshots: &[Snapshot], title: &str) -> String {
    let powers: Vec<(PowerId, String, String)> = s
        .powers
        .iter()
        .map(|p| (p.id, p.name.clone(), p.color.clone()))
        .collect();
    let n = snapshots.len().max(1);
    let x = |i: usize| {
        if n == 1 {
            LEFT + (DATA_X0 + DATA_X1) / 2.0
        } else {
            LEFT + DATA_X0 + (DATA_X1 - DATA_X0) * i as f64 / (n - 1) as f64
        }
    };
    let value = |sn: &Snapshot, p: PowerId, money: bool| {
        sn.powers
            .get(&p)
            .map(|st| if money { st.money } else { st.political_points })
    };
    let all = |money: bool| -> Vec<i32> {
        snapshots
            .iter()
            .flat_map(|sn| {
                powers
                    .iter()
                    .filter_map(move |(p, ..)| value(sn, *p, money))
            })
            .collect()
    };
    let display = &s.charts.status_display;
    let pp = Scale {
        lo: all(false)
            .into_iter()
            .chain([display.min])
            .min()
            .unwrap_or(display.min),
        hi: all(false)
            .into_iter()
            .chain([display.max])
            .max()
            .unwrap_or(display.max),
        top: TOP,
        height: PP_H,
    };
    let money_hi = all(true).into_iter().max().unwrap_or(0).max(10);
    let money_lo = all(true).into_iter().min().unwrap_or(0).min(0);
    let mstep = nice_step(money_hi - money_lo);
    let money = Scale {
        lo: money_lo.div_euclid(mstep) * mstep,
        hi: (money_hi + mstep - 1).div_euclid(mstep) * mstep,
        top: TOP + PP_H + GAP,
        height: MONEY_H,
    };
    let height = TOP + PP_H + GAP + MONEY_H + BOTTOM;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{height:.0}" viewBox="0 0 {WIDTH:.0} {height:.0}" font-family="Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(out, "<title>{}</title>", esc(title));
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{WIDTH:.0}" height="{height:.0}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        out,
        r##"<text x="{LEFT:.1}" y="30.0" font-size="20" font-weight="bold" fill="#222">{}</text>"##,
        esc(title)
    );

    // The political points panel: zones first, as bands with their names.
    let _ = writeln!(
        out,
        r##"<text x="{LEFT:.1}" y="{:.1}" font-size="14" fill="#333">Political points, on the Political Status Display</text>"##,
        TOP - 12.0
    );
    for (i, z) in display.zones.iter().enumerate() {
        let from = z.from.max(pp.lo) as f64 - 0.5;
        let to = z.to.min(pp.hi) as f64 + 0.5;
        let (y0, y1) = (pp.y(to).max(pp.top), pp.y(from).min(pp.top + pp.height));
        if y1 <= y0 {
            continue;
        }
        let _ = writeln!(
            out,
            r#"<rect class="zone" data-zone="{}" x="{LEFT:.1}" y="{y0:.1}" width="{PLOT_W:.1}" height="{:.1}" fill="{}"><title>{} ({} to {}, modifier {})</title></rect>"#,
            esc(&z.name),
            y1 - y0,
            zone_fill(z, i),
            esc(&z.name),
            z.from,
            z.to,
            z.modifier
        );
        let _ = writeln!(
            out,
            r##"<text class="zone-label" x="{:.1}" y="{:.1}" font-size="13" font-style="italic" fill="#555" text-anchor="end">{} ({} to {})</text>"##,
            LEFT + PLOT_W - 8.0,
            (y0 + y1) / 2.0 + 4.5,
            esc(&z.name),
            z.from,
            z.to
        );
    }
    grid(&mut out, &pp, 5, n, &x, snapshots);
    for (k, (p, _, colour)) in powers.iter().enumerate() {
        line(&mut out, "pp", *p, k, colour, snapshots, &x, |sn| {
            value(sn, *p, false).map(|v| pp.y(v as f64))
        });
    }

    // The money panel.
    let _ = writeln!(
        out,
        r##"<text x="{LEFT:.1}" y="{:.1}" font-size="14" fill="#333">Money in the treasury</text>"##,
        money.top - 12.0
    );
    let _ = writeln!(
        out,
        r##"<rect x="{LEFT:.1}" y="{:.1}" width="{PLOT_W:.1}" height="{MONEY_H:.1}" fill="#fbfbfb"/>"##,
        money.top
    );
    grid(&mut out, &money, mstep, n, &x, snapshots);
    for (k, (p, _, colour)) in powers.iter().enumerate() {
        line(&mut out, "money", *p, k, colour, snapshots, &x, |sn| {
            value(sn, *p, true).map(|v| money.y(v as f64))
        });
    }
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{:.1}" font-size="13" fill="#333" text-anchor="middle">start of play, then the close of each Economic Phase{}</text>"##,
        LEFT + PLOT_W / 2.0,
        height - 22.0,
        if snapshots.iter().any(|s| !s.complete) {
            " (* still being played)"
        } else {
            ""
        }
    );

    // The legend.
    let _ = writeln!(
        out,
        r##"<text x="{LEGEND_X:.1}" y="{:.1}" font-size="14" font-weight="bold" fill="#222">Powers</text>"##,
        TOP + 4.0
    );
    for (k, (p, name, colour)) in powers.iter().enumerate() {
        let y = TOP + 30.0 + 26.0 * k as f64;
        let _ = writeln!(
            out,
            r##"<g class="legend" data-power="{p}"><line x1="{LEGEND_X:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#222" stroke-width="5.5"/><line x1="{LEGEND_X:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{colour}" stroke-width="3.5"/>"##,
            LEGEND_X + 36.0,
            LEGEND_X + 36.0
        );
        marker(&mut out, k, LEGEND_X + 18.0, y, 4.5, colour);
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="14" fill="#222">{}</text></g>"##,
            LEGEND_X + 46.0,
            y + 5.0,
            esc(name)
        );
    }
    let zy = TOP + 30.0 + 26.0 * powers.len() as f64 + 20.0;
    let _ = writeln!(
        out,
        r##"<text x="{LEGEND_X:.1}" y="{zy:.1}" font-size="14" font-weight="bold" fill="#222">Zones</text>"##
    );
    for (i, z) in display.zones.iter().enumerate().rev() {
        let y = zy + 16.0 + 22.0 * (display.zones.len() - 1 - i) as f64;
        let _ = writeln!(
            out,
            r##"<rect x="{LEGEND_X:.1}" y="{y:.1}" width="30" height="14" fill="{}" stroke="#999" stroke-width="0.8"/><text x="{:.1}" y="{:.1}" font-size="13" fill="#222">{}, modifier {:+}</text>"##,
            zone_fill(z, i),
            LEGEND_X + 38.0,
            y + 11.5,
            esc(&z.name),
            z.modifier
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Every how many points the x axis is labelled: at most about ten labels.
fn label_every(n: usize) -> usize {
    n.div_ceil(10).max(1)
}

/// Whether point `i` of `n` is labelled: every `every`-th, and the last if it is not too close to the one before.
fn labelled(i: usize, n: usize, every: usize) -> bool {
    i % every == 0 || (i + 1 == n && (i % every) * 2 > every)
}

/// Horizontal grid lines with values, a frame, and the x-axis labels under the panel.
fn grid(
    out: &mut String,
    sc: &Scale,
    step: i32,
    n: usize,
    x: &dyn Fn(usize) -> f64,
    snapshots: &[Snapshot],
) {
    let mut v = sc.lo.div_euclid(step) * step;
    if v < sc.lo {
        v += step;
    }
    while v <= sc.hi {
        let y = sc.y(v as f64);
        let _ = writeln!(
            out,
            r##"<line x1="{LEFT:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{}" stroke-width="{}"/><text x="{:.1}" y="{:.1}" font-size="12" fill="#444" text-anchor="end">{v}</text>"##,
            LEFT + PLOT_W,
            if v == 0 { "#888" } else { "#c8c8c8" },
            if v == 0 { "1.2" } else { "0.6" },
            LEFT - 8.0,
            y + 4.0
        );
        v += step;
    }
    let _ = writeln!(
        out,
        r##"<rect x="{LEFT:.1}" y="{:.1}" width="{PLOT_W:.1}" height="{:.1}" fill="none" stroke="#777" stroke-width="1"/>"##,
        sc.top, sc.height
    );
    let every = label_every(n);
    for (i, sn) in snapshots.iter().enumerate() {
        let xi = x(i);
        let bottom = sc.top + sc.height;
        let _ = writeln!(
            out,
            r##"<line x1="{xi:.1}" y1="{bottom:.1}" x2="{xi:.1}" y2="{:.1}" stroke="#777" stroke-width="1"/>"##,
            bottom + 5.0
        );
        if labelled(i, n, every) {
            let _ = writeln!(
                out,
                r##"<text x="{xi:.1}" y="{:.1}" font-size="12" fill="#444" text-anchor="middle">{}{}</text>"##,
                bottom + 19.0,
                esc(&sn.label),
                if sn.complete { "" } else { "*" }
            );
        }
    }
}

/// One power's line: a dark edge under its colour (so light colours show), and a marker per point.
#[allow(clippy::too_many_arguments)]
fn line(
    out: &mut String,
    class: &str,
    p: PowerId,
    k: usize,
    colour: &str,
    snapshots: &[Snapshot],
    x: &dyn Fn(usize) -> f64,
    y: impl Fn(&Snapshot) -> Option<f64>,
) {
    let pts: Vec<(f64, f64)> = snapshots
        .iter()
        .enumerate()
        .filter_map(|(i, sn)| y(sn).map(|y| (x(i), y)))
        .collect();
    let text: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
    let _ = writeln!(
        out,
        r##"<g class="{class}" data-power="{p}"><polyline points="{pts}" fill="none" stroke="#222" stroke-width="4.5" stroke-linejoin="round"/><polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>"##,
        pts = text.join(" ")
    );
    // Few points: a marker on each; many: smaller markers on the labelled points only, so the shapes stay
    // readable.
    let n = snapshots.len();
    let every = label_every(n);
    let r = if n <= 16 { 4.5 } else { 3.5 };
    for (i, (x, y)) in pts.iter().enumerate() {
        if n <= 24 || labelled(i, n, every) {
            marker(out, k, *x, *y, r, colour);
        }
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::Standing;
    use coalition_engine::calendar::Date;
    use std::collections::BTreeMap;

    #[test]
    fn a_long_game_labels_about_ten_points_and_the_last() {
        let n = 45;
        let every = label_every(n);
        let labels: Vec<usize> = (0..n).filter(|i| labelled(*i, n, every)).collect();
        assert!(labels.len() <= 11, "{labels:?}");
        assert_eq!(labels.first(), Some(&0));
        assert_eq!(labels.last(), Some(&44));
        // A last point right after a labelled one is not labelled (the two would overlap).
        assert!(!labelled(5 + 1, 7, 5));
        // Few points: every one.
        assert!((0..4).all(|i| labelled(i, 4, label_every(4))));
    }

    #[test]
    fn a_game_at_its_start_draws_one_point_per_power() {
        let s = coalition_engine::scenario::embedded_scenario("test").unwrap();
        let powers: BTreeMap<_, _> = s
            .powers
            .iter()
            .map(|p| {
                (
                    p.id,
                    Standing {
                        political_points: p.start.political_points,
                        money: p.start.money,
                        manpower: p.start.manpower,
                        victory_points: 0,
                    },
                )
            })
            .collect();
        let snaps = vec![crate::records::Snapshot {
            label: "start".into(),
            date: None::<Date>,
            complete: true,
            powers,
        }];
        let svg = render(&s, &snaps, "a <test> & more");
        assert!(svg.contains("a &lt;test&gt; &amp; more"));
        for p in &s.powers {
            assert!(svg.contains(&format!(r#"<g class="pp" data-power="{}">"#, p.id)));
        }
        assert_eq!(
            svg.matches(r#"<rect class="zone""#).count(),
            s.charts.status_display.zones.len()
        );
        assert_eq!(svg, render(&s, &snaps, "a <test> & more"));
    }
}
