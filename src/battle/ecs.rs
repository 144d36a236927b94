//! The ECS shell around the pure rules: units are entities with components, commands arrive in an
//! inbox resource, one system gathers the battle from the world, asks the ruleset to resolve each
//! command, applies the events and writes the changed components back. Live play, the replay
//! checker, the simulator and the benchmarks all go through this same system.

use super::dice::Dice;
use super::hash::TurnHash;
use super::ids::{Side, UnitId};
use super::model::{Battle, Unit};
use super::ruleset::{RuleError, Ruleset};
use crate::hex::{Direction, Hex};
use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use std::collections::VecDeque;
use std::marker::PhantomData;

/// Which screen the application shows.
#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    #[default]
    Menu,
    Battle,
    Replay,
    /// The battle editor (`ui::editor`).
    Editor,
}

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Position(pub Option<Hex>);

#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Facing(pub Direction);

/// The ruleset's own state of one unit.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct RulesState<S: Send + Sync + 'static>(pub S);

/// The battle as last gathered from the world: what the UI, the AI and `legal_commands` read.
#[derive(Resource)]
pub struct BattleView<R: Ruleset>(pub Battle<R>);

#[derive(Resource)]
pub struct BattleDice(pub Dice);

/// Commands waiting to be resolved, in order.
#[derive(Resource)]
pub struct CommandInbox<R: Ruleset>(pub VecDeque<R::Command>);

/// Every event so far; every accepted command with the number of events once it was resolved
/// (the command log, which is the replay); the state hash at the opening and at the start of every
/// player-turn since (what a replay stores, collected as the game goes, so a save never plays the
/// game again); the commands refused with why.
#[derive(Resource)]
pub struct EventLog<R: Ruleset> {
    pub events: Vec<R::Event>,
    /// The events before the first command (the opening of the first turn).
    pub opening: usize,
    pub commands: Vec<(R::Command, usize)>,
    /// The side that gave each accepted command: the one deciding when it came.
    pub givers: Vec<Option<Side>>,
    pub turn_hashes: Vec<TurnHash>,
    pub rejected: Vec<(R::Command, RuleError)>,
}

impl<R: Ruleset> EventLog<R> {
    /// The accepted commands, in order: the game so far as a replay's command list.
    pub fn command_list(&self) -> Vec<R::Command> {
        self.commands.iter().map(|(c, _)| c.clone()).collect()
    }

    /// The side that gave the `index`-th command.
    pub fn giver(&self, index: usize) -> Option<Side> {
        self.givers.get(index).copied().flatten()
    }

    /// The events the `index`-th command produced (the first command's start after the opening).
    pub fn events_of(&self, index: usize) -> &[R::Event] {
        let start = index.checked_sub(1).map_or(self.opening, |i| self.commands[i].1);
        &self.events[start..self.commands[index].1]
    }
}

/// The order of a battle's frame in `Update`, chained once here so no plugin names another's
/// systems: commands are resolved, then the board catches up with what happened, then the players
/// (the person's clicks and keys, the computer) decide what comes next.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BattleSet {
    Resolve,
    Show,
    Play,
}

/// The shell of one ruleset: its systems run only while a battle of that ruleset is on (its
/// `BattleView` exists), so the rulesets of one app never run each other's; back at the menu the
/// battle's units and resources go.
pub struct BattlePlugin<R: Ruleset>(PhantomData<R>);

impl<R: Ruleset> Default for BattlePlugin<R> {
    fn default() -> Self {
        BattlePlugin(PhantomData)
    }
}

impl<R: Ruleset> Plugin for BattlePlugin<R> {
    fn build(&self, app: &mut App) {
        app.configure_sets(Update, (BattleSet::Resolve, BattleSet::Show, BattleSet::Play).chain().run_if(in_state(AppState::Battle)))
            .add_sub_state::<R::Phase>()
            .add_systems(Update, (process_commands::<R>, follow_phase::<R>).chain().in_set(BattleSet::Resolve).run_if(resource_exists::<BattleView<R>>))
            .add_systems(OnEnter(AppState::Menu), end_battle::<R>);
    }
}

/// Keeps the ruleset's phase sub-state equal to the battle's phase (it changes at the next
/// state transition, before the next frame's `Update`).
pub fn follow_phase<R: Ruleset>(view: Res<BattleView<R>>, phase: Res<State<R::Phase>>, mut next: ResMut<NextState<R::Phase>>) {
    let now = R::phase(&view.0);
    if *phase.get() != now {
        next.set(now);
    }
}

type UnitQuery<'w, 's, S> = Query<
    'w,
    's,
    (Entity, &'static UnitId, &'static Side, &'static mut Position, &'static mut Facing, &'static mut RulesState<S>),
>;

/// Resolves queued commands: gather, resolve, apply, write back.
pub fn process_commands<R: Ruleset>(
    mut inbox: ResMut<CommandInbox<R>>,
    mut view: ResMut<BattleView<R>>,
    mut dice: ResMut<BattleDice>,
    mut log: ResMut<EventLog<R>>,
    mut units: UnitQuery<R::UnitState>,
    mut commands: Commands,
) {
    if inbox.0.is_empty() {
        return;
    }
    let battle = &mut view.0;
    gather(battle, &units);
    while let Some(command) = inbox.0.pop_front() {
        dice.0.before_command(log.commands.len());
        let giver = R::deciding_side(battle);
        match R::resolve(battle, &command, &mut dice.0) {
            Ok(events) => {
                for e in &events {
                    R::apply(battle, e);
                }
                if events.iter().any(R::starts_turn) {
                    log.turn_hashes.push(TurnHash::of(battle));
                }
                log.events.extend(events);
                let count = log.events.len();
                log.commands.push((command, count));
                log.givers.push(giver);
            }
            Err(e) => log.rejected.push((command, e)),
        }
    }
    write_back(battle, &mut units, &mut commands);
}

fn gather<R: Ruleset>(battle: &mut Battle<R>, units: &UnitQuery<R::UnitState>) {
    battle.units.clear();
    for (_, id, side, pos, facing, state) in units.iter() {
        battle.units.push(Unit {
            id: *id,
            side: *side,
            hex: pos.0,
            facing: facing.0,
            state: state.0.clone(),
        });
    }
    battle.units.sort_by_key(|u| u.id);
}

fn write_back<R: Ruleset>(battle: &Battle<R>, units: &mut UnitQuery<R::UnitState>, commands: &mut Commands) {
    let mut seen = Vec::with_capacity(battle.units.len());
    for (_, id, _, mut pos, mut facing, mut state) in units.iter_mut() {
        let Some(u) = battle.unit(*id) else { continue };
        seen.push(*id);
        pos.set_if_neq(Position(u.hex));
        facing.set_if_neq(Facing(u.facing));
        if state.0 != u.state {
            state.0 = u.state.clone();
        }
    }
    for u in battle.units.iter().filter(|u| !seen.contains(&u.id)) {
        commands.spawn(unit_bundle::<R>(u));
    }
}

fn unit_bundle<R: Ruleset>(u: &Unit<R::UnitState>) -> impl Bundle {
    (u.id, u.side, Position(u.hex), Facing(u.facing), RulesState(u.state.clone()))
}

/// Puts a battle into a world: one entity per unit, the view, the dice, an empty inbox and the
/// log holding the opening events (the first turn's start, resolved here). Units already in the
/// world, from an earlier battle, are despawned first.
pub fn start_battle<R: Ruleset>(world: &mut World, mut battle: Battle<R>, mut dice: Dice) {
    let old: Vec<Entity> = world.query_filtered::<Entity, With<UnitId>>().iter(world).collect();
    for e in old {
        world.despawn(e);
    }
    let opening = R::open(&battle, &mut dice);
    for e in &opening {
        R::apply(&mut battle, e);
    }
    for u in &battle.units {
        world.spawn(unit_bundle::<R>(u));
    }
    world.insert_resource(BattleDice(dice));
    world.insert_resource(CommandInbox::<R>(VecDeque::new()));
    world.insert_resource(EventLog::<R> {
        opening: opening.len(),
        events: opening,
        commands: Vec::new(),
        givers: Vec::new(),
        turn_hashes: vec![TurnHash::of(&battle)],
        rejected: Vec::new(),
    });
    world.insert_resource(BattleView(battle));
}

/// Back to the menu: the battle's resources and units go.
fn end_battle<R: Ruleset>(world: &mut World) {
    let units: Vec<Entity> = world.query_filtered::<Entity, With<RulesState<R::UnitState>>>().iter(world).collect();
    for e in units {
        world.despawn(e);
    }
    world.remove_resource::<BattleView<R>>();
    world.remove_resource::<EventLog<R>>();
    world.remove_resource::<CommandInbox<R>>();
}

/// A battle running headless in its own Bevy app: the path the CLI, tests and benches use.
pub struct BattleApp<R: Ruleset> {
    app: App,
    _ruleset: PhantomData<R>,
}

impl<R: Ruleset> BattleApp<R> {
    /// Starts the battle: its opening events (the first turn's start) are already in the log.
    pub fn new(battle: Battle<R>, dice: Dice) -> BattleApp<R> {
        let mut app = App::new();
        app.add_plugins(StatesPlugin)
            .insert_state(AppState::Battle)
            .add_plugins(BattlePlugin::<R>::default());
        // One command at a time touches a handful of systems: waking a thread pool for each would
        // cost more than the work (and the simulator runs games on one core).
        for label in [First.intern(), PreUpdate.intern(), StateTransition.intern(), Update.intern(), PostUpdate.intern(), Last.intern()] {
            app.edit_schedule(label, |s| {
                s.set_executor(SingleThreadedExecutor::new());
            });
        }
        let mut battle_app = BattleApp {
            app,
            _ruleset: PhantomData,
        };
        battle_app.restart(battle, dice);
        battle_app
    }

    /// Starts another battle in this app, as `new` would: the schedules, built at the first
    /// update, are kept, which is most of the cost of a battle of a few commands (the fuzzer's).
    pub fn restart(&mut self, battle: Battle<R>, dice: Dice) {
        start_battle(self.app.world_mut(), battle, dice);
        self.app.update();
        self.settle_phase();
    }

    /// Applies a phase change `follow_phase` asked for, so `phase()` is current after each command.
    fn settle_phase(&mut self) {
        if matches!(self.app.world().get_resource::<NextState<R::Phase>>(), Some(NextState::Pending(_))) {
            self.app.world_mut().run_schedule(StateTransition);
        }
    }

    /// The phase sub-state as the world holds it: systems gated on it see this one.
    pub fn phase(&self) -> R::Phase {
        *self.app.world().resource::<State<R::Phase>>().get()
    }

    pub fn view(&self) -> &Battle<R> {
        &self.app.world().resource::<BattleView<R>>().0
    }

    /// The events, the commands and the turn hashes so far.
    pub fn log(&self) -> &EventLog<R> {
        self.app.world().resource::<EventLog<R>>()
    }

    pub fn events(&self) -> &[R::Event] {
        &self.log().events
    }

    /// The state hashes at the opening and at the start of every player-turn so far.
    pub fn turn_hashes(&self) -> &[TurnHash] {
        &self.log().turn_hashes
    }

    pub fn legal_commands(&self) -> Vec<R::Command> {
        R::legal_commands(self.view())
    }

    /// Sends one command through the ECS and returns the events it produced, or why it was refused.
    pub fn submit(&mut self, command: R::Command) -> Result<Vec<R::Event>, RuleError> {
        let before = self.events().len();
        let refused = self.log().rejected.len();
        self.app.world_mut().resource_mut::<CommandInbox<R>>().0.push_back(command);
        self.app.update();
        self.settle_phase();
        let log = self.log();
        if log.rejected.len() > refused {
            return Err(log.rejected[refused].1.clone());
        }
        Ok(log.events[before..].to_vec())
    }

    pub fn world(&self) -> &World {
        self.app.world()
    }

    /// Reseeds the battle's dice before the command `reseed` names (a game going on with fresh dice).
    pub fn add_reseed(&mut self, reseed: super::dice::Reseed) {
        self.app.world_mut().resource_mut::<BattleDice>().0.add_reseed(reseed);
    }
}
