//! `coalition map` (Coalition's map; what it shows of forces follows `docs/rules/visibility.md`): a schematic
//! SVG map of a scenario (areas, borders, seas, crossing arrows, control, and the corps and fleets).
//!
//! The picture is built by hand as text, with no dependency: every area is a circle at its latitude and
//! longitude (equirectangular projection, longitudes scaled by the cosine of the middle latitude), coloured by
//! the power that controls it. The output is deterministic: everything is drawn in the data files' order and
//! every number is written with fixed decimals.

mod forces;
mod garrisons;
mod labels;
mod legend;

pub use forces::Seen;
pub use labels::{Rect, text_width};

use coalition_engine::ids::{AreaId, Nation, PowerId};
use coalition_engine::scenario::{CityKind, LinkKind, Location, Scenario};
use labels::{Layout, Size};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Width and height of the map itself, in pixels (the legend is drawn to its right).
const MAP_W: f64 = 1400.0;
const MAP_H: f64 = 1000.0;
/// Empty border around the map.
const MARGIN: f64 = 40.0;
/// Width of the legend column.
const LEGEND_W: f64 = 260.0;

/// Colour of an area that belongs to a minor country and that no power controls.
const MINOR_GREY: &str = "#d4d4d4";
/// Colour of an area of no known nation.
const NO_NATION: &str = "#ffffff";

const SEA_FILL: &str = "#dcecf8";
const SEA_STROKE: &str = "#7fa9cc";
const SEA_TEXT: &str = "#3d6f99";

/// Font sizes of the labels: area names, sea names, force badges.
const NAME_FONT: f64 = 8.5;
const SEA_FONT: f64 = 10.0;
const FORCE_FONT: f64 = 8.0;

/// Escapes text for SVG content and attribute values.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The projection from (latitude, longitude) to pixels.
struct Projection {
    lat_max: f64,
    lon_min: f64,
    kx: f64,
    ky: f64,
}

impl Projection {
    /// Fits every point of the scenario into the map's box.
    fn fit(s: &Scenario) -> Projection {
        let points: Vec<(f64, f64)> = s
            .map
            .areas
            .iter()
            .map(|a| (a.lat, a.lon))
            .chain(s.map.seas.iter().map(|x| (x.lat, x.lon)))
            .collect();
        let (mut lat_min, mut lat_max, mut lon_min, mut lon_max) =
            (90.0f64, -90.0f64, 180.0f64, -180.0f64);
        for &(lat, lon) in &points {
            lat_min = lat_min.min(lat);
            lat_max = lat_max.max(lat);
            lon_min = lon_min.min(lon);
            lon_max = lon_max.max(lon);
        }
        if points.is_empty() {
            (lat_min, lat_max, lon_min, lon_max) = (35.0, 60.0, -10.0, 40.0);
        }
        let cos = ((lat_min + lat_max) / 2.0).to_radians().cos().max(0.2);
        // Degrees spanned, at least one so that a one-point map still has a scale.
        let dlat = (lat_max - lat_min).max(1.0);
        let dlon = (lon_max - lon_min).max(1.0) * cos;
        let k = ((MAP_W - 2.0 * MARGIN) / dlon).min((MAP_H - 2.0 * MARGIN) / dlat);
        // Centre the drawing in the box.
        let pad_x = (MAP_W - 2.0 * MARGIN - dlon * k) / 2.0;
        let pad_y = (MAP_H - 2.0 * MARGIN - dlat * k) / 2.0;
        Projection {
            lat_max: lat_max + pad_y / k,
            lon_min: lon_min - pad_x / (k * cos),
            kx: k * cos,
            ky: k,
        }
    }

    fn xy(&self, lat: f64, lon: f64) -> (f64, f64) {
        (
            MARGIN + (lon - self.lon_min) * self.kx,
            MARGIN + (self.lat_max - lat) * self.ky,
        )
    }
}

/// Adds the line from (`x1`, `y1`) to (`x2`, `y2`) to a path's data.
fn segment(d: &mut String, x1: f64, y1: f64, x2: f64, y2: f64) {
    if !d.is_empty() {
        d.push(' ');
    }
    // Whole pixels: on a map 1,660 pixels wide a tenth is not seen, and a line costs a third less.
    let _ = write!(d, "M{x1:.0} {y1:.0}L{x2:.0} {y2:.0}");
}

/// Stroke attributes of a land border of kind `k`.
fn link_style(k: LinkKind) -> &'static str {
    match k {
        LinkKind::Plain => r##"stroke="#9a9a9a" stroke-width="1.2""##,
        LinkKind::River => r##"stroke="#3a78c2" stroke-width="2.0""##,
        LinkKind::Pass => r##"stroke="#8b5a2b" stroke-width="1.6" stroke-dasharray="5 3""##,
        LinkKind::Strait => {
            r##"stroke="#4f6f8f" stroke-width="1.6" stroke-dasharray="1.5 3" stroke-linecap="round""##
        }
    }
}

/// A five-pointed star of outer radius `r` centred on (`x`, `y`), as polygon points.
fn star(x: f64, y: f64, r: f64) -> String {
    let mut pts = Vec::with_capacity(10);
    for i in 0..10 {
        let radius = if i % 2 == 0 { r } else { r * 0.45 };
        let a = std::f64::consts::PI * (i as f64) / 5.0 - std::f64::consts::FRAC_PI_2;
        pts.push(format!(
            "{:.1},{:.1}",
            x + radius * a.cos(),
            y + radius * a.sin()
        ));
    }
    pts.join(" ")
}

/// A small anchor with its ring at (`x`, `y`).
fn anchor(out: &mut String, x: f64, y: f64) {
    let _ = writeln!(
        out,
        r##"<g class="port" stroke="#1f3d66" stroke-width="1" fill="none"><circle cx="{:.1}" cy="{:.1}" r="1.2"/><path d="M {:.1} {:.1} V {:.1} M {:.1} {:.1} H {:.1} M {:.1} {:.1} Q {:.1} {:.1} {:.1} {:.1}"/></g>"##,
        x,
        y - 4.2,
        x,
        y - 3.0,
        y + 4.0,
        x - 2.2,
        y - 1.5,
        x + 2.2,
        x - 3.2,
        y + 1.5,
        x,
        y + 6.5,
        x + 3.2,
        y + 1.5,
    );
}

/// The SVG picture of `scenario`, each area coloured by the power in `control` (or, if absent, by the power
/// whose home nation it is; a minor country's area is grey), with `title` over the legend, and, given a game's
/// state, its corps and fleets as `seen` lets the reader see them (V.1, V.2).
pub fn render(
    scenario: &Scenario,
    control: &BTreeMap<AreaId, PowerId>,
    title: &str,
    seen: Option<Seen>,
) -> String {
    render_linked(scenario, control, title, seen, &|_| None)
}

/// Where an area of the map leads in the browser: the address its click opens, and whether it is marked (an
/// area a chosen stack may step into, or the path chosen so far).
pub struct AreaLink {
    pub href: String,
    pub marked: bool,
}

/// [`render`], with each area `link` names made a link (the browser's map: click an area to see what is there,
/// or the next area of a stack's path), keyboard-focusable, opening in the page that holds the map.
pub fn render_linked(
    scenario: &Scenario,
    control: &BTreeMap<AreaId, PowerId>,
    title: &str,
    seen: Option<Seen>,
    link: &dyn Fn(Location) -> Option<AreaLink>,
) -> String {
    let s = scenario;
    let proj = Projection::fit(s);
    let reader = match seen.and_then(|x| x.viewer) {
        Some(p) => format!(
            "as {} sees it: others' factors hidden",
            s.power(p).map(|d| d.name.as_str()).unwrap_or(p.as_str())
        ),
        None if seen.is_some() => "the host's map: every factor shown".to_string(),
        None => "the scenario's start, without forces".to_string(),
    };
    let (legend_body, legend_h) = legend::legend(s, title, &reader);
    let width = MAP_W + LEGEND_W;
    let height = MAP_H.max(legend_h);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">"##
    );
    let _ = writeln!(out, "<title>{}</title>", esc(title));
    let _ = writeln!(
        out,
        r##"<defs><style>.force rect{{fill:#ffffff;stroke-width:1.2}}.forces line{{stroke-width:0.9}}circle.p{{stroke:#333333;stroke-width:0.9}}circle.c{{fill:#ffffff;stroke:#111111;stroke-width:0.9}}rect.f{{fill:#ffffff;stroke:#111111;stroke-width:1.0}}</style><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#5a3d7a"/></marker></defs>"##
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="#fbf8f0"/>"##
    );

    let area_xy: BTreeMap<AreaId, (f64, f64)> = s
        .map
        .areas
        .iter()
        .map(|a| (a.id, proj.xy(a.lat, a.lon)))
        .collect();

    // Seas: coasts, sea-to-sea lines, then the seas themselves.
    // Lines of one style are one path (`M x y L x y` per line): a map with 1,300 lines stays small enough for a
    // page (issue 18).
    let mut coasts = String::new();
    for a in &s.map.areas {
        let (x1, y1) = area_xy[&a.id];
        for sea in &a.seas {
            if let Some(sd) = s.sea(*sea) {
                let (x2, y2) = proj.xy(sd.lat, sd.lon);
                segment(&mut coasts, x1, y1, x2, y2);
            }
        }
    }
    let _ = writeln!(
        out,
        r##"<path class="coasts" stroke="#c4dcf0" stroke-width="0.8" fill="none" d="{coasts}"/>"##
    );
    let mut sea_links = String::new();
    for x in &s.map.seas {
        let (x1, y1) = proj.xy(x.lat, x.lon);
        for y in &x.adjacent {
            let Some(yd) = s.sea(*y) else { continue };
            // Each pair once (or a one-way entry, drawn anyway).
            if x.id < *y || !yd.adjacent.contains(&x.id) {
                let (x2, y2) = proj.xy(yd.lat, yd.lon);
                segment(&mut sea_links, x1, y1, x2, y2);
            }
        }
    }
    let _ = writeln!(
        out,
        r#"<path class="sea-links" stroke="{SEA_STROKE}" stroke-width="1.4" stroke-dasharray="6 4" fill="none" d="{sea_links}"/>"#
    );
    let _ = writeln!(
        out,
        r#"<g class="seas" fill="{SEA_FILL}" stroke="{SEA_STROKE}" stroke-width="1.2">"#
    );
    for x in &s.map.seas {
        let (cx, cy) = proj.xy(x.lat, x.lon);
        let linked = link(Location::Sea(x.id));
        if let Some(l) = &linked {
            let _ = write!(
                out,
                r#"<a href="{}" target="_top"><title>{}</title>"#,
                esc(&l.href),
                esc(&x.name)
            );
        }
        let stroke = match &linked {
            Some(l) if l.marked => r##" stroke="#c0392b" stroke-width="3.0""##,
            _ => "",
        };
        let _ = write!(
            out,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="13.0"{stroke}/>"#
        );
        if linked.is_some() {
            out.push_str("</a>");
        }
        out.push('\n');
    }
    out.push_str("</g>\n");

    // Land borders, each pair once (a one-way link is drawn too, so that it shows).
    let kinds = [
        LinkKind::Plain,
        LinkKind::River,
        LinkKind::Pass,
        LinkKind::Strait,
    ];
    let mut borders = vec![String::new(); kinds.len()];
    for a in &s.map.areas {
        let (x1, y1) = area_xy[&a.id];
        for l in &a.links {
            let Some(b) = s.area(l.to) else { continue };
            let back = b.links.iter().any(|m| m.to == a.id);
            if a.id < l.to || !back {
                let (x2, y2) = area_xy[&l.to];
                let k = kinds.iter().position(|k| *k == l.kind).unwrap_or(0);
                segment(&mut borders[k], x1, y1, x2, y2);
            }
        }
    }
    out.push_str("<g class=\"links\" fill=\"none\">\n");
    for (k, d) in kinds.iter().zip(&borders) {
        if !d.is_empty() {
            let _ = writeln!(out, r#"<path {} d="{d}"/>"#, link_style(*k));
        }
    }
    out.push_str("</g>\n");

    // Sea crossing arrows.
    out.push_str("<g class=\"crossings\" stroke=\"#5a3d7a\" stroke-width=\"1.6\" stroke-dasharray=\"4 3\" fill=\"none\">\n");
    for c in &s.map.crossings {
        let (Some(&(x1, y1)), Some(&(x2, y2))) = (area_xy.get(&c.a), area_xy.get(&c.b)) else {
            continue;
        };
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        // Stop 9 px short of each centre (the edge of an area's circle), or at a third of a short arrow.
        let cut = (9.0 / len).min(0.33);
        let _ = writeln!(
            out,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" marker-start="url(#arrow)" marker-end="url(#arrow)"><title>{}</title></line>"#,
            x1 + dx * cut,
            y1 + dy * cut,
            x2 - dx * cut,
            y2 - dy * cut,
            esc(c.id.as_str())
        );
    }
    out.push_str("</g>\n");

    // Land areas.
    out.push_str("<g class=\"areas\">\n");
    for a in &s.map.areas {
        let (x, y) = area_xy[&a.id];
        let fill = area_colour(s, control, a.id);
        let linked = link(Location::Area(a.id));
        if let Some(l) = &linked {
            // The area's name and controller: the link's accessible name and its tooltip.
            let _ = write!(
                out,
                r#"<a href="{}" target="_top"><title>{}</title>"#,
                esc(&l.href),
                esc(&area_tooltip(s, control, a.id))
            );
            if l.marked {
                let _ = write!(
                    out,
                    r##"<circle cx="{x:.1}" cy="{y:.1}" r="12.0" fill="#fff3a0" stroke="#c0392b" stroke-width="2.5"/>"##
                );
            }
        }
        let _ = write!(out, r#"<g id="area-{}">"#, esc(a.id.as_str()));
        if a.capital {
            let _ = write!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="8.0" fill="{}" stroke="#111111" stroke-width="2.2"/><polygon points="{}" fill="#ffd700" stroke="#111111" stroke-width="0.6"/>"##,
                esc(fill),
                star(x, y, 4.6)
            );
        } else {
            let _ = write!(
                out,
                r##"<circle class="p" cx="{x:.1}" cy="{y:.1}" r="6.0" fill="{}"/>"##,
                esc(fill)
            );
            match a.city.as_ref().map(|c| c.1) {
                Some(CityKind::City) => {
                    let _ = write!(
                        out,
                        r##"<circle class="c" cx="{x:.1}" cy="{y:.1}" r="2.1"/>"##
                    );
                }
                Some(CityKind::Fortress) => {
                    let _ = write!(
                        out,
                        r##"<rect class="f" x="{:.1}" y="{:.1}" width="4.8" height="4.8"/>"##,
                        x - 2.4,
                        y - 2.4
                    );
                }
                None => {}
            }
        }
        // A fortified capital gets a small square beside its star.
        if a.capital && matches!(a.city, Some((_, CityKind::Fortress))) {
            let _ = write!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="4.2" height="4.2" fill="#ffffff" stroke="#111111" stroke-width="0.9"/>"##,
                x + 5.0,
                y - 10.5
            );
        }
        if linked.is_some() {
            out.push_str("</g></a>");
        } else {
            let _ = write!(
                out,
                "<title>{}</title></g>",
                esc(&area_tooltip(s, control, a.id))
            );
        }
        out.push('\n');
        if a.port {
            anchor(&mut out, x - 9.5, y + 7.0);
        }
    }
    out.push_str("</g>\n");

    // Garrisons, depots and sieges (7.2, 7.3.5, 7.7) on their areas; the labels keep clear of them.
    let marks = match &seen {
        Some(seen) => {
            let (svg, rects) = garrisons::marks(s, seen, &area_xy);
            out.push_str(&svg);
            rects
        }
        None => Vec::new(),
    };
    labels_and_forces(&mut out, s, &proj, &area_xy, seen, marks);
    out.push_str(&legend::frame(height));
    out.push_str(&legend_body);
    out.push_str("</svg>\n");
    out
}

/// The labels over everything else: sea names, capitals' names, the forces' badges, then the other areas'
/// names, each where it overlaps no other label and the fewest symbols.
fn labels_and_forces(
    out: &mut String,
    s: &Scenario,
    proj: &Projection,
    area_xy: &BTreeMap<AreaId, (f64, f64)>,
    seen: Option<Seen>,
    marks: Vec<Rect>,
) {
    let mut layout = Layout {
        bounds: Some(Rect {
            x0: 2.0,
            y0: 2.0,
            x1: MAP_W - 2.0,
            y1: MAP_H - 2.0,
        }),
        ..Default::default()
    };
    layout.symbols = s
        .map
        .areas
        .iter()
        .map(|a| {
            let (x, y) = area_xy[&a.id];
            Rect::around(x, y, if a.capital { 9.0 } else { 6.0 })
        })
        .chain(s.map.seas.iter().map(|x| {
            let (cx, cy) = proj.xy(x.lat, x.lon);
            Rect::around(cx, cy, 13.0)
        }))
        .collect();
    // Garrisons and depots hold their text: no label may cover it.
    layout.labels.extend(marks);
    let mut names = String::new();
    let mut seas = String::new();
    for x in &s.map.seas {
        let (cx, cy) = proj.xy(x.lat, x.lon);
        let size = Size {
            w: text_width(&x.name, SEA_FONT, false),
            asc: 7.5,
            desc: 2.5,
        };
        if let Some(p) = layout.place(cx, cy, 13.0, size, 1.0) {
            let _ = writeln!(
                seas,
                r#"<text x="{:.1}" y="{:.1}" font-size="{SEA_FONT}"{}>{}</text>"#,
                p.x,
                p.y,
                p.anchor.attr(),
                esc(&x.name)
            );
        }
    }
    let name =
        |layout: &mut Layout, names: &mut String, a: &coalition_engine::scenario::AreaDef| {
            let (x, y) = area_xy[&a.id];
            let size = Size {
                w: text_width(&a.name, NAME_FONT, a.capital),
                asc: 6.5,
                desc: 2.0,
            };
            let r = if a.capital { 10.0 } else { 8.0 };
            if let Some(p) = layout.place(x, y, r, size, 0.5) {
                let weight = if a.capital {
                    r#" font-weight="bold""#
                } else {
                    ""
                };
                let _ = writeln!(
                    names,
                    r#"<text x="{:.1}" y="{:.1}" font-size="{NAME_FONT}"{}{weight}>{}</text>"#,
                    p.x,
                    p.y,
                    p.anchor.attr(),
                    esc(&a.name)
                );
            }
        };
    for a in s.map.areas.iter().filter(|a| a.capital) {
        name(&mut layout, &mut names, a);
    }
    let mut badges = String::new();
    if let Some(seen) = seen {
        for ((loc, owner), b) in forces::badges(s, &seen) {
            let (x, y) = match loc {
                Location::Area(a) => area_xy.get(&a).copied(),
                Location::Sea(x) => s.sea(x).map(|d| proj.xy(d.lat, d.lon)),
                // A blockade box: off the port, two fifths of the way to its first sea's centre.
                Location::Blockade(a) => area_xy.get(&a).copied().map(|(px, py)| {
                    match s
                        .area(a)
                        .and_then(|d| d.seas.first())
                        .and_then(|x| s.sea(*x))
                    {
                        Some(d) => {
                            let (sx, sy) = proj.xy(d.lat, d.lon);
                            (px + (sx - px) * 0.4, py + (sy - py) * 0.4)
                        }
                        None => (px, py),
                    }
                }),
                Location::Aboard(_) | Location::OffMap => None,
            }
            .unwrap_or((0.0, 0.0));
            let text = b.text();
            let size = Size {
                w: text_width(&text, FORCE_FONT, true) + 3.0,
                asc: 7.5,
                desc: 3.0,
            };
            let r = if matches!(loc, Location::Sea(_) | Location::Blockade(_)) {
                13.0
            } else {
                8.0
            };
            let Some(p) = layout.place(x, y, r, size, 1.0) else {
                continue;
            };
            let colour = match owner {
                Nation::Power(pw) => s.power(pw).map(|d| d.color.as_str()).unwrap_or("#333333"),
                Nation::Minor(_) => "#555555",
            };
            let owner_name = crate::describe::nation(s, owner);
            let tx = match p.anchor {
                labels::Anchor::Start => p.x + 1.5,
                labels::Anchor::End => p.x - 1.5,
                labels::Anchor::Middle => p.x,
            };
            // A thin line from the place to the badge's nearest point says whose badge it is.
            let (nx, ny) = (x.clamp(p.rect.x0, p.rect.x1), y.clamp(p.rect.y0, p.rect.y1));
            let _ = write!(
                badges,
                r#"<line x1="{x:.1}" y1="{y:.1}" x2="{nx:.1}" y2="{ny:.1}" stroke="{}"/>"#,
                esc(colour)
            );
            let _ = writeln!(
                badges,
                r##"<g class="force"><title>{}</title><rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="2" stroke="{}"/><text x="{tx:.1}" y="{:.1}" font-size="{FORCE_FONT}" font-weight="bold" fill="{}"{}>{}</text></g>"##,
                esc(&format!("{owner_name}: {}", b.detail.join("; "))),
                p.rect.x0,
                p.rect.y0,
                p.rect.x1 - p.rect.x0,
                p.rect.y1 - p.rect.y0,
                esc(colour),
                p.y - 0.5,
                esc(colour),
                p.anchor.attr(),
                esc(&text)
            );
        }
    }
    for a in s.map.areas.iter().filter(|a| !a.capital) {
        name(&mut layout, &mut names, a);
    }
    let _ = writeln!(
        out,
        r##"<g class="sea-names" font-style="italic" fill="{SEA_TEXT}" stroke="#fbf8f0" stroke-width="3" paint-order="stroke">"##
    );
    out.push_str(&seas);
    out.push_str("</g>\n");
    out.push_str("<g class=\"labels\" fill=\"#1a1a1a\" stroke=\"#fbf8f0\" stroke-width=\"2.5\" paint-order=\"stroke\">\n");
    out.push_str(&names);
    out.push_str("</g>\n<g class=\"forces\">\n");
    out.push_str(&badges);
    out.push_str("</g>\n");
}

/// The colour of an area: its controller's, else its home power's, else grey (minor) or white (no nation).
fn area_colour<'a>(s: &'a Scenario, control: &BTreeMap<AreaId, PowerId>, area: AreaId) -> &'a str {
    let power = control
        .get(&area)
        .copied()
        .or_else(|| s.nation_of_area(area).and_then(|n| n.power()));
    match power.and_then(|p| s.power(p)) {
        Some(p) => &p.color,
        None if s.nation_of_area(area).is_some() => MINOR_GREY,
        None => NO_NATION,
    }
}

/// Hover text of an area: its name, nation and controller.
fn area_tooltip(s: &Scenario, control: &BTreeMap<AreaId, PowerId>, area: AreaId) -> String {
    let Some(a) = s.area(area) else {
        return area.to_string();
    };
    let mut t = format!("{} ({})", a.name, a.id);
    if let Some(n) = s.nation_of_area(area) {
        let _ = write!(t, ", {n}");
    }
    if let Some(p) = control.get(&area) {
        let _ = write!(t, ", controlled by {p}");
    }
    if let Some((city, kind)) = &a.city {
        let _ = write!(
            t,
            ", {} {city}",
            match kind {
                CityKind::City => "city",
                CityKind::Fortress => "fortress",
            }
        );
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use coalition_engine::scenario::embedded_scenario;

    #[test]
    fn renders_the_test_scenario() {
        let s = embedded_scenario("test").unwrap();
        let mut control = BTreeMap::new();
        control.insert(
            AreaId::new("munich").unwrap(),
            PowerId::new("france").unwrap(),
        );
        let svg = render(&s, &control, "Test <map> & \"control\"", None);
        assert!(svg.starts_with("<svg"), "{}", &svg[..80.min(svg.len())]);
        assert!(svg.trim_end().ends_with("</svg>"));
        for a in &s.map.areas {
            assert!(
                svg.contains(&format!(">{}</text>", a.name)),
                "{} missing",
                a.name
            );
        }
        for x in &s.map.seas {
            assert!(svg.contains(&esc(&x.name)), "{} missing", x.name);
        }
        let france = s.power(PowerId::new("france").unwrap()).unwrap();
        assert!(svg.contains(&france.color));
        // Munich, Bavarian, is drawn in France's colour because France controls it; Dresden (Saxony) is grey.
        assert!(svg.contains(r#"id="area-munich"><circle cx"#));
        let munich = svg.split(r#"id="area-munich""#).nth(1).unwrap();
        assert!(munich[..200].contains(&france.color));
        let dresden = svg.split(r#"id="area-dresden""#).nth(1).unwrap();
        assert!(dresden[..200].contains(MINOR_GREY));
        // The title is escaped.
        assert!(svg.contains("Test &lt;map&gt; &amp; &quot;control&quot;"));
        assert!(!svg.contains("<map>"));
        // Deterministic.
        assert_eq!(svg, render(&s, &control, "Test <map> & \"control\"", None));
    }
}
