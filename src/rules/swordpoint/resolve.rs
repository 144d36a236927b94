//! Turning a command into events: the command's own effect, then every consequence and every
//! automatic phase the rules call for, until the battle waits on a player again.

use super::Swordpoint;
use super::combat;
use super::command::Command;
use super::common::{self, Ctx};
use super::data::{CohesionCondition, CohesionEffect, Fighter, tables};
use super::event::{Event, Factor, Marker, MoveKind, Test};
use super::legal::{decision_options, is_legal};
use super::movement;
use super::state::{Sheet, Step};
use super::turn;
use crate::battle::agenda::{self, Agenda};
use crate::battle::{Battle, Dice, RuleError, UnitId};

type B = Battle<Swordpoint>;

impl Agenda for Swordpoint {
    type Step = Step;

    fn steps(b: &B) -> &Vec<Step> {
        &b.global.agenda
    }

    fn steps_mut(b: &mut B) -> &mut Vec<Step> {
        &mut b.global.agenda
    }

    fn decision(b: &B, step: &Step) -> Option<Vec<Command>> {
        Some(decision_options(b, step))
    }

    fn automatic(_ctx: &mut Ctx, _step: Step) {}

    fn execute(ctx: &mut Ctx, command: &Command) {
        execute(ctx, command);
    }

    /// With nothing pending, the turn goes on through its automatic phases (A.4).
    fn when_settled(ctx: &mut Ctx) {
        turn::advance(ctx);
    }

    fn stack_changed(steps: &[Step]) -> Option<Event> {
        Some(Event::AgendaChanged { agenda: steps.to_vec() })
    }
}

pub fn resolve(b: &B, command: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
    if b.global.outcome.is_some() {
        return Err(RuleError("the battle is over".into()));
    }
    if !is_legal(b, command) {
        return Err(RuleError(crate::battle::refusal::why_refused(b, command)));
    }
    Ok(preview(b, command, dice))
}

/// The events of a command already known legal, without checking it again.
pub fn preview(b: &B, command: &Command, dice: &mut Dice) -> Vec<Event> {
    agenda::run(b, dice, |ctx| execute(ctx, command))
}

/// The opening: the first turn starts.
pub fn open(b: &B, dice: &mut Dice) -> Vec<Event> {
    agenda::run(b, dice, |ctx| turn::start_turn(ctx, 1))
}

fn execute(ctx: &mut Ctx, command: &Command) {
    let side = ctx.b.active;
    match command {
        Command::Shoot { shooter, target } => {
            let Some(side) = ctx.b.unit(*shooter).map(|u| u.side) else { return };
            let mut sheet = ctx.b.global.sheets[side.index()].clone();
            sheet.shots.retain(|(s, _)| s != shooter);
            sheet.shots.push((*shooter, *target));
            sheet.shots.sort_by_key(|(s, _)| *s);
            ctx.emit(Event::SheetChanged { side, sheet });
        }
        Command::Bid { points } => {
            let side = sealing_side(ctx);
            let sheet = Sheet { bid: *points, ..ctx.b.global.sheets[side.index()].clone() };
            ctx.emit(Event::SheetChanged { side, sheet });
        }
        Command::Momentum { combat, points } => {
            let side = sealing_side(ctx);
            let mut sheet = ctx.b.global.sheets[side.index()].clone();
            sheet.momentum.retain(|(c, _)| c != combat);
            if *points > 0 {
                sheet.momentum.push((*combat, *points));
                sheet.momentum.sort();
            }
            ctx.emit(Event::SheetChanged { side, sheet });
        }
        Command::Seal => {
            let side = sealing_side(ctx);
            ctx.emit(Event::SheetSealed { side });
        }
        Command::DeclareCharge { charger, target, to } => {
            ctx.emit(Event::ChargeDeclared { charger: *charger, target: *target, to: *to });
        }
        Command::Disengage { unit } => disengage(ctx, *unit),
        Command::EndDeclarations => turn::end_declarations(ctx, side),
        Command::Move { unit, to, facing } => {
            let path = movement::move_path(&ctx.b, *unit, *to, *facing).unwrap_or_default();
            common::move_unit(ctx, *unit, path, *facing, MoveKind::Move);
        }
        Command::Reform { unit, frontage } => ctx.emit(Event::Reformed { unit: *unit, frontage: *frontage }),
        Command::Return { unit, to } => {
            let facing = ctx.b.edge(side).facing_away();
            ctx.emit(Event::UnitReturned { unit: *unit, at: *to, facing });
        }
        Command::Attach { commander, unit } => ctx.emit(Event::CommanderAttached { commander: *commander, unit: *unit }),
        Command::EndMoves => turn::end_moves(ctx, side),
        decision => decide(ctx, decision),
    }
}

/// The side a sheet command belongs to: the first whose sheet is open.
fn sealing_side(ctx: &Ctx) -> crate::battle::Side {
    super::legal::deciding_side(&ctx.b).unwrap_or(ctx.b.active)
}

fn decide(ctx: &mut Ctx, command: &Command) {
    let Some(step) = ctx.b.global.agenda.pop() else { return };
    match (step, command) {
        (Step::Impetuous { unit }, Command::Impetuous { charge }) => {
            ctx.emit(Event::ImpetuousChose { unit, charge: *charge });
            let bound = *charge || !common::cohesion_test(ctx, unit, Test::Impetuous, Vec::new(), 1);
            if bound {
                common::set_marker(ctx, unit, Marker::MustCharge, true, "SP:L14 (H-19)");
            }
        }
        (Step::Respond { unit }, Command::Respond { response }) => {
            ctx.emit(Event::Responded { unit, response: *response });
            match response {
                super::state::Response::Flee => common::break_unit(ctx, unit, "H-11 (flees from a charge)"),
                super::state::Response::CounterCharge => common::set_marker(ctx, unit, Marker::Charged, true, "H-11 (counter-charge)"),
                _ => {}
            }
        }
        (Step::FollowUp { unit, into }, Command::FollowUp { advance }) => combat::follow_up(ctx, unit, into, *advance),
        (Step::Pursue { pursuer, fleeing }, Command::Pursue { pursue }) => combat::pursue(ctx, pursuer, fleeing, *pursue),
        (step, _) => ctx.push(step),
    }
}

/// SP4.12–4.17: the test at declaration (none for cavalry against a slower enemy), +1 after a
/// recoil last turn; a failure breaks the unit and lets an enemy of its combat pursue.
fn disengage(ctx: &mut Ctx, unit: UnitId) {
    let Some(u) = ctx.b.unit(unit).cloned() else { return };
    let enemies: Vec<UnitId> = ctx
        .b
        .global
        .combat_of(unit)
        .map(|c| c.units.iter().copied().filter(|id| ctx.b.unit(*id).is_some_and(|e| e.side != u.side)).collect())
        .unwrap_or_default();
    let cavalry = u.state.fighter() == Fighter::Cavalry;
    let slower = enemies.iter().filter_map(|id| ctx.b.unit(*id)).all(|e| e.state.rate() < u.state.rate());
    let passed = if cavalry && slower {
        true
    } else {
        let mut extra = Vec::new();
        if u.state.recoiled_last_turn {
            if let Some(CohesionEffect::Add(v)) = tables().cohesion.disengage_effect(CohesionCondition::RecoiledLastTurn) {
                extra.push(Factor { rule: "SP:L122", what: "recoiled last turn", value: v });
            }
        }
        common::cohesion_test(ctx, unit, Test::Disengage, extra, 1)
    };
    let pursuer = if passed { None } else { enemies.first().copied() };
    ctx.emit(Event::DisengageDeclared { unit, allowed: passed, pursuer });
    if !passed {
        common::break_unit(ctx, unit, "SP:L123 (failed to disengage)");
    }
}
