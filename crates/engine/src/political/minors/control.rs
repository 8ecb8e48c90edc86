//! Rules 4.6, 4.6.2 and 4.6.3.1: who may run a neutral minor declared on this month, the roll for its control
//! with its modifiers (4.6.2.1 national, 4.6.2.2 status, 4.6.2.3 already at war with an attacker), and the
//! winner's points, control and free state.

use super::{MinorEvent, Phase, Stage, StepCtx, StepCx, Target, districts, has_forces, minor_name};
use crate::kernel::dice::{Dice, Entrant, Modifier, competitive};
use crate::kernel::ids::{MinorId, Nation, PowerId};
use crate::political::{name, points};
use crate::scenario::{MinorDef, MinorStatus, Scenario};
use crate::world::{World, WorldEvent, status};
use std::collections::BTreeMap;

/// The neutral minors declared on this month, with their attackers, in key order.
pub(super) fn targets_this_month(st: &World) -> Vec<Target> {
    let now = st.date();
    let mut map: BTreeMap<MinorId, Vec<PowerId>> = BTreeMap::new();
    for w in &st.relations.wars {
        if w.ended.is_some() || w.since != now {
            continue;
        }
        if let (Some(a), Nation::Minor(m)) = (w.aggressor.power(), w.defender)
            && st
                .minors
                .get(&m)
                .is_some_and(|s| s.status == MinorStatus::Neutral)
            && st.in_game(a)
        {
            let v = map.entry(m).or_default();
            if !v.contains(&a) {
                v.push(a);
            }
        }
    }
    map.into_iter()
        .map(|(minor, mut attackers)| {
            attackers.sort();
            Target {
                minor,
                attackers,
                controller: None,
                backed_down: Vec::new(),
            }
        })
        .collect()
}

/// Whether `p` may be chosen to run `m` at all: in the game and not at war with it (4.6).
pub(super) fn eligible(st: &World, p: PowerId, m: MinorId) -> bool {
    st.in_game(p)
        && !st.at_war(Nation::Power(p), Nation::Minor(m))
        && crate::world::ump_rules::may_attempt_minor_control(st, p)
}

/// The minors `p` may roll for now.
pub(super) fn rollable(ctx: &StepCtx, p: PowerId) -> Vec<MinorId> {
    ctx.own
        .targets
        .iter()
        .filter(|t| eligible(ctx.world, p, t.minor))
        .map(|t| t.minor)
        .collect()
}

/// 4.6, 4.6.2, 4.6.3.1: chooses the power that runs each target, from the powers that wish to roll.
pub(super) fn choose(cx: &mut StepCx, wishes: &BTreeMap<PowerId, Vec<MinorId>>, dice: &mut Dice) {
    let sc = cx.scenario;
    let targets = cx.own().targets.clone();
    let mut setups = Vec::new();
    for t in &targets {
        let m = t.minor;
        let mname = minor_name(sc, m);
        let enemies: Vec<PowerId> = cx
            .world()
            .enemies(Nation::Minor(m))
            .into_iter()
            .filter_map(|n| n.power())
            .collect();
        let willing: Vec<PowerId> = wishes
            .iter()
            .filter(|(p, ms)| ms.contains(&m) && eligible(cx.world(), **p, m))
            .map(|(p, _)| *p)
            .collect();
        let non_allies: Vec<PowerId> = willing
            .iter()
            .copied()
            .filter(|p| !enemies.iter().any(|e| cx.world().allied(*p, *e)))
            .collect();
        let pool = if non_allies.is_empty() {
            willing
        } else {
            non_allies
        };
        if pool.is_empty() {
            cx.emit(MinorEvent::NoRunner { minor: m });
            let d = districts(sc, m);
            for a in &t.attackers {
                cx.push(points(
                    sc,
                    *a,
                    "declare-war-minor-district",
                    -d,
                    "4.2.1.2",
                    format!(
                        "no major power can be found to run {mname}: the declaration costs nothing"
                    ),
                ));
            }
            continue;
        }
        let def = sc.minor(m);
        let entrants: Vec<Entrant<PowerId>> = pool
            .iter()
            .map(|p| entrant(cx.world(), sc, def, &mname, &enemies, *p))
            .collect();
        let (rolls, ranking) =
            competitive(dice, "4.6.2", &format!("control of {mname}"), 1, &entrants);
        for roll in rolls {
            cx.push(WorldEvent::DiceRolled { roll });
        }
        let w = ranking[0];
        cx.emit(MinorEvent::Chosen { minor: m, power: w });
        let d = districts(sc, m);
        cx.push(points(
            sc,
            w,
            "minor-control-district",
            d,
            "4.6.3.1",
            format!("chosen to run {mname} ({d} district(s))"),
        ));
        let has = has_forces(sc, m);
        // 4.8: a power that once declared the minor a free state runs it as one, forces or not.
        let declared = cx.world().may_hold_conquered(sc, m, w).err();
        let free = has || declared.is_some();
        cx.push(WorldEvent::MinorChanged {
            minor: m,
            controller: Some(w),
            status: if free {
                MinorStatus::FreeState
            } else {
                MinorStatus::Conquered
            },
            rule: if has {
                "4.6.3.1".into()
            } else {
                declared
                    .as_ref()
                    .map_or("4.6.3.1".into(), |e| e.rule.clone())
            },
            reason: format!(
                "{} runs {mname} as a {}{}",
                name(sc, w),
                if free {
                    "free state"
                } else {
                    "conquered minor"
                },
                match (&declared, has) {
                    (Some(e), false) => format!(" ({})", e.reason),
                    _ => String::new(),
                }
            ),
        });
        for a in sc.areas_of(Nation::Minor(m)) {
            cx.push(WorldEvent::AreaControlChanged {
                area: a,
                holder: Some(Nation::Power(w)),
                rule: "4.6.3.1".into(),
                reason: format!("{} places its control flag in {mname}", name(sc, w)),
            });
        }
        if free {
            cx.emit(MinorEvent::CombatPoints { minor: m, power: w });
            if def.is_some_and(|d| d.forces.infantry + d.forces.cavalry + d.forces.ships > 0) {
                setups.push(Stage::SetUp { power: w, minor: m });
            }
        }
    }
    // 4.6.3.2: the set-ups in the order of the chart.
    let order = &sc.charts.minor_control.setup_order;
    let rank = |p: PowerId| order.iter().position(|q| *q == p).unwrap_or(order.len());
    setups.sort_by_key(|s| match s {
        Stage::SetUp { power, minor } => (rank(*power), *power, *minor),
        _ => unreachable!(),
    });
    cx.emit(MinorEvent::Phase {
        phase: Phase::SetUp,
        queue: setups,
    });
}

/// `p` in the roll for the control of a minor (4.6.2), with its modifiers: 4.6.2.1 national, 4.6.2.2 status
/// (14.3.2.1.4: an UMP's controller's), 4.6.2.3 at war with one of the minor's enemies.
fn entrant(
    st: &World,
    sc: &Scenario,
    def: Option<&MinorDef>,
    mname: &str,
    enemies: &[PowerId],
    p: PowerId,
) -> Entrant<PowerId> {
    let mut modifiers = Vec::new();
    let nat = def
        .and_then(|d| d.national_modifiers.get(&p).copied())
        .unwrap_or(0);
    if nat != 0 {
        modifiers.push(Modifier::new(
            nat,
            "4.6.2.1",
            format!("national modifier for {mname}"),
        ));
    }
    // 14.3.2.1.4: an UMP uses its controller's status modifier.
    let shown = crate::world::ump_rules::display_power(st, p);
    if let Some(line) = status::status_line(sc, st, shown)
        && line.modifier != 0
    {
        let (rule, whose) = if shown != p {
            (
                "14.3.2.1.4",
                format!(" of its controller {}", name(sc, shown)),
            )
        } else {
            ("4.6.2.2", String::new())
        };
        modifiers.push(Modifier::new(
            line.modifier,
            rule,
            format!("status modifier{whose} ({} zone)", line.zone),
        ));
    }
    // 4.6.2.3: at war with any power that has declared war on the minor (this month or before).
    if let Some(a) = enemies
        .iter()
        .find(|a| st.at_war(Nation::Power(p), Nation::Power(**a)))
    {
        modifiers.push(Modifier::new(
            sc.charts.minor_control.already_at_war_modifier,
            "4.6.2.3",
            format!("already at war with {}", name(sc, *a)),
        ));
    }
    Entrant {
        id: p,
        label: p.to_string(),
        modifiers,
    }
}
