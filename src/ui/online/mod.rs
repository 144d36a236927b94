//! Online play in the window and the page, against a player elsewhere through a referee server
//! (`strategos serve`, `crate::online`): the connection (`link`), the games this player holds a
//! side of (`seats`), the menu's "Online" window (`lobby`) and the battle followed on this screen
//! (`follow`). The battle plays as hotseat does, one side at this screen; the connection's state
//! stays on screen.

pub mod follow;
pub mod link;
pub mod lobby;
pub mod pilot;
pub mod seats;

use crate::ai::Judge;
use crate::battle::ecs::BattleSet;
use crate::battle::{AppState, Present};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::marker::PhantomData;
use std::path::PathBuf;

/// The server a player reaches by default: natively one on this computer (`strategos serve`'s
/// default address), in the page the server that serves it.
fn default_address() -> String {
    #[cfg(target_arch = "wasm32")]
    return super::web::server_address();
    #[cfg(not(target_arch = "wasm32"))]
    "ws://127.0.0.1:8080/play".to_string()
}

pub struct OnlinePlugin {
    /// Join the game of this invite at once (the page's `?join=`, `play --join`).
    pub join: Option<String>,
    /// The server to use (`play --server`), instead of the one last used.
    pub server: Option<String>,
    /// Play the joined game by script, saving screenshots here (the window test).
    pub pilot: Option<PathBuf>,
}

impl Plugin for OnlinePlugin {
    fn build(&self, app: &mut App) {
        let seats = seats::Seats::read();
        let address = match &self.server {
            Some(server) => server.clone(),
            // A link to join names no server: it is the page's own.
            None if cfg!(target_arch = "wasm32") && self.join.is_some() => default_address(),
            None => seats.server.clone().unwrap_or_else(default_address),
        };
        if let (Some(dir), Some(_)) = (&self.pilot, &self.join) {
            app.insert_resource(pilot::OnlinePilot::new(dir.clone())).add_systems(Update, pilot::join);
        }
        app.insert_resource(link::Link::new(address.clone()))
            .insert_non_send(link::Socket::default())
            .insert_resource(seats)
            // The scripted player photographs the lobby before it joins.
            .insert_resource(lobby::Lobby::new(address, self.join.clone(), self.pilot.is_none()))
            .add_systems(Startup, wake_on_message)
            .add_systems(PreUpdate, link::pump)
            .add_systems(Update, lobby::answer.run_if(in_state(AppState::Menu)).run_if(no_game_open))
            .add_systems(EguiPrimaryContextPass, lobby::window.run_if(in_state(AppState::Menu)))
            .add_systems(EguiPrimaryContextPass, connection_line.run_if(in_state(AppState::Battle)));
    }
}

/// Whether no game is open on this screen (an open one takes its own replies first).
fn no_game_open(world: &World) -> bool {
    !world.contains_resource::<GameOpen>()
}

/// Present while an online game is open on this screen.
#[derive(Resource)]
pub struct GameOpen;

/// Natively the window rests between inputs: a message from the server wakes it.
#[cfg(not(target_arch = "wasm32"))]
fn wake_on_message(mut commands: Commands, proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    if let Some(proxy) = proxy {
        let proxy = std::sync::Mutex::new((**proxy).clone());
        commands.insert_resource(link::Wake(std::sync::Arc::new(move || {
            if let Ok(p) = proxy.lock() {
                let _ = p.send_event(bevy::winit::WinitUserEvent::WakeUp);
            }
        })));
    }
}

/// The page draws every frame.
#[cfg(target_arch = "wasm32")]
fn wake_on_message() {}

/// The connection's state under the board while an online battle is on.
fn connection_line(mut contexts: EguiContexts, link: Res<link::Link>, session: Option<Res<super::session::Session>>) -> Result {
    if !session.is_some_and(|s| s.mode.is_online()) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let colour = match link.state {
        link::LinkState::Open => egui::Color32::from_rgb(120, 200, 120),
        link::LinkState::Lost(_) => egui::Color32::from_rgb(240, 90, 70),
        _ => egui::Color32::GRAY,
    };
    egui::Area::new(egui::Id::new("online connection")).anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0]).interactable(false).show(ctx, |ui| {
        ui.colored_label(colour, format!("Online · {}", link.words()));
    });
    Ok(())
}

/// One ruleset's online battles.
pub struct OnlineGamePlugin<R: Judge + Present>(PhantomData<R>);

impl<R: Judge + Present> Default for OnlineGamePlugin<R> {
    fn default() -> Self {
        OnlineGamePlugin(PhantomData)
    }
}

impl<R: Judge + Present> Plugin for OnlineGamePlugin<R> {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, follow::follow::<R>.before(BattleSet::Resolve).run_if(resource_exists::<follow::OnlineGame<R>>))
            .add_systems(Update, pilot::play::<R>.in_set(BattleSet::Play).run_if(resource_exists::<pilot::OnlinePilot>).run_if(resource_exists::<follow::OnlineGame<R>>))
            .add_systems(OnEnter(AppState::Menu), follow::leave::<R>);
    }
}
