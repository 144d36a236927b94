//! The scripted online player of the window test (`play --autopilot DIR --join INVITE`): it
//! photographs the lobby, joins the game of the invite, and plays its side as a person would,
//! one command of those the server offers whenever the board has shown everything, until the
//! battle is over and its replay saved; then photographs the end and quits. A board that is not
//! the side's copy of the game, once it has shown everything, fails it.

use super::follow::OnlineGame;
use super::link::Link;
use crate::ai::Judge;
use crate::battle::Present;
use crate::battle::ecs::{BattleView, CommandInbox, EventLog};
use crate::sim::RandomPlayer;
use crate::ui::input::LegalNow;
use crate::ui::session::{Session, human_to_decide};
use crate::ui::stage::Stage;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;

#[derive(Resource)]
pub struct OnlinePilot {
    pub dir: PathBuf,
    frames: u32,
    joined: bool,
    sent: usize,
    /// Frames left before quitting, once the end is photographed.
    quitting: Option<u32>,
    player: RandomPlayer,
}

impl OnlinePilot {
    pub fn new(dir: PathBuf) -> OnlinePilot {
        OnlinePilot { dir, frames: 0, joined: false, sent: 0, quitting: None, player: RandomPlayer::new(11) }
    }
}

fn shot(world: &mut World, name: &str) {
    let path = world.resource::<OnlinePilot>().dir.join(name);
    world.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
}

/// The lobby photographed, then the join sent.
pub fn join(world: &mut World) {
    let mut pilot = world.resource_mut::<OnlinePilot>();
    pilot.frames += 1;
    if pilot.joined || pilot.frames < 30 {
        return;
    }
    pilot.joined = true;
    world.resource_mut::<crate::ui::preferences::Preferences>().pace = crate::ui::preferences::Pace::Instant;
    shot(world, "online-lobby.png");
    world.resource_scope(|world, mut lobby: Mut<super::lobby::Lobby>| lobby.join(&mut world.resource_mut::<Link>()));
}

/// One command when this side may act and the board is still; the end photographed, then quit.
pub fn play<R: Judge + Present>(world: &mut World) {
    if let Some(left) = world.resource::<OnlinePilot>().quitting {
        if left == 0 {
            world.write_message(AppExit::Success);
        } else {
            world.resource_mut::<OnlinePilot>().quitting = Some(left - 1);
        }
        return;
    }
    let (Some(view), Some(log), Some(stage), Some(session)) = (world.get_resource::<BattleView<R>>(), world.get_resource::<EventLog<R>>(), world.get_resource::<Stage<R>>(), world.get_resource::<Session>()) else { return };
    let game = world.resource::<OnlineGame<R>>();
    let still = stage.caught_up(&log.events) && world.resource::<CommandInbox<R>>().0.is_empty();
    if still && !game.on_view(&view.0) {
        error!("strategos: the board is not this side's copy of the game");
        world.write_message(AppExit::error());
        return;
    }
    if game.ended() && still {
        shot(world, "online-end.png");
        world.resource_mut::<OnlinePilot>().quitting = Some(30);
        return;
    }
    if !still || human_to_decide(&view.0, session.mode).is_none() {
        return;
    }
    let offered = world.resource::<LegalNow<R>>().0.clone();
    let narrowed = R::random_choices(&view.0, offered.clone());
    let choices = if narrowed.is_empty() { offered } else { narrowed };
    let mut pilot = world.resource_mut::<OnlinePilot>();
    let Some(command) = pilot.player.choose(&choices) else { return };
    pilot.sent += 1;
    let sent = pilot.sent;
    world.resource_mut::<CommandInbox<R>>().0.push_back(command);
    if sent == 6 {
        shot(world, "online-battle.png");
    }
}
