//! `coalition map`: a schematic SVG map of a scenario (areas, borders, seas, crossing arrows and control).
//!
//! The picture is built by hand as text, with no dependency: every area is a circle at its latitude and
//! longitude (equirectangular projection, longitudes scaled by the cosine of the middle latitude), coloured by
//! the power that controls it. The output is deterministic: everything is drawn in the data files' order and
//! every number is written with fixed decimals.

use coalition_engine::ids::{AreaId, PowerId};
use coalition_engine::scenario::{CityKind, LinkKind, Scenario};
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
/// whose home nation it is; a minor country's area is grey), with `title` over the legend.
pub fn render(scenario: &Scenario, control: &BTreeMap<AreaId, PowerId>, title: &str) -> String {
    let s = scenario;
    let proj = Projection::fit(s);
    let width = MAP_W + LEGEND_W;
    let height = MAP_H;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">"##
    );
    let _ = writeln!(out, "<title>{}</title>", esc(title));
    let _ = writeln!(
        out,
        r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#5a3d7a"/></marker></defs>"##
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
    out.push_str("<g class=\"coasts\" stroke=\"#c4dcf0\" stroke-width=\"0.8\">\n");
    for a in &s.map.areas {
        let (x1, y1) = area_xy[&a.id];
        for sea in &a.seas {
            if let Some(sd) = s.sea(*sea) {
                let (x2, y2) = proj.xy(sd.lat, sd.lon);
                let _ = writeln!(
                    out,
                    r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
                );
            }
        }
    }
    out.push_str("</g>\n");
    out.push_str(&format!(
        "<g class=\"sea-links\" stroke=\"{SEA_STROKE}\" stroke-width=\"1.4\" stroke-dasharray=\"6 4\">\n"
    ));
    for x in &s.map.seas {
        let (x1, y1) = proj.xy(x.lat, x.lon);
        for y in &x.adjacent {
            let Some(yd) = s.sea(*y) else { continue };
            // Each pair once (or a one-way entry, drawn anyway).
            if x.id < *y || !yd.adjacent.contains(&x.id) {
                let (x2, y2) = proj.xy(yd.lat, yd.lon);
                let _ = writeln!(
                    out,
                    r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
                );
            }
        }
    }
    out.push_str("</g>\n");
    out.push_str("<g class=\"seas\">\n");
    for x in &s.map.seas {
        let (cx, cy) = proj.xy(x.lat, x.lon);
        let _ = writeln!(
            out,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="13.0" fill="{SEA_FILL}" stroke="{SEA_STROKE}" stroke-width="1.2"/>"#
        );
        let _ = writeln!(
            out,
            r##"<text x="{cx:.1}" y="{:.1}" font-size="10" font-style="italic" fill="{SEA_TEXT}" text-anchor="middle" stroke="#fbf8f0" stroke-width="3" paint-order="stroke">{}</text>"##,
            cy + 24.0,
            esc(&x.name)
        );
    }
    out.push_str("</g>\n");

    // Land borders, each pair once (a one-way link is drawn too, so that it shows).
    out.push_str("<g class=\"links\" fill=\"none\">\n");
    for a in &s.map.areas {
        let (x1, y1) = area_xy[&a.id];
        for l in &a.links {
            let Some(b) = s.area(l.to) else { continue };
            let back = b.links.iter().any(|m| m.to == a.id);
            if a.id < l.to || !back {
                let (x2, y2) = area_xy[&l.to];
                let _ = writeln!(
                    out,
                    r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {}/>"#,
                    link_style(l.kind)
                );
            }
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
        let _ = write!(out, r#"<g class="area" id="area-{}">"#, esc(a.id.as_str()));
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
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="6.0" fill="{}" stroke="#333333" stroke-width="0.9"/>"##,
                esc(fill)
            );
            match a.city.as_ref().map(|c| c.1) {
                Some(CityKind::City) => {
                    let _ = write!(
                        out,
                        r##"<circle cx="{x:.1}" cy="{y:.1}" r="2.1" fill="#ffffff" stroke="#111111" stroke-width="0.9"/>"##
                    );
                }
                Some(CityKind::Fortress) => {
                    let _ = write!(
                        out,
                        r##"<rect x="{:.1}" y="{:.1}" width="4.8" height="4.8" fill="#ffffff" stroke="#111111" stroke-width="1.0"/>"##,
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
        let _ = write!(
            out,
            "<title>{}</title></g>",
            esc(&area_tooltip(s, control, a.id))
        );
        out.push('\n');
        if a.port {
            anchor(&mut out, x - 9.5, y + 7.0);
        }
    }
    out.push_str("</g>\n");

    // Names, over everything else, each where it overlaps least with the names already placed and the
    // symbols (capitals first, then in data order).
    out.push_str("<g class=\"labels\" font-size=\"8.5\" fill=\"#1a1a1a\" stroke=\"#fbf8f0\" stroke-width=\"2.5\" paint-order=\"stroke\">\n");
    let mut taken: Vec<Rect> = s
        .map
        .areas
        .iter()
        .map(|a| {
            let (x, y) = area_xy[&a.id];
            let r = if a.capital { 9.0 } else { 6.0 };
            Rect::around(x, y, r)
        })
        .chain(s.map.seas.iter().map(|x| {
            let (cx, cy) = proj.xy(x.lat, x.lon);
            Rect::around(cx, cy, 13.0)
        }))
        .collect();
    let order = s
        .map
        .areas
        .iter()
        .filter(|a| a.capital)
        .chain(s.map.areas.iter().filter(|a| !a.capital));
    for a in order {
        let (x, y) = area_xy[&a.id];
        let (text, anchor_, lx, ly, rect) = place_label(&a.name, x, y, a.capital, &taken);
        taken.push(rect);
        let weight = if a.capital {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let _ = writeln!(
            out,
            r#"<text x="{lx:.1}" y="{ly:.1}"{anchor_}{weight}>{}</text>"#,
            esc(text)
        );
    }
    out.push_str("</g>\n");

    legend(&mut out, s, title);
    out.push_str("</svg>\n");
    out
}

/// An axis-aligned box, in pixels.
#[derive(Clone, Copy)]
struct Rect {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Rect {
    fn around(x: f64, y: f64, r: f64) -> Rect {
        Rect {
            x0: x - r,
            y0: y - r,
            x1: x + r,
            y1: y + r,
        }
    }
    fn overlap(&self, o: &Rect) -> f64 {
        let w = self.x1.min(o.x1) - self.x0.max(o.x0);
        let h = self.y1.min(o.y1) - self.y0.max(o.y0);
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }
}

/// Where to write an area's name: the first of eight places around its circle (right first) with the least
/// overlap with `taken` (its own circle excepted). Returns the text, its `text-anchor` attribute, the
/// position and the box it covers.
fn place_label<'a>(
    name: &'a str,
    x: f64,
    y: f64,
    capital: bool,
    taken: &[Rect],
) -> (&'a str, &'static str, f64, f64, Rect) {
    // Rough text metrics of the 8.5 px sans-serif font (bold is wider).
    let w = name.chars().count() as f64 * if capital { 5.6 } else { 5.0 };
    let (asc, desc) = (6.5, 2.0);
    let r = if capital { 10.0 } else { 8.0 };
    // (anchor, x of the anchor point, baseline y)
    let places: [(&str, f64, f64); 8] = [
        ("", x + r, y + 3.0),
        (r#" text-anchor="end""#, x - r, y + 3.0),
        (r#" text-anchor="middle""#, x, y - r - 1.0),
        (r#" text-anchor="middle""#, x, y + r + 7.5),
        ("", x + r - 2.0, y - r + 1.0),
        ("", x + r - 2.0, y + r + 5.0),
        (r#" text-anchor="end""#, x - r + 2.0, y - r + 1.0),
        (r#" text-anchor="end""#, x - r + 2.0, y + r + 5.0),
    ];
    let own = Rect::around(x, y, r);
    let mut best: Option<(f64, usize, Rect)> = None;
    for (i, &(anchor, ax, by)) in places.iter().enumerate() {
        let x0 = match anchor {
            "" => ax,
            a if a.contains("end") => ax - w,
            _ => ax - w / 2.0,
        };
        let rect = Rect {
            x0,
            y0: by - asc,
            x1: x0 + w,
            y1: by + desc,
        };
        let cost: f64 = taken.iter().map(|t| t.overlap(&rect)).sum::<f64>() - own.overlap(&rect);
        // A small preference for the earlier places (to the right reads best).
        let cost = cost + i as f64 * 0.5;
        if best.as_ref().is_none_or(|b| cost < b.0) {
            best = Some((cost, i, rect));
        }
    }
    let (_, i, rect) = best.expect("eight places");
    let (anchor, lx, ly) = places[i];
    (name, anchor, lx, ly, rect)
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

/// The legend column: title, every power's colour, minors, then the symbols.
fn legend(out: &mut String, s: &Scenario, title: &str) {
    let x0 = MAP_W + 10.0;
    let _ = writeln!(
        out,
        r##"<rect x="{:.1}" y="10.0" width="{:.1}" height="{:.1}" fill="#ffffff" stroke="#999999" stroke-width="1"/>"##,
        x0,
        LEGEND_W - 20.0,
        MAP_H - 20.0
    );
    let x = x0 + 14.0;
    let mut y = 40.0;
    // The title, wrapped at about 28 characters.
    let mut line = String::new();
    let mut lines = Vec::new();
    for w in title.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + w.len() > 28 {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    for l in &lines {
        let _ = writeln!(
            out,
            r##"<text x="{x:.1}" y="{y:.1}" font-size="15" font-weight="bold" fill="#111111">{}</text>"##,
            esc(l)
        );
        y += 20.0;
    }
    y += 8.0;
    let _ = writeln!(
        out,
        r##"<text x="{x:.1}" y="{y:.1}" font-size="12" font-weight="bold" fill="#333333">Powers</text>"##
    );
    y += 16.0;
    let swatch = |out: &mut String, y: f64, fill: &str, label: &str| {
        let _ = writeln!(
            out,
            r##"<rect x="{x:.1}" y="{:.1}" width="18.0" height="12.0" fill="{}" stroke="#333333" stroke-width="0.8"/><text x="{:.1}" y="{:.1}" font-size="11" fill="#111111">{}</text>"##,
            y - 10.0,
            esc(fill),
            x + 26.0,
            y,
            esc(label)
        );
    };
    for p in &s.powers {
        swatch(out, y, &p.color, &p.name);
        y += 18.0;
    }
    swatch(out, y, MINOR_GREY, "minor country (uncontrolled)");
    y += 28.0;
    let _ = writeln!(
        out,
        r##"<text x="{x:.1}" y="{y:.1}" font-size="12" font-weight="bold" fill="#333333">Symbols</text>"##
    );
    y += 20.0;
    let cx = x + 9.0;
    let label = |out: &mut String, y: f64, text: &str| {
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="11" fill="#111111">{}</text>"##,
            x + 26.0,
            y + 4.0,
            esc(text)
        );
    };
    let _ = writeln!(
        out,
        r##"<circle cx="{cx:.1}" cy="{y:.1}" r="8.0" fill="{MINOR_GREY}" stroke="#111111" stroke-width="2.2"/><polygon points="{}" fill="#ffd700" stroke="#111111" stroke-width="0.6"/>"##,
        star(cx, y, 4.6)
    );
    label(out, y, "capital");
    y += 24.0;
    let _ = writeln!(
        out,
        r##"<circle cx="{cx:.1}" cy="{y:.1}" r="6.0" fill="{MINOR_GREY}" stroke="#333333" stroke-width="0.9"/><circle cx="{cx:.1}" cy="{y:.1}" r="2.1" fill="#ffffff" stroke="#111111" stroke-width="0.9"/>"##
    );
    label(out, y, "area with a city");
    y += 20.0;
    let _ = writeln!(
        out,
        r##"<circle cx="{cx:.1}" cy="{y:.1}" r="6.0" fill="{MINOR_GREY}" stroke="#333333" stroke-width="0.9"/><rect x="{:.1}" y="{:.1}" width="4.8" height="4.8" fill="#ffffff" stroke="#111111" stroke-width="1.0"/>"##,
        cx - 2.4,
        y - 2.4
    );
    label(out, y, "area with a fortress");
    y += 20.0;
    anchor(out, cx, y);
    label(out, y, "port");
    y += 22.0;
    let _ = writeln!(
        out,
        r#"<circle cx="{cx:.1}" cy="{y:.1}" r="10.0" fill="{SEA_FILL}" stroke="{SEA_STROKE}" stroke-width="1.2"/>"#
    );
    label(out, y, "sea area");
    y += 26.0;
    for (style, text) in [
        (link_style(LinkKind::Plain), "border"),
        (link_style(LinkKind::River), "border across a river"),
        (link_style(LinkKind::Pass), "mountain pass"),
        (link_style(LinkKind::Strait), "strait"),
        (
            r##"stroke="#5a3d7a" stroke-width="1.6" stroke-dasharray="4 3" marker-end="url(#arrow)""##,
            "sea crossing arrow",
        ),
        (
            r##"stroke="#7fa9cc" stroke-width="1.4" stroke-dasharray="6 4""##,
            "adjacent sea areas",
        ),
        (
            r##"stroke="#c4dcf0" stroke-width="1.5""##,
            "coast on a sea area",
        ),
    ] {
        let _ = writeln!(
            out,
            r#"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" {style}/>"#,
            x - 2.0,
            x + 20.0
        );
        label(out, y, text);
        y += 18.0;
    }
    let _ = writeln!(
        out,
        r##"<text x="{x:.1}" y="{:.1}" font-size="9" fill="#666666">{} land areas, {} sea areas</text>"##,
        y + 10.0,
        s.map.areas.len(),
        s.map.seas.len()
    );
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
        let svg = render(&s, &control, "Test <map> & \"control\"");
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
        assert_eq!(svg, render(&s, &control, "Test <map> & \"control\""));
    }
}
