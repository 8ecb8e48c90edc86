//! The forces a player can see (Coalition's visibility rule, `docs/rules/visibility.md`): `view` lists a power's
//! own corps, fleets, garrisons, depots and leaders and only the counters of the others; `map` draws corps and
//! fleets, keeps its legend inside the picture and its labels apart, in colours that read on white.

mod common;

use common::*;

use coalition_engine::ids::PowerId;
use coalition_engine::scenario::embedded_scenario;
use std::path::Path;

/// A new 1805 game file in `dir`.
fn new_game(dir: &Path) -> String {
    let file = dir.join("game.json").display().to_string();
    ok(&coalition(&[
        "new",
        "--scenario",
        "1805",
        "--seed",
        "7",
        "-o",
        &file,
    ]));
    file
}

#[test]
fn view_lists_frances_corps_with_factors_and_where_each_is() {
    let dir = temp_dir("view-own");
    let file = new_game(&dir);
    let text = ok(&coalition(&["view", &file, "--as", "france"]));
    assert!(text.contains("France's forces"), "{text}");
    // As powers.ron has them: I Corps, 12 infantry and 2 cavalry at Cologne.
    assert!(
        text.contains(
            "I Corps (fr-1): 12 infantry, 2 cavalry (of 15 infantry, 3 cavalry) — at Cologne"
        ),
        "{text}"
    );
    assert!(
        text.contains("Imperial Guard (fr-g): 2 cavalry, 6 guard"),
        "{text}"
    );
    // Fleets with ships and port, garrisons, depots, leaders with ratings and their corps.
    assert!(text.contains("    fleets:\n"), "{text}");
    assert!(text.contains(" ships — in port at "), "{text}");
    assert!(text.contains("    garrisons:\n"), "{text}");
    assert!(text.contains("    depots: "), "{text}");
    assert!(text.contains("Napoleon (strategic "), "{text}");
    assert!(!text.contains("Area("), "{text}");
}

#[test]
fn view_does_not_show_another_powers_corps_factors() {
    let dir = temp_dir("view-others");
    let file = new_game(&dir);
    let s = embedded_scenario("1805").unwrap();
    let austria = s.power(PowerId::new("austria").unwrap()).unwrap();
    let on_map: Vec<_> = austria
        .corps
        .iter()
        .filter(|c| !c.factors.is_empty())
        .collect();
    assert!(!on_map.is_empty());
    let france = ok(&coalition(&["view", &file, "--as", "france"]));
    let own = ok(&coalition(&["view", &file, "--as", "austria"]));
    assert!(
        france.contains("other nations' forces on the map"),
        "{france}"
    );
    for c in on_map {
        let counter = format!("{} ({})", c.name, c.id);
        let with_factors = format!("{counter}: ");
        // France sees the counter where it stands, never its factors; Austria sees both.
        assert!(france.contains(&counter), "{counter} not seen:\n{france}");
        assert!(
            !france.contains(&with_factors),
            "{with_factors} leaked:\n{france}"
        );
        assert!(
            own.contains(&with_factors),
            "{with_factors} missing:\n{own}"
        );
    }
}

#[test]
fn the_views_log_tells_another_powers_reinforcements_without_their_numbers() {
    let dir = temp_dir("view-log");
    let file = dir.join("game.json");
    // January 1805's Reinforcement Phase with 4 infantry factors and a corps counter arriving for France.
    let game = r#"{
  "coalition": 1, "scenario": "1805", "rulebook": "standard", "seed": 5,
  "setup": {"date": {"year": 1805, "month": 1}, "step": "reinforcement", "adjustments": [
    {"queue_reinforcement": {"owner": {"power": "france"}, "unit": "infantry", "count": 4, "due": null, "port": null}},
    {"queue_reinforcement": {"owner": {"power": "france"}, "unit": "corps", "count": 1, "due": null, "port": null}}
  ]},
  "script": []
}"#;
    std::fs::write(&file, game).unwrap();
    let file = file.display().to_string();
    // France places by default; the powers asked only about their fleets (5.1.3, 5.1.4) pass by default.
    for power in [
        "france",
        "austria",
        "great-britain",
        "russia",
        "spain",
        "turkey",
    ] {
        ok(&coalition(&["submit", &file, "--as", power, "--default"]));
    }
    let austria = ok(&coalition(&["view", &file, "--as", "austria"]));
    let france = ok(&coalition(&["view", &file, "--as", "france"]));
    // France reads its own numbers; Austria reads that France placed reinforcements, not how many.
    assert!(
        france.contains("X Corps (fr-10): 4 factors at Paris"),
        "{france}"
    );
    let log = austria.split("seen by Austria:").nth(1).unwrap();
    assert!(log.contains("France places its reinforcements"), "{log}");
    assert!(
        log.contains("X Corps (fr-10) of France changes; now at Paris"),
        "{log}"
    );
    assert!(!log.contains("4 factors"), "{log}");
    assert!(
        !log.contains("infantry factor(s) of france arrive"),
        "{log}"
    );
}

/// Every `<text>` of the picture with its estimated box: x0, y0, x1, y1.
fn text_boxes(svg: &str) -> Vec<(String, [f64; 4])> {
    let attr = |tag: &str, name: &str| -> Option<String> {
        let k = format!(" {name}=\"");
        let i = tag.find(&k)? + k.len();
        Some(tag[i..].split('"').next()?.to_string())
    };
    let mut out = Vec::new();
    for piece in svg.split("<text").skip(1) {
        let Some((tag, rest)) = piece.split_once('>') else {
            continue;
        };
        let text = rest.split("</text>").next().unwrap_or("");
        let num = |n: &str| attr(tag, n).and_then(|v| v.parse::<f64>().ok());
        let (Some(x), Some(y), Some(size)) = (num("x"), num("y"), num("font-size")) else {
            continue;
        };
        let chars = text
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .chars()
            .count() as f64;
        let bold = attr(tag, "font-weight").is_some();
        let w = chars * size * if bold { 0.66 } else { 0.6 };
        let x0 = match attr(tag, "text-anchor").as_deref() {
            Some("middle") => x - w / 2.0,
            Some("end") => x - w,
            _ => x,
        };
        out.push((
            text.to_string(),
            [x0, y - 0.7 * size, x0 + w, y + 0.2 * size],
        ));
    }
    out
}

fn view_box(svg: &str) -> (f64, f64) {
    let v = svg
        .split("viewBox=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let n: Vec<f64> = v.split(' ').map(|x| x.parse().unwrap()).collect();
    (n[2], n[3])
}

#[test]
fn the_map_draws_corps_keeps_its_legend_inside_and_no_labels_overlap() {
    let dir = temp_dir("map");
    let file = new_game(&dir);
    let path = dir.join("map.svg").display().to_string();
    ok(&coalition(&["map", "-o", &path, &file, "--as", "france"]));
    let svg = std::fs::read_to_string(&path).unwrap();
    // France's corps with their factors; Austria's counters without.
    let france_colour = "#2b4c9b";
    let austria_colour = "#7b5ea7";
    let badges: Vec<&str> = svg.split("<g class=\"force\">").skip(1).collect();
    assert!(
        badges
            .iter()
            .any(|b| b.contains(france_colour) && b.contains(" corps ") && b.contains("f</text>")),
        "no French corps badge with factors"
    );
    let austrian: Vec<&&str> = badges
        .iter()
        .filter(|b| b.contains(&format!("fill=\"{austria_colour}\"")))
        .collect();
    assert!(!austrian.is_empty(), "no Austrian badge");
    for b in austrian {
        let text = b.split("</text>").next().unwrap();
        assert!(
            text.ends_with("corps") || text.ends_with("fleet") || text.ends_with("fleets"),
            "{text}"
        );
    }
    assert!(svg.contains("as France sees it"));
    // The legend: every text of it inside the picture and inside the legend's frame.
    let (w, h) = view_box(&svg);
    let legend_x = 1400.0;
    let all = text_boxes(&svg);
    let legend: Vec<_> = all.iter().filter(|(_, b)| b[0] >= legend_x).collect();
    assert!(legend.len() > 20, "{}", legend.len());
    for (t, [x0, y0, x1, y1]) in legend {
        assert!(
            *x0 >= legend_x + 10.0 && *x1 <= w - 10.0 && *y0 >= 10.0 && *y1 <= h - 10.0,
            "`{t}` is cut off: {x0} {y0} {x1} {y1} in {w} × {h}"
        );
    }
    // No two labels of the map (area and sea names, force badges) overlap.
    let boxes: Vec<_> = all.into_iter().filter(|(_, b)| b[0] < legend_x).collect();
    assert!(boxes.len() > 300, "{}", boxes.len());
    for (i, (a, p)) in boxes.iter().enumerate() {
        for (b, q) in &boxes[i + 1..] {
            let apart = p[2] <= q[0] || q[2] <= p[0] || p[3] <= q[1] || q[3] <= p[1];
            assert!(apart, "`{a}` {p:?} overlaps `{b}` {q:?}");
        }
    }
}

/// The WCAG relative luminance of `#rrggbb`.
fn luminance(hex: &str) -> f64 {
    let h = hex.trim_start_matches('#');
    let c = |i: usize| {
        let v = u8::from_str_radix(&h[i..i + 2], 16).unwrap() as f64 / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * c(0) + 0.7152 * c(2) + 0.0722 * c(4)
}

#[test]
fn every_power_colour_reads_on_white() {
    for name in ["1805", "test"] {
        let s = embedded_scenario(name).unwrap();
        for p in &s.powers {
            let ratio = 1.05 / (luminance(&p.color) + 0.05);
            assert!(
                ratio >= 3.0,
                "{name}: {}'s colour {} has a contrast of {ratio:.2}:1 on white (at least 3:1 wanted)",
                p.name,
                p.color
            );
        }
    }
}
