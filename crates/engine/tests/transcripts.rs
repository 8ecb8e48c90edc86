//! Every transcript under `tests/transcripts/` is its own test, named after its file: it replays to the same log,
//! byte for byte, twice; its outcome (final position, political points, relations, records, log) is pinned by a
//! snapshot; and every change of political points in it cites the clause its cause names. The clauses a case pins
//! are in its `rules` field, which `docs/rules-coverage.md` counts.

mod common;

use coalition_engine::scenario::embedded_scenario;
use coalition_engine::state::State;
use coalition_engine::transcript::{Entry, Transcript, play_entry};
use coalition_engine::{Event, Game};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/transcripts")
}

/// Every case file, as its path below `tests/transcripts/`.
fn case_files() -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![root()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d)
            .unwrap_or_else(|e| panic!("{}: {e}", d.display()))
            .flatten()
        {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "json") {
                out.push(
                    p.strip_prefix(root())
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/"),
                );
            }
        }
    }
    out.sort();
    out
}

/// Plays `t` entry by entry and audits the political points of each entry's events (the set-up is one batch).
fn audit_points(t: &Transcript, scenario: Arc<coalition_engine::scenario::Scenario>) {
    let mut g = t.start(scenario.clone()).unwrap();
    let mut shadow = State::initial(&scenario);
    let mut seen = 0;
    let mut flush = |g: &Game, shadow: &mut State| {
        let batch: Vec<(Event, State)> = g.log()[seen..]
            .iter()
            .map(|e| {
                let before = shadow.clone();
                coalition_engine::apply::apply(shadow, e);
                (e.clone(), before)
            })
            .collect();
        seen = g.log().len();
        common::points::audit_points(&batch);
    };
    flush(&g, &mut shadow);
    for e in &t.script {
        if matches!(e, Entry::Logged(_)) {
            continue;
        }
        play_entry(&mut g, e).unwrap();
        flush(&g, &mut shadow);
    }
}

fn check(file: &str) {
    let path = root().join(file);
    let t = Transcript::from_json(&std::fs::read_to_string(&path).unwrap())
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let scenario = Arc::new(embedded_scenario(&t.scenario).unwrap());
    let a = t
        .replay(scenario.clone())
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let b = t.replay(scenario.clone()).unwrap();
    let log_a = serde_json::to_string(a.log()).unwrap();
    let log_b = serde_json::to_string(b.log()).unwrap();
    assert_eq!(log_a, log_b, "{file} replays differently");
    // The transcript survives a round trip through its own format.
    assert_eq!(Transcript::from_json(&t.to_json()).unwrap(), t);
    audit_points(&t, scenario);
    let s = a.state();
    let outcome = serde_json::json!({
        "position": s.position,
        "finished": s.finished,
        "pending": a.pending(),
        "powers": s.powers,
        "relations": s.relations,
        "minors": s.minors.iter().filter(|(_, m)| m.controller.is_some()).collect::<std::collections::BTreeMap<_, _>>(),
        "losses": s.records.losses,
        "log": a.log(),
    });
    insta::assert_json_snapshot!(file.replace(['/', '.'], "_"), outcome);
}

/// One test per case file, and the list of the files they read.
macro_rules! cases {
    ($($name:ident => $file:literal,)*) => {
        $(
            #[test]
            fn $name() {
                check($file);
            }
        )*
        const LISTED: &[&str] = &[$($file),*];
    };
}

cases! {
    battles_7_5_withdrawal_retreat_leader_killed => "battles/7.5-a-withdrawal-a-retreat-and-a-leader-killed.json",
    battles_7_5_field_battle => "battles/7.5-a-field-battle-its-pursuit-and-points.json",
    battles_7_5_3_trivial_combat => "battles/7.5.3-a-trivial-combat-and-its-prisoners.json",
    battles_7_5_2_several_days_outflank_arrives => "battles/7.5.2-a-battle-of-several-days-with-an-outflank-that-arrives.json",
    battles_7_5_4_siege_and_assault => "battles/7.5.4-a-siege-that-ends-in-an-assault.json",
    battles_7_5_4_2_sortie => "battles/7.5.4.2-a-garrison-sortie.json",
    battles_12_3_2_british_training => "battles/12.3.2-a-british-trained-portuguese-corps-fights-at-4.0.json",
    battles_12_3_4_5_guard_breaks => "battles/12.3.4.5-a-guard-lost-on-commitment-breaks-its-side.json",
    battles_12_3_4_6_guard_did_not_win => "battles/12.3.4.6-a-committed-guard-that-does-not-win-breaks-its-side.json",
    battles_12_3_5_bombardment => "battles/12.3.5-an-artillery-bombardment-before-each-round.json",
    battles_12_3_6_proportional_losses => "battles/12.3.6-proportional-losses-of-a-french-and-bavarian-force.json",
    battles_12_3_6_odd_loss => "battles/12.3.6-an-odd-loss-settled-by-a-competitive-roll.json",
    battles_14_3_2_1_3_ump_points_held_to_three => "battles/14.3.2.1.3-an-ump-s-battle-points-held-to-three.json",
    battles_14_3_2_1_3_napoleon_points_not_held => "battles/14.3.2.1.3-napoleon-commands-and-the-points-are-not-held.json",
    battles_14_3_2_1_6_ump_losses_held => "battles/14.3.2.1.6-an-ump-s-losses-held-to-its-part-of-the-force.json",
    battles_12_3_5_1_no_bombardment_in_an_assault => "battles/12.3.5.1-no-bombardment-in-an-assault.json",
    battles_12_7_a_leader_wounded_in_an_assault => "battles/12.7-a-leader-wounded-in-an-assault-misses-three-complete-months.json",
    battles_7_5_2_leaderless_turkish_side => "battles/7.5.2-a-leaderless-turkish-side-gets-no-turkish-morale.json",
    battles_7_5_2_a_leader_who_joins_takes_command => "battles/7.5.2-a-leader-who-joins-takes-command.json",
    economic_8_a_year_of_1805 => "economic/8-a-year-of-1805.json",
    kernel_1805_first_month => "kernel/1805-first-month.json",
    land_7_paris_to_vienna => "land/7-paris-to-vienna-with-a-depot-chain.json",
    land_7_1_2_combined_movement => "land/7.1.2-combined-movement-in-the-last-allys-slot.json",
    land_7_3_2_forced_march => "land/7.3.2-forced-march-and-its-attrition.json",
    land_7_4_2_forage => "land/7.4.2-a-corps-out-of-supply-forages.json",
    land_7_7_minor_conquered => "land/7.7-a-minor-conquered-area-by-area.json",
    land_12_1_2_1_port_taken => "land/12.1.2.1-a-port-taken-with-ships-building.json",
    land_12_3_1_four_corps_a_depot => "land/12.3.1-four-corps-a-depot.json",
    naval_6_1_britain_chooses_its_slot => "naval/6.1-britain-chooses-its-slot.json",
    naval_12_2_2_raiding => "naval/12.2.2-raiding-by-a-fleet-that-sailed.json",
    naval_12_2_3_three_fleets => "naval/12.2.3-three-fleets-through-five-seas.json",
    naval_12_2_5_sixty_eight_ships => "naval/12.2.5-sixty-eight-ships-lose-ten.json",
    naval_6_2_1_a_blockaded_port => "naval/6.2.1-a-blockaded-port.json",
    naval_6_3_evasion_into_toulon => "naval/6.3-evasion-into-toulon.json",
    naval_6_3_nelson_off_cadiz => "naval/6.3-nelson-off-cadiz.json",
    naval_6_2_5_corps_to_portugal => "naval/6.2.5-a-corps-carried-to-portugal.json",
    naval_6_2_5_invasion_depot => "naval/6.2.5-an-invasion-depot-supplies-across-the-sea.json",
    naval_12_2_4_transport_sunk => "naval/12.2.4-a-transport-sunk.json",
    naval_6_3_interception => "naval/6.3-an-interception-in-the-channel.json",
    naval_12_2_1_2_strait => "naval/12.2.1.2-a-strait-a-fleet-cannot-block.json",
    land_12_4_limited_access => "land/12.4-limited-access-and-demobilization.json",
    land_12_8_access => "land/12.8-access-refused-and-granted.json",
    land_7_3_a_leader_keeps_the_pace => "land/7.3-a-leader-keeps-the-pace-of-the-corps-he-moves-with.json",
    land_7_5_9_a_corps_that_retreated => "land/7.5.9-a-corps-that-retreated-moves-no-more.json",
    land_7_5_4_a_corps_inside_a_city => "land/7.5.4-a-corps-inside-a-city-besieged-and-taken-by-assault.json",
    w1853_the_crimean_war_s_first_month => "1853/the-crimean-war-s-first-month.json",
    w1853_sardinia_becomes_italy => "1853/sardinia-becomes-italy.json",
    kernel_3_3_refused_as_sent => "kernel/3.3-refused-as-sent.json",
    kernel_setup_host_and_forced_dice => "kernel/setup-host-and-forced-dice.json",
    political_12_3_9_ceding_a_minor => "political/12.3.9-ceding-a-minor.json",
    political_12_8_allied_voluntary_access => "political/12.8-allied-voluntary-access.json",
    political_3_3_declarations_refused_as_sent => "political/3.3-declarations-refused-as-sent.json",
    political_4_1_messages_and_proposals => "political/4.1-messages-and-proposals.json",
    political_4_2_declarations_and_alliances => "political/4.2-declarations-and-alliances.json",
    political_4_3_call_to_allies => "political/4.3-call-to-allies.json",
    political_4_3_1_1_a_defender_calling_as_an_aggressor => "political/4.3.1.1-a-defender-calling-as-an-aggressor.json",
    political_4_3_1_3_refused_calls_cost_points => "political/4.3.1.3-refused-calls-cost-points.json",
    political_4_3_1_4_enforced_peace_and_b6 => "political/4.3.1.4-enforced-peace-and-b6.json",
    political_4_3_1_4_forced_refusal => "political/4.3.1.4-forced-refusal.json",
    political_4_3_2_no_call_against_an_answering_ally => "political/4.3.2-no-call-against-an-answering-ally.json",
    political_4_4_2_2_unconditional_peace_refused_then_accepted => "political/4.4.2.2-unconditional-peace-refused-then-accepted.json",
    political_4_4_4_terms_limits_and_exclusions => "political/4.4.4-terms-limits-and-exclusions.json",
    political_4_4_5_simultaneous_surrender => "political/4.4.5-simultaneous-surrender.json",
    political_4_4_5_2_tied_victors_roll_for_the_order => "political/4.4.5.2-tied-victors-roll-for-the-order.json",
    political_4_4_5_3_b4_example => "political/4.4.5.3-b4-example.json",
    political_4_4_7_separate_peace => "political/4.4.7-separate-peace.json",
    political_4_4_8_alliances_marriages_and_minors_end => "political/4.4.8-alliances-marriages-and-minors-end.json",
    political_4_4_8_final_peace => "political/4.4.8-final-peace.json",
    political_4_5_3_re_allying_after_a_break => "political/4.5.3-re-allying-after-a-break.json",
    political_4_6_control_roll => "political/4.6-control-roll.json",
    political_4_6_4_two_attackers => "political/4.6.4-two-attackers.json",
    political_4_6_5_2_a_war_on_a_minor_another_power_runs => "political/4.6.5.2-a-war-on-a-minor-another-power-runs.json",
    political_4_7_breaking_alliances => "political/4.7-breaking-alliances.json",
    political_4_8_a_free_state_is_for_ever => "political/4.8-a-free-state-is-for-ever.json",
    political_4_8_free_state_declared_with_its_fleet => "political/4.8-free-state-declared-with-its-fleet.json",
    political_4_8_free_state_purchases_paid_by_its_controller => "political/4.8-free-state-purchases-paid-by-its-controller.json",
    political_4_9_combined_movement => "political/4.9-combined-movement.json",
    reinforcement_5_arrivals_over_three_months => "reinforcement/5-arrivals-over-three-months.json",
    reinforcement_5_1_4_scuttling_and_transfers => "reinforcement/5.1.4-scuttling-and-transfers.json",
    umps_14_3_1_december_three_umps_four_players => "umps/14.3.1-december-three-umps-four-players.json",
    umps_14_3_1_1_british_bids => "umps/14.3.1.1-british-bids.json",
    umps_14_3_2_2_ump_and_controller_declare_together => "umps/14.3.2.2-ump-and-controller-declare-together.json",
    umps_14_3_2_3_forced_informal_peace_once_no_forces_remain => "umps/14.3.2.3-forced-informal-peace-once-no-forces-remain.json",
    umps_14_3_2_4_1_mid_year_bidding => "umps/14.3.2.4.1-mid-year-bidding.json",
    umps_battle_points_cap => "umps/battle-points-cap.json",
    umps_forced_informal_peace => "umps/forced-informal-peace.json",
    umps_inactive_to_neutral => "umps/inactive-to-neutral.json",
    umps_neutral_to_active_combined_phase => "umps/neutral-to-active-combined-phase.json",
    umps_spain_32_equivalent_factors => "umps/spain-32-equivalent-factors.json",
}

#[test]
fn every_case_file_has_its_own_test() {
    let files = case_files();
    let listed: Vec<String> = LISTED.iter().map(|s| s.to_string()).collect();
    for f in &files {
        assert!(
            listed.contains(f),
            "tests/transcripts/{f} has no test: add it to `cases!` in crates/engine/tests/transcripts.rs"
        );
    }
    for l in &listed {
        assert!(
            files.contains(l),
            "`cases!` lists {l}, which is not under tests/transcripts/"
        );
    }
}

#[test]
fn the_documented_json_schema_is_the_one_the_types_give() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/transcript.schema.json");
    let generated = coalition_engine::transcript::json_schema();
    if std::env::var_os("COALITION_UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let documented = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        documented == generated,
        "docs/transcript.schema.json is out of date: run COALITION_UPDATE_SCHEMA=1 cargo test -p coalition-engine --test transcripts"
    );
}
