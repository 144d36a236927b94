//! An online battle on this screen: the player's copy (`online::Follower`) fed with what the
//! referee server hands this side, and the board kept on the copy's view by playing its entries
//! through the same ECS as any battle, each on the faces the server rolled. The person's commands
//! go to the server instead of the battle; the commands offered are the server's, and so is whose
//! turn it is. When the game ends, its whole replay, which verifies, is saved.

use super::link::Link;
use super::seats::Seat;
use crate::ai::Judge;
use crate::battle::ecs::{BattleDice, BattleView, CommandInbox};
use crate::battle::{Dice, Present, Side};
use crate::online::follower::Follower;
use crate::online::protocol::{Reply, Request};
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
}

impl<R: Judge + Present> OnlineGame<R> {
    pub fn new(seat: Seat, scenario: Scenario) -> Result<OnlineGame<R>, String> {
        let follower = Follower::new(&scenario, Side(seat.side))?;
        Ok(OnlineGame { seat, scenario, follower, shown: Vec::new(), in_flight: None })
    }

    fn side(&self) -> Side {
        Side(self.seat.side)
    }

    fn mode(&self) -> Mode {
        Mode::Online { side: self.side(), waits_for: self.follower.waiting_for() }
    }
}

/// Each frame, before the battle resolves anything: the person's commands to the server, the
/// server's replies into the copy, the copy's new entries onto the board.
pub fn follow<R: Judge + Present>(world: &mut World) {
    let Some(mut game) = world.remove_resource::<OnlineGame<R>>() else { return };
    let given: Vec<R::Command> = world.get_resource_mut::<CommandInbox<R>>().map(|mut inbox| inbox.0.drain(..).collect()).unwrap_or_default();
    let mut notices = Vec::new();
    {
        let mut link = world.resource_mut::<Link>();
        for command in given {
            let number = game.follower.next_entry();
            if game.in_flight.is_none() && game.follower.waiting_for() == Some(game.side()) && game.follower.legal().contains(&command) {
                let command = serde_json::to_value(&command).expect("a command serialises");
                link.send(Request::Command { token: game.seat.token.clone(), number, command });
                game.in_flight = Some(number);
            }
        }
        let replies: Vec<Reply> = link.replies.drain(..).collect();
        for reply in replies {
            match reply {
                Reply::Delivery { game: g, delivery } if g == game.seat.game => {
                    let read = serde_json::from_value(delivery).map_err(|e| e.to_string()).and_then(|d| game.follower.receive(d).map_err(|e| e.to_string()));
                    if let Err(e) = read {
                        notices.push(format!("{e}; opening the game again"));
                        // A copy that went wrong is rebuilt from everything the server holds.
                        if let Ok(fresh) = OnlineGame::<R>::new(game.seat.clone(), game.scenario.clone()) {
                            game.follower = fresh.follower;
                        }
                        link.send(Request::Open { token: game.seat.token.clone() });
                    }
                }
                Reply::Ended { game: g, replay } if g == game.seat.game => {
                    let name = format!("online-{}-game-{}.ron", game.scenario.id, game.seat.game);
                    notices.push(match crate::ui::saves::write(&name, &replay) {
                        Ok(place) => format!("The battle is over: its whole replay is saved as {place}"),
                        Err(e) => format!("The battle is over, but its replay could not be saved: {e}"),
                    });
                }
                Reply::Refused { message } => {
                    game.in_flight = None;
                    notices.push(format!("The server refused: {message}"));
                }
                _ => {}
            }
        }
    }
    if game.in_flight.is_some_and(|n| game.follower.next_entry() > n) {
        game.in_flight = None;
    }
    if let Some(last) = notices.pop() {
        let mut notice = world.resource_mut::<Notice>();
        notice.text = last;
        notice.failed = None;
    }
    show_view(world, &mut game);
    if let Some(mut session) = world.get_resource_mut::<Session>() {
        if matches!(session.mode, Mode::Online { .. }) && session.mode != game.mode() {
            session.mode = game.mode();
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

/// Brings the board's battle to the copy's view: its new entries resolved on their faces, or,
/// where the view took another way (a hole filled), the battle started again from its entries.
fn show_view<R: Judge + Present>(world: &mut World, game: &mut OnlineGame<R>) {
    let view: Vec<_> = game.follower.view_entries().collect();
    if view.first().is_none_or(|e| e.number != 0) {
        return;
    }
    let numbers: Vec<usize> = view.iter().map(|e| e.number).collect();
    let on_board = world.contains_resource::<BattleView<R>>() && numbers.starts_with(&game.shown);
    if on_board && numbers.len() == game.shown.len() {
        return;
    }
    if on_board {
        let new = &view[game.shown.len()..];
        let faces: Vec<u8> = new.iter().flat_map(|e| e.faces.iter().copied()).collect();
        world.insert_resource(BattleDice(Dice::with_forced(0, &faces)));
        world.resource_mut::<CommandInbox<R>>().0.extend(new.iter().filter_map(|e| e.command.clone()));
    } else {
        let faces: Vec<u8> = view.iter().flat_map(|e| e.faces.iter().copied()).collect();
        let commands = view.iter().filter_map(|e| e.command.clone()).collect();
        let session = Session::new(game.scenario.clone(), 0, game.mode(), crate::ai::Level::Easy);
        if let Err(e) = start_with::<R>(world, session, commands, Dice::with_forced(0, &faces)) {
            world.resource_mut::<Notice>().text = e;
            return;
        }
    }
    game.shown = numbers;
}

/// Back at the menu: the game is left (the server keeps it; "My games" opens it again).
pub fn leave<R: Present>(mut commands: Commands, mut link: ResMut<Link>, game: Option<Res<OnlineGame<R>>>) {
    if game.is_some() {
        commands.remove_resource::<OnlineGame<R>>();
        commands.remove_resource::<super::GameOpen>();
        link.on_connect = None;
    }
}
