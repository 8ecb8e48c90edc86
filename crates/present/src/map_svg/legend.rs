//! The map's legend column (Coalition's map, `coalition map`): the title wrapped to the column, whose map it
//! is, the powers' colours, the forces' badges and the symbols, all inside the picture.

use super::labels::text_width;
use super::{
    FORCE_FONT, LEGEND_W, MAP_W, MINOR_GREY, SEA_FILL, SEA_STROKE, anchor, esc, link_style, star,
};
use coalition_engine::scenario::{LinkKind, Scenario};
use std::fmt::Write;

/// The legend column: title, every power's colour, minors, the forces' badges, then the symbols. Returns
/// its content and the height it needs (its frame is drawn by `frame`, once the picture's height is known).
pub fn legend(s: &Scenario, title: &str, reader: &str) -> (String, f64) {
    let mut out = String::new();
    let out = &mut out;
    let x0 = MAP_W + 10.0;
    let x = x0 + 14.0;
    let mut y = 40.0;
    // The title, wrapped to the column's width (estimated text widths, 14 px bold).
    let room = LEGEND_W - 20.0 - 28.0;
    let mut line = String::new();
    let mut lines = Vec::new();
    for w in title.split_whitespace() {
        let longer = format!("{line} {w}");
        if !line.is_empty() && text_width(&longer, 14.0, true) > room {
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
            r##"<text x="{x:.1}" y="{y:.1}" font-size="14" font-weight="bold" fill="#111111">{}</text>"##,
            esc(l)
        );
        y += 19.0;
    }
    for part in reader.split(": ") {
        let _ = writeln!(
            out,
            r##"<text x="{x:.1}" y="{y:.1}" font-size="11" fill="#333333">{}</text>"##,
            esc(part)
        );
        y += 14.0;
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
    swatch(out, y, MINOR_GREY, "minor (uncontrolled)");
    y += 28.0;
    let _ = writeln!(
        out,
        r##"<text x="{x:.1}" y="{y:.1}" font-size="12" font-weight="bold" fill="#333333">Forces</text>"##
    );
    y += 18.0;
    for (sample, text) in [
        ("3 corps 42f", "3 corps, 42 factors"),
        ("1 fleet 12s", "1 fleet, 12 ships"),
        ("2 corps", "factors not seen"),
    ] {
        let w = text_width(sample, FORCE_FONT, false);
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="11.0" rx="2" fill="#ffffff" stroke="#555555" stroke-width="1.2"/><text x="{x:.1}" y="{y:.1}" font-size="{FORCE_FONT}" fill="#333333">{sample}</text><text x="{:.1}" y="{y:.1}" font-size="10" fill="#111111">{text}</text>"##,
            x - 1.5,
            y - 8.5,
            w + 3.0,
            x + w + 8.0
        );
        y += 16.0;
    }
    // Garrisons, depots and sieges (7.2, 7.3.5, 7.7).
    let sample = "#555555";
    let w = super::garrisons::garrison_badge(out, x - 1.5, y - 8.0, sample, "6", "");
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{y:.1}" font-size="10" fill="#111111">garrison, 6 factors (G: not seen)</text>"##,
        x + w + 6.0
    );
    y += 16.0;
    super::garrisons::depot_mark(out, x - 1.5, y - 8.0, sample, "");
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{y:.1}" font-size="10" fill="#111111">depot</text>"##,
        x + 12.0
    );
    y += 20.0;
    super::garrisons::siege_ring(out, x + 4.0, y - 3.5, "");
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{y:.1}" font-size="10" fill="#111111">besieged city</text>"##,
        x + 20.0
    );
    y += 16.0;
    y += 10.0;
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
    (std::mem::take(out), y + 30.0)
}

/// The legend's frame, the picture's full height.
pub fn frame(height: f64) -> String {
    format!(
        r##"<rect x="{:.1}" y="10.0" width="{:.1}" height="{:.1}" fill="#ffffff" stroke="#999999" stroke-width="1"/>"##,
        MAP_W + 10.0,
        LEGEND_W - 20.0,
        height - 20.0
    ) + "\n"
}
