//! The battle being played: its scenario, seed and mode; starting it (fresh, from a save, or after
//! an undo, by replaying the command log); what may be undone.

use super::stage::Stage;
use crate::battle::ecs::{CommandInbox, EventLog, start_battle};
use crate::battle::{AppState, Dice, Ruleset, Side};
use crate::rules::thucydide::event::Event;
use crate::rules::thucydide::{Command, Thucydide};
use crate::scenario::Scenario;
use bevy::prelude::*;

/// Who plays which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Hotseat,
    /// The computer plays this side.
    Computer(Side),
}

impl Mode {
    pub fn is_human(self, side: Side) -> bool {
        self != Mode::Computer(side)
    }
}

#[derive(Resource, Clone)]
pub struct Session {
    pub scenario: Scenario,
    pub seed: u64,
    pub mode: Mode,
    /// How well the computer plays, in `Mode::Computer`.
    pub level: crate::ai::Level,
}

pub struct SessionPlugin;

impl Plugin for SessionPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, super::saves::autosave.run_if(in_state(AppState::Battle)));
    }
}

/// Starts `session`'s battle and replays `commands` into it at once (loading a save, or undoing),
/// then enters the battle screen. Refuses a scenario that does not set up.
pub fn start(world: &mut World, session: Session, commands: Vec<Command>) -> Result<(), String> {
    let battle = Thucydide::setup(&session.scenario).map_err(|e| format!("{}: {}", e.path(), e.message))?;
    start_battle(world, battle.clone(), Dice::new(session.seed));
    world.resource_mut::<CommandInbox<Thucydide>>().0.extend(commands);
    world.insert_resource(Stage::new(battle, true));
    world.insert_resource(session);
    world.remove_resource::<super::players::Computer>();
    world.insert_resource(super::panels::Curtain::default());
    world.insert_resource(super::input::Selection::default());
    world.resource_mut::<NextState<AppState>>().set(AppState::Battle);
    let s = world.resource::<Session>();
    info!("strategos: battle started: {} with seed {}", s.scenario.id, s.seed);
    Ok(())
}

/// Whether the last command may be taken back: a move or an activation by a side a person plays,
/// with no die rolled since.
pub fn can_undo(log: &EventLog<Thucydide>, mode: Mode, view: &crate::battle::Battle<Thucydide>) -> bool {
    let Some((command, end)) = log.commands.last() else { return false };
    let start = log.commands.len().checked_sub(2).map_or(0, |i| log.commands[i].1);
    let rolled = log.events[start..*end].iter().any(|e| matches!(e, Event::DiceRolled { .. } | Event::PanicRolled { .. }));
    let by = match command {
        Command::Move { unit, .. } | Command::Activate { unit } => view.unit(*unit).map(|u| u.side),
        _ => None,
    };
    !rolled && by.is_some_and(|side| mode.is_human(side))
}

/// Takes back the last command by replaying all the others from the start.
pub fn undo(world: &mut World) {
    let (Some(session), Some(log)) = (world.get_resource::<Session>(), world.get_resource::<EventLog<Thucydide>>()) else { return };
    let mut commands: Vec<Command> = log.commands.iter().map(|(c, _)| c.clone()).collect();
    commands.pop();
    let session = session.clone();
    // The same scenario set up again cannot fail.
    let _ = start(world, session, commands);
}

/// The side the battle waits on, if a person plays it.
pub fn human_to_decide(view: &crate::battle::Battle<Thucydide>, mode: Mode) -> Option<Side> {
    Thucydide::deciding_side(view).filter(|s| mode.is_human(*s))
}
