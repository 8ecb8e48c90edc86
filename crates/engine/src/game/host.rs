//! Rule 3.5 (Coalition's): host adjustments. Public, logged corrections a play-by-mail moderator makes, and the
//! set-up of a position (3.7). Each becomes ordinary events that cite the rule and carry the host's note.

use super::emit::Emitter;
use crate::event::Event;
use crate::kernel::error::{DataError, DataErrors};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::kernel::limits::{self, Limit};
use crate::scenario::{Location, MinorStatus, Scenario};
use crate::state::{EnforcedPeace, LossRecord, WarCause};
use crate::world::Ctx;
use crate::world::WorldEvent;

pub use crate::scenario::Adjustment;

/// Rule 14.1.4: checks a campaign's set-up (`scenario.ron`'s `setup`) by applying it to the starting position;
/// each adjustment that cannot be made is reported with its file and entry. `Scenario::load` checks the data
/// alone; loading a scenario to play it checks its set-up too (`load_scenario`).
pub fn check_campaign_setup(scenario: &Scenario) -> Result<(), DataErrors> {
    let mut state = crate::state::State::initial(scenario);
    let mut log = Vec::new();
    let rulebook = crate::kernel::rulebook::Rulebook::default();
    let mut em = Emitter {
        scenario,
        rulebook: &rulebook,
        state: &mut state,
        log: &mut log,
    };
    let mut errors = Vec::new();
    for (i, adj) in scenario.meta.setup.iter().enumerate() {
        if let Err(e) = adjust(&mut em, adj, "14.1.4", "") {
            errors.push(DataError {
                file: format!("scenarios/{}/scenario.ron", scenario.meta.id),
                entry: format!("setup {}", i + 1),
                message: e.reason,
            });
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(DataErrors(errors))
    }
}

/// Loads a scenario from its data files and checks it whole: the data (`Scenario::load`) and its campaign's
/// set-up (`check_campaign_setup`).
pub fn load_scenario(
    sources: &crate::scenario::ScenarioSources,
    name: &str,
) -> Result<Scenario, DataErrors> {
    let s = Scenario::load(sources, name)?;
    check_campaign_setup(&s)?;
    Ok(s)
}

fn power(ctx: &Ctx, p: PowerId) -> RuleResult<()> {
    ctx.scenario
        .power(p)
        .map(|_| ())
        .ok_or_else(|| RuleError::new("3.4", format!("unknown power `{p}`")))
}

fn nation(ctx: &Ctx, n: Nation) -> RuleResult<()> {
    match n {
        Nation::Power(p) => power(ctx, p),
        Nation::Minor(m) => ctx
            .scenario
            .minor(m)
            .map(|_| ())
            .ok_or_else(|| RuleError::new("3.4", format!("unknown minor country `{m}`"))),
    }
}

fn area(ctx: &Ctx, a: AreaId) -> RuleResult<()> {
    ctx.scenario
        .area(a)
        .map(|_| ())
        .ok_or_else(|| RuleError::new("3.4", format!("unknown area `{a}`")))
}

fn location(ctx: &Ctx, l: Location) -> RuleResult<()> {
    match l {
        Location::Area(a) => area(ctx, a),
        Location::Sea(s) => ctx
            .scenario
            .sea(s)
            .map(|_| ())
            .ok_or_else(|| RuleError::new("3.4", format!("unknown sea area `{s}`"))),
        Location::Blockade(a) => match ctx.scenario.area(a) {
            Some(d) if d.port => Ok(()),
            Some(_) => Err(RuleError::new(
                "3.4",
                format!("`{a}` is no port: it has no blockade box"),
            )),
            None => area(ctx, a),
        },
        Location::Aboard(f) => match ctx.world.forces.fleets.get(&f) {
            Some(x)
                if x.ships > 0 && !matches!(x.location, Location::Aboard(_) | Location::OffMap) =>
            {
                Ok(())
            }
            Some(_) => Err(RuleError::new(
                "6.2.5",
                format!("fleet `{f}` has no ships on the map to carry anything"),
            )),
            None => Err(RuleError::new("3.4", format!("unknown fleet `{f}`"))),
        },
        Location::OffMap => Ok(()),
    }
}

/// Rule 3.5: a number an adjustment sets (`what`, as the message names it) must lie in its range.
fn within(limit: Limit, what: &str, v: impl Into<i64>) -> RuleResult<()> {
    let v = v.into();
    if limit.contains(v) {
        Ok(())
    } else {
        Err(RuleError::new(
            "3.5",
            format!(
                "{what} {} is out of range: it must be {}",
                limits::grouped(v),
                limit.range()
            ),
        ))
    }
}

/// Rule 3.5: every type of a set of factors an adjustment sets lies in `limits::FACTORS`.
fn factors_within(what: &str, f: &crate::scenario::Factors) -> RuleResult<()> {
    let most = [
        f.infantry,
        f.cavalry,
        f.guard,
        f.militia,
        f.artillery,
        f.cossack,
        f.freikorps,
        f.feudal,
        f.insurrection,
    ]
    .into_iter()
    .max()
    .unwrap_or(0);
    within(
        limits::FACTORS,
        &format!("{what}: factors of one type,"),
        most,
    )
}

/// A corps' capacity as players read it: `infantry 15, cavalry 4` (the types it may hold).
fn capacity_text(c: &crate::scenario::Factors) -> String {
    let v: Vec<String> = [
        ("infantry", c.infantry),
        ("cavalry", c.cavalry),
        ("guard", c.guard),
        ("militia", c.militia),
        ("artillery", c.artillery),
        ("cossack", c.cossack),
        ("freikorps", c.freikorps),
        ("feudal", c.feudal),
        ("insurrection", c.insurrection),
    ]
    .iter()
    .filter(|(_, n)| *n > 0)
    .map(|(k, n)| format!("{k} {n}"))
    .collect();
    if v.is_empty() {
        "no factors".into()
    } else {
        v.join(", ")
    }
}

/// Rule 3.5: a change of a power's standing (`have` now, by `delta`) must leave it in its range.
fn standing_within(ctx: &Ctx, p: PowerId, limit: Limit, have: i32, delta: i32) -> RuleResult<()> {
    let after = i64::from(have) + i64::from(delta);
    if limit.contains(after) {
        return Ok(());
    }
    Err(RuleError::new(
        "3.5",
        format!(
            "{}'s {} must stay within {}: it has {}, and a change of {}{} would make it {}",
            ctx.scenario.power_name(p),
            limit.what,
            limit.range(),
            limits::grouped(have),
            if delta > 0 { "+" } else { "" },
            limits::grouped(delta),
            limits::grouped(after)
        ),
    ))
}

/// Rule 3.5: makes an adjustment through the game's emitter: its events, then (a neutral UMP given a controller,
/// 14.3.2.4.2) the return of its forces as the changed world says, then the reactions that follow a batch.
pub(crate) fn adjust(em: &mut Emitter, adj: &Adjustment, rule: &str, note: &str) -> RuleResult<()> {
    let ctx = Ctx::new(em.scenario, em.rulebook, &em.state.world);
    let events = events(&ctx, adj, rule, note)?;
    let neutral = crate::umps::UmpStatus::Neutral;
    let leaving = match adj {
        Adjustment::SetUmpControl {
            ump,
            controller: Some(c),
            status,
        } if *status != neutral && crate::umps::status_of(ctx.world, *ump) == Some(neutral) => {
            Some((*ump, *c))
        }
        _ => None,
    };
    for e in events {
        em.push(e);
    }
    if let Some((ump, c)) = leaving {
        let ctx = Ctx::new(em.scenario, em.rulebook, &em.state.world);
        for e in crate::umps::on_leaving_neutral(&ctx, ump, c) {
            em.push(super::plug_umps::event(e));
        }
    }
    em.settle();
    Ok(())
}

/// The events of an adjustment, after checking every id and that no treasury goes below zero.
pub fn events(ctx: &Ctx, adj: &Adjustment, rule: &str, note: &str) -> RuleResult<Vec<Event>> {
    limits::check_note(note)?;
    if let Some(d) = adj.dates().into_iter().find(|d| !d.is_valid()) {
        return Err(RuleError::new(
            "3.5",
            format!("{}-{:02} is no month: a month is 1 to 12", d.year, d.month),
        ));
    }
    for d in adj.dates() {
        within(limits::YEAR, "the year of a date,", d.year)?;
    }
    let now = ctx.world.date();
    let (r, why) = (rule.to_string(), note.to_string());
    Ok(match adj {
        Adjustment::PoliticalPoints { power: p, delta } => {
            power(ctx, *p)?;
            let have = ctx.world.powers[p].political_points;
            standing_within(ctx, *p, limits::POLITICAL_POINTS, have, *delta)?;
            vec![Event::World(WorldEvent::PointsChanged {
                power: *p,
                delta: *delta,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::Money { power: p, delta } | Adjustment::Manpower { power: p, delta } => {
            power(ctx, *p)?;
            let s = &ctx.world.powers[p];
            let is_money = matches!(adj, Adjustment::Money { .. });
            let have = if is_money { s.money } else { s.manpower };
            if i64::from(have) + i64::from(*delta) < 0 {
                return Err(RuleError::new(
                    rule,
                    format!(
                        "{} has {have} {}; a change of {delta} would leave it below zero",
                        ctx.scenario.power_name(*p),
                        if is_money { "money" } else { "manpower" }
                    ),
                ));
            }
            let limit = if is_money {
                limits::MONEY
            } else {
                limits::MANPOWER
            };
            standing_within(ctx, *p, limit, have, *delta)?;
            vec![Event::World(WorldEvent::TreasuryChanged {
                power: *p,
                money: if is_money { *delta } else { 0 },
                manpower: if is_money { 0 } else { *delta },
                rule: r,
                reason: why,
                income: None,
            })]
        }
        Adjustment::VictoryPoints { power: p, delta } => {
            power(ctx, *p)?;
            let have = ctx.world.powers[p].victory_points;
            standing_within(ctx, *p, limits::VICTORY_POINTS, have, *delta)?;
            vec![Event::World(WorldEvent::VictoryPointsChanged {
                power: *p,
                delta: *delta,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::AreaControl { area: a, holder } => {
            area(ctx, *a)?;
            if let Some(h) = holder {
                nation(ctx, *h)?;
            }
            let mut ev = vec![Event::World(WorldEvent::AreaControlChanged {
                area: *a,
                holder: *holder,
                rule: r,
                reason: why,
            })];
            // 12.1.2.1: ships being built in a port lost to an enemy are destroyed at once.
            ev.extend(
                crate::reinforcement::ships_lost_with_port(ctx, *a, *holder)
                    .into_iter()
                    .map(Event::Reinforcement),
            );
            ev
        }
        Adjustment::MinorControl {
            minor,
            controller,
            status,
        } => {
            nation(ctx, Nation::Minor(*minor))?;
            if let Some(c) = controller {
                power(ctx, *c)?;
            }
            if (*status == MinorStatus::Neutral) != controller.is_none() {
                return Err(RuleError::new(
                    rule,
                    "a neutral minor has no controller; a free state or conquered minor needs one",
                ));
            }
            // 4.8: not even the host makes a free state conquered in the hands of a power that declared it.
            if let (MinorStatus::Conquered, Some(c)) = (status, controller) {
                ctx.world.may_hold_conquered(ctx.scenario, *minor, *c)?;
            }
            vec![Event::World(WorldEvent::MinorChanged {
                minor: *minor,
                controller: *controller,
                status: *status,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::DistrictConquered {
            minor,
            district,
            conquered,
        } => {
            let Some(def) = ctx.scenario.minor(*minor) else {
                return Err(RuleError::new(
                    "3.4",
                    format!("unknown minor country `{minor}`"),
                ));
            };
            let Some(d) = def.districts.iter().find(|d| d.id == *district) else {
                return Err(RuleError::new(
                    "3.4",
                    format!("{} has no district `{district}`", def.name),
                ));
            };
            if def.districts.len() < 2 || d.primary {
                return Err(RuleError::new(
                    rule,
                    format!(
                        "{} is not a secondary district of {}: conquering it conquers the minor (record that with minor_control)",
                        d.name, def.name
                    ),
                ));
            }
            vec![Event::World(WorldEvent::DistrictConquered {
                minor: *minor,
                district: *district,
                conquered: *conquered,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::Corps {
            corps,
            factors,
            location: l,
        } => {
            let Some(c) = ctx.world.forces.corps.get(corps) else {
                return Err(RuleError::new("3.4", format!("unknown corps `{corps}`")));
            };
            location(ctx, *l)?;
            factors_within(&format!("corps `{corps}`"), factors)?;
            // Over its capacity in any one type (`minus` is `None` when some type of `factors` is larger).
            if c.capacity.minus(factors).is_none() {
                return Err(RuleError::new(
                    rule,
                    format!(
                        "corps `{corps}` cannot hold more than its capacity: {}",
                        capacity_text(&c.capacity)
                    ),
                ));
            }
            vec![Event::World(WorldEvent::CorpsChanged {
                corps: *corps,
                factors: *factors,
                location: *l,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::Fleet {
            fleet,
            ships,
            location: l,
            mix,
        } => {
            if !ctx.world.forces.fleets.contains_key(fleet) {
                return Err(RuleError::new("3.4", format!("unknown fleet `{fleet}`")));
            }
            if let Location::Aboard(_) = l {
                return Err(RuleError::new(
                    "6.2.5",
                    "a fleet is not carried aboard another",
                ));
            }
            location(ctx, *l)?;
            within(limits::SHIPS, &format!("fleet `{fleet}`: ships"), *ships)?;
            let mut out = vec![Event::World(WorldEvent::FleetChanged {
                fleet: *fleet,
                ships: *ships,
                location: *l,
                rule: r.clone(),
                reason: why.clone(),
            })];
            if let Some(mix) = mix {
                crate::naval::steam::check_mix(ctx.scenario, *ships, mix)?;
                out.push(Event::World(WorldEvent::FleetMixChanged {
                    fleet: *fleet,
                    mix: mix.clone(),
                    rule: r,
                    reason: why,
                }));
            }
            out
        }
        Adjustment::Garrison {
            area: a,
            owner,
            factors,
        } => {
            area(ctx, *a)?;
            nation(ctx, *owner)?;
            factors_within("a garrison", factors)?;
            vec![Event::World(WorldEvent::GarrisonChanged {
                area: *a,
                owner: *owner,
                factors: *factors,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::Depot {
            area: a,
            owner,
            present,
        } => {
            area(ctx, *a)?;
            nation(ctx, *owner)?;
            vec![Event::World(WorldEvent::DepotChanged {
                area: *a,
                owner: *owner,
                present: *present,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::DepotAboard {
            fleet,
            owner,
            present,
        } => {
            nation(ctx, *owner)?;
            if !ctx.world.forces.fleets.contains_key(fleet) {
                return Err(RuleError::new("3.4", format!("unknown fleet `{fleet}`")));
            }
            vec![Event::World(WorldEvent::DepotCarried {
                fleet: *fleet,
                owner: *owner,
                aboard: *present,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::Leader {
            leader,
            status,
            location: l,
        } => {
            if !ctx.world.forces.leaders.contains_key(leader) {
                return Err(RuleError::new("3.4", format!("unknown leader `{leader}`")));
            }
            location(ctx, *l)?;
            vec![Event::World(WorldEvent::LeaderChanged {
                leader: *leader,
                status: *status,
                location: *l,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::Loss {
            nation: n,
            land_factors,
            ships,
            cause,
            excluded_factors,
            forced_by,
        } => {
            nation(ctx, *n)?;
            within(limits::LOSSES, "land factors lost", *land_factors)?;
            within(limits::LOSSES, "ships lost", *ships)?;
            if excluded_factors > land_factors {
                return Err(RuleError::new(
                    rule,
                    format!(
                        "{excluded_factors} excepted factor(s) cannot be more than the {land_factors} land factor(s) lost"
                    ),
                ));
            }
            crate::umps::rules::may_lose(ctx.world, *n, *cause, forced_by.as_deref())?;
            vec![Event::World(WorldEvent::LossRecorded {
                loss: LossRecord {
                    nation: *n,
                    date: now,
                    cause: *cause,
                    land_factors: *land_factors,
                    ships: *ships,
                    rule: r,
                    excluded_factors: *excluded_factors,
                },
            })]
        }
        Adjustment::MixedForceLosses { force } => {
            for f in force {
                nation(ctx, f.nation)?;
                for (what, v) in [
                    ("factors in the force", f.factors_in_force),
                    ("land factors lost", f.land_factors),
                    ("excepted factors", f.excluded_factors),
                    ("ships lost", f.ships),
                ] {
                    within(limits::LOSSES, &format!("{}: {what}", f.nation), v)?;
                }
            }
            crate::umps::rules::check_mixed_losses(ctx.scenario, ctx.world, force)?;
            crate::umps::rules::mixed_loss_records(now, "14.3.2.1.6", force)
                .into_iter()
                .map(Event::World)
                .collect()
        }
        Adjustment::BattleResult {
            points,
            napoleon_or_nelson,
        } => {
            for b in points {
                power(ctx, b.power)?;
                within(
                    limits::BATTLE_POINTS,
                    &format!("{}: political points of a battle", b.power),
                    b.delta,
                )?;
            }
            crate::umps::rules::battle_points(ctx.scenario, ctx.world, points, *napoleon_or_nelson)
                .into_iter()
                .map(|(p, delta, why)| {
                    Event::World(WorldEvent::PointsChanged {
                        power: p,
                        delta,
                        rule: "14.3.2.1.3".into(),
                        reason: if note.is_empty() {
                            why
                        } else {
                            format!("{why}; {note}")
                        },
                    })
                })
                .collect()
        }
        Adjustment::SetUmpControl {
            ump,
            controller,
            status,
        } => {
            power(ctx, *ump)?;
            if let Some(c) = controller {
                power(ctx, *c)?;
                if c == ump || crate::umps::is_ump(ctx.world, *c) {
                    return Err(RuleError::new(
                        rule,
                        format!(
                            "{c} cannot control {ump}: a controller is a major power a player controls"
                        ),
                    ));
                }
            } else {
                // An UMP nobody controls is neutral, or inactive while at war with a major power (14.3.1.3.2,
                // as the UMP Control Step itself leaves it); never active (14.3.1.3.1 needs a controller's roll).
                let at_war = ctx.world.at_war_with_a_major(Nation::Power(*ump));
                match status {
                    crate::umps::UmpStatus::Active => {
                        return Err(RuleError::new(
                            "14.3.1.3.1",
                            format!(
                                "{ump} with no controller cannot be active: only a controller's roll makes it so"
                            ),
                        ));
                    }
                    crate::umps::UmpStatus::Inactive if !at_war => {
                        return Err(RuleError::new(
                            "14.3.2.3.2",
                            format!(
                                "{ump} is at war with no major power: with no controller it can only be neutral"
                            ),
                        ));
                    }
                    _ => {}
                }
            }
            let before = crate::umps::status_of(ctx.world, *ump);
            let mut ev = vec![Event::World(WorldEvent::UmpControl {
                ump: *ump,
                controller: *controller,
                status: *status,
                rule: r,
                reason: why,
            })];
            let neutral = crate::umps::UmpStatus::Neutral;
            // A neutral UMP given a controller comes back (`adjust` emits its return once the change is
            // applied); a power made neutral, or an UMP reverting to neutrality: its forces leave the map.
            if before != Some(neutral) && *status == neutral {
                ev.extend(
                    crate::umps::on_becoming_neutral(ctx, *ump)
                        .into_iter()
                        .map(super::plug_umps::event),
                );
            }
            ev
        }
        Adjustment::War {
            aggressor,
            defender,
            since,
        } => {
            nation(ctx, *aggressor)?;
            nation(ctx, *defender)?;
            if aggressor == defender {
                return Err(RuleError::new(
                    rule,
                    "a nation cannot be at war with itself",
                ));
            }
            if ctx.world.at_war(*aggressor, *defender) {
                return Err(RuleError::new(
                    rule,
                    format!("{aggressor} and {defender} are already at war"),
                ));
            }
            vec![Event::World(WorldEvent::WarDeclared {
                aggressor: *aggressor,
                defender: *defender,
                cause: WarCause::Rule { rule: r.clone() },
                since: since.unwrap_or(now),
                rule: r,
            })]
        }
        Adjustment::Peace { a, b } => {
            if !ctx.world.at_war(*a, *b) {
                return Err(RuleError::new(rule, format!("{a} and {b} are not at war")));
            }
            vec![Event::World(WorldEvent::WarEnded {
                a: *a,
                b: *b,
                date: now,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::Alliance { a, b, since } => {
            power(ctx, *a)?;
            power(ctx, *b)?;
            if a == b || ctx.world.allied(*a, *b) {
                return Err(RuleError::new(
                    rule,
                    format!("{a} and {b} cannot be allied again"),
                ));
            }
            vec![Event::World(WorldEvent::AllianceFormed {
                a: *a,
                b: *b,
                since: since.unwrap_or(now),
                rule: r,
            })]
        }
        Adjustment::BreakAlliance { a, b, by, date } => {
            if !ctx.world.allied(*a, *b) {
                return Err(RuleError::new(rule, format!("{a} and {b} are not allied")));
            }
            if by.is_empty() || by.iter().any(|x| x != a && x != b) {
                return Err(RuleError::new(
                    rule,
                    format!("`by` must name {a}, {b} or both"),
                ));
            }
            vec![Event::World(WorldEvent::AllianceBroken {
                a: *a,
                b: *b,
                by: by.clone(),
                date: date.unwrap_or(now),
                rule: r,
                reason: why,
            })]
        }
        Adjustment::EnforcedPeace {
            restricted,
            towards,
            until,
            since,
        } => {
            power(ctx, *restricted)?;
            power(ctx, *towards)?;
            vec![Event::World(WorldEvent::EnforcedPeaceRecorded {
                peace: EnforcedPeace {
                    restricted: *restricted,
                    towards: *towards,
                    since: since.unwrap_or(now),
                    until: *until,
                    rule: r,
                },
            })]
        }
        Adjustment::TradeBreach { loser, victor } => {
            power(ctx, *loser)?;
            power(ctx, *victor)?;
            let open = ctx.world.treaties.obligations.iter().any(|o| {
                matches!(o, crate::political::peace::Obligation::TradeRestriction { loser: l, victor: v, broken: None, .. }
                    if l == loser && v == victor)
            });
            if !open {
                return Err(RuleError::new(
                    rule,
                    format!(
                        "{loser} owes {victor} no trade restriction (peace term B.6) not already broken"
                    ),
                ));
            }
            vec![Event::World(WorldEvent::TradeRestrictionBroken {
                loser: *loser,
                victor: *victor,
                date: now,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::VoluntaryAccess {
            grantor,
            grantee,
            granted,
        } => {
            power(ctx, *grantor)?;
            power(ctx, *grantee)?;
            if *granted {
                crate::political::access::check_grant(ctx, *grantor, *grantee)?;
            } else {
                crate::political::access::check_revoke(ctx, *grantor, *grantee)?;
            }
            vec![Event::World(WorldEvent::AccessChanged {
                grantor: *grantor,
                grantee: *grantee,
                granted: *granted,
                rule: r,
                reason: why,
            })]
        }
        Adjustment::LimitedAccess {
            mover,
            territory,
            since,
            unconditional,
        } => {
            power(ctx, *mover)?;
            power(ctx, *territory)?;
            if mover == territory {
                return Err(RuleError::new(
                    rule,
                    "a power needs no limited access to its own territory",
                ));
            }
            let access = crate::world::LimitedAccess::new(
                *mover,
                *territory,
                since.unwrap_or(now),
                *unconditional,
            );
            vec![Event::Peace(
                crate::political::peace::PeaceEvent::Recorded {
                    obligation: crate::political::peace::Obligation::LimitedAccess(access),
                },
            )]
        }
        Adjustment::CorpsOnLoan { corps, to, until } => {
            power(ctx, *to)?;
            let Some(c) = ctx.world.forces.corps.get(corps) else {
                return Err(RuleError::new(rule, format!("unknown corps `{corps}`")));
            };
            let Some(from) = ctx.world.controller_of(c.owner) else {
                return Err(RuleError::new(
                    rule,
                    format!("{corps} has no controlling power to lend it"),
                ));
            };
            if from == *to {
                return Err(RuleError::new(rule, format!("{corps} is already {to}'s")));
            }
            if *until <= now {
                return Err(RuleError::new(
                    rule,
                    format!("a loan ends after this month, not {until}"),
                ));
            }
            vec![Event::Peace(
                crate::political::peace::PeaceEvent::Recorded {
                    obligation: crate::political::peace::Obligation::CorpsOnLoan {
                        corps: *corps,
                        from,
                        to: *to,
                        until: *until,
                    },
                },
            )]
        }
        Adjustment::QueueReinforcement {
            owner,
            unit,
            count,
            due,
            port,
        } => {
            nation(ctx, *owner)?;
            if *count == 0 {
                return Err(RuleError::new(rule, "queue at least one unit"));
            }
            within(limits::UNITS, "units queued", *count)?;
            if let Some(p) = port {
                area(ctx, *p)?;
                if !ctx.scenario.area(*p).is_some_and(|d| d.port) {
                    return Err(RuleError::new("12.1.2", format!("{p} is not a port")));
                }
            }
            let ship = *unit == crate::scenario::UnitKind::Ship;
            if ship
                && port.is_none()
                && ctx
                    .rulebook
                    .has(crate::kernel::rulebook::OptionalRule::ShipBuildingLocations)
            {
                return Err(RuleError::new(
                    "12.1.2",
                    "ships must name the port where they are built",
                ));
            }
            if !ship && port.is_some() {
                return Err(RuleError::new(rule, "only ships are built in a port"));
            }
            vec![Event::World(WorldEvent::BuildingQueued {
                item: crate::economic::Building {
                    owner: *owner,
                    unit: *unit,
                    count: *count,
                    bought: now,
                    due: due.unwrap_or(now),
                    port: *port,
                    rule: r,
                },
            })]
        }
        Adjustment::Prisoners {
            owner,
            captor,
            factors,
        } => {
            nation(ctx, *owner)?;
            nation(ctx, *captor)?;
            if owner == captor {
                return Err(RuleError::new(
                    rule,
                    "a nation cannot hold its own factors prisoner",
                ));
            }
            factors_within("prisoners", factors)?;
            vec![Event::Reinforcement(
                crate::reinforcement::ReinforcementEvent::PrisonersSet {
                    owner: *owner,
                    captor: *captor,
                    factors: *factors,
                    rule: r,
                    reason: why,
                },
            )]
        }
        Adjustment::RoyalMarriage { a, b, made } => {
            power(ctx, *a)?;
            power(ctx, *b)?;
            vec![Event::World(WorldEvent::RoyalMarriage {
                a: *a,
                b: *b,
                made: *made,
                date: now,
                rule: r,
            })]
        }
    })
}
