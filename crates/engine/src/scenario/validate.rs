//! Checks of a scenario's data: ids, symmetry of adjacency, reachability, capitals, tables and ranges.
//!
//! Every problem is reported with its file, its entry and what is wrong; all are collected before returning.

use super::{Factors, LinkKind, Location, Scenario};
use crate::kernel::error::DataError;
use crate::kernel::ids::{AreaId, Nation, SeaId};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

struct Report<'a> {
    errors: &'a mut Vec<DataError>,
}

impl Report<'_> {
    fn err(&mut self, file: &str, entry: impl Into<String>, message: impl Into<String>) {
        self.errors.push(DataError {
            file: file.to_string(),
            entry: entry.into(),
            message: message.into(),
        });
    }
}

fn duplicates<K: Ord + Copy + std::fmt::Display>(
    r: &mut Report,
    file: &str,
    what: &str,
    keys: impl Iterator<Item = K>,
) {
    let mut seen = BTreeSet::new();
    for k in keys {
        if !seen.insert(k) {
            r.err(
                file,
                format!("{what} {k}"),
                format!("id `{k}` is used twice"),
            );
        }
    }
}

/// Runs every check on `s` (scenario folder `name`), appending problems to `errors`.
pub(super) fn validate(s: &Scenario, name: &str, errors: &mut Vec<DataError>) {
    let mut r = Report { errors };
    let scen = format!("scenarios/{name}/scenario.ron");
    let map = s.map_file(name);
    let powers = format!("scenarios/{name}/powers.ron");
    let minors = format!("scenarios/{name}/minors.ron");
    let leaders = format!("scenarios/{name}/leaders.ron");
    let charts = format!("rulesets/{}/charts.ron", s.meta.ruleset);

    // scenario.ron
    if s.meta.start > s.meta.end {
        r.err(
            &scen,
            "",
            format!("start {} is after end {}", s.meta.start, s.meta.end),
        );
    }
    let mut named_umps = BTreeSet::new();
    for (ump, ctl) in &s.meta.controlled_umps {
        if ump == ctl {
            r.err(
                &scen,
                format!("controlled_umps {ump}"),
                "a power cannot control itself as an UMP",
            );
        }
        if !named_umps.insert(*ump) {
            r.err(
                &scen,
                format!("controlled_umps {ump}"),
                "is named twice (an UMP has at most one controller)",
            );
        }
        for p in [ump, ctl] {
            if s.power(*p).is_none() {
                r.err(
                    &scen,
                    format!("controlled_umps {ump}"),
                    format!("unknown power `{p}`"),
                );
            }
        }
    }

    // Unique ids.
    duplicates(
        &mut r,
        &map,
        "province",
        s.map.provinces.iter().map(|p| p.id),
    );
    duplicates(&mut r, &map, "area", s.map.areas.iter().map(|a| a.id));
    duplicates(&mut r, &map, "sea", s.map.seas.iter().map(|a| a.id));
    // A fleet's path names areas and seas by key alone (3.3): no key may name both.
    for x in &s.map.seas {
        if s.map.areas.iter().any(|a| a.id.as_str() == x.id.as_str()) {
            r.err(
                &map,
                format!("sea {}", x.id),
                format!(
                    "`{}` is also an area's key: a place's key must name one place",
                    x.id
                ),
            );
        }
    }
    duplicates(&mut r, &powers, "power", s.powers.iter().map(|p| p.id));
    duplicates(&mut r, &minors, "minor", s.minors.iter().map(|m| m.id));
    duplicates(&mut r, &leaders, "leader", s.leaders.iter().map(|l| l.id));
    duplicates(
        &mut r,
        &powers,
        "corps",
        s.powers.iter().flat_map(|p| p.corps.iter().map(|c| c.id)),
    );
    duplicates(
        &mut r,
        &powers,
        "fleet",
        s.powers.iter().flat_map(|p| p.fleets.iter().map(|c| c.id)),
    );
    for m in &s.minors {
        if s.power(crate::kernel::ids::PowerId(m.id.0)).is_some() {
            r.err(
                &minors,
                format!("minor {}", m.id),
                "the same key names a major power",
            );
        }
    }

    // Provinces.
    for p in &s.map.provinces {
        if s.nation(p.nation).is_none() {
            r.err(
                &map,
                format!("province {}", p.id),
                format!("unknown nation `{}`", p.nation),
            );
        }
        for (what, v) in [("money", p.money), ("manpower", p.manpower)] {
            if v > 100 {
                r.err(
                    &map,
                    format!("province {}", p.id),
                    format!("{what} value {v} out of range 0..=100"),
                );
            }
        }
    }

    // Areas and land links.
    let link_kinds: BTreeMap<(AreaId, AreaId), super::LinkKind> = s
        .map
        .areas
        .iter()
        .flat_map(|a| a.links.iter().map(move |l| ((a.id, l.to), l.kind)))
        .collect();
    for a in &s.map.areas {
        let entry = format!("area {}", a.id);
        if s.province(a.province).is_none() {
            r.err(&map, &entry, format!("unknown province `{}`", a.province));
        }
        if !(-90.0..=90.0).contains(&a.lat) || !(-180.0..=180.0).contains(&a.lon) {
            r.err(
                &map,
                &entry,
                format!(
                    "latitude {} or longitude {} out of range (-90..=90, -180..=180)",
                    a.lat, a.lon
                ),
            );
        }
        if a.port && a.seas.is_empty() {
            r.err(
                &map,
                &entry,
                "is a port but touches no sea area (`seas` is empty)",
            );
        }
        if a.port && a.city.is_none() {
            r.err(&map, &entry, "is a port but has no city");
        }
        for l in &a.links {
            if l.to == a.id {
                r.err(&map, &entry, "an area may not border itself");
            } else if s.area(l.to).is_none() {
                r.err(&map, &entry, format!("link to unknown area `{}`", l.to));
            } else {
                match link_kinds.get(&(l.to, a.id)) {
                    None => r.err(
                        &map,
                        &entry,
                        format!(
                            "one-way adjacency: links to `{}` but `{}` does not link back",
                            l.to, l.to
                        ),
                    ),
                    // Reported once, on the area with the smaller id.
                    Some(k) if *k != l.kind && a.id < l.to => r.err(
                        &map,
                        &entry,
                        format!(
                            "link to `{}` is `{}` here but `{}` on `{}`'s side",
                            l.to,
                            kind_name(l.kind),
                            kind_name(*k),
                            l.to
                        ),
                    ),
                    _ => {}
                }
            }
        }
        for sea in &a.seas {
            if s.sea(*sea).is_none() {
                r.err(&map, &entry, format!("coast on unknown sea `{sea}`"));
            }
        }
    }
    let sea_adj: BTreeSet<(SeaId, SeaId)> = s
        .map
        .seas
        .iter()
        .flat_map(|x| x.adjacent.iter().map(move |y| (x.id, *y)))
        .collect();
    for x in &s.map.seas {
        let entry = format!("sea {}", x.id);
        if !(-90.0..=90.0).contains(&x.lat) || !(-180.0..=180.0).contains(&x.lon) {
            r.err(
                &map,
                &entry,
                format!(
                    "latitude {} or longitude {} out of range (-90..=90, -180..=180)",
                    x.lat, x.lon
                ),
            );
        }
        for y in &x.adjacent {
            if s.sea(*y).is_none() {
                r.err(&map, &entry, format!("next to unknown sea `{y}`"));
            } else if !sea_adj.contains(&(*y, x.id)) {
                r.err(
                    &map,
                    &entry,
                    format!("one-way adjacency: next to `{y}` but `{y}` does not list it back"),
                );
            }
        }
    }
    for c in &s.map.crossings {
        let entry = format!("crossing {}", c.id);
        for a in [c.a, c.b] {
            match s.area(a) {
                None => r.err(&map, &entry, format!("unknown area `{a}`")),
                Some(ad) if !ad.seas.contains(&c.sea) => r.err(
                    &map,
                    &entry,
                    format!("area `{a}` does not touch the crossing's sea `{}`", c.sea),
                ),
                _ => {}
            }
        }
        if s.sea(c.sea).is_none() {
            r.err(&map, &entry, format!("unknown sea `{}`", c.sea));
        }
    }
    check_reachable(s, &mut r, &map);

    // Capitals.
    for n in s
        .powers
        .iter()
        .map(|p| Nation::Power(p.id))
        .chain(s.minors.iter().map(|m| Nation::Minor(m.id)))
    {
        let (file, capital) = match n {
            Nation::Power(p) => (&powers, s.power(p).map(|d| d.capital)),
            Nation::Minor(m) => (&minors, s.minor(m).map(|d| d.capital)),
        };
        let Some(capital) = capital else { continue };
        let entry = match n {
            Nation::Power(p) => format!("power {p}"),
            Nation::Minor(m) => format!("minor {m}"),
        };
        match s.area(capital) {
            None => r.err(
                file,
                &entry,
                format!("capital `{capital}` is not a land area"),
            ),
            Some(a) => {
                let owner = s.nation_of_area(capital);
                if owner != Some(n) {
                    r.err(
                        file,
                        &entry,
                        format!(
                            "capital `{capital}` lies outside its nation: it belongs to `{}`",
                            owner.map_or_else(|| "no known nation".to_string(), |o| o.to_string())
                        ),
                    );
                }
                if !a.capital {
                    r.err(
                        &map,
                        format!("area {capital}"),
                        format!("is {n}'s capital but not marked `capital: true`"),
                    );
                }
            }
        }
        if s.areas_of(n).is_empty() {
            r.err(file, &entry, "has no land areas");
        }
    }
    for a in s.map.areas.iter().filter(|a| a.capital) {
        let Some(n) = s.nation_of_area(a.id) else {
            continue;
        };
        let capital = match n {
            Nation::Power(p) => s.power(p).map(|d| d.capital),
            Nation::Minor(m) => s.minor(m).map(|d| d.capital),
        };
        if let Some(c) = capital
            && c != a.id
        {
            r.err(
                &map,
                format!("area {}", a.id),
                format!("is marked `capital: true` but {n}'s capital is `{c}`"),
            );
        }
    }

    // Powers.
    let power_ids: BTreeSet<_> = s.power_ids().collect();
    for p in &s.powers {
        let entry = format!("power {}", p.id);
        if !is_colour(&p.color) {
            r.err(
                &powers,
                &entry,
                format!("colour `{}` is not #rrggbb", p.color),
            );
        }
        for c in &p.corps {
            let ce = format!("{entry} corps {}", c.id);
            check_location(s, &mut r, &powers, &ce, c.location);
            let over = over_capacity(&c.factors, &c.capacity);
            if !over.is_empty() {
                r.err(
                    &powers,
                    &ce,
                    format!("starting factors exceed the corps' capacity: {over}"),
                );
            }
        }
        for f in &p.fleets {
            let fe = format!("{entry} fleet {}", f.id);
            check_location(s, &mut r, &powers, &fe, f.location);
            if let Location::Area(a) = f.location
                && s.area(a).is_some_and(|a| !a.port)
            {
                r.err(
                    &powers,
                    &fe,
                    format!("fleet starts in `{a}`, which is not a port"),
                );
            }
        }
        for (a, _) in &p.garrisons {
            check_location(
                s,
                &mut r,
                &powers,
                &format!("{entry} garrison"),
                Location::Area(*a),
            );
        }
        for a in &p.depots {
            check_location(
                s,
                &mut r,
                &powers,
                &format!("{entry} depot"),
                Location::Area(*a),
            );
        }
    }

    // Minors.
    for m in &s.minors {
        let entry = format!("minor {}", m.id);
        let own: BTreeSet<_> = s
            .map
            .provinces
            .iter()
            .filter(|p| p.nation == m.id.0)
            .map(|p| p.id)
            .collect();
        let mut in_districts = BTreeSet::new();
        for d in &m.districts {
            for p in &d.provinces {
                match s.province(*p) {
                    None => r.err(
                        &minors,
                        format!("{entry} district {}", d.id),
                        format!("unknown province `{p}`"),
                    ),
                    Some(pd) if !own.contains(p) => r.err(
                        &minors,
                        format!("{entry} district {}", d.id),
                        format!(
                            "province `{p}` belongs to `{}`, not to `{}`",
                            pd.nation, m.id
                        ),
                    ),
                    _ => {}
                }
                if !in_districts.insert(*p) {
                    r.err(
                        &minors,
                        format!("{entry} district {}", d.id),
                        format!("province `{p}` is in two districts"),
                    );
                }
            }
        }
        for p in own.difference(&in_districts) {
            r.err(&minors, &entry, format!("province `{p}` is in no district"));
        }
        if m.districts.len() > 1 && m.districts.iter().filter(|d| d.primary).count() != 1 {
            r.err(
                &minors,
                &entry,
                "a multi-district minor needs exactly one primary district",
            );
        }
        for p in &power_ids {
            match m.national_modifiers.get(p) {
                None => r.err(
                    &minors,
                    &entry,
                    format!("national modifier table has no entry for `{p}`"),
                ),
                Some(v) if !(-9..=9).contains(v) => r.err(
                    &minors,
                    &entry,
                    format!("national modifier {v} for `{p}` out of range -9..=9"),
                ),
                _ => {}
            }
        }
        for p in m.national_modifiers.keys() {
            if !power_ids.contains(p) {
                r.err(
                    &minors,
                    &entry,
                    format!("national modifier for unknown power `{p}`"),
                );
            }
        }
        match (m.status, m.controller) {
            (super::MinorStatus::Neutral, Some(c)) => r.err(
                &minors,
                &entry,
                format!("is neutral but has a controller `{c}`; a neutral minor has none"),
            ),
            (super::MinorStatus::FreeState | super::MinorStatus::Conquered, None) => r.err(
                &minors,
                &entry,
                "a free state or conquered minor needs a controller",
            ),
            (_, Some(c)) if s.power(c).is_none() => {
                r.err(&minors, &entry, format!("unknown controller `{c}`"))
            }
            _ => {}
        }
        if !(5..=60).contains(&m.morale) {
            r.err(
                &minors,
                &entry,
                format!("morale {} (tenths) out of range 5..=60", m.morale),
            );
        }
    }

    // Leaders.
    for l in &s.leaders {
        let entry = format!("leader {}", l.id);
        if s.nation(l.nation).is_none() {
            r.err(&leaders, &entry, format!("unknown nation `{}`", l.nation));
        }
        for (what, v, lo, hi) in [
            ("strategic rating", l.strategic, 1, 6),
            ("tactical rating", l.tactical, 0, 6),
            ("tactical maximum", l.tactical_max, 1, 12),
        ] {
            if !(lo..=hi).contains(&v) {
                r.err(
                    &leaders,
                    &entry,
                    format!("{what} {v} out of range {lo}..={hi}"),
                );
            }
        }
        if let Some(a) = l.location
            && s.area(a).is_none()
        {
            r.err(&leaders, &entry, format!("unknown area `{a}`"));
        }
    }

    // Charts.
    for p in &power_ids {
        let Some(row) = s.charts.natural_alliance.get(p) else {
            r.err(&charts, "natural_alliance", format!("no row for `{p}`"));
            continue;
        };
        for q in &power_ids {
            if p != q && !row.contains_key(q) {
                r.err(
                    &charts,
                    format!("natural_alliance {p}"),
                    format!("no column for `{q}`"),
                );
            }
        }
    }
    // Every cell of the chart, including rows of powers this scenario does not have.
    for (p, row) in &s.charts.natural_alliance {
        for (q, v) in row {
            if p == q {
                r.err(
                    &charts,
                    format!("natural_alliance {p}"),
                    format!("has a cell for `{q}` itself; the diagonal is blank"),
                );
            } else if !(-10..=10).contains(v) {
                r.err(
                    &charts,
                    format!("natural_alliance {p}"),
                    format!("modifier {v} for `{q}` out of range -10..=10"),
                );
            }
        }
    }
    let d = &s.charts.status_display;
    // In i64: a zone's ends may be any i32 before the ranges are checked (`ranges`).
    let mut next = i64::from(d.min);
    for z in &d.zones {
        let entry = format!("status_display zone {}", z.name);
        let (from, to) = (i64::from(z.from), i64::from(z.to));
        if from > next {
            r.err(
                &charts,
                &entry,
                format!(
                    "gap: no zone covers {next}..={}; this zone starts at {} (zones must run without gaps from {} to {})",
                    from - 1,
                    z.from,
                    d.min,
                    d.max
                ),
            );
        } else if from < next {
            r.err(
                &charts,
                &entry,
                format!(
                    "overlap: starts at {} but {}..={} is already covered (zones must run without gaps from {} to {})",
                    z.from,
                    z.from,
                    next - 1,
                    d.min,
                    d.max
                ),
            );
        }
        if z.to < z.from {
            r.err(
                &charts,
                &entry,
                format!("ends at {} before it starts at {}", z.to, z.from),
            );
        }
        next = to + 1;
    }
    if next != i64::from(d.max) + 1 {
        r.err(
            &charts,
            "status_display",
            format!("zones end at {} instead of {}", next - 1, d.max),
        );
    }
    if !d.zones.iter().any(|z| z.instability) || !d.zones.iter().any(|z| z.fiasco) {
        r.err(
            &charts,
            "status_display",
            "needs an Instability zone and a Fiasco zone (4.6.1)",
        );
    }
    duplicates(
        &mut r,
        &charts,
        "political_points",
        s.charts.political_points.iter().map(|e| e.id.as_str()),
    );
    let term_ids: BTreeSet<&str> = s
        .charts
        .victory_conditions
        .terms
        .iter()
        .map(|t| t.id.as_str())
        .collect();
    for t in &s.charts.victory_conditions.terms {
        for o in t.cancels.iter().chain(&t.excludes) {
            if !term_ids.contains(o.as_str()) {
                r.err(
                    &charts,
                    format!("peace term {}", t.id),
                    format!("names unknown term `{o}`"),
                );
            }
        }
    }
    // The order may name powers a scenario does not have (the rule set serves several scenarios): they are
    // skipped, as the Land Phase's order skips them.
    let d = &s.combat.default_chit;
    if !(1..=3).contains(&d.rounds) || d.won < 0 {
        r.err(
            &format!("rulesets/{}/combat.ron", s.meta.ruleset),
            "default_chit",
            format!(
                "rounds {} must be a round of a day (1 to 3) and won {} not negative",
                d.rounds, d.won
            ),
        );
    }
    for (entry, message) in super::naval::problems(s) {
        r.err(&charts, entry, message);
    }
    let e = &s.charts.economy;
    if e.conquered_minor_den == 0 || e.conquered_minor_num > e.conquered_minor_den {
        r.err(
            &charts,
            "economy",
            format!(
                "the conquered minor's share {}/{} must be a fraction between 0 and 1",
                e.conquered_minor_num, e.conquered_minor_den
            ),
        );
    }
    let u = &s.charts.ump_control;
    if u.dice == 0 {
        r.err(
            &charts,
            "ump_control",
            "dice must be at least 1 (14.3.1.2: each bidder rolls)",
        );
    }
    if s.points("ump-control").is_none() {
        r.err(
            &charts,
            "political_points",
            "needs the entry `ump-control` (14.3.1.3: the points for gaining control of an UMP)",
        );
    }
    match s.points("scuttle-fleet") {
        None => r.err(
            &charts,
            "political_points",
            "needs the entry `scuttle-fleet` (5.1.4.1: the points for scuttling a fleet that holds ships)",
        ),
        Some(e) if e.points > 0 => r.err(
            &charts,
            "political_points scuttle-fleet",
            format!(
                "points {} must not be above 0 (5.1.4.1: scuttling a fleet that holds ships costs points)",
                e.points
            ),
        ),
        Some(_) => {}
    }
    let u = &s.charts.ump_rules;
    if u.battle_points_cap <= 0
        || u.ship_land_equivalent == 0
        || u.reversion_manpower_multiple == 0
        || u.combined_phase_divisor == 0
    {
        r.err(
            &charts,
            "ump_rules",
            "battle_points_cap, ship_land_equivalent, reversion_manpower_multiple and combined_phase_divisor must be above 0",
        );
    }
    for p in &u.manpower_kept_by {
        if s.power(*p).is_none() {
            r.err(
                &charts,
                "ump_rules",
                format!("manpower_kept_by names unknown power `{p}`"),
            );
        }
    }
    if e.costs
        .get(&u.combined_purchase)
        .is_none_or(|c| c.money == 0 && c.manpower == 0)
    {
        r.err(
            &charts,
            "ump_rules",
            format!(
                "combined_purchase `{}` needs a cost in money or manpower in the economy's cost table",
                u.combined_purchase
            ),
        );
    }
    for k in crate::scenario::UnitKind::ALL {
        if !e.costs.contains_key(&k) {
            r.err(
                &charts,
                "economy",
                format!("the cost table has no entry for `{k}`"),
            );
        }
    }
    let g = &s.charts.reinforcement.garrison_units;
    for (i, k) in g.iter().enumerate() {
        if matches!(
            k,
            crate::scenario::UnitKind::Ship
                | crate::scenario::UnitKind::Corps
                | crate::scenario::UnitKind::Depot
        ) {
            r.err(
                &charts,
                "reinforcement",
                format!("garrison_units lists `{k}`, which is not a land factor"),
            );
        }
        if g[..i].contains(k) {
            r.err(
                &charts,
                "reinforcement",
                format!("garrison_units lists `{k}` twice"),
            );
        }
    }
    let m = &e.manipulation;
    if !m.squares.is_empty() {
        if m.square(0).is_none() {
            r.err(
                &charts,
                "economy.manipulation",
                "the Economic Manipulation Display needs a square 0, where every marker starts (12.5)",
            );
        }
        for (i, s) in m.squares.iter().enumerate() {
            if m.squares[..i].iter().any(|t| t.square == s.square) {
                r.err(
                    &charts,
                    "economy.manipulation",
                    format!("square {} is listed twice", s.square),
                );
            }
        }
        if m.max_move == 0 {
            r.err(
                &charts,
                "economy.manipulation",
                "max_move must be at least 1 (8.4.1)",
            );
        }
    }
    if e.default_points > 0 {
        r.err(
            &charts,
            "economy.default_points",
            format!("{} must not be a gain (8.6)", e.default_points),
        );
    }
    for (k, who) in &e.restricted {
        if who.is_empty() {
            r.err(
                &charts,
                "economy.restricted",
                format!("`{k}` lists no power that may buy it"),
            );
        }
    }
    for k in &e.free_state_units {
        if !e.costs.contains_key(k) {
            r.err(
                &charts,
                "economy.free_state_units",
                format!("`{k}` has no price in economy.costs (4.8, 8.5)"),
            );
        }
        if e.restricted.contains_key(k) {
            r.err(
                &charts,
                "economy.free_state_units",
                format!("`{k}` is restricted to some powers; a minor free state cannot buy it"),
            );
        }
    }
}

/// The data file's name of a link kind.
fn kind_name(k: LinkKind) -> &'static str {
    match k {
        LinkKind::Plain => "plain",
        LinkKind::River => "river",
        LinkKind::Pass => "pass",
        LinkKind::Strait => "strait",
    }
}

/// The factor types of `factors` above `capacity`, as `infantry 16 > 15, cavalry 5 > 4` (empty if none).
fn over_capacity(factors: &Factors, capacity: &Factors) -> String {
    let pairs = [
        ("infantry", factors.infantry, capacity.infantry),
        ("cavalry", factors.cavalry, capacity.cavalry),
        ("guard", factors.guard, capacity.guard),
        ("militia", factors.militia, capacity.militia),
        ("artillery", factors.artillery, capacity.artillery),
        ("cossack", factors.cossack, capacity.cossack),
        ("freikorps", factors.freikorps, capacity.freikorps),
        ("feudal", factors.feudal, capacity.feudal),
        ("insurrection", factors.insurrection, capacity.insurrection),
    ];
    pairs
        .iter()
        .filter(|(_, f, c)| f > c)
        .map(|(n, f, c)| format!("{n} {f} > {c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn is_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

fn check_location(s: &Scenario, r: &mut Report, file: &str, entry: &str, loc: Location) {
    match loc {
        Location::Area(a) if s.area(a).is_none() => {
            r.err(file, entry, format!("unknown area `{a}`"))
        }
        Location::Sea(x) if s.sea(x).is_none() => r.err(file, entry, format!("unknown sea `{x}`")),
        Location::Blockade(a) => match s.area(a) {
            None => r.err(file, entry, format!("unknown area `{a}`")),
            Some(d) if !d.port => r.err(
                file,
                entry,
                format!("`{a}` is no port, so it has no blockade box"),
            ),
            Some(_) => {}
        },
        _ => {}
    }
}

/// Every land area must be reachable from the first by land, crossing arrows or sea.
fn check_reachable(s: &Scenario, r: &mut Report, file: &str) {
    let Some(first) = s.map.areas.first() else {
        r.err(file, "", "the map has no land areas");
        return;
    };
    let mut coast: BTreeMap<SeaId, Vec<AreaId>> = BTreeMap::new();
    for a in &s.map.areas {
        for x in &a.seas {
            coast.entry(*x).or_default().push(a.id);
        }
    }
    let mut seen_areas = BTreeSet::from([first.id]);
    let mut seen_seas = BTreeSet::new();
    let mut queue = VecDeque::from([first.id]);
    while let Some(a) = queue.pop_front() {
        let Some(def) = s.area(a) else { continue };
        let mut next: Vec<AreaId> = def.links.iter().map(|l| l.to).collect();
        for c in &s.map.crossings {
            if c.a == a {
                next.push(c.b);
            } else if c.b == a {
                next.push(c.a);
            }
        }
        // By sea: every sea reachable from this coast, and every coast of those seas.
        let mut seas: VecDeque<SeaId> = def.seas.iter().copied().collect();
        while let Some(x) = seas.pop_front() {
            if !seen_seas.insert(x) {
                continue;
            }
            next.extend(coast.get(&x).into_iter().flatten().copied());
            if let Some(sd) = s.sea(x) {
                seas.extend(sd.adjacent.iter().copied());
            }
        }
        for n in next {
            if s.area(n).is_some() && seen_areas.insert(n) {
                queue.push_back(n);
            }
        }
    }
    for a in &s.map.areas {
        if !seen_areas.contains(&a.id) {
            let isolated = a.links.is_empty()
                && a.seas.is_empty()
                && !s.map.crossings.iter().any(|c| c.a == a.id || c.b == a.id);
            r.err(
                file,
                format!("area {}", a.id),
                if isolated {
                    format!(
                        "unreachable from `{}` by land or sea: it has no land links, no coast and no crossing arrow",
                        first.id
                    )
                } else {
                    format!("unreachable from `{}` by land or sea", first.id)
                },
            );
        }
    }
}
