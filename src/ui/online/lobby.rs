//! The menu's "Online" window: the server's address and the connection's state, a new game of the
//! battle picked in the menu with the side to play and the invite for the other player, joining
//! with an invite, and "My games" with whose decision each waits for. Opening a game starts its
//! battle once the server has handed over its first entries.

use super::link::{Link, LinkState};
use super::seats::{Seat, Seats};
use crate::ai::Judge;
use crate::battle::Present;
use crate::online::protocol::{GameLine, Reply, Request, Upload};
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::Scenario;
use crate::ui::menu::MenuChoice;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// A request of the lobby's that the server has not answered yet: its answers come in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    Create,
    Join,
    Open,
    MyGames,
}

#[derive(Resource, Default)]
pub struct Lobby {
    pub open: bool,
    /// The address as typed.
    address: String,
    side: u8,
    invite: String,
    /// Join the game of `invite` at the first frame (a link that joins).
    join_now: bool,
    games: Vec<GameLine>,
    /// What the server refused, or what went wrong, in a player's words.
    pub message: String,
    asked: VecDeque<Asked>,
    /// The battle a game was asked for, until the server makes it.
    creating: Option<String>,
    /// The game asked to open, until the server opens it.
    opening: Option<Seat>,
    /// The game just made, with the invite to hand over.
    made: Option<Seat>,
    /// The bundled battles' names and sides' names, by id, as "My games" shows them.
    names: HashMap<String, (String, [String; 2])>,
    /// The battle picked in the menu, by id, read once a pick (the window draws every frame):
    /// the battle and whether it is one of one's own, or none if it does not read.
    picked: Option<(String, Option<(Arc<Scenario>, bool)>)>,
}

impl Lobby {
    /// The lobby on `address`, open with `invite` filled in when there is one, joining its game at
    /// once if `join_now`.
    pub fn new(address: String, invite: Option<String>, join_now: bool) -> Lobby {
        Lobby { open: invite.is_some(), address, join_now: join_now && invite.is_some(), invite: invite.unwrap_or_default(), ..default() }
    }

    /// Asks to join the game of the invite typed.
    pub fn join(&mut self, link: &mut Link) {
        self.message.clear();
        self.asked.push_back(Asked::Join);
        link.send(Request::Join { invite: self.invite.trim().to_string() });
    }

    /// The battle `id` picked in the menu, and whether it is one of one's own.
    fn picked(&mut self, id: &str) -> Option<(Arc<Scenario>, bool)> {
        if self.picked.as_ref().is_none_or(|(known, _)| known != id) {
            let battle = match crate::scenario::find_bundled(id) {
                Some(s) => Some((Arc::new(s), false)),
                None => crate::ui::battles::load_named(id).ok().map(|s| (Arc::new(s), true)),
            };
            self.picked = Some((id.to_string(), battle));
        }
        self.picked.as_ref().and_then(|(_, battle)| battle.clone())
    }

    fn waiting(&self, what: Asked) -> bool {
        self.asked.contains(&what)
    }

    /// A battle's name and its sides' names.
    fn names(&mut self, id: &str) -> (String, [String; 2]) {
        self.names
            .entry(id.to_string())
            .or_insert_with(|| match crate::scenario::find_bundled(id) {
                Some(s) => (s.name.clone(), [s.sides[0].name.clone(), s.sides[1].name.clone()]),
                None => (id.to_string(), ["side 0".into(), "side 1".into()]),
            })
            .clone()
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
        lobby.address = seat.server.clone();
    }
    link.follow(Request::Open { token: seat.token.clone() });
    lobby.asked.push_back(Asked::Open);
    lobby.opening = Some(seat);
    lobby.message.clear();
}

/// The server's answers while the menu is up. After "opened" the rest is the game's.
pub fn answer(mut lobby: ResMut<Lobby>, mut link: ResMut<Link>, mut seats: ResMut<Seats>, mut commands: Commands) {
    if lobby.join_now {
        lobby.join_now = false;
        lobby.join(&mut link);
    }
    while let Some(reply) = link.replies.pop_front() {
        match reply {
            Reply::Created { game, side, token, invite } => {
                lobby.asked.retain(|a| *a != Asked::Create);
                let seat = Seat { server: link.address.clone(), game, side, scenario: lobby.creating.take().unwrap_or_default(), token, invite: Some(invite) };
                if let Err(e) = seats.add(seat.clone()) {
                    lobby.message = e;
                }
                lobby.made = Some(seat);
            }
            Reply::Joined { game, side, token } => {
                lobby.asked.retain(|a| *a != Asked::Join);
                let seat = Seat { server: link.address.clone(), game, side, scenario: String::new(), token, invite: None };
                if let Err(e) = seats.add(seat.clone()) {
                    lobby.message = e;
                }
                lobby.invite.clear();
                open_seat(&mut lobby, &mut link, seat);
            }
            Reply::Opened { game, side, scenario, upload, .. } => {
                lobby.asked.retain(|a| *a != Asked::Open);
                let Some(mut seat) = lobby.opening.take().filter(|s| s.game == game && s.side == side) else { continue };
                if seat.scenario != scenario {
                    seat.scenario = scenario.clone();
                    if let Err(e) = seats.add(seat.clone()) {
                        lobby.message = e;
                    }
                }
                let battle = match &upload {
                    Some(u) => crate::battles::from_upload(u),
                    None => crate::scenario::find_bundled(&scenario).ok_or_else(|| format!("this game's battle '{scenario}' is not in this build of Strategos")),
                };
                match battle {
                    Ok(s) => {
                        lobby.names.insert(scenario, (s.name.clone(), [s.sides[0].name.clone(), s.sides[1].name.clone()]));
                        commands.queue(move |world: &mut World| begin(world, seat, s, upload));
                    }
                    Err(e) => {
                        link.on_connect = None;
                        lobby.message = e;
                    }
                }
                return;
            }
            Reply::Games { games } => {
                lobby.asked.retain(|a| *a != Asked::MyGames);
                lobby.games = games;
            }
            Reply::Refused { message } => {
                // The answer to the oldest request not yet answered.
                match lobby.asked.pop_front() {
                    Some(Asked::Create) => lobby.creating = None,
                    Some(Asked::Open) => {
                        lobby.opening = None;
                        link.on_connect = None;
                    }
                    _ => {}
                }
                lobby.message = format!("The server refused: {message}");
            }
            Reply::Delivery { .. } | Reply::Ended { .. } => {}
        }
    }
}

/// Puts the online game of `seat` in place; its battle starts with the first delivery.
fn begin(world: &mut World, seat: Seat, scenario: Scenario, upload: Option<Upload>) {
    let ruleset = scenario.ruleset.clone();
    let result = with_ruleset(&ruleset, Begin { world: &mut *world, seat, scenario, upload }).map_err(|e| e.to_string()).and_then(|r| r);
    if let Err(e) = result {
        world.resource_mut::<Lobby>().message = e;
    }
}

struct Begin<'w> {
    world: &'w mut World,
    seat: Seat,
    scenario: Scenario,
    upload: Option<Upload>,
}

impl ForRuleset for Begin<'_> {
    type Output = Result<(), String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Result<(), String> {
        let game = super::follow::OnlineGame::<R>::new(self.seat, self.scenario, self.upload)?;
        self.world.insert_resource(game);
        self.world.insert_resource(super::GameOpen);
        Ok(())
    }
}

/// The lobby window, over the menu; its buttons wait while a game opens.
pub fn window(
    mut contexts: EguiContexts,
    mut lobby: ResMut<Lobby>,
    mut link: ResMut<Link>,
    mut seats: ResMut<Seats>,
    choice: Res<MenuChoice>,
    game_open: Option<Res<super::GameOpen>>,
    mut placed: ResMut<crate::ui::placed::Placed>,
) -> Result {
    if !lobby.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let picked = lobby.picked(&choice.scenario);
    let idle = game_open.is_none();
    egui::Window::new("Online: play a friend through a server").open(&mut open).collapsible(false).default_width(520.0).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
        ui.add_enabled_ui(idle, |ui| {
            ui.horizontal(|ui| {
                ui.label("Server:");
                let field = ui.add(egui::TextEdit::singleline(&mut lobby.address).desired_width(280.0)).on_hover_text("The WebSocket address of a `strategos serve`: ws://HOST:PORT/play");
                placed.note("online: Server", &field);
                if field.lost_focus() && lobby.address.trim() != link.address {
                    let address = lobby.address.trim().to_string();
                    link.reset(address.clone());
                    lobby.asked.clear();
                    seats.server = Some(address);
                    if let Err(e) = seats.keep() {
                        lobby.message = e;
                    }
                }
            });
        });
        let colour = match link.state {
            LinkState::Open => egui::Color32::from_rgb(120, 200, 120),
            LinkState::Lost(_) => egui::Color32::from_rgb(240, 90, 70),
            _ => egui::Color32::GRAY,
        };
        ui.colored_label(colour, link.words());
        if !idle {
            ui.label("Opening the game…");
        }
        if !lobby.message.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(240, 90, 70), &lobby.message);
        }
        ui.add_enabled_ui(idle, |ui| games(ui, &mut lobby, &mut link, &seats, picked.as_ref().map(|(s, own)| (&**s, *own)), &mut placed));
    });
    if !open {
        lobby.open = false;
    }
    Ok(())
}

/// A new game, joining one, and one's games on this server.
fn games(ui: &mut egui::Ui, lobby: &mut Lobby, link: &mut Link, seats: &Seats, picked: Option<(&Scenario, bool)>, placed: &mut crate::ui::placed::Placed) {
    ui.separator();
    ui.strong("A new game");
    match picked {
        Some((s, own)) => {
            ui.label(format!("Of the battle picked in the menu: {}{}", s.name, if own { " (one of yours: it is sent to the server with the game)" } else { "" }));
            ui.horizontal(|ui| {
                ui.label("You play:");
                for (i, side) in s.sides.iter().enumerate() {
                    ui.radio_value(&mut lobby.side, i as u8, &side.name);
                }
            });
            let create = ui.add_enabled(!lobby.waiting(Asked::Create), egui::Button::new("Create the game"));
            placed.note("online: Create", &create);
            if create.clicked() {
                lobby.made = None;
                lobby.message.clear();
                match own.then(|| crate::ui::battles::upload(&s.id)).transpose() {
                    Ok(upload) => {
                        lobby.creating = Some(s.id.clone());
                        lobby.asked.push_back(Asked::Create);
                        link.send(Request::Create { scenario: s.id.clone(), side: lobby.side, upload });
                    }
                    Err(e) => lobby.message = e,
                }
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
            open_seat(lobby, link, made);
        }
    }
    ui.separator();
    ui.strong("Join a game");
    ui.horizontal(|ui| {
        ui.label("Invite:");
        let field = ui.add(egui::TextEdit::singleline(&mut lobby.invite).desired_width(200.0));
        placed.note("online: Invite", &field);
        let join = ui.add_enabled(!lobby.invite.trim().is_empty() && !lobby.waiting(Asked::Join), egui::Button::new("Join"));
        placed.note("online: Join", &join);
        if join.clicked() {
            lobby.join(link);
        }
    });
    ui.separator();
    let mine: Vec<Seat> = seats.on(&link.address).cloned().collect();
    ui.horizontal(|ui| {
        ui.strong("My games on this server");
        if ui.add_enabled(!mine.is_empty() && !lobby.waiting(Asked::MyGames), egui::Button::new("Refresh")).clicked() {
            lobby.asked.push_back(Asked::MyGames);
            link.send(Request::MyGames { tokens: mine.iter().map(|s| s.token.clone()).collect() });
        }
    });
    if mine.is_empty() {
        ui.label("None yet.");
    }
    egui::ScrollArea::vertical().max_height(180.0).show(ui, |ui| {
        for seat in mine {
            let state = state_words(lobby.games.iter().find(|l| l.game == seat.game && l.side == seat.side));
            let (battle, sides) = lobby.names(&seat.scenario);
            let side = sides[usize::from(seat.side.min(1))].clone();
            ui.horizontal(|ui| {
                let opening = lobby.opening.as_ref().is_some_and(|o| o.game == seat.game && o.side == seat.side);
                if ui.add_enabled(!opening, egui::Button::new(if opening { "Opening…" } else { "Play" })).clicked() {
                    open_seat(lobby, link, seat.clone());
                }
                ui.label(format!("game {}: {battle}, you play {side}", seat.game));
                ui.weak(state);
            });
        }
    });
}
