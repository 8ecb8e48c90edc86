//! Rule 4.2.1 and every other clause that gains or loses political points: each change must cite the clause its
//! cause names. Shared by the random playouts and the golden transcripts.

use coalition_engine::Event;
use coalition_engine::economic::EconomicEvent;
use coalition_engine::ids::{Nation, PowerId};
use coalition_engine::state::State;
use coalition_engine::world::WorldEvent;

/// Points changes a host records directly (3.5, 3.7, the campaign's set-up 14.1.4), and a battle's points as the
/// host reports them until combat exists (14.3.2.1.3): their own cause.
const SELF_CAUSED: [&str; 4] = ["3.5", "3.7", "14.1.4", "14.3.2.1.3"];

/// The political points changes an event causes, as (power, the clause they must cite). Read with the state
/// just before the event.
pub fn points_caused(e: &Event, st: &State) -> Vec<(PowerId, String)> {
    use coalition_engine::political::minors::MinorEvent;
    use coalition_engine::political::peace::{PeaceEvent, PeaceKind};
    use coalition_engine::state::WarCause;
    // The clauses under which breaking an alliance costs political points.
    const BREAKS: [&str; 7] = [
        "4.2.1.1",
        "4.3.1.3",
        "4.3.1.4",
        "4.4.7",
        "4.6.4.2.2",
        "4.6.5.1",
        "4.7",
    ];
    let each = |ps: &[PowerId], rule: &str| ps.iter().map(|p| (*p, rule.to_string())).collect();
    match e {
        Event::World(WorldEvent::AllianceBroken { by, rule, .. })
            if BREAKS.contains(&rule.as_str()) =>
        {
            each(by, rule)
        }
        Event::World(WorldEvent::WarDeclared {
            aggressor: Nation::Power(p),
            defender,
            cause,
            ..
        }) => {
            // Both sides of a mutual declaration declared (4.3.1.2), and so did both sides of a forced one (4.6.4.2).
            let both: Vec<PowerId> = [Some(*p), defender.power()].into_iter().flatten().collect();
            match cause {
                WarCause::Declared | WarCause::Call { .. } => match defender {
                    Nation::Power(_) => each(&[*p], "4.2.1.1"),
                    Nation::Minor(_) => each(&[*p], "4.2.1.2"),
                },
                WarCause::Mutual => each(&both, "4.2.1.1"),
                WarCause::Rule { rule } if rule == "4.6.4.2" => each(&both, "4.6.4.2.1"),
                WarCause::Rule { rule } if rule == "4.6.5" => each(&[*p], "4.6.5.1"),
                WarCause::Rule { .. } => vec![],
            }
        }
        Event::World(WorldEvent::RoyalMarriage {
            a,
            b,
            made: false,
            rule,
            ..
        }) if rule == "4.6.4.2.2" => each(&[*a, *b], rule),
        Event::Peace(PeaceEvent::Made { record }) => match record.kind {
            PeaceKind::Informal => vec![],
            PeaceKind::Conditional => each(&[record.loser, record.victor], "4.4.2.3.1"),
            PeaceKind::Unconditional => each(&[record.loser, record.victor], "4.4.2.3.2"),
        },
        Event::MinorControl(MinorEvent::Chosen { power, .. }) => each(&[*power], "4.6.3.1"),
        // 7.7: a minor conquered in the Land Phase's Conquest Step.
        Event::World(WorldEvent::MinorChanged {
            controller: Some(c),
            rule,
            ..
        }) if rule == "7.7" => each(&[*c], "7.7"),
        // No power runs the minor: its attackers get back what they paid under 4.2.1.2.
        Event::MinorControl(MinorEvent::NoRunner { minor }) => st
            .minor_control
            .targets
            .iter()
            .filter(|t| t.minor == *minor)
            .flat_map(|t| t.attackers.iter().map(|a| (*a, "4.2.1.2".to_string())))
            .collect(),
        Event::World(WorldEvent::UmpControl {
            controller: Some(c),
            rule,
            ..
        }) if rule.starts_with("14.3.1.3") => each(&[*c], "14.3.1.3"),
        Event::World(WorldEvent::AllianceFormed { a, b, .. }) => {
            let own =
                |x: &PowerId, y: &PowerId| st.umps.get(y).and_then(|u| u.controller) == Some(*x);
            if own(a, b) {
                each(&[*a], "14.3.2.1.5")
            } else if own(b, a) {
                each(&[*b], "14.3.2.1.5")
            } else {
                each(&[*a, *b], "4.5")
            }
        }
        // Coalition's 7.5.7: a battle won moves the points of both sides' powers.
        Event::Land(coalition_engine::land::LandEvent::BattleFought { record }) => record
            .winners
            .iter()
            .chain(&record.losers)
            .map(|p| (*p, "7.5.7".to_string()))
            .collect(),
        // Coalition's 6.3: a naval battle won moves the points of the powers of both sides' fleets.
        Event::Naval(coalition_engine::naval::NavalEvent::BattleFought { battle }) => battle
            .attacking
            .fleets
            .keys()
            .chain(battle.defending.fleets.keys())
            .filter_map(|id| match st.world.forces.fleets.get(id)?.owner {
                Nation::Power(p) => Some(p),
                Nation::Minor(m) => st.world.combat_points_of(m),
            })
            .map(|p| (p, "6.3".to_string()))
            .collect(),
        // Coalition's 7.5.4.1 and 7.5.4.2.2: an assault or a sortie won moves the points of both sides' powers.
        Event::Land(coalition_engine::land::LandEvent::SiegeCombatFought { record }) => {
            let rule = match record.kind {
                coalition_engine::land::SiegeCombat::Assault => "7.5.4.1",
                coalition_engine::land::SiegeCombat::Sortie => "7.5.4.2.2",
            };
            record
                .winners
                .iter()
                .chain(&record.losers)
                .map(|p| (*p, rule.to_string()))
                .collect()
        }
        // Coalition's 5.1.4.1: a fleet scuttled while it still holds ships costs the power that moves it points.
        Event::World(WorldEvent::FleetChanged { fleet, rule, .. }) if rule == "5.1.4" => st
            .world
            .forces
            .fleets
            .get(fleet)
            .filter(|f| f.ships > 0)
            .and_then(|f| st.world.controller_of(f.owner))
            .map(|p| (p, "5.1.4.1".to_string()))
            .into_iter()
            .collect(),
        Event::Economy(EconomicEvent::ManipulationRecorded { power, .. }) => {
            each(&[*power], "12.5.1")
        }
        // 8.6: the Status Step itself charges the debts not paid in full.
        Event::StepBegan { position }
            if position.step == coalition_engine::Step::EconomicStatus =>
        {
            each(&st.powers_in_game(), "8.6")
        }
        _ => vec![],
    }
}

/// Every political points change of `batch` (the events of one submission, read with the states before each)
/// cites the clause its cause names: each is matched to a distinct cause in the same batch. An UMP's points go
/// to its controller (14.3.2.1.3).
pub fn audit_points(batch: &[(Event, State)]) {
    let batch: Vec<(Event, Vec<(PowerId, String)>)> = batch
        .iter()
        .map(|(e, st)| (e.clone(), causes_of(e, st)))
        .collect();
    audit_causes(&batch);
}

/// The political points changes `e` causes, read with the state just before it, each to the power whose display
/// it counts on (14.3.2.1.3).
pub fn causes_of(e: &Event, st: &State) -> Vec<(PowerId, String)> {
    points_caused(e, st)
        .into_iter()
        .map(|(p, rule)| (coalition_engine::umps::rules::display_power(st, p), rule))
        .collect()
}

/// As `audit_points`, with each event's causes already read (`causes_of`).
pub fn audit_causes(batch: &[(Event, Vec<(PowerId, String)>)]) {
    let mut causes: Vec<(PowerId, String)> =
        batch.iter().flat_map(|(_, c)| c.iter().cloned()).collect();
    for (e, _) in batch {
        if let Event::World(WorldEvent::PointsChanged {
            power,
            rule,
            reason,
            ..
        }) = e
        {
            if SELF_CAUSED.contains(&rule.as_str()) {
                continue;
            }
            let i = causes
                .iter()
                .position(|(p, r)| p == power && r == rule)
                .unwrap_or_else(|| {
                    panic!(
                        "{power}'s points change under {rule} ({reason}) has no cause naming {rule} in its batch; causes: {causes:?}"
                    )
                });
            causes.remove(i);
        }
    }
}
