//! The procedures every phase uses, each emitting its events on the scratch battle: the 2d6
//! cohesion test (H-5), breaking and fleeing (H-6), losses, destruction, momentum awards, commander
//! death tests, moving a unit, and making or leaving a combat.

use super::Swordpoint;
use super::data::{Award, CohesionCondition, CohesionEffect, CommanderRank, DeathTest, tables};
use super::event::{Event, Factor, Marker, MoveKind, Test};
use super::state::Combat;
use super::unit::cohesion;
use crate::battle::agenda;
use crate::battle::{Side, UnitId};
use crate::hex::{Direction, Hex};

/// A scratch copy of a Swordpoint battle that records every event it applies.
pub type Ctx<'d> = agenda::Ctx<'d, Swordpoint>;

/// The modifiers of SP2.6–2.7 that every cohesion test but a rally takes.
pub fn state_factors(ctx: &Ctx, unit: UnitId) -> Vec<Factor> {
    let t = &tables().cohesion;
    let Some(u) = ctx.b.unit(unit) else { return Vec::new() };
    let mut out = Vec::new();
    if u.state.demoralised {
        if let Some(CohesionEffect::Add(v)) = t.test_effect(CohesionCondition::Demoralised) {
            out.push(Factor { rule: "SP:L28", what: "demoralised", value: v });
        }
    }
    if u.state.exhausted() {
        if let Some(CohesionEffect::Add(v)) = t.test_effect(CohesionCondition::Exhausted) {
            out.push(Factor { rule: "SP:L29", what: "exhausted", value: v });
        }
    }
    out
}

/// A 2d6 test (H-5): passes iff the total reaches the Cohesion used plus the factors; a needed
/// total over 12 always fails. `attempts` is 2 for a unit that won its own combat (SP2.2).
/// `own_only` keeps the unit's own Cohesion (a rally by skirmishers, R-4).
pub fn test(ctx: &mut Ctx, unit: UnitId, kind: Test, factors: Vec<Factor>, attempts: u8) -> bool {
    let Some(u) = ctx.b.unit(unit) else { return true };
    let (value, _) = cohesion(&ctx.b, u);
    let needed = (i16::from(value) + factors.iter().map(|f| i16::from(f.value)).sum::<i16>()).clamp(2, 13) as u8;
    for _ in 0..attempts.max(1) {
        let (a, b) = ctx.dice.two_d6();
        let passed = needed <= 12 && a + b >= needed;
        ctx.emit(Event::Tested { unit, test: kind, faces: [a, b], cohesion: value, factors: factors.clone(), needed, passed });
        if passed {
            return true;
        }
    }
    false
}

/// A cohesion test with the state modifiers (SP2.6–2.7) added to `extra`.
pub fn cohesion_test(ctx: &mut Ctx, unit: UnitId, kind: Test, extra: Vec<Factor>, attempts: u8) -> bool {
    let mut factors = state_factors(ctx, unit);
    factors.extend(extra);
    test(ctx, unit, kind, factors, attempts)
}

pub fn set_marker(ctx: &mut Ctx, unit: UnitId, marker: Marker, on: bool, rule: &'static str) {
    let Some(u) = ctx.b.unit(unit) else { return };
    let now = match marker {
        Marker::Demoralised => u.state.demoralised,
        Marker::Fleeing => u.state.fleeing,
        Marker::Disorganised => u.state.disorganised,
        Marker::Terrified => u.state.terrified,
        Marker::MustCharge => u.state.must_charge,
        Marker::Charged => u.state.charged,
        Marker::CaughtByPursuer => u.state.pursued_into,
        Marker::StubbornUsed => u.state.stubborn_spent,
        Marker::ShockUsed => u.state.shock_spent,
    };
    if now != on {
        ctx.emit(Event::MarkerChanged { unit, marker, on, rule });
    }
}

/// Breaks the unit (H-6): Demoralised and fleeing; it leaves any combat. It moves in the next
/// compulsory moves or in the flight after the combats.
pub fn break_unit(ctx: &mut Ctx, unit: UnitId, rule: &'static str) {
    set_marker(ctx, unit, Marker::Demoralised, true, rule);
    set_marker(ctx, unit, Marker::Fleeing, true, rule);
    leave_combat(ctx, unit);
}

/// Removes `lost` figures (never below zero); a unit with none left is destroyed.
pub fn lose_figures(ctx: &mut Ctx, unit: UnitId, lost: u8) {
    let Some(u) = ctx.b.unit(unit) else { return };
    if lost == 0 || u.hex.is_none() {
        return;
    }
    let figures = u.state.figures.saturating_sub(lost);
    ctx.emit(Event::FiguresLost { unit, lost: u.state.figures - figures, figures });
    if figures == 0 {
        destroy(ctx, unit, "H-1 (its last figure lost)");
    }
}

/// Takes the unit off the table for good; its commanders ride to the nearest friend (H-22) or are
/// lost with it when none is left.
pub fn destroy(ctx: &mut Ctx, unit: UnitId, rule: &'static str) {
    let Some(u) = ctx.b.unit(unit) else { return };
    if u.state.destroyed {
        return;
    }
    let (side, at) = (u.side, u.hex);
    leave_combat(ctx, unit);
    ctx.emit(Event::UnitDestroyed { unit, rule });
    rehome_commanders(ctx, unit, side, at);
}

/// The unit goes off the table (H-12, H-18); its commanders ride to the nearest friend.
pub fn leave_table(ctx: &mut Ctx, unit: UnitId) {
    let Some(u) = ctx.b.unit(unit) else { return };
    let (side, at) = (u.side, u.hex);
    leave_combat(ctx, unit);
    ctx.emit(Event::UnitLeftTable { unit });
    rehome_commanders(ctx, unit, side, at);
}

fn rehome_commanders(ctx: &mut Ctx, unit: UnitId, side: Side, at: Option<Hex>) {
    let riders: Vec<u32> = ctx.b.global.commanders_with(unit).map(|c| c.id).collect();
    for commander in riders {
        let nearest = ctx
            .b
            .on_board()
            .filter(|f| f.side == side && f.id != unit && f.state.steady())
            .min_by_key(|f| (at.zip(f.hex).map_or(u32::MAX, |(a, h)| a.unsigned_distance_to(h)), f.id))
            .map(|f| f.id);
        if let Some(to) = nearest {
            ctx.emit(Event::CommanderAttached { commander, unit: to });
        }
    }
}

/// The side earns an award of the momentum tables (SP:L148–153, L284–290), up to the pool's cap
/// (H-8).
pub fn award(ctx: &mut Ctx, side: Side, what: Award, rule: &'static str) {
    let t = &tables().momentum;
    let points = t.points(what);
    change_momentum(ctx, side, points as i8, rule);
}

/// Changes a side's pool by `change`, held between 0 and the cap (H-8).
pub fn change_momentum(ctx: &mut Ctx, side: Side, change: i8, rule: &'static str) {
    let cap = tables().momentum.cap;
    let now = ctx.b.global.momentum[side.index()];
    let pool = (i16::from(now) + i16::from(change)).clamp(0, i16::from(cap)) as u8;
    if pool != now {
        ctx.emit(Event::MomentumChanged { side, change: (i16::from(pool) - i16::from(now)) as i8, pool, rule });
    }
}

/// The death tests of the commanders with a unit that lost figures (SP3.4, SP5.6–5.7, SP5.28),
/// in ascending commander id. Returns whether the army general died.
pub fn commander_tests(ctx: &mut Ctx, unit: UnitId, test: DeathTest, rule: &'static str) -> bool {
    let t = &tables().command;
    let riders: Vec<(u32, CommanderRank)> = ctx.b.global.commanders_with(unit).map(|c| (c.id, c.rank)).collect();
    let on_elephant = ctx.b.unit(unit).is_some_and(|u| u.state.is_elephant());
    let mut general = false;
    for (commander, rank) in riders {
        let test = if on_elephant { DeathTest::OnElephant } else { test };
        let killed_on = t.killed_on(test, rank);
        let (a, b) = ctx.dice.two_d6();
        let killed = a + b >= killed_on;
        ctx.emit(Event::CommanderTested { commander, faces: [a, b], killed_on, killed, rule });
        general |= killed && rank == CommanderRank::ArmyGeneral;
    }
    general
}

/// Moves a unit along `path` (its first hex a neighbour of where it stands), ending facing
/// `facing`.
pub fn move_unit(ctx: &mut Ctx, unit: UnitId, path: Vec<Hex>, facing: Direction, kind: MoveKind) {
    ctx.emit(Event::UnitMoved { unit, path, facing, kind });
}

/// Puts two enemies in combat: a new combat, or the one either already fights in (A.3.3).
pub fn engage(ctx: &mut Ctx, a: UnitId, b: UnitId) {
    let ca = ctx.b.global.combat_of(a).map(|c| c.id);
    let cb = ctx.b.global.combat_of(b).map(|c| c.id);
    match (ca, cb) {
        (Some(x), Some(y)) if x == y => {}
        (Some(x), None) => ctx.emit(Event::CombatJoined { combat: x, unit: b }),
        (None, Some(y)) => ctx.emit(Event::CombatJoined { combat: y, unit: a }),
        (None, None) => {
            let combat = ctx.b.global.next_combat;
            let mut units = vec![a, b];
            units.sort();
            ctx.emit(Event::CombatStarted { combat, units });
        }
        (Some(x), Some(y)) => {
            // Each unit belongs to one combat (A.3.3): the one arriving leaves its old combat.
            ctx.emit(Event::UnitLeftCombat { combat: x, unit: a });
            end_if_one_sided(ctx, x);
            ctx.emit(Event::CombatJoined { combat: y, unit: a });
        }
    }
}

/// Takes a unit out of its combat; a combat left with one side only ends.
pub fn leave_combat(ctx: &mut Ctx, unit: UnitId) {
    let Some(c) = ctx.b.global.combat_of(unit).cloned() else { return };
    ctx.emit(Event::UnitLeftCombat { combat: c.id, unit });
    end_if_one_sided(ctx, c.id);
}

/// Ends a combat in which one side has no unit left.
pub fn end_if_one_sided(ctx: &mut Ctx, combat: u32) {
    let Some(c) = ctx.b.global.combats.iter().find(|c| c.id == combat).cloned() else { return };
    if !sides_of(ctx, &c).iter().all(|n| *n > 0) {
        ctx.emit(Event::CombatEnded { combat });
    }
}

/// How many units of each side a combat holds.
pub fn sides_of(ctx: &Ctx, c: &Combat) -> [usize; 2] {
    let mut n = [0; 2];
    for u in c.units.iter().filter_map(|id| ctx.b.unit(*id)) {
        n[u.side.index()] += 1;
    }
    n
}
