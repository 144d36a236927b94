//! The morale test (l. 63-100): two d6 at most the unit's morale, with the modifiers of l. 73-80
//! (combined as R-M6 reads them), the standard's (l. 40-42), the fallen commander's (l. 139) and
//! the siege's (l. 177, 189; R-M16, H-M13).

use super::combat::immune_to;
use super::data::tables;
use super::event::{AttackKind, Factor, TestKind};
use super::state::{Native, UnitState};
use crate::battle::{Battle, Unit};

type B = Battle<super::MassBattle>;
type U = Unit<UnitState>;

/// The modifiers of `u`'s test now (R-M6: current values, in the morale phase).
pub fn modifiers(b: &B, u: &U, kind: TestKind) -> Vec<Factor> {
    let t = &tables().morale;
    let s = &u.state;
    let foes: Vec<&U> = b
        .global
        .engaged_with(u.id)
        .into_iter()
        .filter_map(|e| b.unit(e))
        .collect();
    let stronger = |k: i64| foes.iter().any(|f| f.state.pvt > k * s.pvt);
    let lost = i64::from(s.troops_at_start.saturating_sub(s.troops()));
    let start = i64::from(s.troops_at_start.max(1));
    let sheltered = super::siege::sheltered(b, u);
    let side = u.side.index();
    Factor::applying(
        [
            (foes.is_empty(), t.free, "l. 73", "free"),
            (
                stronger(2),
                t.against_double,
                "l. 74",
                "against more than twice its PVT",
            ),
            (
                stronger(3),
                t.against_triple,
                "l. 75",
                "against more than three times its PVT",
            ),
            (
                lost * 4 > start * 3,
                t.lost_three_quarters,
                "l. 77",
                "lost more than 75% of its troops",
            ),
            (
                lost * 2 > start && lost * 4 <= start * 3,
                t.lost_half,
                "l. 76",
                "lost more than 50% of its troops",
            ),
            (
                foes.iter()
                    .any(|f| immune_to(&f.state, s, AttackKind::Melee)),
                t.immune_enemy,
                "l. 78, 107",
                "against an enemy immune to its attacks",
            ),
            (
                kind == TestKind::Rally
                    && b.on_board().any(|f| f.side == u.side && f.state.standard),
                t.standard_rally,
                "l. 40",
                "the battle standard flies",
            ),
            // The besieged's +2 is the native town's and does not add to it (l. 189, R-M16).
            (sheltered, t.besieged, "l. 189", "besieged within its walls"),
            (
                super::siege::out_of_supplies(b, u.side),
                t.out_of_supplies,
                "l. 177, H-M13",
                "its supplies ran out",
            ),
            (
                s.native == Native::Land && !sheltered,
                t.native_land,
                "l. 79",
                "defends its native land",
            ),
            (
                s.native == Native::Town && !sheltered,
                t.native_town,
                "l. 80",
                "defends its native town",
            ),
            (
                b.global.standard_lost[side],
                t.standard_lost,
                "l. 42",
                "the battle standard is lost",
            ),
            (
                b.global.cowardice[side] == b.turn && b.turn > 0,
                t.coward_heroes,
                "l. 119, H-M12",
                "a hero of its side shunned his peers",
            ),
            (
                b.global.commander_fell[side],
                t.commander_fell,
                "l. 139",
                "the commander-in-chief fell",
            ),
        ],
        |v| v,
    )
}

/// Whether a unit never tests (morale 12, l. 99; R-M23).
pub fn never_tests(s: &UnitState) -> bool {
    s.row().morale >= tables().morale.never_tests
}

/// Whether two d6 showing `faces` pass a test at `morale` with `factors` (l. 67).
pub fn passes(faces: (u8, u8), morale: u8, factors: &[Factor]) -> bool {
    i32::from(faces.0) + i32::from(faces.1) <= i32::from(morale) + Factor::total(factors)
}
