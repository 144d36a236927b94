//! An online battle on this screen: the player's copy (`online::Follower`) fed with what the
//! referee server hands this side, and the board kept on the copy's view by playing its entries
//! through the same ECS as any battle, each on the faces the server rolled, at once. The person's
//! commands go to the server instead of the battle; the commands offered are the server's, and so
//! is whose turn it is. When the game ends, its whole replay, which verifies, is saved, and the
//! session takes its seed, so that the replay viewer and a take-over play the game's own dice.

use super::GameOpen;
use super::link::{Link, LinkState};
use super::lobby::Lobby;
use super::seats::Seat;
use crate::ai::Judge;
use crate::battle::ecs::{BattleDice, BattleView, CommandInbox, EventLog, process_commands};
use crate::battle::hash::state_hash;
use crate::battle::{AppState, Dice, Present, Side};
use crate::online::follower::Follower;
use crate::online::protocol::{Reply, Request, Upload};
use crate::scenario::Scenario;
use crate::ui::input::LegalNow;
use crate::ui::panels::Notice;
use crate::ui::session::{Mode, Session, start_with};
use bevy::prelude::*;

/// The online game this screen plays.
#[derive(Resource)]
pub struct OnlineGame<R: Present> {
    pub seat: Seat,
    scenario: Scenario,
    follower: Follower<R>,
    /// The entries the board's battle has played, in order (a prefix of the copy's view).
    shown: Vec<usize>,
    /// The number of the command sent and not yet answered.
    in_flight: Option<usize>,
    /// A delivery did not read and the game was opened again; a second one leaves the game.
    reopened: bool,
    /// What to say under the top bar at the next frame (a battle started again this frame
    /// clears the notice).
    notice: Option<String>,
    /// The replay handed over at the end, and its seed.
    ended: Option<u64>,
    /// The stage last told what the referee says this side sees (`Stage::generation`).
    told_stage: Option<u64>,
    /// The battle's files, when one player sent it: kept among one's own battles at the end, so
    /// that the replay opens here.
    upload: Option<Upload>,
}

impl<R: Judge + Present> OnlineGame<R> {
    pub fn new(seat: Seat, scenario: Scenario, upload: Option<Upload>) -> Result<OnlineGame<R>, String> {
        let follower = Follower::new(&scenario, Side(seat.side))?;
        Ok(OnlineGame { seat, scenario, follower, shown: Vec::new(), in_flight: None, reopened: false, notice: None, ended: None, told_stage: None, upload })
    }

    fn side(&self) -> Side {
        Side(self.seat.side)
    }

    fn mode(&self) -> Mode {
        Mode::Online { side: self.side(), waits_for: self.follower.waiting_for() }
    }

    /// Whether the battle is over and its replay saved.
    pub fn ended(&self) -> bool {
        self.ended.is_some()
    }

    /// Whether the board's battle is the copy's battle after its view's entries (after the
    /// frame's commands are resolved).
    pub fn on_view(&self, board: &crate::battle::Battle<R>) -> bool {
        state_hash(board) == state_hash(self.follower.played_on())
    }
}

/// Each frame, before the battle resolves anything: the person's commands to the server, the
/// server's replies into the copy, the copy's new entries onto the board.
pub fn follow<R: Judge + Present>(world: &mut World) {
    let Some(mut game) = world.remove_resource::<OnlineGame<R>>() else { return };
    // A battle of another kind on the board (a take-over from the replay viewer): the game is left.
    if !game.shown.is_empty() && world.get_resource::<Session>().is_some_and(|s| !s.mode.is_online()) {
        world.remove_resource::<GameOpen>();
        world.resource_mut::<Link>().on_connect = None;
        return;
    }
    if let Some(text) = game.notice.take() {
        let mut notice = world.resource_mut::<Notice>();
        notice.text = text;
        notice.failed = None;
    }
    let given: Vec<R::Command> = world.get_resource_mut::<CommandInbox<R>>().map(|mut inbox| inbox.0.drain(..).collect()).unwrap_or_default();
    let mut reopen_failed = None;
    let mut received = false;
    {
        let mut link = world.resource_mut::<Link>();
        if link.state != LinkState::Open {
            // Sent or not, the command is asked again once the game is opened again.
            game.in_flight = None;
        }
        for command in given {
            let number = game.follower.next_entry();
            if link.state == LinkState::Open && game.in_flight.is_none() && game.follower.waiting_for() == Some(game.side()) && game.follower.legal().contains(&command) {
                let command = serde_json::to_value(&command).expect("a command serialises");
                link.send(Request::Command { token: game.seat.token.clone(), number, command });
                game.in_flight = Some(number);
            }
        }
        // The game's own replies; the rest stay for the lobby.
        let replies: Vec<Reply> = link.replies.drain(..).collect();
        for reply in replies {
            match reply {
                Reply::Delivery { game: g, delivery } if g == game.seat.game => {
                    let read = serde_json::from_value(delivery).map_err(|e| e.to_string()).and_then(|d| game.follower.receive(d).map_err(|e| e.to_string()));
                    match read {
                        Ok(()) => {
                            game.reopened = false;
                            received = true;
                        }
                        Err(e) if game.reopened => reopen_failed = Some(e),
                        Err(e) => {
                            // A copy that went wrong is rebuilt from everything the server holds.
                            game.notice = Some(format!("{e}; opening the game again"));
                            game.reopened = true;
                            game.in_flight = None;
                            game.shown.clear();
                            if let Ok(fresh) = Follower::new(&game.scenario, game.side()) {
                                game.follower = fresh;
                            }
                            link.send(Request::Open { token: game.seat.token.clone() });
                        }
                    }
                }
                Reply::Ended { game: g, replay } if g == game.seat.game => {
                    let name = format!("online-{}-game-{}.ron", game.scenario.id, game.seat.game);
                    let mut said = match crate::ui::saves::write(&name, &replay) {
                        Ok(place) => format!("The battle is over: its whole replay is saved as {place}"),
                        Err(e) => format!("The battle is over, but its replay could not be saved: {e}"),
                    };
                    match game.upload.as_ref().map(|u| crate::ui::battles::keep(u, &game.scenario.id)) {
                        Some(Ok(Some(kept))) => said = format!("{said}; {kept}"),
                        Some(Err(e)) => said = format!("{said}; {e}"),
                        Some(Ok(None)) | None => {}
                    }
                    game.notice = Some(said);
                    game.ended = Some(crate::limits::from_ron::<crate::replay::Replay<R::Command>>(&replay).map_or(0, |r| r.seed));
                }
                Reply::Refused { message } if game.in_flight.is_some() => {
                    game.in_flight = None;
                    game.notice = Some(format!("The server refused: {message}"));
                }
                Reply::Delivery { .. } | Reply::Ended { .. } => {}
                other => link.replies.push_back(other),
            }
        }
    }
    if let Some(e) = reopen_failed {
        leave_with(world, format!("This game cannot be followed here: {e}"));
        return;
    }
    if game.in_flight.is_some_and(|n| game.follower.next_entry() > n) {
        game.in_flight = None;
    }
    show_view(world, &mut game);
    tell_stage(world, &mut game, received);
    if let Some(mut session) = world.get_resource_mut::<Session>() {
        if session.mode != game.mode() {
            session.mode = game.mode();
        }
        if let Some(seed) = game.ended.filter(|s| session.seed != *s) {
            session.seed = seed;
        }
    }
    if let Some(mut legal) = world.get_resource_mut::<LegalNow<R>>() {
        let offered: &[R::Command] = if game.in_flight.is_none() { game.follower.legal() } else { &[] };
        if legal.0.as_slice() != offered {
            legal.0 = offered.to_vec();
        }
    }
    world.insert_resource(game);
}

/// Brings the board's battle to the copy's view, resolving at once its new entries on their faces,
/// or, where the view took another way (a hole filled) or the board does not match it, starting
/// the battle again from the view's entries.
fn show_view<R: Judge + Present>(world: &mut World, game: &mut OnlineGame<R>) {
    // Asked every frame: the entries are copied only when the board has some to catch up with.
    let board = world.contains_resource::<BattleView<R>>();
    if board && game.follower.view_entries().map(|e| e.number).eq(game.shown.iter().copied()) {
        return;
    }
    let view: Vec<_> = game.follower.view_entries().cloned().collect();
    if view.first().is_none_or(|e| e.number != 0) {
        return;
    }
    let numbers: Vec<usize> = view.iter().map(|e| e.number).collect();
    let on_board = board && numbers.starts_with(&game.shown);
    if on_board {
        let new = &view[game.shown.len()..];
        let faces: Vec<u8> = new.iter().flat_map(|e| e.faces.iter().copied()).collect();
        world.insert_resource(BattleDice(Dice::with_forced(0, &faces)));
        world.resource_mut::<CommandInbox<R>>().0.extend(new.iter().filter_map(|e| e.command.clone()));
        resolve_now::<R>(world);
        game.shown = numbers.clone();
        if game.on_view(&world.resource::<BattleView<R>>().0) {
            return;
        }
    }
    let faces: Vec<u8> = view.iter().flat_map(|e| e.faces.iter().copied()).collect();
    let commands = view.iter().filter_map(|e| e.command.clone()).collect();
    let session = Session::new(game.scenario.clone(), 0, game.mode(), crate::ai::Level::Easy);
    if let Err(e) = start_with::<R>(world, session, commands, Dice::with_forced(0, &faces)) {
        world.resource_mut::<Notice>().text = e;
        return;
    }
    resolve_now::<R>(world);
    game.shown = numbers;
    if !game.on_view(&world.resource::<BattleView<R>>().0) {
        game.notice = Some("The board does not match this side's copy of the game: reopen it from My games".into());
    }
}

/// Gives the stage what the referee says this side sees, past the entries held back from it, for
/// the board to draw once the entries the copy played are shown: at each delivery, and to each
/// new stage (a battle started again).
fn tell_stage<R: Judge + Present>(world: &mut World, game: &mut OnlineGame<R>, received: bool) {
    let after = world.get_resource::<EventLog<R>>().map_or(0, |log| log.events.len());
    let Some(mut stage) = world.get_resource_mut::<crate::ui::stage::Stage<R>>() else { return };
    if received || game.told_stage != Some(stage.generation()) {
        stage.tell(game.follower.told().cloned(), after);
        game.told_stage = Some(stage.generation());
    }
}

/// Resolves the commands in the inbox now, whatever the screen, so that the inbox holds only the
/// person's commands when the next frame begins.
fn resolve_now<R: Judge + Present>(world: &mut World) {
    if world.resource::<CommandInbox<R>>().0.is_empty() {
        return;
    }
    let refused = world.resource::<EventLog<R>>().rejected.len();
    if let Err(e) = world.run_system_cached(process_commands::<R>) {
        warn!("strategos: the online battle's commands could not be resolved: {e}");
    }
    let log = world.resource::<EventLog<R>>();
    for (command, why) in &log.rejected[refused..] {
        warn!("strategos: the server's command {command:?} refused on this board: {why}");
    }
}

/// Leaves the game on this screen, saying why in the lobby.
fn leave_with(world: &mut World, why: String) {
    world.remove_resource::<GameOpen>();
    world.resource_mut::<Link>().on_connect = None;
    let mut lobby = world.resource_mut::<Lobby>();
    lobby.message = why;
    lobby.open = true;
    world.resource_mut::<NextState<AppState>>().set(AppState::Menu);
}

/// Back at the menu: the game is left (the server keeps it; "My games" opens it again).
pub fn leave<R: Present>(mut commands: Commands, mut link: ResMut<Link>, game: Option<Res<OnlineGame<R>>>) {
    if game.is_some() {
        commands.remove_resource::<OnlineGame<R>>();
        commands.remove_resource::<GameOpen>();
        link.on_connect = None;
    }
}
