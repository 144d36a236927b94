//! Saves and break tests (BP:L44–77, HB-10, HB-11): the score a save needs against shooting with
//! its modifiers, and a break test's 2d6 with its modifiers read on the result table.

use super::data::{BreakFactor, BreakResult, CombatKind, SaveFactor, Troop, tables};
use crate::battle::Factor;

/// What the save modifiers against a shot depend on (BP:L50–55; RB-11: shooting only). A target
/// in both covers counts the heavier.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Target {
    /// Infantry in attack column, and the shooter is not artillery.
    pub attack_column_against_muskets: bool,
    pub light_cover: bool,
    pub heavy_cover: bool,
    pub march_column: bool,
    /// Hit by artillery: at long range (`Some(true)`) or at short or medium range (`Some(false)`).
    pub artillery_long_range: Option<bool>,
}

/// Each save modifier that applies, with its rule; positive makes the save easier.
pub fn save_factors(t: &Target) -> Vec<Factor> {
    let m = &tables().morale;
    let rows = [
        (t.attack_column_against_muskets, SaveFactor::AttackColumnInfantry, "BP:L50", "infantry in attack column"),
        (t.light_cover && !t.heavy_cover, SaveFactor::LightCover, "BP:L51", "light cover"),
        (t.heavy_cover, SaveFactor::HeavyCover, "BP:L52", "heavy cover"),
        (t.march_column, SaveFactor::MarchColumn, "BP:L53", "march column"),
        (t.artillery_long_range == Some(true), SaveFactor::ArtilleryLongRange, "BP:L54", "artillery at long range"),
        (t.artillery_long_range == Some(false), SaveFactor::ArtilleryShortOrMediumRange, "BP:L55", "artillery at short or medium range"),
    ];
    Factor::applying(rows, |f| m.save_modifier(f))
}

/// Whether a save die of `face` saves for a unit of `morale` (its save score, BP:L48) with
/// `factors` (HB-10: d6 at least the score less the modifiers; a 1 always fails).
pub fn saved(face: u8, morale: u8, factors: &[Factor]) -> bool {
    let needed = i32::from(morale) - Factor::total(factors);
    face > tables().morale.always_fails && i32::from(face) >= needed
}

/// The break-test modifiers that apply (BP:L61–63): one per casualty above its stamina (HB-11
/// keeps the excess until the test), disordered, casualties from artillery in a test A or B.
pub fn break_factors(casualties: u8, stamina: u8, disordered: bool, artillery: bool) -> Vec<Factor> {
    let b = &tables().break_test;
    let mut out = Vec::new();
    let excess = i8::try_from(casualties.saturating_sub(stamina)).unwrap_or(i8::MAX);
    if excess > 0 {
        out.push(Factor { rule: "BP:L61", what: "casualties above its stamina", value: excess.saturating_mul(b.break_modifier(BreakFactor::CasualtyAboveStamina)) });
    }
    if disordered {
        out.push(Factor { rule: "BP:L62", what: "disordered", value: b.break_modifier(BreakFactor::Disordered) });
    }
    if artillery {
        out.push(Factor { rule: "BP:L63", what: "casualties from artillery", value: b.break_modifier(BreakFactor::ArtilleryCasualties) });
    }
    out
}

/// A break test: 2d6 of `faces` with `factors`, read on the row of `combat` for `troop`
/// (BP:L67–75). Returns the total and the result.
pub fn break_test(faces: [u8; 2], factors: &[Factor], troop: Troop, combat: CombatKind) -> (i32, BreakResult) {
    let total = i32::from(faces[0]) + i32::from(faces[1]) + Factor::total(factors);
    (total, tables().break_test.break_result(total, troop, combat))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_needs_its_score_less_the_modifiers_and_never_a_one() {
        assert!(saved(4, 4, &[]) && !saved(3, 4, &[]), "BP:L48: 4+");
        let cover = save_factors(&Target { light_cover: true, ..Target::default() });
        assert!(saved(3, 4, &cover), "BP:L51: light cover, 3+");
        let heavy = save_factors(&Target { heavy_cover: true, light_cover: true, ..Target::default() });
        assert_eq!(heavy.len(), 1, "the better cover only");
        assert!(saved(2, 4, &heavy) && !saved(1, 4, &heavy), "BP:L52: 2+, and a 1 always fails (HB-10)");
        let column = save_factors(&Target { march_column: true, artillery_long_range: Some(false), ..Target::default() });
        assert_eq!(column.iter().map(|f| (f.rule, f.value)).collect::<Vec<_>>(), [("BP:L53", -2), ("BP:L55", -2)]);
        assert!(!saved(6, 3, &column), "3 + 4 = 7: no save");
        let long = save_factors(&Target { artillery_long_range: Some(true), ..Target::default() });
        assert_eq!(long.iter().map(|f| (f.rule, f.value)).collect::<Vec<_>>(), [("BP:L54", -1)]);
    }

    #[test]
    fn a_break_test_reads_its_row_with_its_modifiers() {
        let f = break_factors(5, 3, true, true);
        assert_eq!(f.iter().map(|f| (f.rule, f.value)).collect::<Vec<_>>(), [("BP:L61", -2), ("BP:L62", -1), ("BP:L63", -1)]);
        assert_eq!(break_test([5, 5], &f, Troop::Infantry, CombatKind::Shooting), (6, BreakResult::Hold), "BP:L72");
        assert_eq!(break_test([5, 5], &f, Troop::Infantry, CombatKind::Melee), (6, BreakResult::Retire), "BP:L73");
        assert_eq!(break_test([5, 5], &f, Troop::Artillery, CombatKind::Shooting), (6, BreakResult::Break), "BP:L72");
        assert_eq!(break_test([2, 2], &[], Troop::Cavalry, CombatKind::Shooting), (4, BreakResult::Break), "BP:L68");
        assert_eq!(break_test([6, 6], &[], Troop::Cavalry, CombatKind::Melee), (12, BreakResult::Retire), "BP:L75 as printed");
        assert!(break_factors(3, 3, false, false).is_empty());
    }
}
