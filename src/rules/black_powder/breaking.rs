//! Break tests and what follows them (BP5, BP8, BP16.6, BP18.20, BP18.23): the 2d6 with its
//! modifiers read on the table, Steady's free pass, Valiant's second roll, and carrying the result
//! out: a unit that breaks is removed, one that retires goes a full move back, or two moves
//! disordered, or breaks when it cannot (BP8.8–8.10). Also the Untested stamina roll (BP18.16).

use super::BlackPowder;
use super::data::{BreakResult, TestLetter, tables};
use super::event::{Event, MoveKind};
use super::morale::{break_factors, break_test};
use super::movement::retire_path;
use super::unit::in_building;
use crate::battle::UnitId;
use crate::battle::agenda;

pub type Ctx<'d> = agenda::Ctx<'d, BlackPowder>;

/// An Untested unit's stamina, rolled at its first casualty (BP18.16, HB-18).
pub fn roll_stamina(ctx: &mut Ctx, unit: UnitId) {
    if ctx.b.unit(unit).is_some_and(|u| u.state.stamina.is_none() && u.state.casualties > 0) {
        let face = ctx.dice.roll(6);
        let stamina = tables().traits.untested_stamina(face);
        ctx.emit(Event::StaminaRolled { unit, face, stamina });
    }
}

/// A break test of `letter`, carried out; returns the result that stood.
pub fn test(ctx: &mut Ctx, unit: UnitId, letter: TestLetter, artillery: bool) -> BreakResult {
    let Some(u) = ctx.b.unit(unit).cloned() else { return BreakResult::Hold };
    let Some(hex) = u.hex else { return BreakResult::Hold };
    let stamina = u.state.stamina.unwrap_or(u.state.profile().stamina);
    let factors = break_factors(u.state.casualties, stamina, u.state.disordered, artillery);
    let kind = tables().break_test.reads(letter);
    let troop = u.state.troop();
    let building = in_building(&ctx.b, hex);
    let counted = |r: BreakResult| if building { tables().buildings.result_in_building(r) } else { r };
    let result = if u.state.has(super::data::Trait::Steady) && !u.state.tested {
        ctx.emit(Event::BreakTest { unit, test: letter, faces: [0, 0], factors, total: 0, result: BreakResult::Hold, note: Some("BP:L332 (Steady: passes its first test)") });
        BreakResult::Hold
    } else {
        let (a, b) = ctx.dice.two_d6();
        let (total, first) = break_test([a, b], &factors, troop, kind);
        let first = counted(first);
        ctx.emit(Event::BreakTest { unit, test: letter, faces: [a, b], factors: factors.clone(), total, result: first, note: None });
        if first != BreakResult::Hold && u.state.has(super::data::Trait::Valiant) {
            let (a, b) = ctx.dice.two_d6();
            let (total, again) = break_test([a, b], &factors, troop, kind);
            let again = counted(again);
            ctx.emit(Event::BreakTest { unit, test: letter, faces: [a, b], factors, total, result: again, note: Some("BP:L335 (Valiant: the test taken again)") });
            again
        } else {
            first
        }
    };
    carry_out(ctx, unit, result);
    result
}

/// A test's result on the board (BP8.6–8.10, HB-11).
fn carry_out(ctx: &mut Ctx, unit: UnitId, result: BreakResult) {
    match result {
        BreakResult::Break => ctx.emit(Event::Destroyed { unit, rule: "BP:L148 (Lâche: breaks)" }),
        BreakResult::Hold => reset_casualties(ctx, unit),
        BreakResult::Retire => {
            reset_casualties(ctx, unit);
            retire(ctx, unit);
        }
    }
}

/// HB-11: casualties above the stamina are set back to it once tested.
fn reset_casualties(ctx: &mut Ctx, unit: UnitId) {
    let Some(u) = ctx.b.unit(unit) else { return };
    let stamina = u.state.stamina.unwrap_or(u.state.profile().stamina);
    if u.state.casualties > stamina {
        ctx.emit(Event::CasualtiesReset { unit, casualties: stamina });
    }
}

/// "Reculé" (BP8.8–8.10): a full move back; else disordered and two moves; else it breaks.
pub fn retire(ctx: &mut Ctx, unit: UnitId) {
    let Some(u) = ctx.b.unit(unit).cloned() else { return };
    let r = &tables().break_test.retire;
    if let Some(path) = retire_path(&ctx.b, &u, r.moves) {
        ctx.emit(Event::Moved { unit, path, facing: u.facing, kind: MoveKind::Retire, moves: 0 });
        return;
    }
    if !u.state.disordered {
        ctx.emit(Event::Disorder { unit, on: true, rule: "BP:L152 (cannot retire a full move)" });
    }
    let Some(u) = ctx.b.unit(unit).cloned() else { return };
    match retire_path(&ctx.b, &u, r.blocked_moves) {
        Some(path) => ctx.emit(Event::Moved { unit, path, facing: u.facing, kind: MoveKind::Retire, moves: 0 }),
        None => ctx.emit(Event::Destroyed { unit, rule: "BP:L152 (cannot retire: counts as broken)" }),
    }
}
