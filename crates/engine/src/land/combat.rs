//! Rule 7.5 in the Land Phase (Coalition's land combat, `docs/rules/land.md` 7.5 to 7.5.9): after a mover's
//! supply, each area where its corps stand with enemy corps is a battle. Its setup is fixed when it begins; then,
//! day by day (7.5.2, `days`), both sides choose the day's chit (and, with 12.3.4, a guard commitment for that
//! day) sealed and the battle layer fights the day (`crate::battle`, `docs/rules/combat.md`), every die logged;
//! after the last day losses and prisoners are recorded (14.3.2.2.1 reads the loss records), the winner's cavalry
//! pursues (7.5.8), political points follow the battle's size (7.5.7, with 14.3.2.1.3's cap), leaders may fall
//! (12.7), and the side that must leave retreats (7.5.9).

use super::movement::{leaders_in, own_corps_in};
use super::{LCtx, LCx, LandDecision, LandEvent, PendingCombat};
use crate::battle::{
    self, BattleCorps, BattleLeader, GuardCommitment, Options, Report, Setup, SideSetup,
};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, Key, LeaderId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::combat::{AttackChit, DefendChit, Role};
use crate::scenario::{CorpsKind, LinkKind, Location};
use crate::scenario::{LeaderStatus, MinorStatus};
use crate::world::geography::{area_name, at_war_sides, enemy_corps};
use crate::world::{Ask, World};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// 12.3.4: a guard commitment as a side submits it with a day's chit: the round of the day being fought it is
/// made in, the morale levels it shifts (1 or 2), and the nationality whose guard it commits when the side has
/// the guard of several. `day`, if given, must be the day being fought (the older
/// form `guard DAY.ROUND+SHIFT`); a commitment belongs to the day it is submitted for (once a day).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct GuardOrder {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day: Option<u8>,
    pub round: u8,
    pub shift: u8,
    /// The nationality whose guard commits (12.3.4.3); none: the side's only one that may.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<Key>,
}

/// Coalition's 7.5.9: a side's corps and leaders that must leave the battle's area, and where they may go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retreat {
    /// The power that chooses (none: an uncontrolled minor's forces, which take the first area).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<PowerId>,
    pub corps: Vec<CorpsId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<LeaderId>,
    /// The areas it may retreat to, in key order (at least two: with one, it goes there at once).
    pub to: Vec<AreaId>,
}

/// A battle under way in the Land Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub area: AreaId,
    /// The mover: it attacks and chooses the attacker's chit.
    pub attacker: PowerId,
    /// The power that chooses the defender's chit: the one supplying most of the defending corps (ties: key
    /// order). None for an uncontrolled minor's corps alone: its chit is the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<PowerId>,
    pub attacking: Vec<CorpsId>,
    pub defending: Vec<CorpsId>,
    /// 7.5.2: the setup the battle started with (its sides, terrain, river crossing, options), with each side's
    /// outflanking force once its first Outflank named it and every day's chits so far; no guard (a commitment
    /// belongs to its day: `guards`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
    /// 7.5.2: the battle fought one day at a time: what it carries between days and its report so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<battle::field::Battle>,
    /// 12.3.4: the guard commitments made so far, each with its side and day.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guards: Vec<(Role, GuardCommitment)>,
    /// After the battle: the retreats still to be made, the first owed now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreats: Vec<Retreat>,
}

/// What a battle decided, as the log keeps it (its dice are `DiceRolled` events just before it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleRecord {
    pub area: AreaId,
    pub attacker: PowerId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<PowerId>,
    /// The first day's chits (`setup.chits` holds every day's).
    pub chits: (AttackChit, DefendChit),
    /// The setup the battle was fought with: every day's chits, each side's outflanking force and, as its guard,
    /// its first guard commitment (all of them are in `guards`).
    pub setup: Setup,
    pub report: Report,
    /// 12.3.4: every guard commitment made, with its side and day.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guards: Vec<(Role, GuardCommitment)>,
    /// The powers whose political points the battle moves (7.5.7, 4.6.3.6): the winning side's, the losing side's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub winners: Vec<PowerId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losers: Vec<PowerId>,
}

/// The major power a corps fights for: its side's power, or the controller of its minor.
pub fn fighting_power(w: &World, id: CorpsId) -> Option<PowerId> {
    match w.corps_side(id)? {
        Nation::Power(p) => Some(p),
        Nation::Minor(m) => w.minors.get(&m)?.controller,
    }
}

/// The power whose political points a corps' battle moves (4.6.3.6: a free state's go to its controller).
pub(super) fn points_power(w: &World, id: CorpsId) -> Option<PowerId> {
    match w.corps_side(id)? {
        Nation::Power(p) => Some(p),
        Nation::Minor(m) => w.combat_points_of(m),
    }
}

/// 7.5: every area where the mover's corps and enemy corps stand together is queued as a battle.
pub fn queue(cx: &mut LCx, power: PowerId) {
    let w = cx.world();
    let mine = super::movement::corps_of(w, power);
    let mut areas: Vec<AreaId> = mine.iter().map(|(_, a)| *a).collect();
    areas.sort();
    areas.dedup();
    let mut pending = Vec::new();
    for a in areas {
        // `own_corps_in` from the one list of the mover's corps (in key order); the enemy sought only where
        // it has some.
        let attacking: Vec<CorpsId> = (mine.iter())
            .filter(|(id, at)| *at == a && !w.forces.corps[id].factors.is_empty())
            .map(|(id, _)| *id)
            .collect();
        debug_assert_eq!(
            attacking,
            own_corps_in(w, power, a).into_iter().collect::<Vec<_>>()
        );
        if attacking.is_empty() {
            continue;
        }
        let defending = enemy_corps(w, power, a);
        if !defending.is_empty() {
            pending.push(PendingCombat {
                area: a,
                attacker: power,
                attacking,
                defending,
            });
        }
    }
    for combat in pending {
        cx.emit(LandEvent::CombatPending { combat });
    }
}

/// The power that chooses for the corps `ids`: the one supplying most of them (ties: key order).
fn chooser(w: &World, ids: &[CorpsId]) -> Option<PowerId> {
    let mut by: BTreeMap<PowerId, usize> = BTreeMap::new();
    for id in ids {
        if let Some(p) = fighting_power(w, *id) {
            *by.entry(p).or_default() += 1;
        }
    }
    let most = by.values().copied().max()?;
    by.into_iter().find(|(_, n)| *n == most).map(|(p, _)| p)
}

/// Starts the next queued battle (in the combat step of the mover at `slot`, `mover`) and asks both sides for
/// their chits, sealed; `None` when none is queued.
pub fn next(cx: &mut LCx, slot: usize, mover: usize) -> Option<Ask> {
    loop {
        let combat = cx.own().combats.first()?.clone();
        let w = cx.world();
        let attacking: Vec<CorpsId> = own_corps_in(w, combat.attacker, combat.area)
            .into_iter()
            .collect();
        let defending = enemy_corps(w, combat.attacker, combat.area);
        if attacking.is_empty() || defending.is_empty() {
            cx.emit(LandEvent::CombatLapsed { area: combat.area });
            continue;
        }
        let mut battle = Battle {
            area: combat.area,
            attacker: combat.attacker,
            defender: chooser(w, &defending),
            attacking,
            defending,
            setup: None,
            field: None,
            guards: Vec::new(),
            retreats: Vec::new(),
        };
        // 7.5.2: the setup is fixed at the start; the battle is then fought a day at a time.
        let s = base_setup(&cx.ctx(), &battle);
        let Ok(field) = battle::field::Battle::start(&cx.scenario.combat, &s) else {
            cx.emit(LandEvent::CombatLapsed { area: combat.area });
            continue;
        };
        battle.setup = Some(s);
        battle.field = Some(field);
        let owing: Vec<PowerId> = std::iter::once(battle.attacker)
            .chain(battle.defender)
            .collect();
        cx.emit(LandEvent::BattleBegan {
            battle: Box::new(battle),
            slot,
            mover,
        });
        return Ask::sealed(owing);
    }
}

/// The optional rules a battle reads, from the game's rulebook.
pub fn options<S: ?Sized>(ctx: &crate::world::Ctx<'_, S>) -> Options {
    let on = |r| ctx.rulebook.has(r);
    Options {
        british_training: on(OptionalRule::BritishTraining),
        cavalry_superiority: on(OptionalRule::CavalrySuperiority),
        cavalry_withdrawals: on(OptionalRule::CavalryWithdrawals),
        guard_commitment: on(OptionalRule::GuardCommitment),
        artillery: on(OptionalRule::ArtilleryCorps),
        proportional_losses: on(OptionalRule::ProportionalLandLosses),
        corps_leaders: on(OptionalRule::CorpsLeaders),
        further_reductions: on(OptionalRule::FurtherTacticalReductions),
        overwhelming_numbers: on(OptionalRule::OverwhelmingNumbers),
    }
}

/// 12.3.2: whether a corps of a minor has been a free state of the training power for the chart's months.
fn trained(ctx: &LCtx, owner: Nation) -> bool {
    let chart = &ctx.scenario.combat.british_training;
    let Nation::Minor(m) = owner else {
        return false;
    };
    if !chart.nations.contains(&m.0) {
        return false;
    }
    let Some(st) = ctx.world.minors.get(&m) else {
        return false;
    };
    let by_trainer = st.controller.is_some_and(|c| chart.by.contains(&c.0));
    let since = st.controlled_since.unwrap_or(ctx.scenario.meta.start);
    by_trainer
        && st.status == MinorStatus::FreeState
        && since.months_until(ctx.world.date()) >= chart.months as i32
}

/// The leaders present with a side, with the ids they stand for.
pub(super) fn side_leaders(ctx: &LCtx, b: &Battle, role: Role) -> Vec<(LeaderId, BattleLeader)> {
    let w = ctx.world;
    let ids: Vec<LeaderId> = match role {
        Role::Attacker => leaders_in(w, b.attacker, b.area),
        Role::Defender => w
            .forces
            .leaders
            .iter()
            .filter(|(_, l)| {
                l.location == Location::Area(b.area)
                    && l.status == LeaderStatus::Active
                    && at_war_sides(w, Nation::Power(b.attacker), l.nation)
            })
            .map(|(id, _)| *id)
            .collect(),
    };
    ids.into_iter()
        .filter_map(|id| Some((id, battle_leader(ctx, b.area, id)?)))
        .collect()
}

/// A leader as a battle at `area` reads it: its ratings for the month and place (12.3.7.3) and the power it
/// fights for.
pub(super) fn battle_leader(ctx: &LCtx, area: AreaId, id: LeaderId) -> Option<BattleLeader> {
    let w = ctx.world;
    let home = ctx
        .scenario
        .area(area)
        .and_then(|a| ctx.scenario.province(a.province))
        .map(|p| p.nation);
    let def = ctx.scenario.leader(id)?;
    let st = w.forces.leaders.get(&id)?;
    let power = match st.nation {
        Nation::Power(p) => p,
        Nation::Minor(m) => w.minors.get(&m)?.controller?,
    };
    let (strategic, tactical) = battle::side::dated_ratings(
        &ctx.scenario.combat,
        &id,
        (def.strategic, def.tactical),
        w.date(),
        home.as_ref() == Some(&def.nation),
        ctx.rulebook.has(OptionalRule::NapoleonsRatings),
    );
    Some(BattleLeader {
        name: def.name.clone(),
        power: power.0,
        strategic,
        tactical,
        tactical_max: def.tactical_max,
    })
}

/// A corps as the battle layer reads it: its nation, the power it fights for, its kind and factors (none on its
/// way, none outflanking).
pub(super) fn battle_corps(ctx: &LCtx, id: CorpsId) -> Option<BattleCorps> {
    let w = ctx.world;
    let c = w.forces.corps.get(&id)?;
    Some(BattleCorps {
        name: id.to_string(),
        nation: match c.owner {
            Nation::Power(p) => p.0,
            Nation::Minor(m) => m.0,
        },
        power: fighting_power(w, id)?.0,
        kind: c.kind,
        factors: c.factors,
        outflanking: false,
        trained: trained(ctx, c.owner),
        reinforcing: None,
        capped: is_ump_nation(ctx, c.owner),
    })
}

/// 14.3.2.1.6: whether `n` is an uncontrolled major power's (an UMP's).
fn is_ump_nation(ctx: &LCtx, n: Nation) -> bool {
    matches!(n, Nation::Power(p) if crate::world::umps::is_ump(ctx.world, p))
}

/// 14.3.2.1.6: an UMP's losses are held to its share only in a force with other major powers: the marks of a
/// side's UMP corps are taken off when no other major power's corps is with them.
pub(super) fn cap_umps(ctx: &LCtx, corps: &mut [BattleCorps]) {
    let major = |k: &Key| {
        PowerId::new(k.as_str())
            .ok()
            .is_some_and(|p| ctx.world.powers.contains_key(&p))
    };
    for i in 0..corps.len() {
        if corps[i].capped {
            let mixed = corps
                .iter()
                .any(|c| c.nation != corps[i].nation && major(&c.nation));
            corps[i].capped = mixed;
        }
    }
}

/// One side of a battle as the battle layer reads it (no outflanking force, no guard commitment yet).
pub(super) fn side_setup(ctx: &LCtx, b: &Battle, role: Role) -> SideSetup {
    let ids = match role {
        Role::Attacker => &b.attacking,
        Role::Defender => &b.defending,
    };
    let mut corps = ids
        .iter()
        .filter_map(|id| battle_corps(ctx, *id))
        .collect::<Vec<_>>();
    cap_umps(ctx, &mut corps);
    SideSetup {
        dominant: dominant_of(ctx, &corps),
        corps,
        leaders: side_leaders(ctx, b, role)
            .into_iter()
            .map(|(_, l)| l)
            .collect(),
        guard: None,
        reinforcements: Vec::new(),
    }
}

/// The powers of a side's corps standing in the Dominant zone (4.5.3's dominant morale), in key order.
pub(super) fn dominant_of(ctx: &LCtx, corps: &[BattleCorps]) -> Vec<Key> {
    let w = ctx.world;
    let mut dominant: Vec<Key> = corps
        .iter()
        .map(|c| c.power)
        .filter(|p| {
            PowerId::new(p.as_str()).ok().is_some_and(|p| {
                w.powers.get(&p).is_some_and(|s| {
                    ctx.scenario
                        .status_zone(s.political_points)
                        .is_some_and(|z| z.name.eq_ignore_ascii_case("dominant"))
                })
            })
        })
        .collect();
    dominant.sort();
    dominant.dedup();
    dominant
}

/// Whether the attack crosses a river: every attacking corps entered the area this phase across a river border.
fn across_river(ctx: &LCtx, b: &Battle) -> bool {
    let steps: Vec<_> = b
        .attacking
        .iter()
        .map(|c| ctx.own.entered.get(c).copied())
        .collect();
    !steps.is_empty()
        && steps.iter().all(|s| {
            s.is_some_and(|(from, to)| {
                ctx.scenario
                    .area(from)
                    .and_then(|a| a.links.iter().find(|l| l.to == to))
                    .is_some_and(|l| l.kind == LinkKind::River)
            })
        })
}

/// 7.5.2: the battle's setup as it starts, from the world: both sides, the terrain, the river crossing, the
/// options; no chits yet, no outflanking force, no guard commitment (each day adds its own, `days::day_setup`).
pub(super) fn base_setup(ctx: &LCtx, b: &Battle) -> Setup {
    Setup {
        attacker: side_setup(ctx, b, Role::Attacker),
        defender: side_setup(ctx, b, Role::Defender),
        terrain: ctx
            .scenario
            .area(b.area)
            .map_or(crate::scenario::Terrain::Clear, |a| a.terrain),
        river: across_river(ctx, b),
        chits: Vec::new(),
        options: options(ctx),
        walls: None,
        days: None,
    }
}

/// The documented default (3.6, Coalition's 7.5.2): the chit the odds of the day's first round choose for the
/// side (`odds::default_chits`, `docs/rules/combat.md` "The default chit"), with the outflanking force its
/// choices offer; no guard, no corps sent from next areas. The first area of a retreat.
pub fn default(ctx: &LCtx, power: PowerId) -> LandDecision {
    if let Some(b) = &ctx.own.battle
        && let Some(r) = b.retreats.first()
    {
        return LandDecision::Retreat { to: r.to[0] };
    }
    let attacking = ctx.own.battle.as_ref().map(|b| b.attacker == power) == Some(true);
    let (a, d) = super::odds::default_chits(ctx, false);
    let chosen = choices(ctx, power).into_iter().find(|c| match c {
        LandDecision::Attack {
            chit,
            guard: None,
            reinforce,
            ..
        } => attacking && *chit == a && reinforce.is_empty(),
        LandDecision::Defend {
            chit,
            guard: None,
            reinforce,
            ..
        } => !attacking && *chit == d && reinforce.is_empty(),
        _ => false,
    });
    chosen.unwrap_or(if attacking {
        LandDecision::Attack {
            chit: super::odds::FIXED.0,
            outflanking: Vec::new(),
            guard: None,
            reinforce: Vec::new(),
        }
    } else {
        LandDecision::Defend {
            chit: super::odds::FIXED.1,
            outflanking: Vec::new(),
            guard: None,
            reinforce: Vec::new(),
        }
    })
}

/// 12.3.4.3: the nationalities a guard commitment of `power`'s side may name: none (the only one) when the side's
/// corps have the guard of at most one nationality, else each of them.
fn guard_nations(b: &Battle, power: PowerId) -> Vec<Option<Key>> {
    let Some(setup) = &b.setup else {
        return vec![None];
    };
    let side = if power == b.attacker {
        &setup.attacker
    } else {
        &setup.defender
    };
    let mut nations: Vec<Key> = side
        .corps
        .iter()
        .filter(|c| c.factors.guard > 0)
        .map(|c| c.nation)
        .collect();
    nations.sort();
    nations.dedup();
    if nations.len() <= 1 {
        vec![None]
    } else {
        nations.into_iter().map(Some).collect()
    }
}

/// 7.5.2, 12.3.4: checks a side's chit for the day being fought: the right side's kind of chit, an outflank the
/// side can make with the corps it names (a leader, a corps other than artillery in each force, artillery
/// pinning, cossacks and freikorps outflanking), the same force its first outflank of the battle named, a guard
/// commitment only under 12.3.4, in a round of the day being fought, with guard left that may commit.
pub fn check(ctx: &LCtx, power: PowerId, d: &LandDecision) -> RuleResult<()> {
    let Some(b) = &ctx.own.battle else {
        return Err(RuleError::new("7.5", "no battle is under way"));
    };
    if let Some(r) = b.retreats.first() {
        return match d {
            LandDecision::Retreat { to } if r.power == Some(power) && r.to.contains(to) => Ok(()),
            LandDecision::Retreat { to } if r.power == Some(power) => Err(RuleError::new(
                "7.5.9",
                format!(
                    "{} is not an area the retreat may reach: it may go to {}",
                    area_name(ctx, *to),
                    r.to.iter()
                        .map(|a| area_name(ctx, *a))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
            _ => Err(RuleError::new(
                "7.5.9",
                format!(
                    "the battle at {} waits for a retreat (`retreat AREA`)",
                    area_name(ctx, b.area)
                ),
            )),
        };
    }
    let (role, chits, outflanking, guard, reinforce) = match d {
        LandDecision::Attack {
            chit,
            outflanking,
            guard,
            reinforce,
        } if power == b.attacker => (
            Role::Attacker,
            (*chit, DefendChit::Defend),
            outflanking,
            guard,
            reinforce,
        ),
        LandDecision::Defend {
            chit,
            outflanking,
            guard,
            reinforce,
        } if Some(power) == b.defender => (
            Role::Defender,
            (AttackChit::Assault, *chit),
            outflanking,
            guard,
            reinforce,
        ),
        _ => {
            return Err(RuleError::new(
                "7.5.2",
                format!(
                    "in the battle at {} {} chooses the attacker's chit (`attack CHIT`) and {} the defender's (`defend CHIT`)",
                    area_name(ctx, b.area),
                    ctx.scenario.power_name(b.attacker),
                    b.defender.map_or("nobody".to_string(), |p| ctx
                        .scenario
                        .power_name(p)
                        .to_string())
                ),
            ));
        }
    };
    let mine = match role {
        Role::Attacker => &b.attacking,
        Role::Defender => &b.defending,
    };
    if let Some(c) = outflanking.iter().find(|c| !mine.contains(c)) {
        return Err(RuleError::new(
            "7.5.2",
            format!("{c} is not one of this side's corps in the battle"),
        ));
    }
    let outflanks = match role {
        Role::Attacker => chits.0 == AttackChit::Outflank,
        Role::Defender => chits.1 == DefendChit::Outflank,
    };
    // Coalition's 7.5.2: a side's outflanking force is the one its first Outflank of the battle names; a later
    // Outflank names the same corps, or none (the same force).
    let fixed = super::days::split(b, role);
    if outflanks && outflanking.is_empty() && fixed.is_empty() {
        return Err(RuleError::new(
            "7.5.2",
            "an outflank names the corps of the outflanking force",
        ));
    }
    if outflanks && !outflanking.is_empty() && !fixed.is_empty() && !same_corps(outflanking, &fixed)
    {
        return Err(RuleError::new(
            "7.5.2",
            format!(
                "this side's outflanking force is {} for the whole battle (its first outflank named it): a later \
                 outflank names the same corps, or none",
                fixed
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ));
    }
    if !outflanks && !outflanking.is_empty() {
        return Err(RuleError::new(
            "7.5.2",
            "only an outflank splits the force: name no corps",
        ));
    }
    let day = b.field.as_ref().map_or(1, |f| f.day());
    if let Some(g) = guard {
        if !ctx.rulebook.has(OptionalRule::GuardCommitment) {
            return Err(RuleError::new(
                "12.3.4",
                "guard commitment is an optional rule this game does not use",
            ));
        }
        if g.day.is_some_and(|d| d != day) || !(1..=3).contains(&g.round) {
            return Err(RuleError::new(
                "12.3.4",
                format!(
                    "the guard commits once a day, in a round (1 to 3) of the day being fought (day {day}), not{} \
                     round {}",
                    g.day.map_or(String::new(), |d| format!(" day {d}")),
                    g.round
                ),
            ));
        }
    }
    let Some(base) = &b.setup else {
        return Err(RuleError::new("7.5", "no battle is under way"));
    };
    super::reinforce::check(ctx, b, power, reinforce)?;
    let order = super::days::Order {
        outflanking: outflanking.clone(),
        guard: *guard,
        coming: super::reinforce::coming(ctx, b, power, reinforce),
    };
    let none = super::days::Order::default();
    let orders = match role {
        Role::Attacker => [&order, &none],
        Role::Defender => [&none, &order],
    };
    let s = super::days::day_setup(base, day, chits, orders);
    let chart = &ctx.scenario.combat;
    battle::field::check_chits(chart, &s, day as usize, chits)?;
    // 12.3.4.3 with the guard factors the side has left.
    battle::field::check_guard(chart, &super::days::with_factors_left(b, &s))
}

/// Whether two lists name the same corps (in any order).
fn same_corps(a: &[CorpsId], b: &[CorpsId]) -> bool {
    let set = |x: &[CorpsId]| x.iter().copied().collect::<std::collections::BTreeSet<_>>();
    set(a) == set(b)
}

/// The outflanking force the choices offer: every corps but the artillery and the largest other corps (which pin).
pub(super) fn offered_split(ctx: &LCtx, ids: &[CorpsId]) -> Vec<CorpsId> {
    let w = ctx.world;
    let pin = ids
        .iter()
        .filter(|id| {
            w.forces.corps.get(id).is_some_and(|c| {
                !matches!(
                    c.kind,
                    CorpsKind::Artillery | CorpsKind::Cossack | CorpsKind::Freikorps
                )
            })
        })
        .max_by_key(|id| (w.forces.corps[id].factors.total(), std::cmp::Reverse(**id)));
    ids.iter()
        .filter(|id| Some(*id) != pin)
        .filter(|id| {
            w.forces
                .corps
                .get(id)
                .is_some_and(|c| c.kind != CorpsKind::Artillery)
        })
        .copied()
        .collect()
}

/// The legal decisions of `power` in the battle: its side's chits for the day being fought (an outflank with its
/// outflanking force once named, else the split `offered_split` makes; with 12.3.4 each guard commitment of the
/// day), or the areas of its retreat.
pub fn choices(ctx: &LCtx, power: PowerId) -> Vec<LandDecision> {
    let Some(b) = &ctx.own.battle else {
        return Vec::new();
    };
    if let Some(r) = b.retreats.first() {
        if r.power != Some(power) {
            return Vec::new();
        }
        return r
            .to
            .iter()
            .map(|a| LandDecision::Retreat { to: *a })
            .collect();
    }
    // 12.3.4: the shifts the guard table has a line for (1 and 2 morale levels), in each round of the day; with
    // the guard of several nationalities on the side, one commitment for each (12.3.4.3).
    let shifts: Vec<u8> = ctx.scenario.combat.guard.losses.keys().copied().collect();
    let nations = guard_nations(b, power);
    let guards: Vec<Option<GuardOrder>> = std::iter::once(None)
        .chain(
            (1..=3u8)
                .flat_map(|round| shifts.iter().map(move |shift| (round, *shift)))
                .flat_map(|(round, shift)| {
                    nations.iter().map(move |nation| {
                        Some(GuardOrder {
                            day: None,
                            round,
                            shift,
                            nation: *nation,
                        })
                    })
                }),
        )
        .filter(|g| g.is_none() || ctx.rulebook.has(OptionalRule::GuardCommitment))
        .collect();
    let mut out = Vec::new();
    if power == b.attacker {
        let split = super::days::split(b, Role::Attacker);
        let split = if split.is_empty() {
            offered_split(ctx, &b.attacking)
        } else {
            split
        };
        for chit in AttackChit::ALL {
            for guard in &guards {
                let outflanking = if chit == AttackChit::Outflank {
                    split.clone()
                } else {
                    Vec::new()
                };
                out.push(LandDecision::Attack {
                    chit,
                    outflanking,
                    guard: *guard,
                    reinforce: Vec::new(),
                });
            }
        }
    } else if Some(power) == b.defender {
        let split = super::days::split(b, Role::Defender);
        let split = if split.is_empty() {
            offered_split(ctx, &b.defending)
        } else {
            split
        };
        for chit in DefendChit::ALL {
            for guard in &guards {
                let outflanking = if chit == DefendChit::Outflank {
                    split.clone()
                } else {
                    Vec::new()
                };
                out.push(LandDecision::Defend {
                    chit,
                    outflanking,
                    guard: *guard,
                    reinforce: Vec::new(),
                });
            }
        }
    }
    // Coalition's 7.5.2: each chit (without a guard commitment) also with every corps the side may send from
    // next areas; a text decision may send any of them.
    let coming = super::reinforce::eligible(ctx, b, power);
    if !coming.is_empty() {
        let with: Vec<LandDecision> = out
            .iter()
            .filter_map(|d| match d {
                LandDecision::Attack {
                    chit,
                    outflanking,
                    guard: None,
                    ..
                } => Some(LandDecision::Attack {
                    chit: *chit,
                    outflanking: outflanking.clone(),
                    guard: None,
                    reinforce: coming.clone(),
                }),
                LandDecision::Defend {
                    chit,
                    outflanking,
                    guard: None,
                    ..
                } => Some(LandDecision::Defend {
                    chit: *chit,
                    outflanking: outflanking.clone(),
                    guard: None,
                    reinforce: coming.clone(),
                }),
                _ => None,
            })
            .collect();
        out.extend(with);
    }
    out.retain(|d| check(ctx, power, d).is_ok());
    out
}
