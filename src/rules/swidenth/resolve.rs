//! Turning a command into events: a leader's phase opening, a figure's actions (moves with the
//! terror test of H-S4c, shots, combats, spells, special actions), the end of a phase, and the
//! answers to a push back and a split, then every automatic step until the battle waits again.

use super::Swidenth;
use super::combat;
use super::command::Command;
use super::data::{Trait, tables};
use super::event::{Deed, Event};
use super::figure::B;
use super::harm;
use super::legal::{self, is_legal};
use super::movement;
use super::spell;
use super::state::{Phase, Step, Subgroups};
use super::turn;
use crate::battle::agenda::{self, Agenda};
use crate::battle::{Dice, RuleError, UnitId};
use crate::hex::Hex;

pub type Ctx<'d> = agenda::Ctx<'d, Swidenth>;

impl Agenda for Swidenth {
    type Step = Step;

    fn steps(b: &B) -> &Vec<Step> {
        &b.global.agenda
    }

    fn steps_mut(b: &mut B) -> &mut Vec<Step> {
        &mut b.global.agenda
    }

    fn decision(b: &B, step: &Step) -> Option<Vec<Command>> {
        step.is_decision().then(|| legal::decision_options(b, step))
    }

    fn automatic(ctx: &mut Ctx, step: Step) {
        match step {
            Step::Fight { figure, target } => combat::strike(ctx, figure, target),
            Step::NextShot { shooter, target, left } => {
                if let Some(missile) = ctx.b.unit(shooter).and_then(combat::weapon_missile) {
                    combat::shoot(ctx, shooter, target, missile, false, left);
                }
            }
            Step::Push { .. } | Step::Split { .. } => {}
        }
    }

    fn execute(ctx: &mut Ctx, command: &Command) {
        execute(ctx, command);
    }

    fn when_settled(ctx: &mut Ctx) {
        turn::check_victory(ctx);
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

/// The opening: the first turn's start.
pub fn open(b: &B, dice: &mut Dice) -> Vec<Event> {
    agenda::run(b, dice, |ctx| turn::start_turn(ctx, 1))
}

fn execute(ctx: &mut Ctx, command: &Command) {
    let deed = |ctx: &mut Ctx, figure: UnitId, deed: Deed| ctx.emit(Event::Acted { figure, deed });
    match command {
        Command::ChooseLeader { leader } => {
            let Some(l) = ctx.b.unit(*leader) else { return };
            let eligible = legal::bubble(&ctx.b, l);
            let side = l.side;
            ctx.emit(Event::PhaseStarted { phase: Phase::Leader, side, leader: Some(*leader), eligible });
        }
        Command::Move { figure, to } => walk(ctx, *figure, *to, false),
        Command::Run { figure, to } => walk(ctx, *figure, *to, true),
        Command::Concentrate { figure } => deed(ctx, *figure, Deed::Concentrated),
        Command::Reload { figure } => deed(ctx, *figure, Deed::Reloaded),
        Command::Wait { figure } => deed(ctx, *figure, Deed::Waited),
        Command::Rest { figure } => deed(ctx, *figure, Deed::Rested),
        Command::Camouflage { figure } => deed(ctx, *figure, Deed::Camouflaged),
        Command::PickUp { figure } => deed(ctx, *figure, Deed::PickedUp),
        Command::Unlock { figure, door } => deed(ctx, *figure, Deed::Unlocked(*door)),
        Command::Pull { figure, lever } => deed(ctx, *figure, Deed::Pulled(*lever)),
        Command::Shoot { figure, target } => {
            if let Some(missile) = ctx.b.unit(*figure).and_then(combat::weapon_missile) {
                combat::shoot(ctx, *figure, *target, missile, true, missile.shots);
            }
            ctx.emit(Event::ActivationEnded { figure: *figure });
        }
        Command::Fight { figure, target } => combat::fight(ctx, *figure, *target),
        Command::Cast { figure, spell, target, restore } => {
            spell::cast(ctx, *figure, spell, *target, *restore);
            ctx.emit(Event::ActivationEnded { figure: *figure });
        }
        Command::EndPhase => turn::end_phase(ctx),
        Command::Push { to } => {
            if let Some(Step::Push { loser, .. }) = ctx.b.global.agenda.pop() {
                harm::push_back(ctx, loser, *to);
            }
        }
        Command::Split { pairs } => {
            if let Some(Step::Split { group, .. }) = ctx.b.global.agenda.pop() {
                ctx.emit(Event::Split(Subgroups { group, pairs: pairs.clone() }));
            }
        }
    }
}

/// A move or a run along the cheapest way (l. 66, 73): before it first comes next to a terrifying
/// enemy it was not next to, the figure tests, and stops in the hex before on a failure (H-S4c).
fn walk(ctx: &mut Ctx, figure: UnitId, to: Hex, run: bool) {
    let Some(u) = ctx.b.unit(figure).cloned() else { return };
    let Some(start) = u.hex else { return };
    let budget = if run { movement::run_budget(&u) } else { movement::move_budget(&u) };
    let path = movement::way(&ctx.b, &u, budget, to).unwrap_or_else(|| vec![to]);
    let next_to = |h: Hex, e: &super::figure::U| e.hex.is_some_and(|x| x.unsigned_distance_to(h) == 1);
    let enemies: Vec<_> = ctx.b.on_board().filter(|e| e.side != u.side).cloned().collect();
    let mut taken = path.len();
    let mut tested: Vec<UnitId> = Vec::new();
    'walk: for (i, h) in path.iter().enumerate() {
        let terrors: Vec<UnitId> = enemies.iter().filter(|e| e.state.has(Trait::Terrifying) && next_to(*h, e) && !next_to(start, e) && !tested.contains(&e.id)).map(|e| e.id).collect();
        for of in terrors {
            tested.push(of);
            let test = harm::test(ctx, &u, tables().duel.house.terror_difficulty, "H-S4c");
            let passed = test.passed;
            ctx.emit(Event::TerrorTest { of, test });
            if !passed {
                taken = i;
                break 'walk;
            }
        }
    }
    let path: Vec<Hex> = path[..taken].to_vec();
    let end = path.last().copied().unwrap_or(start);
    let engaged: Vec<UnitId> = enemies.iter().filter(|e| next_to(end, e) && !next_to(start, e)).map(|e| e.id).collect();
    ctx.emit(Event::Moved { figure, path, run, engaged });
}
