//! The computer's side: the AI at the level chosen in the menu, with its own dice (never the
//! battle's), one command at a time once the board has shown everything, so its moves are animated
//! like a person's.

use super::session::{BattleStarted, Mode, Session};
use super::stage::Stage;
use crate::ai::{Ai, Judge, Level};
use crate::battle::Present;
use crate::battle::ecs::{BattleSet, BattleView, CommandInbox, EventLog};
use crate::sim::Player;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::marker::PhantomData;

/// The computer opponent of the current battle.
#[derive(Resource)]
pub struct Computer<R: Judge> {
    player: Box<dyn Player<R> + Send + Sync>,
    /// Seconds to wait before its next command, so a person can follow.
    wait: f32,
}

impl<R: Judge> Computer<R> {
    pub fn new(level: Level, seed: u64) -> Computer<R> {
        Computer { player: Box::new(Ai::new(level, seed)), wait: 0.0 }
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
        app.add_systems(Update, forget_computer::<R>.in_set(BattleSet::Resolve))
            .add_systems(Update, computer_plays::<R>.in_set(BattleSet::Play).run_if(resource_exists::<BattleView<R>>));
    }
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
    computer.wait -= time.delta_secs().min(THINKING_PAUSE);
    if computer.wait > 0.0 {
        return;
    }
    computer.wait = THINKING_PAUSE;
    if let Some(c) = computer.player.choose(&view.0) {
        inbox.0.push_back(c);
    }
}
