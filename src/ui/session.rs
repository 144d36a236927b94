//! The battle being played: its scenario, seed and mode; starting it (fresh, from a save, or after
//! an undo, by replaying the command log); what may be undone.

use super::stage::{Stage, show};
use crate::battle::ecs::{CommandInbox, EventLog, start_battle};
use crate::battle::{AppState, Battle, Dice, Present, Reseed, Side};
use crate::ai::Judge;
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::Scenario;
use bevy::prelude::*;
use std::marker::PhantomData;

/// Who plays which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Hotseat,
    /// The computer plays this side.
    Computer(Side),
    /// Online (`super::online`): the person plays `side`, the other player elsewhere, and the
    /// referee server waits for `waits_for` (its word, not the copy's: a copy lacking the other
    /// side's sealed decisions may think it still waits for them).
    Online { side: Side, waits_for: Option<Side> },
}

impl Mode {
    /// Whether the person at this screen plays `side`.
    pub fn is_human(self, side: Side) -> bool {
        match self {
            Mode::Hotseat => true,
            Mode::Computer(computer) => computer != side,
            Mode::Online { side: mine, .. } => mine == side,
        }
    }

    /// Whether the other side plays elsewhere, through a server.
    pub fn is_online(self) -> bool {
        matches!(self, Mode::Online { .. })
    }

    /// The side the battle waits for: `view`'s own, or online the referee's.
    pub fn deciding<R: crate::battle::Ruleset>(self, view: &Battle<R>) -> Option<Side> {
        match self {
            Mode::Online { waits_for, .. } => waits_for,
            _ => R::deciding_side(view),
        }
    }

    /// The mode where the computer plays `computer` (hotseat for none), as menus and saves say it.
    pub fn of_computer(computer: Option<u8>) -> Mode {
        computer.map_or(Mode::Hotseat, |s| Mode::Computer(Side(s.min(1))))
    }

    /// The side the computer plays, if any.
    pub fn computer(self) -> Option<u8> {
        match self {
            Mode::Computer(side) => Some(side.0),
            Mode::Hotseat | Mode::Online { .. } => None,
        }
    }
}

#[derive(Resource, Clone)]
pub struct Session {
    pub scenario: Scenario,
    pub seed: u64,
    pub mode: Mode,
    /// How well the computer plays, in `Mode::Computer`.
    pub level: crate::ai::Level,
    /// Where a game taken over from a replay left it: the number of the replay's commands it
    /// starts from (its autosave is then a file of its own).
    pub taken_over_at: Option<usize>,
    /// Where the game went on with fresh dice (each load, continue or take-over draws new ones
    /// unless the player keeps the same dice), as its saves record them.
    pub reseeds: Vec<Reseed>,
}

impl Session {
    /// A session of a new game: no commands yet, so no reseed.
    pub fn new(scenario: Scenario, seed: u64, mode: Mode, level: crate::ai::Level) -> Session {
        Session { scenario, seed, mode, level, taken_over_at: None, reseeds: Vec::new() }
    }

    /// The same session going on from its `commands`-th command with fresh dice, unless the player
    /// keeps the same dice after a load.
    pub fn with_fresh_dice(mut self, commands: usize, same_dice: bool) -> Session {
        if !same_dice {
            self.reseeds.push(Reseed::fresh(commands));
        }
        self
    }
}

/// Sent when a battle starts (fresh, loaded or after an undo): each plugin resets its own state.
#[derive(Message, Clone, Copy, Debug)]
pub struct BattleStarted;

/// The sessions of one ruleset's battles: their autosaves.
pub struct SessionPlugin<R: Present>(PhantomData<R>);

impl<R: Present> Default for SessionPlugin<R> {
    fn default() -> Self {
        SessionPlugin(PhantomData)
    }
}

impl<R: Present> Plugin for SessionPlugin<R> {
    fn build(&self, app: &mut App) {
        app.add_message::<BattleStarted>()
            .add_systems(Update, super::saves::autosave::<R>.in_set(crate::battle::ecs::BattleSet::Show).run_if(resource_exists::<crate::battle::ecs::BattleView<R>>));
    }
}

/// Starts `session`'s battle and replays `commands` into it at once (loading a save, or undoing),
/// then enters the battle screen. Refuses a scenario that does not set up.
pub fn start<R: Present>(world: &mut World, session: Session, commands: Vec<R::Command>) -> Result<(), String> {
    let dice = Dice::new(session.seed).with_reseeds(&session.reseeds);
    start_with::<R>(world, session, commands, dice)
}

/// `start`, on these dice: an online game's copy plays its entries on the faces the referee rolled.
pub fn start_with<R: Present>(world: &mut World, session: Session, commands: Vec<R::Command>, dice: Dice) -> Result<(), String> {
    let battle = R::setup(&session.scenario).map_err(|e| format!("{}: {}", e.path(), e.message))?;
    start_battle(world, battle.clone(), dice);
    world.resource_mut::<CommandInbox<R>>().0.extend(commands);
    show(world, Stage::new(battle, true));
    world.insert_resource(session);
    world.write_message(BattleStarted);
    world.resource_mut::<NextState<AppState>>().set(AppState::Battle);
    let s = world.resource::<Session>();
    info!("strategos: battle started: {} with seed {}", s.scenario.id, s.seed);
    Ok(())
}

/// Starts a fresh battle of `session`'s scenario, with the ruleset it names.
pub fn start_fresh(world: &mut World, session: Session) -> Result<(), String> {
    let ruleset = session.scenario.ruleset.clone();
    with_ruleset(&ruleset, StartFresh { world, session }).map_err(|e| e.to_string())?
}

struct StartFresh<'w> {
    world: &'w mut World,
    session: Session,
}

impl ForRuleset for StartFresh<'_> {
    type Output = Result<(), String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Result<(), String> {
        start::<R>(self.world, self.session, Vec::new())
    }
}

/// Whether the last command may be taken back: by a person, and only by the side now deciding
/// (`crate::battle::undo`); never online, where the referee has accepted it.
pub fn can_undo<R: Present>(log: &EventLog<R>, mode: Mode, view: &Battle<R>) -> bool {
    !mode.is_online() && crate::battle::undo::may_take_back(log, view, |side| mode.is_human(side))
}

/// Takes back the last command by replaying all the others from the start. Fresh dice drawn after
/// it stay fresh: they now start at the command that takes its place.
pub fn undo<R: Present>(world: &mut World) {
    let (Some(session), Some(log)) = (world.get_resource::<Session>(), world.get_resource::<EventLog<R>>()) else { return };
    let mut commands = log.command_list();
    commands.pop();
    let mut session = session.clone();
    crate::battle::dice::keep_fresh_after_undo(&mut session.reseeds, commands.len());
    // The same scenario set up again cannot fail.
    let _ = start::<R>(world, session, commands);
}

/// The side the battle waits on, if a person at this screen plays it.
pub fn human_to_decide<R: Present>(view: &Battle<R>, mode: Mode) -> Option<Side> {
    mode.deciding(view).filter(|s| mode.is_human(*s))
}
