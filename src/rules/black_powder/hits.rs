//! The to-hit rolls and the melee result's modifiers (BP:L79–92, BP:L111–118, HB-10, HB-12): which
//! modifiers apply, each with its seed line, and whether a die hits. A natural 6 always hits and a
//! natural 1 always misses (HB-10); the melee reads its dice the same way (a house rule: HB-12
//! modifies the dice as shooting does and says nothing of naturals).

use super::data::{MeleeFactor, ResultFactor, ShootingFactor, tables};
use crate::battle::Factor;

/// What the shooting to-hit modifiers depend on (BP:L113–118). Each row counts once, whichever of
/// its cases apply (RB-3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shooting {
    pub artillery_at_column_or_square: bool,
    /// At short range (6"), closing fire, or the shooters are skirmishers.
    pub close: bool,
    pub shooter_shaken_or_disordered: bool,
    /// The target is skirmishers, deployed artillery, or partially visible.
    pub hard_target: bool,
    pub artillery_beyond_half_range: bool,
    pub artillery_over_units: bool,
}

/// The shooting to-hit modifiers that apply, each with its rule.
pub fn shooting_factors(s: &Shooting) -> Vec<Factor> {
    let t = &tables().shooting;
    let rows = [
        (s.artillery_at_column_or_square, ShootingFactor::ArtilleryAtColumnOrSquare, "BP:L113", "artillery at a column or a square"),
        (s.close, ShootingFactor::CloseRange, "BP:L114", "short range, closing fire or skirmishers"),
        (s.shooter_shaken_or_disordered, ShootingFactor::ShooterShakenOrDisordered, "BP:L115", "shooting shaken or disordered"),
        (s.hard_target, ShootingFactor::HardTarget, "BP:L116", "at skirmishers, deployed artillery or partly visible"),
        (s.artillery_beyond_half_range, ShootingFactor::ArtilleryBeyondHalfRange, "BP:L117", "artillery beyond half range"),
        (s.artillery_over_units, ShootingFactor::ArtilleryOverUnits, "BP:L118", "artillery over units"),
    ];
    Factor::applying(rows, |f| t.to_hit_modifier(f))
}

/// What the melee to-hit modifiers depend on (BP:L85–87).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Melee {
    pub charging: bool,
    pub shaken_or_disordered: bool,
    pub won_last_round: bool,
    pub skirmishers: bool,
    pub engaged_flank_or_rear: bool,
}

/// The melee to-hit modifiers that apply, each with its rule.
pub fn melee_factors(m: &Melee) -> Vec<Factor> {
    let t = &tables().melee;
    let rows = [
        (m.charging, MeleeFactor::Charging, "BP:L85", "charging"),
        (m.shaken_or_disordered, MeleeFactor::ShakenOrDisordered, "BP:L85", "shaken or disordered"),
        (m.won_last_round, MeleeFactor::WonLastRound, "BP:L86", "won the last round"),
        (m.skirmishers, MeleeFactor::Skirmishers, "BP:L86", "skirmishers"),
        (m.engaged_flank_or_rear, MeleeFactor::EngagedFlankOrRear, "BP:L87", "engaged in the flank or rear"),
    ];
    Factor::applying(rows, |f| t.to_hit_modifier(f))
}

/// Whether a to-hit die of `face` hits with `factors`: 4+ after the modifiers (BP:L83, HB-10), a 6
/// always, a 1 never.
pub fn hits(face: u8, factors: &[Factor]) -> bool {
    let t = &tables().shooting;
    if face >= t.always_hits {
        return true;
    }
    if face <= t.always_misses {
        return false;
    }
    i32::from(face) + Factor::total(factors) >= i32::from(t.to_hit)
}

/// Whether a to-hit die of `face` disorders the target (HB-10: a natural 6).
pub fn disorders(face: u8) -> bool {
    face == tables().shooting.disorders_on
}

/// The melee result's modifiers (BP:L91–92): a rear support, a left and a right support (at most
/// one each, B.3.3), a square fighting cavalry. A building's is its own table's.
pub fn result_factors(rear_support: bool, flank_supports: u8, square_against_cavalry: bool) -> Vec<Factor> {
    let t = &tables().melee;
    let mut out = Vec::new();
    if rear_support {
        out.push(Factor { rule: "BP:L91", what: "supported from the rear", value: t.result_modifier(ResultFactor::RearSupport) });
    }
    for _ in 0..flank_supports.min(2) {
        out.push(Factor { rule: "BP:L92", what: "supported on a flank", value: t.result_modifier(ResultFactor::FlankSupport) });
    }
    if square_against_cavalry {
        out.push(Factor { rule: "BP:L91", what: "square against cavalry", value: t.result_modifier(ResultFactor::SquareAgainstCavalry) });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(f: &[Factor]) -> Vec<(&'static str, i8)> {
        f.iter().map(|f| (f.rule, f.value)).collect()
    }

    #[test]
    fn shooting_hits_on_four_with_its_modifiers_six_always_one_never() {
        assert!(hits(4, &[]) && !hits(3, &[]), "4+ (HB-10)");
        let close = shooting_factors(&Shooting { close: true, ..Shooting::default() });
        assert_eq!(values(&close), [("BP:L114", 1)]);
        assert!(hits(3, &close) && !hits(1, &close), "a 1 never hits");
        let hard = shooting_factors(&Shooting { shooter_shaken_or_disordered: true, hard_target: true, artillery_over_units: true, ..Shooting::default() });
        assert_eq!(values(&hard), [("BP:L115", -1), ("BP:L116", -1), ("BP:L118", -1)]);
        assert!(hits(6, &hard) && !hits(5, &hard), "a 6 always hits");
        let artillery = shooting_factors(&Shooting { artillery_at_column_or_square: true, artillery_beyond_half_range: true, ..Shooting::default() });
        assert_eq!(values(&artillery), [("BP:L113", 1), ("BP:L117", -1)]);
        assert!(disorders(6) && !disorders(5), "HB-10");
    }

    #[test]
    fn melee_modifiers_and_the_result() {
        let m = melee_factors(&Melee { charging: true, won_last_round: true, engaged_flank_or_rear: true, ..Melee::default() });
        assert_eq!(values(&m), [("BP:L85", 1), ("BP:L86", 1), ("BP:L87", -1)]);
        assert!(hits(3, &m));
        let weak = melee_factors(&Melee { shaken_or_disordered: true, skirmishers: true, ..Melee::default() });
        assert_eq!(values(&weak), [("BP:L85", -1), ("BP:L86", -1)]);
        assert_eq!(values(&result_factors(true, 3, true)), [("BP:L91", 1), ("BP:L92", 1), ("BP:L92", 1), ("BP:L91", 3)], "at most a left and a right support");
        assert!(result_factors(false, 0, false).is_empty());
    }
}
