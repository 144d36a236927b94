//! The computer's side: the AI at the level chosen in the menu, with its own dice (never the
//! battle's), one command at a time once the board has shown everything, so its moves are animated
//! like a person's. It thinks on the task pool, so the strong level's search never stalls a frame.

use super::session::{BattleStarted, Mode, Session};
use super::stage::Stage;
use crate::ai::{Ai, Judge, Level};
use crate::battle::hash::state_hash;
use crate::battle::{Battle, Present, Side};
use crate::battle::ecs::{BattleSet, BattleView, CommandInbox, EventLog};
use crate::sim::Player;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use bevy::window::RequestRedraw;
use std::marker::PhantomData;

type Brain<R> = Box<dyn Player<R> + Send + Sync>;

/// The computer opponent of the current battle.
#[derive(Resource)]
pub struct Computer<R: Judge> {
    /// `None` while it thinks: the task holds it and gives it back with its choice.
    player: Option<Brain<R>>,
    thinking: Option<Thinking<R>>,
    /// Seconds to wait before its next command, so a person can follow.
    wait: f32,
}

/// A choice being made on the task pool, about the state whose hash it keeps.
struct Thinking<R: Judge> {
    task: Task<(Brain<R>, Option<R::Command>)>,
    about: u64,
}

impl<R: Judge> Computer<R> {
    pub fn new(level: Level, seed: u64) -> Computer<R> {
        Computer { player: Some(Box::new(Ai::new(level, seed))), thinking: None, wait: 0.0 }
    }

    fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The command chosen, once the task is done and only if the battle is still where it was
    /// asked: a person's undo meanwhile makes the choice moot.
    fn answer(&mut self, now: &Battle<R>) -> Option<Option<R::Command>> {
        let thinking = self.thinking.as_mut()?;
        let (player, command) = check_ready(&mut thinking.task)?;
        let about = thinking.about;
        self.thinking = None;
        self.player = Some(player);
        Some(command.filter(|_| state_hash(now) == about))
    }

    fn think(&mut self, about: &Battle<R>) {
        let Some(mut player) = self.player.take() else { return };
        let battle = about.clone();
        let task = AsyncComputeTaskPool::get_or_init(Default::default).spawn(async move {
            let command = player.choose(&battle);
            (player, command)
        });
        self.thinking = Some(Thinking { task, about: state_hash(about) });
    }
}

/// The computer player of one ruleset's battles.
pub struct PlayersPlugin<R: Judge + Present>(PhantomData<R>);

impl<R: Judge + Present> Default for PlayersPlugin<R> {
    fn default() -> Self {
        PlayersPlugin(PhantomData)
    }
}

impl<R: Judge + Present> Plugin for PlayersPlugin<R> {
    fn build(&self, app: &mut App) {
        app.init_resource::<ComputersTrail>()
            .add_systems(Update, forget_computer::<R>.in_set(BattleSet::Resolve))
            .add_systems(Update, (follow_trail::<R>, computer_plays::<R>).chain().in_set(BattleSet::Play).run_if(resource_exists::<BattleView<R>>));
    }
}

/// The first event of what the computer did since the person last gave a command: the board
/// keeps the ways of those moves marked until the person acts. `usize::MAX` (nothing marked) in
/// hotseat.
#[derive(Resource)]
pub struct ComputersTrail(pub usize);

impl Default for ComputersTrail {
    fn default() -> Self {
        ComputersTrail(usize::MAX)
    }
}

/// Commands resolved this frame were sent last frame by the side deciding then: when that was
/// the person (or the game started again), the trail starts after them.
fn follow_trail<R: Present>(session: Res<Session>, view: Res<BattleView<R>>, log: Res<EventLog<R>>, mut trail: ResMut<ComputersTrail>, mut last: Local<(usize, Option<Side>)>) {
    let Mode::Computer(computer) = session.mode else {
        trail.0 = usize::MAX;
        return;
    };
    let commands = log.commands.len();
    let person_acted = commands > last.0 && last.1 != Some(computer);
    if person_acted || commands < last.0 || trail.0 == usize::MAX {
        trail.0 = log.events.len();
    }
    *last = (commands, R::deciding_side(&view.0));
}

const THINKING_PAUSE: f32 = 0.2;

/// A new battle gets a new computer player, seeded by its session.
fn forget_computer<R: Judge>(mut started: MessageReader<BattleStarted>, mut commands: Commands) {
    if started.read().count() > 0 {
        commands.remove_resource::<Computer<R>>();
    }
}

fn computer_plays<R: Judge + Present>(
    time: Res<Time>,
    session: Res<Session>,
    view: Res<BattleView<R>>,
    log: Res<EventLog<R>>,
    stage: Res<Stage<R>>,
    computer: Option<ResMut<Computer<R>>>,
    mut inbox: ResMut<CommandInbox<R>>,
    mut commands: Commands,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Mode::Computer(side) = session.mode else { return };
    if R::deciding_side(&view.0) == Some(side) {
        // The computer's turn: the window must not sleep through its pause.
        redraw.write(RequestRedraw);
    }
    let Some(mut computer) = computer else {
        commands.insert_resource(Computer::<R>::new(session.level, session.seed));
        return;
    };
    if R::deciding_side(&view.0) != Some(side) || !stage.caught_up(&log.events) || !inbox.0.is_empty() {
        computer.wait = THINKING_PAUSE;
        return;
    }
    if computer.is_thinking() {
        if let Some(Some(c)) = computer.answer(&view.0) {
            inbox.0.push_back(c);
        }
        return;
    }
    computer.wait -= time.delta_secs().min(THINKING_PAUSE);
    if computer.wait > 0.0 {
        return;
    }
    computer.wait = THINKING_PAUSE;
    computer.think(&view.0);
}
