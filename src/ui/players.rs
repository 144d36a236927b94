//! The computer's side: the AI at the level chosen in the menu, with its own dice (never the
//! battle's), one command at a time once the board has shown everything, so its moves are animated
//! like a person's.

use super::session::{Mode, Session};
use super::stage::Stage;
use crate::battle::ecs::{BattleView, CommandInbox, EventLog};
use crate::battle::{AppState, Ruleset};
use crate::rules::thucydide::Thucydide;
use crate::ai::{Ai, Level};
use crate::sim::Player;
use bevy::prelude::*;

/// The computer opponent of the current battle.
#[derive(Resource)]
pub struct Computer {
    player: Box<dyn Player<Thucydide> + Send + Sync>,
    /// Seconds to wait before its next command, so a person can follow.
    wait: f32,
}

impl Computer {
    pub fn new(level: Level, seed: u64) -> Computer {
        Computer { player: Box::new(Ai::new(level, seed)), wait: 0.0 }
    }
}

pub struct PlayersPlugin;

impl Plugin for PlayersPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, computer_plays.run_if(in_state(AppState::Battle)));
    }
}

const THINKING_PAUSE: f32 = 0.2;

fn computer_plays(
    time: Res<Time>,
    session: Res<Session>,
    view: Res<BattleView<Thucydide>>,
    log: Res<EventLog<Thucydide>>,
    stage: Res<Stage>,
    computer: Option<ResMut<Computer>>,
    mut inbox: ResMut<CommandInbox<Thucydide>>,
    mut commands: Commands,
) {
    let Mode::Computer(side) = session.mode else { return };
    let Some(mut computer) = computer else {
        commands.insert_resource(Computer::new(session.level, session.seed));
        return;
    };
    if Thucydide::deciding_side(&view.0) != Some(side) || !stage.caught_up(&log.events) || !inbox.0.is_empty() {
        computer.wait = THINKING_PAUSE;
        return;
    }
    computer.wait -= time.delta_secs();
    if computer.wait > 0.0 {
        return;
    }
    computer.wait = THINKING_PAUSE;
    if let Some(c) = computer.player.choose(&view.0) {
        inbox.0.push_back(c);
    }
}
