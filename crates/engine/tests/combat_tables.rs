//! Coalition's field combat tables (`docs/rules/combat.md`), pinned cell by cell against the public facts
//! (`shared/reference/eia-military-facts.md` §4.5.4 to §4.5.7): each expected value below is transcribed from
//! those tables, and each test reads the same cell from `combat.ron` through the scenario's loaded chart.

use coalition_engine::scenario::combat::{AttackChit, CombatChart, DefendChit, TableId};
use coalition_engine::scenario::embedded_scenario;

fn chart() -> CombatChart {
    embedded_scenario("1805").unwrap().combat
}

fn t(s: &str) -> TableId {
    TableId::try_from(s.to_string()).unwrap()
}

/// §4.5.6: (table, [(percent, morale loss in tenths); die 0 to 7]).
const TABLES: [(&str, [(u8, i32); 8]); 25] = [
    (
        "1-1",
        [
            (0, 0),
            (0, 0),
            (0, 0),
            (0, 0),
            (0, 2),
            (5, 4),
            (5, 6),
            (5, 8),
        ],
    ),
    (
        "1-2",
        [
            (0, 0),
            (0, 0),
            (0, 2),
            (0, 5),
            (5, 8),
            (5, 11),
            (5, 15),
            (10, 19),
        ],
    ),
    (
        "1-3",
        [
            (0, 0),
            (0, 3),
            (0, 6),
            (5, 9),
            (5, 13),
            (5, 18),
            (10, 23),
            (10, 28),
        ],
    ),
    (
        "1-4",
        [
            (0, 4),
            (0, 6),
            (5, 9),
            (5, 13),
            (5, 18),
            (10, 24),
            (10, 30),
            (10, 36),
        ],
    ),
    (
        "1-5",
        [
            (0, 9),
            (5, 11),
            (5, 14),
            (5, 18),
            (5, 23),
            (10, 29),
            (10, 35),
            (15, 41),
        ],
    ),
    (
        "2-1",
        [
            (0, 0),
            (0, 0),
            (0, 0),
            (5, 2),
            (5, 5),
            (5, 8),
            (10, 11),
            (10, 14),
        ],
    ),
    (
        "2-2",
        [
            (0, 0),
            (0, 2),
            (5, 4),
            (5, 7),
            (5, 10),
            (10, 14),
            (10, 19),
            (10, 24),
        ],
    ),
    (
        "2-3",
        [
            (0, 3),
            (0, 5),
            (5, 8),
            (5, 11),
            (10, 15),
            (10, 20),
            (10, 26),
            (15, 32),
        ],
    ),
    (
        "2-4",
        [
            (0, 6),
            (5, 9),
            (5, 12),
            (5, 16),
            (10, 21),
            (10, 26),
            (15, 32),
            (15, 38),
        ],
    ),
    (
        "2-5",
        [
            (5, 11),
            (5, 14),
            (5, 17),
            (10, 21),
            (10, 26),
            (10, 31),
            (15, 37),
            (15, 43),
        ],
    ),
    (
        "3-1",
        [
            (0, 0),
            (0, 0),
            (5, 2),
            (5, 5),
            (10, 8),
            (10, 11),
            (10, 15),
            (15, 19),
        ],
    ),
    (
        "3-2",
        [
            (0, 1),
            (5, 3),
            (5, 6),
            (5, 10),
            (10, 14),
            (10, 18),
            (15, 22),
            (15, 26),
        ],
    ),
    (
        "3-3",
        [
            (0, 5),
            (5, 8),
            (5, 11),
            (10, 14),
            (10, 18),
            (15, 23),
            (15, 28),
            (15, 33),
        ],
    ),
    (
        "3-4",
        [
            (5, 9),
            (5, 11),
            (5, 14),
            (10, 18),
            (10, 23),
            (15, 29),
            (15, 35),
            (20, 41),
        ],
    ),
    (
        "3-5",
        [
            (5, 14),
            (5, 16),
            (10, 19),
            (10, 23),
            (15, 28),
            (15, 34),
            (15, 40),
            (20, 46),
        ],
    ),
    (
        "4-1",
        [
            (0, 0),
            (5, 2),
            (5, 4),
            (10, 7),
            (10, 10),
            (15, 14),
            (15, 19),
            (15, 24),
        ],
    ),
    (
        "4-2",
        [
            (0, 4),
            (5, 7),
            (5, 10),
            (10, 13),
            (15, 16),
            (15, 19),
            (15, 23),
            (20, 28),
        ],
    ),
    (
        "4-3",
        [
            (5, 8),
            (5, 10),
            (10, 13),
            (10, 16),
            (15, 20),
            (15, 25),
            (15, 31),
            (20, 37),
        ],
    ),
    (
        "4-4",
        [
            (5, 11),
            (10, 14),
            (10, 17),
            (10, 21),
            (15, 26),
            (15, 31),
            (20, 37),
            (20, 43),
        ],
    ),
    (
        "4-5",
        [
            (5, 16),
            (10, 19),
            (10, 22),
            (15, 26),
            (15, 31),
            (20, 36),
            (20, 42),
            (20, 48),
        ],
    ),
    (
        "5-1",
        [
            (5, 1),
            (5, 3),
            (10, 6),
            (10, 10),
            (15, 14),
            (15, 18),
            (15, 22),
            (20, 26),
        ],
    ),
    (
        "5-2",
        [
            (5, 5),
            (10, 8),
            (10, 11),
            (10, 14),
            (15, 18),
            (15, 23),
            (20, 28),
            (20, 33),
        ],
    ),
    (
        "5-3",
        [
            (5, 9),
            (10, 11),
            (10, 14),
            (15, 18),
            (15, 23),
            (20, 29),
            (20, 35),
            (20, 41),
        ],
    ),
    (
        "5-4",
        [
            (5, 13),
            (10, 16),
            (15, 20),
            (15, 24),
            (15, 29),
            (20, 34),
            (20, 39),
            (25, 45),
        ],
    ),
    (
        "5-5",
        [
            (5, 18),
            (10, 21),
            (15, 25),
            (15, 29),
            (20, 34),
            (20, 39),
            (25, 44),
            (25, 50),
        ],
    ),
];

/// §4.5.7: (percent, factors lost for 1 to 20 firing factors).
const CASUALTIES: [(u8, [u32; 20]); 11] = [
    (
        5,
        [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    ),
    (
        10,
        [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2],
    ),
    (
        15,
        [0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3],
    ),
    (
        20,
        [0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4],
    ),
    (
        25,
        [0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5],
    ),
    (
        30,
        [0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6],
    ),
    (
        45,
        [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9],
    ),
    (
        60,
        [
            1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 12,
        ],
    ),
    (
        75,
        [
            1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15,
        ],
    ),
    (
        90,
        [
            1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 14, 15, 16, 17, 18,
        ],
    ),
    (
        120,
        [
            1, 2, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 22, 23, 24,
        ],
    ),
];

/// §4.5.4: [defender's rating][attacker's rating] = (attacker's modifier, defender's modifier).
const COMMANDER: [[(i8, i8); 6]; 6] = [
    [(-1, -1), (0, -1), (0, -1), (1, -1), (1, -1), (1, -1)],
    [(-1, 0), (-1, -1), (0, -1), (0, -1), (1, -1), (1, -1)],
    [(-1, 0), (-1, 0), (0, 0), (0, -1), (1, 0), (1, -1)],
    [(-1, 1), (-1, 0), (-1, 0), (0, 0), (1, 0), (1, 0)],
    [(-1, 1), (-1, 1), (0, 1), (0, 1), (1, 1), (1, 0)],
    [(-1, 1), (-1, 1), (-1, 1), (0, 1), (0, 1), (1, 1)],
];

/// §4.5.5: (attacker's chit, defender's chit, across a river, attacker's tables, defender's tables, after the
/// outflank arrives: attacker's, defender's).
#[allow(clippy::type_complexity)]
const CHITS: [(
    AttackChit,
    DefendChit,
    bool,
    &[&str],
    &[&str],
    &[&str],
    &[&str],
); 35] = [
    (
        AttackChit::Outflank,
        DefendChit::Outflank,
        false,
        &["1-2", "1-4", "2-4"],
        &["1-2", "1-4", "2-4"],
        &[],
        &[],
    ),
    (
        AttackChit::Outflank,
        DefendChit::Counterattack,
        false,
        &["2-1", "2-1", "2-2"],
        &["2-3", "3-3", "3-3"],
        &["4-4", "4-4"],
        &["3-1", "3-1"],
    ),
    (
        AttackChit::Outflank,
        DefendChit::EscalatedCounterattack,
        false,
        &["3-1", "3-1", "3-2"],
        &["3-3", "4-3", "4-3"],
        &["5-4", "5-4"],
        &["4-1", "4-1"],
    ),
    (
        AttackChit::Outflank,
        DefendChit::Cordon,
        false,
        &["2-1", "3-1", "2-1"],
        &["3-2", "4-2", "4-3"],
        &[],
        &[],
    ),
    (
        AttackChit::Outflank,
        DefendChit::Cordon,
        true,
        &["2-1", "3-1", "2-1"],
        &["3-2", "4-2", "4-3"],
        &[],
        &[],
    ),
    (
        AttackChit::Outflank,
        DefendChit::Withdraw,
        false,
        &["2-2"],
        &["1-1"],
        &["3-4", "3-4"],
        &["1-1", "1-1"],
    ),
    (
        AttackChit::Outflank,
        DefendChit::Defend,
        false,
        &["2-1", "3-1", "3-1"],
        &["3-1", "4-1", "4-2"],
        &["2-4", "4-4"],
        &["1-1", "1-1"],
    ),
    (
        AttackChit::Assault,
        DefendChit::Outflank,
        false,
        &["2-3", "3-3", "3-3"],
        &["2-1", "2-1", "2-2"],
        &["3-1", "3-1"],
        &["4-4", "4-4"],
    ),
    (
        AttackChit::Assault,
        DefendChit::Counterattack,
        false,
        &["3-1", "4-2", "3-2"],
        &["3-1", "4-2", "3-2"],
        &[],
        &[],
    ),
    (
        AttackChit::Assault,
        DefendChit::EscalatedCounterattack,
        false,
        &["4-1", "5-2", "4-2"],
        &["4-1", "5-2", "4-2"],
        &[],
        &[],
    ),
    (
        AttackChit::Assault,
        DefendChit::Cordon,
        false,
        &["4-1", "4-3", "4-1"],
        &["2-1", "2-1", "3-1"],
        &[],
        &[],
    ),
    (
        AttackChit::Assault,
        DefendChit::Cordon,
        true,
        &["4-1", "4-2", "4-1"],
        &["2-1", "3-1", "4-1"],
        &[],
        &[],
    ),
    (
        AttackChit::Assault,
        DefendChit::Withdraw,
        false,
        &["4-2", "4-2", "4-3"],
        &["1-1", "1-1", "1-1"],
        &[],
        &[],
    ),
    (
        AttackChit::Assault,
        DefendChit::Defend,
        false,
        &["3-1", "3-1", "2-1"],
        &["4-1", "4-2", "4-3"],
        &[],
        &[],
    ),
    (
        AttackChit::EscalatedAssault,
        DefendChit::Outflank,
        false,
        &["3-3", "4-3", "4-3"],
        &["3-1", "3-1", "3-2"],
        &["4-1", "4-1"],
        &["5-4", "5-4"],
    ),
    (
        AttackChit::EscalatedAssault,
        DefendChit::Counterattack,
        false,
        &["4-1", "5-2", "4-2"],
        &["4-1", "5-2", "4-2"],
        &[],
        &[],
    ),
    (
        AttackChit::EscalatedAssault,
        DefendChit::EscalatedCounterattack,
        false,
        &["4-1", "5-2", "4-2"],
        &["4-1", "5-2", "4-2"],
        &[],
        &[],
    ),
    (
        AttackChit::EscalatedAssault,
        DefendChit::Cordon,
        false,
        &["5-1", "5-3", "5-1"],
        &["3-1", "3-1", "4-1"],
        &[],
        &[],
    ),
    (
        AttackChit::EscalatedAssault,
        DefendChit::Cordon,
        true,
        &["5-1", "5-2", "5-1"],
        &["3-1", "4-1", "5-1"],
        &[],
        &[],
    ),
    (
        AttackChit::EscalatedAssault,
        DefendChit::Withdraw,
        false,
        &["5-2", "5-2", "5-3"],
        &["2-1", "2-1", "2-1"],
        &[],
        &[],
    ),
    (
        AttackChit::EscalatedAssault,
        DefendChit::Defend,
        false,
        &["3-1", "3-1", "2-1"],
        &["5-1", "5-2", "5-3"],
        &[],
        &[],
    ),
    (
        AttackChit::Echelon,
        DefendChit::Outflank,
        false,
        &["2-1", "3-1", "3-2"],
        &["2-1", "2-1", "2-1"],
        &["2-1", "1-1"],
        &["3-3", "3-4"],
    ),
    (
        AttackChit::Echelon,
        DefendChit::Counterattack,
        false,
        &["1-2", "3-4", "2-4"],
        &["3-1", "4-1", "2-1"],
        &[],
        &[],
    ),
    (
        AttackChit::Echelon,
        DefendChit::EscalatedCounterattack,
        false,
        &["2-2", "4-4", "3-4"],
        &["3-1", "4-1", "2-1"],
        &[],
        &[],
    ),
    (
        AttackChit::Echelon,
        DefendChit::Cordon,
        false,
        &["2-1", "3-1", "4-1"],
        &["3-1", "4-2", "4-3"],
        &[],
        &[],
    ),
    (
        AttackChit::Echelon,
        DefendChit::Cordon,
        true,
        &["2-1", "3-1", "3-1"],
        &["4-1", "4-2", "4-3"],
        &[],
        &[],
    ),
    (
        AttackChit::Echelon,
        DefendChit::Withdraw,
        false,
        &["3-1", "3-2", "3-3"],
        &["1-1", "1-1", "2-1"],
        &[],
        &[],
    ),
    (
        AttackChit::Echelon,
        DefendChit::Defend,
        false,
        &["1-3", "2-3", "2-4"],
        &["4-1", "3-1", "2-1"],
        &[],
        &[],
    ),
    (
        AttackChit::Probe,
        DefendChit::Outflank,
        false,
        &["2-1", "4-2", "4-3"],
        &["2-1", "2-1", "1-1"],
        &["4-2", "4-2"],
        &["2-3", "2-2"],
    ),
    (
        AttackChit::Probe,
        DefendChit::Counterattack,
        false,
        &["1-1", "1-3", "2-2"],
        &["3-2", "3-2", "4-2"],
        &[],
        &[],
    ),
    (
        AttackChit::Probe,
        DefendChit::EscalatedCounterattack,
        false,
        &["2-1", "2-3", "3-2"],
        &["4-2", "4-2", "5-2"],
        &[],
        &[],
    ),
    (
        AttackChit::Probe,
        DefendChit::Cordon,
        false,
        &["1-1", "4-2", "4-2"],
        &["1-2", "2-1", "3-1"],
        &[],
        &[],
    ),
    (
        AttackChit::Probe,
        DefendChit::Cordon,
        true,
        &["1-1", "4-1", "4-1"],
        &["1-2", "3-1", "3-1"],
        &[],
        &[],
    ),
    (
        AttackChit::Probe,
        DefendChit::Withdraw,
        false,
        &[],
        &[],
        &[],
        &[],
    ),
    (
        AttackChit::Probe,
        DefendChit::Defend,
        false,
        &["1-1", "3-1", "3-3"],
        &["3-2", "3-1", "2-1"],
        &[],
        &[],
    ),
];

#[test]
fn the_25_combat_tables_match_the_reference_cell_by_cell() {
    let c = chart();
    assert_eq!(c.tables.len(), 25);
    for (name, cells) in TABLES {
        for (roll, expected) in cells.iter().enumerate() {
            assert_eq!(
                c.cell(t(name), roll as i32),
                *expected,
                "table {name}, die {roll}"
            );
        }
        // Dice beyond 0 to 7 read the nearest column.
        assert_eq!(c.cell(t(name), -1), cells[0], "table {name}, die -1");
        assert_eq!(c.cell(t(name), 9), cells[7], "table {name}, die 9");
    }
}

#[test]
fn the_casualty_table_matches_the_reference_cell_by_cell() {
    let c = chart();
    assert_eq!(c.casualties.len(), CASUALTIES.len());
    for (percent, row) in CASUALTIES {
        for (i, expected) in row.iter().enumerate() {
            assert_eq!(
                c.factors_lost(percent, i as u32 + 1),
                *expected,
                "{percent}% of {}",
                i + 1
            );
        }
        // Above 20: the 20 column for each full 20, plus the rest's column.
        assert_eq!(
            c.factors_lost(percent, 47),
            2 * row[19] + row[6],
            "{percent}% of 47"
        );
        assert_eq!(c.factors_lost(percent, 40), 2 * row[19], "{percent}% of 40");
        assert_eq!(c.factors_lost(percent, 0), 0);
    }
}

#[test]
fn the_commander_chart_matches_the_reference_cell_by_cell() {
    let c = chart();
    for (def, row) in COMMANDER.iter().enumerate() {
        for (att, expected) in row.iter().enumerate() {
            assert_eq!(
                c.commander_modifiers(att as u8, def as u8),
                *expected,
                "attacker {att}, defender {def}"
            );
        }
    }
    // A rating above 5 reads as 5.
    assert_eq!(c.commander_modifiers(6, 2), COMMANDER[2][5]);
}

#[test]
fn every_pairing_of_chits_matches_the_reference() {
    let c = chart();
    let list = |xs: &[&str]| xs.iter().map(|x| t(x)).collect::<Vec<_>>();
    for (a, d, river, att, def, after_a, after_d) in CHITS {
        let rivers: &[bool] = if d == DefendChit::Cordon {
            &[river]
        } else {
            &[false, true]
        };
        for &r in rivers {
            let p = c
                .pairing(a, d, r)
                .unwrap_or_else(|| panic!("{a:?} v {d:?}"));
            assert_eq!(
                p.attacker_tables,
                list(att),
                "{a:?} v {d:?} (river {r}): attacker"
            );
            assert_eq!(
                p.defender_tables,
                list(def),
                "{a:?} v {d:?} (river {r}): defender"
            );
            match &p.after_outflank {
                Some((x, y)) => {
                    assert_eq!(
                        x,
                        &list(after_a),
                        "{a:?} v {d:?}: attacker after the outflank"
                    );
                    assert_eq!(
                        y,
                        &list(after_d),
                        "{a:?} v {d:?}: defender after the outflank"
                    );
                }
                None => assert!(
                    after_a.is_empty() && after_d.is_empty(),
                    "{a:?} v {d:?}: after the outflank"
                ),
            }
        }
    }
    // The official erratum: Escalated Assault v Cordon across a river starts on 5-1, not 5-2.
    let p = c
        .pairing(AttackChit::EscalatedAssault, DefendChit::Cordon, true)
        .unwrap();
    assert_eq!(p.attacker_tables[0], t("5-1"));
}
