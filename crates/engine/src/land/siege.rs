//! Rule 7.5.4 (Coalition's sieges, `docs/rules/land.md` 7.5.4): after its battles, a mover whose corps besiege an
//! enemy garrison may roll to take the city (the siege roll) or assault it (7.5.4.1, a limited field combat
//! against its walls), and a mover whose garrison is besieged may sortie (7.5.4.2.1, a garrison attack combat,
//! worth political points, 7.5.4.2.2). A garrison starved or beaten surrenders: its factors are prisoners
//! (4.4.6.1) and the city changes hands at the Conquest Step (7.7). The numbers are `combat.ron`'s `siege`.

use super::aftermath::{apply_losses, capture, record_losses, rolls_of};
use super::movement::{moves_for, own_corps_in};
use super::setup::{Battle, dominant_of, fighting_power, points_power, side_setup};
use super::{LCtx, LCx, LandDecision, LandEvent};
use crate::battle::{self, BattleCorps, CombatKind, Outcome, Report, Setup, SideSetup};
use crate::kernel::dice::{Dice, Modifier};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, LeaderId, Nation, PowerId};
use crate::scenario::combat::{AttackChit, DefendChit, Role};
use crate::scenario::{
    BattlePoints, CityKind, CorpsKind, Factors, LeaderStatus, Location, LossCause,
};
use crate::world::geography::{
    area_name, at_war_sides, enemy_corps, enemy_corps_areas, hostile, nation_name,
};
use crate::world::{Ask, Siege, World, WorldEvent};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A combat of a siege: the besiegers' assault on the city (7.5.4.1) or the garrison's sortie (7.5.4.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SiegeCombat {
    Assault,
    Sortie,
}

/// What a siege combat decided, as the log keeps it (its dice are `DiceRolled` events just before it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiegeRecord {
    pub area: AreaId,
    pub kind: SiegeCombat,
    /// The power that attacks: the besieger that assaults, or the garrison's power that sorties.
    pub power: PowerId,
    /// The besieging corps that fought, in the setup's order.
    pub corps: Vec<CorpsId>,
    /// The garrisons that fought, by nation, in the setup's order.
    pub garrisons: Vec<Nation>,
    /// Coalition's 7.5.4: the corps inside the city that fought beside its garrisons (before them in the setup).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inside: Vec<CorpsId>,
    pub setup: Setup,
    pub report: Report,
    /// The powers whose political points the combat moves: the winners', the losers'.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub winners: Vec<PowerId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losers: Vec<PowerId>,
}

/// The attack chits a siege combat may be fought with (the other side always defends, 7.5.4.1).
pub const CHITS: [AttackChit; 3] = [
    AttackChit::Assault,
    AttackChit::EscalatedAssault,
    AttackChit::Probe,
];

/// The city of an area and its kind.
fn city(ctx: &LCtx, area: AreaId) -> Option<(String, CityKind)> {
    ctx.scenario.area(area).and_then(|a| a.city.clone())
}

/// The garrisons in `area` hostile to `power`, with factors, in key order.
fn hostile_garrisons(w: &World, power: PowerId, area: AreaId) -> Vec<(Nation, Factors)> {
    w.forces
        .garrisons
        .iter()
        .filter(|((a, n), f)| *a == area && !f.is_empty() && hostile(w, power, *n))
        .map(|((_, n), f)| (*n, *f))
        .collect()
}

/// The garrisons in `area` that `power` moves for (its own, its free states'), with factors.
fn own_garrisons(w: &World, power: PowerId, area: AreaId) -> Vec<(Nation, Factors)> {
    w.forces
        .garrisons
        .iter()
        .filter(|((a, n), f)| *a == area && !f.is_empty() && moves_for(w, power, *n))
        .map(|((_, n), f)| (*n, *f))
        .collect()
}

/// Coalition's 7.5.4: the corps inside the city of `area` on a side at war with `power`'s, in key order.
fn hostile_inside(w: &World, power: PowerId, area: AreaId) -> Vec<CorpsId> {
    w.forces
        .sheltered_in(area)
        .into_iter()
        .filter(|id| {
            w.corps_side(*id)
                .is_some_and(|n| at_war_sides(w, Nation::Power(power), n))
        })
        .collect()
}

/// Coalition's 7.5.4: the corps `power` moves inside the city of `area`, in key order.
fn own_inside(w: &World, power: PowerId, area: AreaId) -> Vec<CorpsId> {
    w.forces
        .sheltered_in(area)
        .into_iter()
        .filter(|id| w.moves_corps(power, *id))
        .collect()
}

/// The factors of the corps `ids`.
fn factors_of(w: &World, ids: &[CorpsId]) -> u32 {
    ids.iter()
        .filter_map(|id| w.forces.corps.get(id))
        .map(|c| c.factors.total())
        .sum()
}

/// The areas where `power` besieges: its corps stand there, no enemy corps do in the field, and a city holds a
/// garrison or corps at war with it (7.5.4).
fn besieging(ctx: &LCtx, power: PowerId) -> Vec<AreaId> {
    let w = ctx.world;
    let mine = super::movement::corps_of(w, power);
    let mut areas: Vec<AreaId> = mine.iter().map(|(_, a)| *a).collect();
    areas.sort();
    areas.dedup();
    // `own_corps_in` and `enemy_corps` of every area at once.
    let with_factors: std::collections::BTreeSet<AreaId> = (mine.iter())
        .filter(|(id, a)| w.forces.in_field(*id, *a))
        .map(|(_, a)| *a)
        .collect();
    let enemy = std::cell::OnceCell::new();
    let no_enemy = |a: AreaId| match ctx.scenario.area_index(a) {
        Some(i) => !enemy.get_or_init(|| enemy_corps_areas(ctx, power))[i],
        None => enemy_corps(w, power, a).is_empty(),
    };
    areas
        .into_iter()
        .filter(|a| {
            ctx.scenario.area(*a).is_some_and(|d| d.city.is_some())
                && with_factors.contains(a)
                && (!hostile_garrisons(w, power, *a).is_empty()
                    || !hostile_inside(w, power, *a).is_empty())
                && no_enemy(*a)
        })
        .collect()
}

/// The sieges of `power`'s garrisons (and corps inside the city) it may sortie from: a recorded siege, enemy corps
/// still in the field there, none of its own.
fn besieged(ctx: &LCtx, power: PowerId) -> Vec<AreaId> {
    let w = ctx.world;
    w.sieges
        .keys()
        .copied()
        .filter(|a| {
            (!own_garrisons(w, power, *a).is_empty() || !own_inside(w, power, *a).is_empty())
                && !enemy_corps(w, power, *a).is_empty()
                && own_corps_in(w, power, *a).is_empty()
        })
        .collect()
}

/// The full months a recorded siege of `area` has lasted (none: no siege recorded).
fn months(ctx: &LCtx, area: AreaId) -> Option<i32> {
    let s = ctx.world.sieges.get(&area)?;
    Some(s.since.months_until(ctx.world.date()))
}

/// The siege step's choices for `power`: for each siege not yet acted on this turn, a siege roll (once the siege
/// has lasted a month), an assault with each chit, and a sortie with each chit; and `done`.
pub fn choices(ctx: &LCtx, power: PowerId) -> Vec<LandDecision> {
    if ctx
        .own
        .order
        .get(ctx.own.slot)
        .and_then(|m| m.get(ctx.own.mover))
        != Some(&power)
    {
        return Vec::new();
    }
    let mut out = vec![LandDecision::Done];
    for a in besieging(ctx, power) {
        if ctx.own.sieged.contains(&a) {
            continue;
        }
        if months(ctx, a).is_some_and(|m| m >= 1) {
            out.push(LandDecision::Besiege { area: a });
        }
        out.extend(CHITS.iter().map(|c| LandDecision::Assault {
            area: a,
            chit: *c,
            corps: Vec::new(),
        }));
    }
    for a in besieged(ctx, power) {
        if !ctx.own.sieged.contains(&a) {
            out.extend(
                CHITS
                    .iter()
                    .map(|c| LandDecision::Sortie { area: a, chit: *c }),
            );
        }
    }
    out.retain(|d| check(ctx, power, d).is_ok());
    out
}

/// Default (3.6): the first siege roll offered, else `done` (no assault or sortie is made for an absent player).
pub fn default(ctx: &LCtx, power: PowerId) -> LandDecision {
    choices(ctx, power)
        .into_iter()
        .find(|d| matches!(d, LandDecision::Besiege { .. }))
        .unwrap_or(LandDecision::Done)
}

/// Whether `power` may make the siege decision `d` now (7.5.4, 7.5.4.1, 7.5.4.2.1; 14.3.2.3.1 for an inactive
/// UMP).
pub fn check(ctx: &LCtx, power: PowerId, d: &LandDecision) -> RuleResult<()> {
    let area = match d {
        LandDecision::Done => return Ok(()),
        LandDecision::Besiege { area }
        | LandDecision::Assault { area, .. }
        | LandDecision::Sortie { area, .. } => *area,
        _ => {
            return Err(RuleError::new(
                "7.5.4",
                "in the siege step: `siege AREA`, `assault AREA [CHIT] [with CORPS,..]`, `sortie AREA [CHIT]` or `done`",
            ));
        }
    };
    let name = area_name(ctx, area);
    if ctx.own.sieged.contains(&area) {
        return Err(RuleError::new(
            "7.5.4",
            format!("the siege of {name} has already been acted on this turn"),
        ));
    }
    match d {
        LandDecision::Besiege { .. } | LandDecision::Assault { .. } => {
            if !besieging(ctx, power).contains(&area) {
                return Err(RuleError::new(
                    "7.5.4",
                    format!(
                        "{power} besieges no enemy garrison at {name}: its corps must stand there with no enemy corps"
                    ),
                ));
            }
        }
        _ => {
            if !besieged(ctx, power).contains(&area) {
                return Err(RuleError::new(
                    "7.5.4.2.1",
                    format!("no garrison of {power} is besieged at {name}"),
                ));
            }
        }
    }
    crate::world::ump_rules::may_attack_at(&ctx.plain(), power, area)?;
    match d {
        LandDecision::Besiege { .. } if months(ctx, area).is_none_or(|m| m < 1) => {
            Err(RuleError::new(
                "7.5.4",
                format!("the siege of {name} must have lasted a month before a siege roll"),
            ))
        }
        LandDecision::Assault { chit, .. } if !CHITS.contains(chit) => Err(RuleError::new(
            "7.5.4.1",
            "an assault on a city is made with assault, escalated_assault or probe",
        )),
        LandDecision::Assault { corps, .. } => {
            let own = own_corps_in(ctx.world, power, area);
            match corps.iter().find(|c| !own.contains(c)) {
                Some(c) => Err(RuleError::new(
                    "7.5.4.1",
                    format!("{c} is not a corps of {power} at {name}"),
                )),
                None => Ok(()),
            }
        }
        LandDecision::Sortie { chit, .. } if !CHITS.contains(chit) => Err(RuleError::new(
            "7.5.4.2.1",
            "a sortie is made with assault, escalated_assault or probe",
        )),
        _ => Ok(()),
    }
}

/// Starts `power`'s siege step (after its battles) when it has a siege to act on; `None` when it has none.
pub fn begin(cx: &mut LCx, slot: usize, mover: usize, power: PowerId) -> Option<Ask> {
    let ctx = cx.ctx();
    if besieging(&ctx, power).is_empty() && besieged(&ctx, power).is_empty() {
        return None;
    }
    cx.emit(LandEvent::SiegeStepBegan { slot, mover, power });
    if choices(&cx.ctx(), power).len() <= 1 {
        cx.emit(LandEvent::SiegeStepEnded { power });
        return None;
    }
    Ask::open(vec![power])
}

/// Carries out a siege decision; asks again while the step has more to offer, else ends it (`None`).
pub fn carry_out(cx: &mut LCx, power: PowerId, d: &LandDecision, dice: &mut Dice) -> Option<Ask> {
    match d {
        LandDecision::Besiege { area } => siege_roll(cx, power, *area, dice),
        LandDecision::Assault { area, chit, corps } => {
            assault(cx, power, *area, *chit, corps, dice)
        }
        LandDecision::Sortie { area, chit } => sortie(cx, power, *area, *chit, dice),
        _ => {}
    }
    if !matches!(d, LandDecision::Done) && choices(&cx.ctx(), power).len() > 1 {
        return Ask::open(vec![power]);
    }
    cx.emit(LandEvent::SiegeStepEnded { power });
    None
}

/// 7.5.4: the siege roll: one die, +1 a full month of siege (at most `months_max`), + `odds_bonus` with the
/// odds; the city falls on `falls_on` or more and its garrison surrenders.
fn siege_roll(cx: &mut LCx, power: PowerId, area: AreaId, dice: &mut Dice) {
    let ctx = cx.ctx();
    let chart = &cx.scenario.combat.siege;
    let Some((city_name, kind)) = city(&ctx, area) else {
        return;
    };
    let w = cx.world();
    let m = months(&ctx, area).unwrap_or(0).clamp(0, chart.months_max);
    let besiegers: u32 = corps_at(w, area)
        .into_iter()
        .filter(|id| fighting_power(w, *id).is_some_and(|p| !hostile(w, power, Nation::Power(p))))
        .map(|id| w.forces.corps[&id].factors.total())
        .sum();
    let garrisons = hostile_garrisons(w, power, area);
    let held: u32 = garrisons.iter().map(|(_, f)| f.total()).sum::<u32>()
        + factors_of(w, &hostile_inside(w, power, area));
    let mut modifiers = vec![Modifier::new(m, "7.5.4", format!("{m} month(s) of siege"))];
    if besiegers >= held.saturating_mul(chart.odds) {
        modifiers.push(Modifier::new(
            chart.odds_bonus,
            "7.5.4",
            format!("{besiegers} besieging factors against {held}"),
        ));
    }
    // `falls_on` has both kinds: checked when combat.ron is loaded.
    let Some(needed) = chart.falls_on.get(&kind).copied() else {
        return;
    };
    let roll = dice.roll(
        power.0.as_str(),
        "7.5.4",
        &format!("the siege of {city_name} (falls on {needed})"),
        1,
        modifiers,
    );
    let total = roll.total;
    cx.push(WorldEvent::DiceRolled { roll });
    let fell = total >= needed;
    cx.emit(LandEvent::SiegeRolled {
        power,
        area,
        total,
        needed,
        fell,
    });
    if fell {
        surrender_city(cx, power, area, &format!("{city_name} falls to the siege"));
    }
}

/// The corps in the field of `area`, with factors (not those inside its city).
fn corps_at(w: &World, area: AreaId) -> Vec<CorpsId> {
    w.forces
        .corps
        .iter()
        .filter(|(id, _)| w.forces.in_field(**id, area))
        .map(|(id, _)| *id)
        .collect()
}

/// The garrisons hostile to `power` at `area`, and the corps of their side inside the city, surrender to it
/// (4.4.6.1: prisoners), and the leaders of their side there are captured.
fn surrender_city(cx: &mut LCx, power: PowerId, area: AreaId, why: &str) {
    let w = cx.world();
    let garrisons = hostile_garrisons(w, power, area);
    let inside = hostile_inside(w, power, area);
    let leaders = garrison_leaders(w, power, area);
    surrender_garrisons(cx, area, &garrisons, Nation::Power(power), why);
    // Coalition's 7.5.4: the corps inside the city surrender with its garrison.
    super::aftermath::surrender(cx, &inside, Some(Nation::Power(power)), "7.5.4", why);
    capture(cx, &leaders, Some(Nation::Power(power)), why);
}

/// Garrisons at `area` surrender to `captor` (4.4.6.1): their factors are its prisoners, recorded as surrendered.
fn surrender_garrisons(
    cx: &mut LCx,
    area: AreaId,
    garrisons: &[(Nation, Factors)],
    captor: Nation,
    why: &str,
) {
    let mut taken = BTreeMap::new();
    for (n, _) in garrisons {
        let Some(f) = cx.world().forces.garrisons.get(&(area, *n)).copied() else {
            continue;
        };
        if f.is_empty() {
            continue;
        }
        cx.push(WorldEvent::GarrisonChanged {
            area,
            owner: *n,
            factors: Factors::default(),
            rule: "7.5.4".into(),
            reason: format!("the garrison surrenders: {why}"),
        });
        cx.push(WorldEvent::PrisonersTaken {
            owner: *n,
            captor,
            factors: f,
            rule: "4.4.6.1".into(),
            reason: why.to_string(),
        });
        taken.insert(*n, f);
    }
    record_losses(cx, taken, LossCause::Surrender, "7.5.4");
}

/// Who fought a siege combat: the corps and the role they fought in, and the garrisons (the other role).
struct Fought<'a> {
    corps: &'a [CorpsId],
    corps_role: Role,
    garrisons: &'a [(Nation, Factors)],
    /// Coalition's 7.5.4: the corps inside the city, fighting with the garrisons (before them in the setup).
    inside: &'a [CorpsId],
    /// 12.7: each side's leaders present, attacker first, with the power that rolls for it.
    leaders: [(Option<PowerId>, Vec<LeaderId>); 2],
}

/// Each side's factors after a siege combat (7.5.6), and for a trivial combat (7.5.3), the surrender of what the
/// fire left of the destroyed side: corps to the garrisons' power, garrisons to the corps' power.
fn settle(cx: &mut LCx, area: AreaId, setup: &Setup, report: &Report, f: &Fought, why: &str) {
    let survivors = battle::trivial::survivors(&cx.scenario.combat, setup, report);
    let left = |r: Role| -> Vec<Factors> {
        match &survivors {
            Some((small, v)) if *small == r => v.clone(),
            _ if r == Role::Attacker => report.attacker_left.clone(),
            _ => report.defender_left.clone(),
        }
    };
    let garrison_role = f.corps_role.other();
    corps_losses(cx, f.corps, &left(f.corps_role), why);
    let held = left(garrison_role);
    let (inside_left, garrisons_left) = held.split_at(f.inside.len().min(held.len()));
    corps_losses(cx, f.inside, inside_left, why);
    garrison_losses(cx, area, f.garrisons, garrisons_left, why);
    let w = cx.world();
    let corps_power = f.corps.iter().find_map(|id| fighting_power(w, *id));
    let garrison_power = (f.inside.iter().find_map(|id| fighting_power(w, *id)))
        .or_else(|| f.garrisons.iter().find_map(|(n, _)| w.controller_of(*n)));
    match survivors {
        Some((small, _)) if small == f.corps_role => {
            let captor = garrison_power.map(Nation::Power);
            super::aftermath::surrender(
                cx,
                f.corps,
                captor,
                "7.5.3",
                &format!("overwhelmed {why}"),
            );
        }
        Some(_) => {
            if let Some(c) = corps_power {
                surrender_garrisons(
                    cx,
                    area,
                    f.garrisons,
                    Nation::Power(c),
                    &format!("overwhelmed {why}"),
                );
                super::aftermath::surrender(
                    cx,
                    f.inside,
                    Some(Nation::Power(c)),
                    "7.5.3",
                    &format!("overwhelmed {why}"),
                );
            }
        }
        None => {}
    }
}

/// The active leaders at `area` of nations at war with `power` (the garrison's side).
fn garrison_leaders(w: &World, power: PowerId, area: AreaId) -> Vec<LeaderId> {
    w.forces
        .leaders
        .iter()
        .filter(|(_, l)| {
            l.location == Location::Area(area)
                && l.status == LeaderStatus::Active
                && at_war_sides(w, Nation::Power(power), l.nation)
        })
        .map(|(id, _)| *id)
        .collect()
}

/// The garrisons as corps of a battle: one for each nation, fighting for its controller; before them, the corps
/// inside the city (Coalition's 7.5.4).
fn garrison_side(
    ctx: &LCtx,
    garrisons: &[(Nation, Factors)],
    inside: &[CorpsId],
    leaders: Vec<crate::battle::BattleLeader>,
) -> SideSetup {
    let w = ctx.world;
    let place = |n: Nation| nation_name(ctx, n);
    // Coalition's 7.5.4: the corps inside the city fight first, as themselves; then the garrisons.
    let inside_corps = inside
        .iter()
        .filter_map(|id| super::setup::battle_corps(ctx, *id));
    let corps: Vec<BattleCorps> = garrisons
        .iter()
        .filter_map(|(n, f)| {
            Some(BattleCorps {
                name: format!("garrison ({})", place(*n)),
                nation: match n {
                    Nation::Power(p) => p.0,
                    Nation::Minor(m) => m.0,
                },
                power: w.controller_of(*n)?.0,
                kind: CorpsKind::Infantry,
                factors: *f,
                outflanking: false,
                trained: false,
                reinforcing: None,
                capped: matches!(n, Nation::Power(p) if crate::world::umps::is_ump(w, *p)),
            })
        })
        .collect();
    let mut corps: Vec<BattleCorps> = inside_corps.chain(corps).collect();
    super::setup::cap_umps(ctx, &mut corps);
    SideSetup {
        dominant: dominant_of(ctx, &corps),
        corps,
        leaders,
        guard: None,
        reinforcements: Vec::new(),
    }
}

/// The battle record the combat layer's side builders read: `attacker` attacks `attacking` against `defending`.
fn frame(
    area: AreaId,
    attacker: PowerId,
    attacking: Vec<CorpsId>,
    defending: Vec<CorpsId>,
) -> Battle {
    Battle {
        area,
        attacker,
        defender: None,
        attacking,
        defending,
        setup: None,
        field: None,
        guards: Vec::new(),
        retreats: Vec::new(),
    }
}

/// The leaders present with side `role` of the siege combat `b`: as the battle reads them, and their ids (12.7).
fn present(
    ctx: &LCtx,
    b: &Battle,
    role: Role,
) -> (Vec<crate::battle::BattleLeader>, Vec<LeaderId>) {
    super::setup::side_leaders(ctx, b, role)
        .into_iter()
        .map(|(id, l)| (l, id))
        .unzip()
}

/// 7.5.4.1: `power`'s corps (all of them there when `corps` is empty) assault the city at `area`: a limited field
/// combat against its garrison, the garrison defending behind its walls. If the garrison breaks or is destroyed,
/// what is left of it surrenders; otherwise the assault has failed and the siege goes on.
fn assault(
    cx: &mut LCx,
    power: PowerId,
    area: AreaId,
    chit: AttackChit,
    corps: &[CorpsId],
    dice: &mut Dice,
) {
    let ctx = cx.ctx();
    let w = ctx.world;
    let attacking: Vec<CorpsId> = if corps.is_empty() {
        own_corps_in(w, power, area).into_iter().collect()
    } else {
        corps.to_vec()
    };
    let garrisons = hostile_garrisons(w, power, area);
    let inside = fighting(&ctx, hostile_inside(w, power, area));
    let b = frame(area, power, attacking.clone(), Vec::new());
    let (held_by, held_leaders) = present(&ctx, &b, Role::Defender);
    let garrison_power = (inside.iter().find_map(|id| fighting_power(w, *id)))
        .or_else(|| garrisons.iter().find_map(|(n, _)| w.controller_of(*n)));
    let setup = Setup {
        attacker: side_setup(&ctx, &b, Role::Attacker),
        defender: garrison_side(&ctx, &garrisons, &inside, held_by),
        terrain: terrain(&ctx, area),
        river: false,
        chits: vec![(chit, DefendChit::Defend)],
        options: super::setup::options(&ctx),
        kind: CombatKind::Assault,
        walls: city(&ctx, area).map(|(_, k)| k),
        days: None,
    };
    let fought = Fought {
        corps: &attacking,
        corps_role: Role::Attacker,
        garrisons: &garrisons,
        inside: &inside,
        leaders: [
            (Some(power), present(&ctx, &b, Role::Attacker).1),
            (garrison_power, held_leaders),
        ],
    };
    let Some(report) = combat(cx, power, area, SiegeCombat::Assault, &setup, &fought, dice) else {
        return;
    };
    if report.outcome
        == (Outcome::Won {
            winner: Role::Attacker,
        })
    {
        let place = area_name(&cx.ctx(), area);
        surrender_city(cx, power, area, &format!("{place} is taken by assault"));
    }
}

/// 7.5.4.2.1: `power`'s garrisons at `area` sortie against the besiegers: a limited field combat in the open (no
/// walls), the besiegers defending. A sortie won resets the siege's months (its works are wrecked) and is worth
/// political points (7.5.4.2.2); the garrison goes back inside whatever the result.
fn sortie(cx: &mut LCx, power: PowerId, area: AreaId, chit: AttackChit, dice: &mut Dice) {
    let ctx = cx.ctx();
    let w = ctx.world;
    let garrisons = own_garrisons(w, power, area);
    let inside = fighting(&ctx, own_inside(w, power, area));
    let defending = enemy_corps(w, power, area);
    let b = frame(area, power, Vec::new(), defending.clone());
    let (sortie_led, sortie_leaders) = present(&ctx, &b, Role::Attacker);
    let besieger = defending.iter().find_map(|id| fighting_power(w, *id));
    let setup = Setup {
        attacker: garrison_side(&ctx, &garrisons, &inside, sortie_led),
        defender: side_setup(&ctx, &b, Role::Defender),
        terrain: terrain(&ctx, area),
        river: false,
        chits: vec![(chit, DefendChit::Defend)],
        options: super::setup::options(&ctx),
        kind: CombatKind::Sortie,
        walls: None,
        days: None,
    };
    let fought = Fought {
        corps: &defending,
        corps_role: Role::Defender,
        garrisons: &garrisons,
        inside: &inside,
        leaders: [
            (Some(power), sortie_leaders),
            (besieger, present(&ctx, &b, Role::Defender).1),
        ],
    };
    let Some(report) = combat(cx, power, area, SiegeCombat::Sortie, &setup, &fought, dice) else {
        return;
    };
    let won = report.outcome
        == (Outcome::Won {
            winner: Role::Attacker,
        });
    let place = area_name(&cx.ctx(), area);
    if won && let Some(s) = cx.world().sieges.get(&area).cloned() {
        let date = cx.world().date();
        cx.push(WorldEvent::SiegeChanged {
            area,
            siege: Some(Siege { since: date, ..s }),
            rule: "7.5.4.2.1".into(),
            reason: format!("the sortie at {place} wrecks the siege works: the siege starts again"),
        });
    }
}

/// Fights a siege combat (7.5.4.1 or 7.5.4.2.1) with `setup`, logs its dice and record, settles both sides'
/// losses and moves its points (7.5.4.2.2, or the assault's); `None` when the setup cannot be fought.
fn combat(
    cx: &mut LCx,
    power: PowerId,
    area: AreaId,
    kind: SiegeCombat,
    setup: &Setup,
    fought: &Fought,
    dice: &mut Dice,
) -> Option<Report> {
    let report = fight(cx, setup, dice)?;
    let (corps_side, garrison_side) =
        powers(cx.world(), fought.corps, fought.inside, fought.garrisons);
    let (winners, losers) = match report.outcome {
        Outcome::Won { winner } if winner == fought.corps_role => (corps_side, garrison_side),
        Outcome::Won { .. } => (garrison_side, corps_side),
        _ => (Vec::new(), Vec::new()),
    };
    cx.emit(LandEvent::SiegeCombatFought {
        record: Box::new(SiegeRecord {
            area,
            kind,
            power,
            corps: fought.corps.to_vec(),
            garrisons: fought.garrisons.iter().map(|(n, _)| *n).collect(),
            inside: fought.inside.to_vec(),
            setup: setup.clone(),
            report: report.clone(),
            winners: winners.clone(),
            losers: losers.clone(),
        }),
    });
    let place = area_name(&cx.ctx(), area);
    let (why, points, what) = match kind {
        SiegeCombat::Assault => (
            format!("in the assault on {place}"),
            cx.scenario.combat.siege.assault_points,
            "assault",
        ),
        SiegeCombat::Sortie => (
            format!("in the sortie at {place}"),
            cx.scenario.combat.siege.sortie_points,
            "sortie",
        ),
    };
    settle(cx, area, setup, &report, fought, &why);
    siege_points(cx, area, points, &winners, &losers, what);
    // 12.7: a limited field combat (or a trivial one) ends with each side's check for leader casualties.
    super::aftermath::leader_casualties(cx, area, &fought.leaders, dice);
    Some(report)
}

/// The corps of `ids` a battle can field (`setup::battle_corps`), so that the setup's order matches theirs.
fn fighting(ctx: &LCtx, ids: Vec<CorpsId>) -> Vec<CorpsId> {
    ids.into_iter()
        .filter(|id| super::setup::battle_corps(ctx, *id).is_some())
        .collect()
}

/// The terrain of an area.
fn terrain(ctx: &LCtx, area: AreaId) -> crate::scenario::Terrain {
    ctx.scenario
        .area(area)
        .map_or(crate::scenario::Terrain::Clear, |a| a.terrain)
}

/// Fights a siege combat and logs its dice; `None` (nothing fought) if the setup cannot be fought.
fn fight(cx: &mut LCx, setup: &Setup, dice: &mut Dice) -> Option<Report> {
    let report = battle::day::resolve(&cx.scenario.combat, setup, &mut || dice.d6()).ok()?;
    for roll in rolls_of(&report) {
        cx.push(WorldEvent::DiceRolled { roll });
    }
    Some(report)
}

/// The powers whose points a siege combat moves: the corps' side's, the garrisons' side's.
fn powers(
    w: &World,
    corps: &[CorpsId],
    inside: &[CorpsId],
    garrisons: &[(Nation, Factors)],
) -> (Vec<PowerId>, Vec<PowerId>) {
    let mut a: Vec<PowerId> = corps.iter().filter_map(|id| points_power(w, *id)).collect();
    let mut g: Vec<PowerId> = garrisons
        .iter()
        .filter_map(|(n, _)| match n {
            Nation::Power(p) => Some(*p),
            Nation::Minor(m) => w.combat_points_of(*m),
        })
        .chain(inside.iter().filter_map(|id| points_power(w, *id)))
        .collect();
    a.sort();
    a.dedup();
    g.sort();
    g.dedup();
    (a, g)
}

/// The corps' losses (7.5.6); a corps left with no factors leaves the map.
fn corps_losses(cx: &mut LCx, ids: &[CorpsId], after: &[Factors], why: &str) {
    let lost = apply_losses(cx, ids, after, "7.5.4", why);
    record_losses(cx, lost, LossCause::Combat, "7.5.4");
    for (id, left) in ids.iter().zip(after) {
        if left.is_empty()
            && let Some(c) = cx.world().forces.corps.get(id).cloned()
            && c.location != Location::OffMap
        {
            cx.push(WorldEvent::CorpsChanged {
                corps: *id,
                factors: Factors::default(),
                location: Location::OffMap,
                rule: "7.5.4".into(),
                reason: format!("{id} is destroyed {why}"),
            });
        }
    }
}

/// The garrisons' losses, recorded as combat losses.
fn garrison_losses(
    cx: &mut LCx,
    area: AreaId,
    garrisons: &[(Nation, Factors)],
    after: &[Factors],
    why: &str,
) {
    let mut lost = BTreeMap::new();
    for ((n, before), left) in garrisons.iter().zip(after) {
        let Some(gone) = before.minus(left).filter(|g| !g.is_empty()) else {
            continue;
        };
        cx.push(WorldEvent::GarrisonChanged {
            area,
            owner: *n,
            factors: *left,
            rule: "7.5.4".into(),
            reason: format!("the garrison loses {} factor(s) {why}", gone.total()),
        });
        lost.insert(*n, gone);
    }
    record_losses(cx, lost, LossCause::Combat, "7.5.4");
}

/// 7.5.4.2.2 (and Coalition's assault points): each winner gains `points`, each loser loses as many, an UMP's
/// going to its controller (14.3.2.1.3).
fn siege_points(
    cx: &mut LCx,
    area: AreaId,
    points: i32,
    winners: &[PowerId],
    losers: &[PowerId],
    what: &str,
) {
    if points == 0 {
        return;
    }
    let place = area_name(&cx.ctx(), area);
    let rule = if what == "sortie" {
        "7.5.4.2.2"
    } else {
        "7.5.4.1"
    };
    for (powers, delta) in [(winners, points), (losers, -points)] {
        let entries: Vec<BattlePoints> = powers
            .iter()
            .map(|p| BattlePoints { power: *p, delta })
            .collect();
        let grouped =
            crate::world::ump_rules::battle_points(cx.scenario, cx.world(), &entries, false);
        for (p, pts, why) in grouped {
            if pts != 0 {
                cx.push(WorldEvent::PointsChanged {
                    power: p,
                    delta: pts,
                    rule: rule.into(),
                    reason: format!("the {what} at {place}: {why}"),
                });
            }
        }
    }
}
