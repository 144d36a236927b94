//! Break tests and what follows them (BP5, BP8, BP16.6, BP18.20, BP18.23): the 2d6 with its
//! modifiers read on the table, Steady's free pass, Valiant's second roll, and carrying the result
//! out: a unit that breaks is removed, one that retires goes a full move back, or two moves
//! disordered, or breaks when it cannot (BP8.8–8.10). Also the Untested stamina roll (BP18.16).

use super::BlackPowder;
use super::data::{BreakResult, TestLetter, Trait, tables};
use super::event::{Event, MoveKind};
use super::morale::{break_factors, break_test};
use super::movement::retire_ends;
use super::state::{PathEnd, Step};
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

/// A break test of `letter`: Steady's free pass, or the 2d6 read on the table; carried out at
/// once, or left to the owner of a Valiant unit that did not hold (BP18.23).
pub fn test(ctx: &mut Ctx, unit: UnitId, letter: TestLetter, artillery: bool) {
    let Some(u) = ctx.b.unit(unit).cloned() else { return };
    if u.hex.is_none() {
        return;
    }
    if u.state.has(Trait::Steady) && !u.state.tested {
        let factors = factors_of(&u, artillery);
        ctx.emit(Event::BreakTest { unit, test: letter, faces: [0, 0], factors, total: 0, result: BreakResult::Hold, note: Some("BP:L332 (Steady: passes its first test)") });
        carry_out(ctx, unit, BreakResult::Hold);
        return;
    }
    let first = roll(ctx, &u, letter, artillery, None);
    if first != BreakResult::Hold && u.state.has(Trait::Valiant) {
        ctx.push(Step::Valiant { unit, letter, artillery, first });
        return;
    }
    carry_out(ctx, unit, first);
}

/// Valiant's choice (BP18.23): the test again, whose result stands, or the first result kept.
pub fn valiant(ctx: &mut Ctx, unit: UnitId, letter: TestLetter, artillery: bool, first: BreakResult, reroll: bool) {
    let Some(u) = ctx.b.unit(unit).cloned() else { return };
    let result = if reroll { roll(ctx, &u, letter, artillery, Some("BP:L335 (Valiant: the test taken again)")) } else { first };
    carry_out(ctx, unit, result);
}

fn factors_of(u: &super::unit::U, artillery: bool) -> Vec<crate::battle::Factor> {
    let stamina = u.state.stamina.unwrap_or(u.state.profile().stamina);
    break_factors(u.state.casualties, stamina, u.state.disordered, artillery)
}

/// The 2d6 of a test, read on the table (a building's reading applied), and its event.
fn roll(ctx: &mut Ctx, u: &super::unit::U, letter: TestLetter, artillery: bool, note: Option<&'static str>) -> BreakResult {
    let factors = factors_of(u, artillery);
    let kind = tables().break_test.reads(letter);
    let (a, b) = ctx.dice.two_d6();
    let (total, result) = break_test([a, b], &factors, u.state.troop(), kind);
    let building = u.hex.is_some_and(|hex| in_building(&ctx.b, hex));
    let result = if building { tables().buildings.result_in_building(result) } else { result };
    ctx.emit(Event::BreakTest { unit: u.id, test: letter, faces: [a, b], factors, total, result, note });
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

/// "Reculé" (BP8.8–8.10): a full move back, its end the owner's pick; else disordered and two
/// moves; else it breaks.
pub fn retire(ctx: &mut Ctx, unit: UnitId) {
    let Some(u) = ctx.b.unit(unit).cloned() else { return };
    let r = &tables().break_test.retire;
    let ends = retire_ends(&ctx.b, &u, r.moves);
    if !ends.is_empty() {
        ctx.push(Step::Path { unit, kind: MoveKind::Retire, ends: path_ends(ends, u.facing) });
        return;
    }
    if !u.state.disordered {
        ctx.emit(Event::Disorder { unit, on: true, rule: "BP:L152 (cannot retire a full move)" });
    }
    let Some(u) = ctx.b.unit(unit).cloned() else { return };
    let ends = retire_ends(&ctx.b, &u, r.blocked_moves);
    if ends.is_empty() {
        ctx.emit(Event::Destroyed { unit, rule: "BP:L152 (cannot retire: counts as broken)" });
    } else {
        ctx.push(Step::Path { unit, kind: MoveKind::Retire, ends: path_ends(ends, u.facing) });
    }
}

/// Ends of a move that keeps the unit's facing.
pub fn path_ends(ends: Vec<(crate::hex::Hex, Vec<crate::hex::Hex>)>, facing: crate::hex::Direction) -> Vec<PathEnd> {
    ends.into_iter().map(|(to, path)| PathEnd { to, path, facing }).collect()
}
