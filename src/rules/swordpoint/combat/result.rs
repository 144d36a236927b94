//! A combat's result (SP5.4–5.5, SP5.13–5.24, SP5.66–5.77, H-21, R-9): each side's score, and for
//! each unit of the loser the row of "Différentiel de Résultat de Combat" it reads: the
//! differential moderated by its battle line (A.3.3), then shifted.

use super::B;
use super::strike::opponents;
use crate::battle::{Side, UnitId};
use crate::hex::Sector;
use crate::rules::swordpoint::data::{LoserAction, ResultFactor, ShiftCause, Trait, tables};
use crate::rules::swordpoint::event::Factor;
use crate::rules::swordpoint::state::Response;
use crate::rules::swordpoint::unit::general_attached;
use std::cmp::Reverse;

/// Each side's hits, modifiers and total (SP5.4).
pub(super) struct Score {
    pub hits: [u8; 2],
    pub factors: [Vec<Factor>; 2],
    pub totals: [i16; 2],
}

/// The row one unit of the beaten side reads, and how it got there.
#[derive(Clone, Debug)]
pub(super) struct Verdict {
    pub unit: UnitId,
    /// Units in its battle line, itself included (SP5.5).
    pub line: u8,
    pub moderated: u8,
    /// The row the moderated differential reads before any shift (SP5.75 asks for it).
    pub plain_row: usize,
    /// The row it reads after its shifts.
    pub row: usize,
    pub shifts: Vec<Factor>,
}

/// The action of a row of the differential table (SP:L268–271).
pub(super) fn action_of(row: usize) -> LoserAction {
    tables().results.differential.get(row).map_or(LoserAction::Continue, |r| r.action)
}

/// `row` moved `by` rows (positive: lower, worse for the loser), held within the table.
pub(super) fn shifted(row: usize, by: i16) -> usize {
    let last = tables().results.differential.len().saturating_sub(1);
    let moved = i64::try_from(row).unwrap_or(i64::MAX).saturating_add(i64::from(by));
    usize::try_from(moved.max(0)).unwrap_or(last).min(last)
}

/// H-21: a side's main unit in a combat, the one with the most strength points (ties: the lowest
/// id), among `units` as they stand in `b`.
pub(super) fn main_unit(b: &B, units: &[UnitId], side: Side) -> Option<UnitId> {
    let candidates = units.iter().filter_map(|id| b.unit(*id)).filter(|u| u.side == side && u.hex.is_some());
    candidates.max_by_key(|u| (u.state.strength(), Reverse(u.id))).map(|u| u.id)
}

/// The momentum `side` put into `combat` (SP5.2, SP5.23): its sheet's points, at most the table's
/// cap.
fn momentum(start: &B, combat: u32, side: Side) -> u8 {
    let t = tables();
    let most = u8::try_from(t.combat.result_modifier(ResultFactor::Momentum)).unwrap_or(0).min(t.momentum.per_combat);
    let sheet = &start.global.sheets[side.index()];
    sheet.momentum.iter().find(|(c, _)| *c == combat).map_or(0, |(_, p)| *p).min(most)
}

/// SP5.4, H-21: each side's score is the figures the other side lost in this combat plus the
/// result modifiers of SP5.13–5.24, taken from `start`, the battle as the combat phase began:
/// those of the side's main unit, flank and rear attacks once per side, the sides' total strength
/// points, and the momentum put in. SP5.24 (camels in an infantry unit) has no profile to apply
/// to and is left out.
pub(super) fn score(start: &B, combat: u32, units: &[UnitId], lost: &[(UnitId, u8)]) -> Score {
    let t = &tables().combat;
    let f = |factor: ResultFactor, rule: &'static str, what: &'static str| Factor { rule, what, value: t.result_modifier(factor) };
    let side_of = |id: UnitId| start.unit(id).map(|u| u.side);
    let strength = Side::BOTH.map(|s| units.iter().filter_map(|id| start.unit(*id)).filter(|u| u.side == s).map(|u| u.state.strength()).sum::<u32>());
    let mains = Side::BOTH.map(|s| main_unit(start, units, s).and_then(|id| start.unit(id)));
    let mut hits = [0u8; 2];
    let mut factors: [Vec<Factor>; 2] = [Vec::new(), Vec::new()];
    let mut totals = [0i16; 2];
    for side in Side::BOTH {
        let i = side.index();
        let taken: u16 = lost.iter().filter(|(id, _)| side_of(*id).is_some_and(|s| s != side)).map(|(_, n)| u16::from(*n)).sum();
        hits[i] = u8::try_from(taken).unwrap_or(u8::MAX);
        let out = &mut factors[i];
        if let Some(m) = mains[i] {
            let s = &m.state;
            if s.close_order() && !s.has(Trait::Levy) {
                out.push(f(ResultFactor::CloseOrderNotLevy, "SP:L185", "close order"));
            }
            if s.depth() {
                out.push(f(ResultFactor::DepthBonus, "SP:L186", "depth"));
            }
            if general_attached(start, m.id) {
                out.push(f(ResultFactor::ArmyGeneralAttached, "SP:L187", "army general attached"));
            }
            let higher = mains[side.other().index()].and_then(|e| e.hex).zip(m.hex).is_some_and(|(eh, h)| start.map.level(h) > start.map.level(eh));
            if higher {
                out.push(f(ResultFactor::HigherGround, "SP:L188", "higher ground"));
            }
        }
        let (flank, rear) = attacks(start, combat, units, side);
        if flank {
            out.push(f(ResultFactor::FlankAttack, "SP:L189", "flank attack"));
        }
        if rear {
            out.push(f(ResultFactor::RearAttack, "SP:L190", "rear attack"));
        }
        if strength[i] >= 2 * strength[side.other().index()] {
            out.push(f(ResultFactor::DoubleStrength, "SP:L191", "twice the enemy's strength points"));
        }
        if let Some(m) = mains[i] {
            if m.state.demoralised {
                out.push(f(ResultFactor::Demoralised, "SP:L192", "demoralised"));
            }
            let nervous = opponents(start, combat, m).iter().any(|(s, _)| matches!(s, Sector::LeftFlank | Sector::RightFlank));
            if nervous {
                out.push(f(ResultFactor::Nervous, "SP:L193", "nervous: an enemy on its flank"));
            }
            if m.state.disorganised {
                out.push(f(ResultFactor::DisorganisedAfterPursuit, "SP:L194", "disorganised after a pursuit"));
            }
        }
        let points = momentum(start, combat, side);
        if points > 0 {
            out.push(Factor { rule: "SP:L195", what: "momentum", value: i8::try_from(points).unwrap_or(i8::MAX) });
        }
        totals[i] = i16::from(hits[i]) + out.iter().map(|f| i16::from(f.value)).sum::<i16>();
    }
    Score { hits, factors, totals }
}

/// H-21: whether a unit of `side` touches an enemy of the combat through that enemy's flank
/// hexsides, and whether one does through its rear hexside.
fn attacks(b: &B, combat: u32, units: &[UnitId], side: Side) -> (bool, bool) {
    let (mut flank, mut rear) = (false, false);
    for e in units.iter().filter_map(|id| b.unit(*id)).filter(|u| u.side != side) {
        for (sector, _) in opponents(b, combat, e) {
            flank |= matches!(sector, Sector::LeftFlank | Sector::RightFlank);
            rear |= sector == Sector::Rear;
        }
    }
    (flank, rear)
}

/// The side-by-side friends of a beaten unit that make its battle line (A.3.3, SP5.5): at most
/// one on its left (F−1, else F−2) and one on its right (F+1, else F+2), with its facing, formed
/// and not fleeing, out of combat or in its own combat. An unformed unit has no line.
pub(super) fn battle_line(b: &B, unit: UnitId) -> Vec<UnitId> {
    let Some(u) = b.unit(unit) else { return Vec::new() };
    let Some(at) = u.hex else { return Vec::new() };
    if !u.state.formed() || !u.state.steady() {
        return Vec::new();
    }
    let combat = b.global.combat_of(unit).map(|c| c.id);
    let beside = |turn: i32| -> Option<UnitId> {
        let f = b.unit_at(u.facing.turned(turn).step(at))?;
        let free = b.global.combat_of(f.id).is_none_or(|c| Some(c.id) == combat);
        let fits = f.side == u.side && f.facing == u.facing && f.state.formed() && f.state.steady() && free;
        fits.then_some(f.id)
    };
    [beside(-1).or_else(|| beside(-2)), beside(1).or_else(|| beside(2))].into_iter().flatten().collect()
}

/// The row a unit of the beaten side reads on its own (SP5.5, SP5.70–5.77, except SP5.73): the
/// differential moderated by its battle line as it stands now, then shifted by what it fought,
/// as the combat began (`start`). Returns the shock cavalry whose first victim it is (SP5.74),
/// whose marker the caller sets.
pub(super) fn own_verdict(now: &B, start: &B, combat: u32, unit: UnitId, differential: u8) -> (Verdict, Option<UnitId>) {
    let t = &tables().results;
    let line = u8::try_from(1 + battle_line(now, unit).len()).unwrap_or(u8::MAX);
    let moderated = t.moderate(differential, line);
    let plain_row = t.differential_row(moderated);
    let shift = |cause: ShiftCause, rule: &'static str, what: &'static str| Factor { rule, what, value: t.shift(cause) };
    let mut shifts = Vec::new();
    let mut shock = None;
    if let Some(u) = start.unit(unit) {
        let foes = opponents(start, combat, u);
        if foes.iter().any(|(s, _)| *s != Sector::Front) {
            shifts.push(shift(ShiftCause::FoughtOnFlankOrRear, "SP:L276", "fought on its flank or rear"));
        }
        if foes.iter().any(|(_, e)| e.state.is_elephant()) {
            shifts.push(shift(ShiftCause::AgainstElephants, "SP:L277", "against elephants"));
        }
        shock = foes.iter().map(|(_, e)| e.id).find(|e| first_victim(now, *e, unit));
        if shock.is_some() {
            shifts.push(shift(ShiftCause::FirstVictimOfShockCavalry, "SP:L279", "the first unit shock cavalry charged"));
        }
        if foes.iter().any(|(_, e)| e.state.has(Trait::Impetuous)) {
            shifts.push(shift(ShiftCause::AgainstWarband, "SP:L281", "against a warband"));
        }
        if !u.state.formed() {
            shifts.push(shift(ShiftCause::Unformed, "SP:L282", "unformed"));
        }
    }
    let row = shifted(plain_row, shifts.iter().map(|f| i16::from(f.value)).sum());
    (Verdict { unit, line, moderated, plain_row, row, shifts }, shock)
}

/// SP5.74: `victim` is the first unit shock cavalry `shock` charged or counter-charged, and the
/// cavalry has not had its first victim yet.
fn first_victim(b: &B, shock: UnitId, victim: UnitId) -> bool {
    let Some(s) = b.unit(shock) else { return false };
    let fresh = s.state.has(Trait::ShockCavalry) && s.state.charged && !s.state.shock_spent;
    let charged = b.global.charges.iter().any(|c| {
        (c.charger == shock && c.target == victim) || (c.charger == victim && c.target == shock && c.response == Some(Response::CounterCharge))
    });
    fresh && charged
}

/// R-9, SP5.73: a supporting unit of the beaten unit's battle line, in the same combat or out of
/// any, reads one row above the beaten unit's final row.
pub(super) fn support_verdict(unit: UnitId, beaten: &Verdict) -> Verdict {
    let value = tables().results.shift(ShiftCause::SupportingUnit);
    let shifts = vec![Factor { rule: "SP:L278", what: "supports the beaten unit's line", value }];
    Verdict { unit, shifts, row: shifted(beaten.row, i16::from(value)), ..beaten.clone() }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{at, battle, unit};
    use super::*;
    use crate::hex::Direction;
    use crate::rules::swordpoint::state::Charge;

    fn rules(factors: &[Factor]) -> Vec<&'static str> {
        factors.iter().map(|f| f.rule).collect()
    }

    #[test]
    fn the_score_is_the_hits_plus_the_main_units_modifiers() {
        let o = at(0, 0);
        let b = battle(vec![unit(1, 0, "warriors", o, Direction::N), unit(2, 1, "warriors", Direction::N.step(o), Direction::S)], &[&[1, 2]]);
        let s = score(&b, 0, &[UnitId(1), UnitId(2)], &[(UnitId(1), 2), (UnitId(2), 5)]);
        assert_eq!(s.hits, [5, 2], "each side scores the figures the other lost");
        assert_eq!(rules(&s.factors[0]), ["SP:L185", "SP:L186"], "close order, depth");
        assert_eq!(s.totals, [7, 4]);
    }

    #[test]
    fn a_flank_attack_counts_for_the_attackers_and_makes_the_defender_nervous() {
        let o = at(0, 0);
        let units = vec![
            unit(1, 0, "warriors", o, Direction::N),
            unit(2, 1, "warriors", Direction::N.step(o), Direction::S),
            unit(3, 1, "warriors", Direction::SE.step(o), Direction::NW),
        ];
        let mut b = battle(units, &[&[1, 2, 3]]);
        b.global.sheets[1].momentum = vec![(0, 2)];
        let s = score(&b, 0, &[UnitId(1), UnitId(2), UnitId(3)], &[]);
        assert_eq!(rules(&s.factors[0]), ["SP:L185", "SP:L186", "SP:L193"]);
        assert_eq!(rules(&s.factors[1]), ["SP:L185", "SP:L186", "SP:L189", "SP:L191", "SP:L195"]);
        assert_eq!(s.totals, [1, 6]);
    }

    #[test]
    fn a_line_of_three_divides_the_differential_and_its_supports_read_a_row_higher() {
        let o = at(0, 0);
        let units = vec![
            unit(1, 0, "warriors", o, Direction::N),
            unit(2, 1, "warriors", Direction::N.step(o), Direction::S),
            unit(3, 0, "warriors", Direction::NW.step(o), Direction::N),
            unit(4, 0, "warriors", Direction::NE.step(o), Direction::N),
        ];
        let b = battle(units, &[&[1, 2]]);
        assert_eq!(battle_line(&b, UnitId(1)), vec![UnitId(3), UnitId(4)], "F−1 on the left, F+1 on the right");
        let (v, shock) = own_verdict(&b, &b, 0, UnitId(1), 7);
        assert_eq!((v.line, v.moderated, v.row), (3, 3, 1), "SP:L169: 7 / 3 rounded up reads 2–3");
        assert!(v.shifts.is_empty() && shock.is_none());
        assert_eq!(support_verdict(UnitId(3), &v).row, 0, "R-9: one row above");
    }

    #[test]
    fn skirmishers_beaten_from_the_rear_read_three_rows_lower() {
        let o = at(0, 0);
        let b = battle(vec![unit(1, 0, "javelinmen", o, Direction::N), unit(2, 1, "warband", Direction::S.step(o), Direction::N)], &[&[1, 2]]);
        assert!(battle_line(&b, UnitId(1)).is_empty(), "skirmishers have no battle line");
        let (v, _) = own_verdict(&b, &b, 0, UnitId(1), 2);
        assert_eq!(rules(&v.shifts), ["SP:L276", "SP:L281", "SP:L282"]);
        assert_eq!((v.plain_row, v.row), (1, 3), "held at the last row");
        assert_eq!(action_of(v.row), LoserAction::Break);
    }

    #[test]
    fn the_first_unit_shock_cavalry_charged_reads_a_row_lower() {
        let o = at(0, 0);
        let mut knights = unit(2, 1, "knights", Direction::N.step(o), Direction::S);
        knights.state.charged = true;
        let mut b = battle(vec![unit(1, 0, "warriors", o, Direction::N), knights], &[&[1, 2]]);
        b.global.charges.push(Charge { charger: UnitId(2), target: UnitId(1), to: Direction::N.step(o), response: None });
        let (v, shock) = own_verdict(&b, &b, 0, UnitId(1), 4);
        assert_eq!(shock, Some(UnitId(2)));
        assert_eq!(rules(&v.shifts), ["SP:L279"]);
        assert_eq!(v.row, 3);
        assert_eq!(shifted(0, -1), 0);
    }
}
