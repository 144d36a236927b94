//! The turn as the seed orders it (A.4): the Initial phase's six steps, the sealed steps (shooting
//! declarations, initiative bids, momentum per combat), the declarations by class with their
//! responses, rally, compulsory moves, charge moves, the remaining moves, the combats, and the
//! end-of-turn victory check (H-25). `advance` runs whenever nothing is pending and moves the
//! battle on until a player must act.

use super::combat;
use super::common::{self, Ctx};
use super::data::{Award, CohesionCondition, CohesionEffect, Trait, tables};
use super::event::{Event, Factor, Marker, MoveKind, Test};
use super::legal::{self, sealed_phase};
use super::movement::{self, Flight};
use super::shooting;
use super::state::{Charge, Phase, Response, Sheet, Step};
use super::unit::{distance, enemies, in_command, standing_strength, within};
use crate::battle::{Outcome, Side, UnitId};
use crate::hex::{Hex, Sector};

pub fn start_turn(ctx: &mut Ctx, turn: u32) {
    ctx.emit(Event::TurnStarted { turn });
    ctx.emit(Event::PhaseStarted { phase: Phase::Initial });
}

fn set_stage(ctx: &mut Ctx, stage: u8) {
    ctx.emit(Event::Stage { stage });
}

fn set_mover(ctx: &mut Ctx, side: Side) {
    if ctx.b.active != side {
        ctx.emit(Event::MoverChanged { side });
    }
}

fn begin(ctx: &mut Ctx, phase: Phase) {
    ctx.emit(Event::PhaseStarted { phase });
}

/// The two sides in the order they act: the initiative side first (H-9).
fn in_order(ctx: &Ctx) -> [Side; 2] {
    let first = ctx.b.global.initiative;
    [first, first.other()]
}

/// Moves the battle on through whatever needs no player, until one must act or it is over.
pub fn advance(ctx: &mut Ctx) {
    loop {
        if ctx.b.global.outcome.is_some() || !ctx.b.global.agenda.is_empty() {
            return;
        }
        let (phase, stage) = (ctx.b.global.phase, ctx.b.global.stage);
        if sealed_phase(phase) {
            if !sealed_step(ctx) {
                return;
            }
            continue;
        }
        match phase {
            Phase::Initial if stage == 0 => {
                initial_tests(ctx);
                set_stage(ctx, 1);
            }
            Phase::Initial => {
                initial_close(ctx);
                open_shooting(ctx);
            }
            Phase::DeclareMounted | Phase::DeclareFoot if stage % 2 == 0 && stage < 4 => {
                let side = in_order(ctx)[usize::from(stage / 2)];
                set_mover(ctx, side);
                if legal::declarations_open(&ctx.b, side) {
                    return;
                }
                end_declarations(ctx, side);
            }
            Phase::DeclareMounted | Phase::DeclareFoot if stage < 4 => set_stage(ctx, stage + 1),
            Phase::DeclareMounted => begin(ctx, Phase::DeclareFoot),
            Phase::DeclareFoot => begin(ctx, Phase::ChargeMoves),
            Phase::ChargeMoves if stage == 0 => {
                rally(ctx);
                compulsory_moves(ctx);
                set_stage(ctx, 1);
            }
            Phase::ChargeMoves => {
                charge_moves(ctx);
                begin(ctx, Phase::RemainingMoves);
            }
            Phase::RemainingMoves if stage < 2 => {
                let side = in_order(ctx)[usize::from(stage)];
                set_mover(ctx, side);
                if legal::remaining_moves_open(&ctx.b, side) {
                    return;
                }
                end_moves(ctx, side);
            }
            Phase::RemainingMoves => {
                if ctx.b.global.combats.is_empty() {
                    end_turn(ctx);
                } else {
                    open_sheets(ctx, Phase::CombatMomentum);
                }
            }
            Phase::CombatResolve => end_turn(ctx),
            Phase::ShootingDeclare | Phase::Initiative | Phase::CombatMomentum => return,
        }
    }
}

pub fn end_declarations(ctx: &mut Ctx, side: Side) {
    ctx.emit(Event::DeclarationsEnded { side });
    let mut targets: Vec<UnitId> = Vec::new();
    for c in ctx.b.global.charges.iter().filter(|c| c.response.is_none()) {
        if !targets.contains(&c.target) && ctx.b.unit(c.charger).is_some_and(|u| u.side == side) {
            targets.push(c.target);
        }
    }
    let stage = ctx.b.global.stage + 1;
    set_stage(ctx, stage);
    // H-11: a target already fleeing has one answer, to flee on (`legal::responses`): given at once.
    let (fleeing, answering): (Vec<UnitId>, Vec<UnitId>) = targets.into_iter().partition(|t| ctx.b.unit(*t).is_some_and(|u| u.state.fleeing));
    for unit in fleeing {
        ctx.emit(Event::Responded { unit, response: Response::Flee });
    }
    ctx.push_in_order(answering.into_iter().map(|unit| Step::Respond { unit }).collect());
}

pub fn end_moves(ctx: &mut Ctx, side: Side) {
    ctx.emit(Event::MovesEnded { side });
    let stage = ctx.b.global.stage + 1;
    set_stage(ctx, stage);
}

// --- Sealed steps (A.4 rows 2, 4, 11) -----------------------------------------------------------

/// Opens a sealed step: fresh sheets, each side's default entries, and a side with nothing to
/// decide sealed at once.
fn open_sheets(ctx: &mut Ctx, phase: Phase) {
    begin(ctx, phase);
    for side in Side::BOTH {
        let nothing_to_decide = match phase {
            Phase::ShootingDeclare => {
                let shots = shooting::default_shots(&ctx.b, side);
                if !shots.is_empty() {
                    ctx.emit(Event::SheetChanged { side, sheet: Sheet { shots, ..Sheet::default() } });
                }
                shooting::shooters(&ctx.b, side).is_empty()
            }
            _ => ctx.b.global.momentum[side.index()] == 0,
        };
        if nothing_to_decide {
            ctx.emit(Event::SheetSealed { side });
        }
    }
}

fn open_shooting(ctx: &mut Ctx) {
    open_sheets(ctx, Phase::ShootingDeclare);
}

/// Both sheets in: reveal and resolve the step; returns false while a side has still to seal.
fn sealed_step(ctx: &mut Ctx) -> bool {
    if let Some(side) = Side::BOTH.into_iter().find(|s| !ctx.b.global.sheets[s.index()].sealed) {
        set_mover(ctx, side);
        return false;
    }
    let sheets = ctx.b.global.sheets.clone();
    ctx.emit(Event::SheetsRevealed { sheets: sheets.clone() });
    match ctx.b.global.phase {
        Phase::ShootingDeclare => {
            shooting::resolve(ctx);
            open_sheets(ctx, Phase::Initiative);
        }
        Phase::Initiative => {
            initiative(ctx, [sheets[0].bid, sheets[1].bid]);
            begin(ctx, Phase::DeclareMounted);
        }
        _ => {
            for side in Side::BOTH {
                let spent: u8 = sheets[side.index()].momentum.iter().map(|(_, p)| *p).sum();
                if spent > 0 {
                    common::change_momentum(ctx, side, -(spent as i8), "SP:L158 (momentum put into combats)");
                }
            }
            begin(ctx, Phase::CombatResolve);
            combat::resolve(ctx);
        }
    }
    true
}

/// H-9: the bids are spent, then each side rolls a d6 and adds its bid (the first side's die
/// first); a tie is rolled again without new bids.
fn initiative(ctx: &mut Ctx, bids: [u8; 2]) {
    for side in Side::BOTH {
        if bids[side.index()] > 0 {
            common::change_momentum(ctx, side, -(bids[side.index()] as i8), "H-9 (initiative bid)");
        }
    }
    loop {
        let faces = [ctx.dice.roll(6), ctx.dice.roll(6)];
        let totals = [faces[0] + bids[0], faces[1] + bids[1]];
        let winner = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(Side(0)),
            std::cmp::Ordering::Less => Some(Side(1)),
            std::cmp::Ordering::Equal => None,
        };
        ctx.emit(Event::InitiativeRolled { bids, faces, winner });
        if winner.is_some() {
            return;
        }
    }
}

// --- Initial phase (SP1.1–1.7) ------------------------------------------------------------------

/// Steps 1 to 4: fleeing friends, terror, the general's death, impetuous units' choices.
fn initial_tests(ctx: &mut Ctx) {
    let t = tables();
    let triggers = &t.cohesion.triggers;
    let steady = |ctx: &Ctx| -> Vec<UnitId> { ctx.b.on_board().filter(|u| !u.state.fleeing).map(|u| u.id).collect() };
    // Step 1 (SP1.2, SP2.1): a friend fleeing within 4", as the step starts.
    let fleeing: Vec<(Side, Hex)> = ctx.b.on_board().filter(|u| u.state.fleeing).filter_map(|u| u.hex.map(|h| (u.side, h))).collect();
    for id in steady(ctx) {
        let Some(u) = ctx.b.unit(id) else { continue };
        let Some(at) = u.hex else { continue };
        if fleeing.iter().any(|(s, h)| *s == u.side && within(distance(*h, at), triggers.fleeing_friend)) && !common::cohesion_test(ctx, id, Test::FleeingFriend, Vec::new(), 1) {
            common::break_unit(ctx, id, "SP:L11 (failed a test for a fleeing friend)");
        }
    }
    // Step 2 (SP1.3, H-16): mounted units within 8" of an enemy elephant.
    for id in steady(ctx) {
        let Some(u) = ctx.b.unit(id) else { continue };
        let Some(at) = u.hex else { continue };
        let near = enemies(&ctx.b, u.side).any(|e| e.state.is_elephant() && e.hex.is_some_and(|h| within(distance(h, at), triggers.elephant_terror)));
        if u.state.mounted() && near && !common::cohesion_test(ctx, id, Test::Terror, Vec::new(), 1) {
            common::set_marker(ctx, id, Marker::Terrified, true, "SP:L12 (H-16)");
        }
    }
    // Step 3 (SP1.4): units beyond 12" of where their army general fell last turn.
    for side in Side::BOTH {
        let Some(key) = ctx.b.global.general_fell_last_turn[side.index()] else { continue };
        let fell = Hex::new(key.0, key.1);
        for id in steady(ctx) {
            let Some(u) = ctx.b.unit(id) else { continue };
            let beyond = u.hex.is_some_and(|h| !within(distance(h, fell), triggers.general_death));
            if u.side == side && beyond && !common::cohesion_test(ctx, id, Test::GeneralKilled, Vec::new(), 1) {
                common::break_unit(ctx, id, "SP:L13 (the army general fell last turn)");
            }
        }
    }
    // Step 4 (SP1.5, H-19): impetuous units with an enemy to charge choose.
    let impetuous: Vec<Step> = ctx
        .b
        .on_board()
        .filter(|u| u.state.has(Trait::Impetuous) && u.state.steady() && ctx.b.global.combat_of(u.id).is_none())
        .filter(|u| !movement::charges(&ctx.b, u.id).is_empty())
        .map(|u| Step::Impetuous { unit: u.id })
        .collect();
    ctx.push_in_order(impetuous);
}

/// Steps 5 and 6: units off the table test to come back; Demoralised markers come off.
fn initial_close(ctx: &mut Ctx) {
    let off: Vec<UnitId> = ctx.b.units.iter().filter(|u| u.state.off_table.is_some() && !u.state.destroyed).map(|u| u.id).collect();
    for id in off {
        common::cohesion_test(ctx, id, Test::Return, Vec::new(), 1);
    }
    let calm: Vec<UnitId> = ctx
        .b
        .on_board()
        .filter(|u| u.state.demoralised && !u.state.fleeing && ctx.b.global.combat_of(u.id).is_none())
        .map(|u| u.id)
        .collect();
    for id in calm {
        common::set_marker(ctx, id, Marker::Demoralised, false, "SP:L16");
    }
}

// --- Movement phase (SP4.1–4.17) ----------------------------------------------------------------

/// SP4.3, SP4.7–4.11: fleeing units within a command radius test to rally.
fn rally(ctx: &mut Ctx) {
    let t = &tables().cohesion;
    let add = |c: CohesionCondition| match t.rally_effect(c) {
        Some(CohesionEffect::Add(v)) => v,
        _ => 0,
    };
    // H-28: a flight begun in this turn's declarations runs before it can rally: rallied at
    // once, the unit would stand where the charge finds it, and answering Flee would be
    // answering Hold, Demoralised.
    let switches = ctx.b.global.switches;
    let fled_now = &ctx.b.global.fled_in_declarations;
    let fleeing: Vec<UnitId> = ctx.b.on_board().filter(|u| u.state.fleeing && in_command(&ctx.b, u) && !(switches.flight_before_rally && fled_now.contains(&u.id))).map(|u| u.id).collect();
    for id in fleeing {
        let Some(u) = ctx.b.unit(id) else { continue };
        let Some(at) = u.hex else { continue };
        let mut factors = vec![Factor { rule: "SP:L112", what: "fleeing", value: add(CohesionCondition::Fleeing) }];
        let near: Vec<u32> = enemies(&ctx.b, u.side)
            .filter(|e| !e.state.fleeing && e.hex.is_some_and(|h| within(distance(h, at), t.rally_enemy_radius)))
            .map(|e| e.state.strength())
            .collect();
        let larger = near.iter().any(|s| *s > u.state.strength());
        if larger {
            factors.push(Factor { rule: "SP:L114", what: "a larger enemy within 8\"", value: add(CohesionCondition::LargerEnemyWithin) });
        }
        // the larger enemy's +2 replaces the +1, unless the scenario's switch adds them up.
        if !near.is_empty() && (!larger || switches.rally_enemies_add_up) {
            factors.push(Factor { rule: "SP:L113", what: "an enemy within 8\"", value: add(CohesionCondition::EnemyWithin) });
        }
        if common::test(ctx, id, Test::Rally, factors, 1) {
            common::set_marker(ctx, id, Marker::Fleeing, false, "SP:L104 (rallied)");
        }
    }
}

/// H-12: a fleeing unit runs its full rate toward its own edge; off the edge it leaves the table;
/// with nowhere to go it is destroyed.
pub fn flee(ctx: &mut Ctx, unit: UnitId) {
    match movement::flight(&ctx.b, unit) {
        Flight::Trapped => common::destroy(ctx, unit, "H-12 (nowhere to flee)"),
        flight => run(ctx, unit, flight, MoveKind::Flight),
    }
}

fn evade(ctx: &mut Ctx, unit: UnitId, from: Hex) {
    match movement::evade(&ctx.b, unit, from) {
        Flight::Trapped => {}
        flight => run(ctx, unit, flight, MoveKind::Evade),
    }
}

/// A flight or an evasion: along its path; off the table, it passes through the friends on its
/// way out and leaves from the last empty hex of the path (or its start), where it may come back.
fn run(ctx: &mut Ctx, unit: UnitId, flight: Flight, kind: MoveKind) {
    match flight {
        Flight::Moves { path, facing } => {
            if !path.is_empty() {
                common::move_unit(ctx, unit, path, facing, kind);
            }
        }
        Flight::OffTable { mut path } => {
            let empty = |h: &Hex| !ctx.b.on_board().any(|u| u.id != unit && u.hex == Some(*h));
            let last_empty = path.iter().rposition(empty).map_or(0, |i| i + 1);
            path.truncate(last_empty);
            if let (false, Some(facing)) = (path.is_empty(), ctx.b.unit(unit).map(|u| u.facing)) {
                common::move_unit(ctx, unit, path, facing, kind);
            }
            common::leave_table(ctx, unit);
        }
        Flight::Trapped => {}
    }
}

/// SP4.4, SP4.17, A.4 row 8: flights, evasions and disengagements, the initiative side first;
/// then the pursuits of units that failed to disengage.
fn compulsory_moves(ctx: &mut Ctx) {
    for side in in_order(ctx) {
        let fleeing: Vec<UnitId> = ctx.b.on_board().filter(|u| u.side == side && u.state.fleeing).map(|u| u.id).collect();
        for id in fleeing {
            flee(ctx, id);
        }
        // H-11: a unit charged by several evades once, away from the first charger declared
        // against it; its one answer stood for every charge (`Event::Responded`).
        let mut evaders: Vec<(UnitId, UnitId)> = Vec::new();
        for c in ctx.b.global.charges.iter().filter(|c| c.response == Some(Response::Evade)) {
            if !evaders.iter().any(|(target, _)| *target == c.target) {
                evaders.push((c.target, c.charger));
            }
        }
        for (id, charger) in evaders {
            let from = ctx.b.unit(charger).and_then(|u| u.hex);
            if let (Some(from), true) = (from, ctx.b.unit(id).is_some_and(|u| u.side == side && u.hex.is_some())) {
                evade(ctx, id, from);
            }
        }
        let leaving: Vec<UnitId> = ctx.b.global.disengaging.iter().copied().filter(|id| ctx.b.unit(*id).is_some_and(|u| u.side == side)).collect();
        for id in leaving {
            if let (Some(path), Some(facing)) = (movement::disengage_path(&ctx.b, id), ctx.b.unit(id).map(|u| u.facing)) {
                common::move_unit(ctx, id, path, facing, MoveKind::Disengage);
                common::leave_combat(ctx, id);
            }
        }
    }
    let pursuits: Vec<Step> = ctx
        .b
        .global
        .pursuits
        .iter()
        .filter(|(p, _)| ctx.b.unit(*p).is_some_and(|u| u.state.steady() && u.hex.is_some()))
        .map(|(pursuer, fleeing)| Step::Pursue { pursuer: *pursuer, fleeing: *fleeing })
        .collect();
    ctx.push_in_order(pursuits);
}

/// SP4.5, H-10, H-11: each declared charge moves, the initiative side's first; contact makes or
/// joins a combat and earns momentum; a flank or rear contact makes the target test (SP2.3).
fn charge_moves(ctx: &mut Ctx) {
    for side in in_order(ctx) {
        let charges: Vec<Charge> = ctx.b.global.charges.iter().filter(|c| ctx.b.unit(c.charger).is_some_and(|u| u.side == side)).cloned().collect();
        for c in charges {
            charge(ctx, &c);
        }
    }
}

fn charge(ctx: &mut Ctx, c: &Charge) {
    let Some(charger) = ctx.b.unit(c.charger) else { return };
    if !charger.state.steady() || charger.hex.is_none() || ctx.b.global.combat_of(c.charger).is_some() {
        return;
    }
    let side = charger.side;
    let Some(target) = ctx.b.unit(c.target) else { return };
    let (target_hex, target_side) = (target.hex, target.side);
    let got_away = target_hex.is_none() || target.state.fleeing || c.response == Some(Response::Evade);
    if got_away {
        match ctx.b.unit(c.target).and_then(|_| target_hex).and_then(|_| movement::ride_down(&ctx.b, c.charger, c.target)) {
            Some((path, facing)) => {
                common::move_unit(ctx, c.charger, path, facing, MoveKind::Charge);
                common::destroy(ctx, c.target, "H-11 (ridden down by the charge)");
                common::award(ctx, side, Award::RodeDownFleeingOrEvader, "SP:L290");
            }
            None => {
                common::award(ctx, side, Award::ChargeTargetOutOfReach, "SP:L151");
                let goal = target_hex.unwrap_or(c.to);
                let (path, facing) = movement::toward(&ctx.b, c.charger, goal);
                if !path.is_empty() {
                    common::move_unit(ctx, c.charger, path, facing, MoveKind::Charge);
                }
            }
        }
        return;
    }
    let way = movement::charge_path(&ctx.b, c.charger, c.target, c.to).or_else(|| {
        let other = movement::charges(&ctx.b, c.charger).into_iter().find(|(t, _)| *t == c.target)?;
        movement::charge_path(&ctx.b, c.charger, c.target, other.1)
    });
    let Some((path, facing)) = way else { return };
    common::move_unit(ctx, c.charger, path, facing, MoveKind::Charge);
    common::set_marker(ctx, c.charger, Marker::Charged, true, "SP:L162 (charged this turn)");
    common::engage(ctx, c.charger, c.target);
    common::award(ctx, side, Award::ChargedIntoContact, "SP:L150");
    if ctx.b.unit(c.charger).is_some_and(|u| u.state.has(Trait::Impetuous)) {
        common::award(ctx, side, Award::WarbandContact, "SP:L152");
    }
    let (Some(target), Some(from)) = (ctx.b.unit(c.target), ctx.b.unit(c.charger).and_then(|u| u.hex)) else { return };
    let (Some(at), facing) = (target.hex, target.facing) else { return };
    let flank_or_rear = matches!(facing.sector(at, from), Some(Sector::LeftFlank | Sector::RightFlank | Sector::Rear));
    if flank_or_rear && target_side != side && !common::cohesion_test(ctx, c.target, Test::FlankOrRearCharge, Vec::new(), 1) {
        common::break_unit(ctx, c.target, "SP:L22 (charged in the flank or rear)");
        flee(ctx, c.target);
    }
}

// --- End of turn (H-25) -------------------------------------------------------------------------

/// The share of its starting strength points a side has lost (destroyed, fleeing, off the table),
/// in percent.
pub fn lost_percent(b: &crate::battle::Battle<super::Swordpoint>, side: Side) -> u32 {
    let start = b.global.start_strength[side.index()].max(1);
    let standing = standing_strength(b, side).min(start);
    (start - standing) * 100 / start
}

fn end_turn(ctx: &mut Ctx) {
    let lost = Side::BOTH.map(|s| lost_percent(&ctx.b, s));
    let broken = lost.map(|l| l >= 50);
    let name = |ctx: &Ctx, s: Side| ctx.b.sides[s.index()].name.clone();
    let outcome = match broken {
        [true, true] => Some(Outcome { winner: None, reason: "both armies lost half their strength (H-25)".into() }),
        [true, false] => Some(Outcome { winner: Some(Side(1)), reason: format!("{} lost half its strength (H-25)", name(ctx, Side(0))) }),
        [false, true] => Some(Outcome { winner: Some(Side(0)), reason: format!("{} lost half its strength (H-25)", name(ctx, Side(1))) }),
        [false, false] if ctx.b.turn >= ctx.b.last_turn => Some(on_time(lost)),
        _ => None,
    };
    match outcome {
        Some(outcome) => ctx.emit(Event::BattleEnded { outcome }),
        None => {
            let next = ctx.b.turn + 1;
            start_turn(ctx, next);
        }
    }
}

/// H-25 at the last turn: the side that lost the smaller share wins; under 10 points apart, a draw.
fn on_time(lost: [u32; 2]) -> Outcome {
    let reason = format!("time: losses {}% against {}% of strength (H-25)", lost[0], lost[1]);
    let winner = match lost[0].abs_diff(lost[1]) {
        0..10 => None,
        _ if lost[0] < lost[1] => Some(Side(0)),
        _ => Some(Side(1)),
    };
    Outcome { winner, reason }
}
