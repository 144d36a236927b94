//! The menu's "Online" window: the server's address and the connection's state, a new game of the
//! battle picked in the menu with the side to play and the invite for the other player, joining
//! with an invite, and "My games" with whose decision each waits for. Opening a game starts its
//! battle once the server has handed over its first entries.

use super::link::{Link, LinkState};
use super::seats::{Seat, Seats};
use crate::ai::Judge;
use crate::battle::Present;
use crate::online::protocol::{GameLine, Reply, Request};
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::Scenario;
use crate::ui::menu::MenuChoice;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

#[derive(Resource, Default)]
pub struct Lobby {
    pub open: bool,
    /// The address as typed.
    address: String,
    side: u8,
    invite: String,
    games: Vec<GameLine>,
    /// What the server refused, or what went wrong, in a player's words.
    message: String,
    /// The battle a game was asked for, until the server makes it.
    creating: Option<String>,
    /// The game asked to open, until the server opens it.
    opening: Option<Seat>,
    /// The game just made, with the invite to hand over.
    made: Option<Seat>,
}

impl Lobby {
    pub fn new(address: String, join: Option<String>) -> Lobby {
        Lobby { open: join.is_some(), address, invite: join.unwrap_or_default(), ..default() }
    }
}

/// Where a game is, in a player's words.
fn state_words(line: Option<&GameLine>) -> &'static str {
    match line {
        None => "",
        Some(l) if l.waiting_for.is_none() => "over",
        Some(l) if !l.joined => "waiting for the other player to join",
        Some(l) if l.waiting_for == Some(l.side) => "your decision",
        Some(_) => "the other player's decision",
    }
}

/// Opens `seat`'s game: asked now and again on every reconnection.
fn open_seat(lobby: &mut Lobby, link: &mut Link, seat: Seat) {
    if link.address != seat.server {
        link.reset(seat.server.clone());
    }
    link.follow(Request::Open { token: seat.token.clone() });
    lobby.opening = Some(seat);
    lobby.message.clear();
}

/// The server's answers while the menu is up. After "opened" the rest is the game's.
pub fn answer(mut lobby: ResMut<Lobby>, mut link: ResMut<Link>, mut seats: ResMut<Seats>, mut commands: Commands) {
    while let Some(reply) = link.replies.pop_front() {
        match reply {
            Reply::Created { game, side, token, invite } => {
                let seat = Seat { server: link.address.clone(), game, side, scenario: lobby.creating.take().unwrap_or_default(), token, invite: Some(invite) };
                if let Err(e) = seats.add(seat.clone()) {
                    lobby.message = e;
                }
                lobby.made = Some(seat);
            }
            Reply::Joined { game, side, token } => {
                let seat = Seat { server: link.address.clone(), game, side, scenario: String::new(), token, invite: None };
                if let Err(e) = seats.add(seat.clone()) {
                    lobby.message = e;
                }
                lobby.invite.clear();
                open_seat(&mut lobby, &mut link, seat);
            }
            Reply::Opened { game, side, scenario, .. } => {
                let Some(mut seat) = lobby.opening.take().filter(|s| s.game == game && s.side == side) else { continue };
                if seat.scenario != scenario {
                    seat.scenario = scenario.clone();
                    if let Err(e) = seats.add(seat.clone()) {
                        lobby.message = e;
                    }
                }
                match crate::ui::battles::load_named(&scenario) {
                    Ok(s) => commands.queue(move |world: &mut World| begin(world, seat, s)),
                    Err(e) => lobby.message = format!("this game's battle is not on this computer: {e}"),
                }
                return;
            }
            Reply::Games { games } => lobby.games = games,
            Reply::Refused { message } => {
                lobby.opening = None;
                lobby.creating = None;
                lobby.message = format!("The server refused: {message}");
            }
            Reply::Delivery { .. } | Reply::Ended { .. } => {}
        }
    }
}

/// Puts the online game of `seat` in place; its battle starts with the first delivery.
fn begin(world: &mut World, seat: Seat, scenario: Scenario) {
    let ruleset = scenario.ruleset.clone();
    let result = with_ruleset(&ruleset, Begin { world: &mut *world, seat, scenario }).map_err(|e| e.to_string()).and_then(|r| r);
    if let Err(e) = result {
        world.resource_mut::<Lobby>().message = e;
    }
}

struct Begin<'w> {
    world: &'w mut World,
    seat: Seat,
    scenario: Scenario,
}

impl ForRuleset for Begin<'_> {
    type Output = Result<(), String>;

    fn run<R: Judge + Present>(self) -> Result<(), String> {
        let game = super::follow::OnlineGame::<R>::new(self.seat, self.scenario)?;
        self.world.insert_resource(game);
        self.world.insert_resource(super::GameOpen);
        Ok(())
    }
}

/// The lobby window, over the menu.
pub fn window(mut contexts: EguiContexts, mut lobby: ResMut<Lobby>, mut link: ResMut<Link>, mut seats: ResMut<Seats>, choice: Res<MenuChoice>, mut placed: ResMut<crate::ui::placed::Placed>) -> Result {
    if !lobby.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let picked = crate::ui::battles::load_named(&choice.scenario).ok();
    egui::Window::new("Online: play a friend through a server").open(&mut open).collapsible(false).default_width(520.0).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
        ui.horizontal(|ui| {
            ui.label("Server:");
            let field = ui.add(egui::TextEdit::singleline(&mut lobby.address).desired_width(280.0)).on_hover_text("The WebSocket address of a `strategos serve`: ws://HOST:PORT/play");
            placed.note("online: Server", &field);
            if field.lost_focus() && lobby.address.trim() != link.address {
                let address = lobby.address.trim().to_string();
                link.reset(address.clone());
                seats.server = Some(address);
                let _ = seats.keep();
            }
        });
        let colour = match link.state {
            LinkState::Open => egui::Color32::from_rgb(120, 200, 120),
            LinkState::Lost(_) => egui::Color32::from_rgb(240, 90, 70),
            _ => egui::Color32::GRAY,
        };
        ui.colored_label(colour, link.words());
        if !lobby.message.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(240, 90, 70), &lobby.message);
        }
        ui.separator();
        ui.strong("A new game");
        match &picked {
            Some(s) => {
                ui.label(format!("Of the battle picked in the menu: {}", s.name));
                ui.horizontal(|ui| {
                    ui.label("You play:");
                    for (i, side) in s.sides.iter().enumerate() {
                        ui.radio_value(&mut lobby.side, i as u8, &side.name);
                    }
                });
                let create = ui.button("Create the game");
                placed.note("online: Create", &create);
                if create.clicked() {
                    lobby.creating = Some(s.id.clone());
                    lobby.made = None;
                    lobby.message.clear();
                    link.send(Request::Create { scenario: s.id.clone(), side: lobby.side });
                }
            }
            None => {
                ui.label("Pick a battle in the menu first.");
            }
        }
        if let Some(made) = lobby.made.clone() {
            let invite = made.invite.clone().unwrap_or_default();
            ui.horizontal(|ui| {
                ui.label("Invite for the other player:");
                ui.monospace(&invite);
                if ui.button("Copy").clicked() {
                    ui.ctx().copy_text(invite.clone());
                }
            });
            #[cfg(target_arch = "wasm32")]
            {
                let link_text = crate::ui::web::join_link(&invite);
                ui.horizontal(|ui| {
                    ui.label("Or the link:");
                    ui.monospace(&link_text);
                    if ui.button("Copy link").clicked() {
                        ui.ctx().copy_text(link_text.clone());
                    }
                });
            }
            if ui.button("Play it now").clicked() {
                open_seat(&mut lobby, &mut link, made);
            }
        }
        ui.separator();
        ui.strong("Join a game");
        ui.horizontal(|ui| {
            ui.label("Invite:");
            let field = ui.add(egui::TextEdit::singleline(&mut lobby.invite).desired_width(200.0));
            placed.note("online: Invite", &field);
            let join = ui.add_enabled(!lobby.invite.trim().is_empty(), egui::Button::new("Join"));
            placed.note("online: Join", &join);
            if join.clicked() {
                lobby.message.clear();
                link.send(Request::Join { invite: lobby.invite.trim().to_string() });
            }
        });
        ui.separator();
        ui.horizontal(|ui| {
            ui.strong("My games on this server");
            let mine: Vec<String> = seats.on(&link.address).map(|s| s.token.clone()).collect();
            if ui.add_enabled(!mine.is_empty(), egui::Button::new("Refresh")).clicked() {
                link.send(Request::MyGames { tokens: mine });
            }
        });
        let mine: Vec<Seat> = seats.on(&link.address).cloned().collect();
        if mine.is_empty() {
            ui.label("None yet.");
        }
        egui::ScrollArea::vertical().max_height(180.0).show(ui, |ui| {
            for seat in mine {
                let state = state_words(lobby.games.iter().find(|l| l.game == seat.game && l.side == seat.side));
                let battle = crate::ui::battles::load_named(&seat.scenario).map(|s| s.name).unwrap_or_else(|_| seat.scenario.clone());
                let side = crate::ui::battles::load_named(&seat.scenario).ok().and_then(|s| s.sides.get(usize::from(seat.side)).map(|x| x.name.clone())).unwrap_or_else(|| format!("side {}", seat.side));
                ui.horizontal(|ui| {
                    let opening = lobby.opening.as_ref().is_some_and(|o| o.game == seat.game && o.side == seat.side);
                    if ui.add_enabled(!opening, egui::Button::new(if opening { "Opening…" } else { "Play" })).clicked() {
                        open_seat(&mut lobby, &mut link, seat.clone());
                    }
                    ui.label(format!("game {}: {battle}, you play {side}", seat.game));
                    ui.weak(state);
                });
            }
        });
    });
    if !open {
        lobby.open = false;
    }
    Ok(())
}
