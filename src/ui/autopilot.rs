//! A scripted player for the render test: from the menu into a battle against the computer, then
//! it plays greedily until one of its units can attack, selects it, hovers the target, attacks, and
//! saves a screenshot of each step; then it saves the game, opens it in the replay viewer, takes it
//! over there for two players and ends side 0's player-turn to show the hand-off, and quits. Only commands from
//! `legal_commands` are sent.

use super::camera::PinnedHover;
use super::input::Selection;
use super::menu::{MenuChoice, start_chosen};
use super::stage::Stage;
use crate::battle::ecs::{BattleView, CommandInbox, EventLog};
use crate::battle::{AppState, Battle, Ruleset, Side};
use crate::hex::Hex;
use crate::rules::thucydide::{Command, Thucydide};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;

/// Commands the script may send before it gives up finding an attack.
const MAX_COMMANDS: usize = 600;
const ME: Side = Side(0);

pub struct AutopilotPlugin(pub PathBuf);

impl Plugin for AutopilotPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Autopilot { dir: self.0.clone(), step: Step::Menu, wait: 30, sent: 0, attack: None })
            .add_systems(Update, drive);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Menu,
    Start,
    Battle,
    Seek,
    Selected,
    Hovered,
    Attack,
    Attacked,
    After,
    Replay,
    ReplaySeek,
    ReplayShot,
    Hotseat,
    HandOff,
    Done,
}

#[derive(Resource)]
struct Autopilot {
    dir: PathBuf,
    step: Step,
    wait: u32,
    sent: usize,
    attack: Option<Command>,
}

fn shot(world: &mut World, name: &str) {
    let path = world.resource::<Autopilot>().dir.join(name);
    world.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
}

/// The move that brings a unit nearest an enemy, if any gets nearer.
fn closing_move(b: &Battle<Thucydide>, legal: &[Command]) -> Option<Command> {
    let enemies: Vec<Hex> = b.on_board().filter(|u| u.side != ME).filter_map(|u| u.hex).collect();
    let nearest = |h: Hex| enemies.iter().map(|e| h.unsigned_distance_to(*e)).min().unwrap_or(u32::MAX);
    legal
        .iter()
        .filter_map(|c| match c {
            Command::Move { unit, to, .. } => {
                let from = b.unit(*unit)?.hex?;
                (nearest(*to) < nearest(from)).then_some((nearest(*to), c))
            }
            _ => None,
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c.clone())
}

fn drive(world: &mut World) {
    let mut pilot = world.resource_mut::<Autopilot>();
    if pilot.wait > 0 {
        pilot.wait -= 1;
        return;
    }
    let step = pilot.step;
    match step {
        Step::Menu => {
            shot(world, "01-menu.png");
            next(world, Step::Start, 10);
        }
        Step::Start => {
            let mut choice = world.resource_mut::<MenuChoice>();
            choice.scenario = crate::scenario::DEFAULT.into();
            choice.computer = Some(1);
            choice.seed = "7".into();
            start_chosen(world);
            next(world, Step::Battle, 45);
        }
        Step::Battle => {
            shot(world, "02-battle.png");
            next(world, Step::Seek, 10);
        }
        Step::Seek => seek_attack(world),
        Step::Selected => {
            shot(world, "03-selected.png");
            let target = match world.resource::<Autopilot>().attack {
                Some(Command::Attack { target, .. }) => world.resource::<BattleView<Thucydide>>().0.unit(target).and_then(|u| u.hex),
                _ => None,
            };
            world.insert_resource(PinnedHover(target));
            next(world, Step::Hovered, 30);
        }
        Step::Hovered => {
            shot(world, "04-target.png");
            next(world, Step::Attack, 5);
        }
        Step::Attack => {
            if let Some(c) = world.resource::<Autopilot>().attack.clone() {
                world.resource_mut::<CommandInbox<Thucydide>>().0.push_back(c);
            }
            world.remove_resource::<PinnedHover>();
            world.resource_mut::<Selection>().0 = None;
            next(world, Step::Attacked, 12);
        }
        Step::Attacked => {
            // Wait for the roll to be on screen.
            let log = world.resource::<EventLog<Thucydide>>();
            let stage = world.resource::<Stage<Thucydide>>();
            let rolled = stage.last(&log.events).is_some_and(|e| matches!(e, crate::rules::thucydide::Event::DiceRolled { .. }));
            let gone_past = stage.caught_up(&log.events) && log.events.iter().any(|e| matches!(e, crate::rules::thucydide::Event::DiceRolled { .. }));
            if rolled || gone_past {
                shot(world, "05-combat.png");
                next(world, Step::After, 10);
            }
        }
        Step::After => {
            let log = world.resource::<EventLog<Thucydide>>();
            if world.resource::<Stage<Thucydide>>().caught_up(&log.events) {
                shot(world, "06-after.png");
                next(world, Step::Replay, 10);
            }
        }
        Step::Replay => {
            // Save the game so far and open it in the replay viewer, two commands in.
            let saved = super::saves::save(world.resource::<super::session::Session>(), world.resource::<EventLog<Thucydide>>(), "autopilot.ron");
            match saved {
                Ok(_) => super::menu::watch_save(world, "autopilot.ron"),
                Err(e) => error!("autopilot: {e}"),
            }
            next(world, Step::ReplaySeek, 20);
        }
        Step::ReplaySeek => {
            if let Some(film) = world.get_resource::<super::stage::Film<Thucydide>>().cloned() {
                let to = film.next(film.next(0, super::stage::Stride::Command), super::stage::Stride::Command);
                world.resource_mut::<Stage<Thucydide>>().seek(&film.events, to);
            }
            next(world, Step::ReplayShot, 20);
        }
        Step::ReplayShot => {
            shot(world, "07-replay.png");
            next(world, Step::Hotseat, 10);
        }
        Step::Hotseat => {
            // Take the replay over where it stands, two commands in, for two players.
            if let Some(film) = world.get_resource::<super::stage::Film<Thucydide>>().cloned() {
                let at = film.commands_shown(world.resource::<Stage<Thucydide>>().cursor);
                super::panels::take_over(world, film.origin, at, super::session::Mode::Hotseat);
            }
            next(world, Step::HandOff, 30);
        }
        Step::HandOff => {
            // Side 0 ends both its phases: the board is hidden until side 1 says it is there.
            let b = world.resource::<BattleView<Thucydide>>().0.clone();
            let caught_up = world.resource::<Stage<Thucydide>>().caught_up(&world.resource::<EventLog<Thucydide>>().events);
            if world.resource::<super::panels::Curtain>().0.is_some() {
                shot(world, "08-handoff.png");
                next(world, Step::Done, 30);
            } else if caught_up && world.resource::<CommandInbox<Thucydide>>().0.is_empty() && Thucydide::deciding_side(&b) == Some(ME) {
                world.resource_mut::<CommandInbox<Thucydide>>().0.push_back(Command::EndPhase);
            }
        }
        Step::Done => {
            world.write_message(AppExit::Success);
        }
    }
}

fn next(world: &mut World, step: Step, wait: u32) {
    let mut pilot = world.resource_mut::<Autopilot>();
    pilot.step = step;
    pilot.wait = wait;
}

/// Plays side 0 toward the enemy until an attack is legal; the computer plays side 1.
fn seek_attack(world: &mut World) {
    if *world.resource::<State<AppState>>().get() != AppState::Battle {
        return;
    }
    let b = world.resource::<BattleView<Thucydide>>().0.clone();
    let caught_up = world.resource::<Stage<Thucydide>>().caught_up(&world.resource::<EventLog<Thucydide>>().events);
    if !caught_up || !world.resource::<CommandInbox<Thucydide>>().0.is_empty() || Thucydide::deciding_side(&b) != Some(ME) {
        return;
    }
    if world.resource::<Autopilot>().sent > MAX_COMMANDS || b.global.outcome.is_some() {
        error!("autopilot: no attack found");
        world.write_message(AppExit::error());
        return;
    }
    let legal = Thucydide::legal_commands(&b);
    let command = if !b.global.agenda.is_empty() {
        legal.first().cloned()
    } else if let Some(attack) = legal.iter().find(|c| matches!(c, Command::Attack { attack_order: false, .. })) {
        if let Command::Attack { attacker, .. } = attack {
            world.resource_mut::<Selection>().0 = Some(*attacker);
        }
        world.resource_mut::<Autopilot>().attack = Some(attack.clone());
        next(world, Step::Selected, 30);
        return;
    } else {
        closing_move(&b, &legal)
            .or_else(|| legal.iter().find(|c| matches!(c, Command::Activate { .. })).cloned())
            .or(Some(Command::EndPhase))
    };
    if let Some(c) = command {
        world.resource_mut::<CommandInbox<Thucydide>>().0.push_back(c);
        world.resource_mut::<Autopilot>().sent += 1;
    }
}
