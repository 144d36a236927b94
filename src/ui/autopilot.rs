//! A scripted player for the render test: from the menu into a battle of the chosen scenario against
//! the computer, where it selects the first unit that can act (its reach shown, the pointer on a
//! hex it reaches, with the way and its cost); then it plays side 0 as the computer would until a
//! click of one of its units on another unit's hex has a preview (an attack, with its odds): it
//! selects the unit, hovers the target, sends the command. It plays on until side 0 would end a
//! phase with units still able to act (the window asks), opens the help, plays on until side 0 has
//! a decision to take (shown with the rules under the log lines and the coordinates on the board),
//! and plays the battle out at once to its victory window. Then it opens the game in the replay
//! viewer, takes it over there for two players and ends the phases of the side
//! at the screen until the hand-off curtain shows, and quits, with a screenshot of each step. Only
//! commands from `legal_commands` are sent, through the ruleset's own `Present` contract, so the
//! script serves every ruleset.

use super::camera::PinnedHover;
use super::input::Selection;
use super::menu::{MenuChoice, start_chosen};
use super::stage::{Film, Stage, Stride};
use crate::ai::{Ai, Judge, Level};
use crate::battle::ecs::{BattleView, CommandInbox, EventLog};
use crate::battle::look::Intent;
use crate::battle::{AppState, Present, Side};
use crate::hex::Hex;
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::sim::Player;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;

/// Commands a step of the script may send (or frames it may wait) before it gives up.
const MAX_COMMANDS: usize = 600;
const ME: Side = Side(0);

/// Drives the window through `scenario` (an id or a file), saving screenshots in `dir`.
pub fn install(app: &mut App, dir: PathBuf, scenario: String) -> Result<(), String> {
    let ruleset = super::battles::load_named(&scenario)?.ruleset;
    with_ruleset(&ruleset, Install { app, dir, scenario }).map_err(|e| e.to_string())
}

struct Install<'a> {
    app: &'a mut App,
    dir: PathBuf,
    scenario: String,
}

impl ForRuleset for Install<'_> {
    type Output = ();

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) {
        let pilot = Autopilot::<R> { dir: self.dir, scenario: self.scenario, step: Step::Menu, wait: 30, sent: 0, shown: None, player: Ai::new(Level::Easy, 7), places: Vec::new() };
        self.app.insert_resource(pilot).add_systems(Update, drive::<R>);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Menu,
    Start,
    Battle,
    BattleShot,
    Deselect,
    Seek,
    Selected,
    Hovered,
    Send,
    Sent,
    After,
    AskEnd,
    AskEndShot,
    Help,
    HelpShot,
    HelpClose,
    Decision,
    DecisionShot,
    ToTheEnd,
    Victory,
    Replay,
    ReplaySeek,
    ReplayShot,
    Hotseat,
    HandOff,
    Done,
}

#[derive(Resource)]
struct Autopilot<R: Present> {
    dir: PathBuf,
    scenario: String,
    step: Step,
    wait: u32,
    sent: usize,
    /// The command being shown, and the hex of its target.
    shown: Option<(R::Command, Hex)>,
    /// Plays side 0 while no command worth showing is legal.
    player: Ai,
    /// Where the first button of a decision was, under each hover tried.
    places: Vec<Option<[f32; 4]>>,
}

fn shot<R: Present>(world: &mut World, name: &str) {
    let path = world.resource::<Autopilot<R>>().dir.join(name);
    world.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
}

fn drive<R: Judge + Present>(world: &mut World) {
    let mut pilot = world.resource_mut::<Autopilot<R>>();
    if pilot.wait > 0 {
        pilot.wait -= 1;
        return;
    }
    let step = pilot.step;
    match step {
        Step::Menu => {
            shot::<R>(world, "01-menu.png");
            next::<R>(world, Step::Start, 10);
        }
        Step::Start => {
            let scenario = world.resource::<Autopilot<R>>().scenario.clone();
            let mut choice = world.resource_mut::<MenuChoice>();
            choice.scenario = scenario;
            choice.computer = Some(1);
            choice.seed = "7".into();
            start_chosen(world);
            next::<R>(world, Step::Battle, 45);
        }
        Step::Battle => {
            // Once side 0 may act: the first unit that can, selected, its reach lit, the rest shaded.
            // The pointer on a hex it reaches (by road march when it can): the way there and its cost.
            if let Some(b) = my_turn::<R>(world) {
                let legal = R::legal_commands(&b);
                let unit = super::input::next_unit::<R>(&b, &legal, None);
                let marks = R::marks(&b, &legal, unit, None);
                world.resource_mut::<Selection>().0 = unit;
                world.insert_resource(PinnedHover(marks.restricted.first().or(marks.reach.last()).copied()));
                next::<R>(world, Step::BattleShot, 15);
            }
        }
        Step::BattleShot => {
            shot::<R>(world, "02-battle.png");
            next::<R>(world, Step::Deselect, 10);
        }
        Step::Deselect => {
            world.resource_mut::<Selection>().0 = None;
            world.remove_resource::<PinnedHover>();
            next::<R>(world, Step::Seek, 5);
        }
        Step::Seek => seek::<R>(world),
        Step::Selected => {
            shot::<R>(world, "03-selected.png");
            let target = world.resource::<Autopilot<R>>().shown.as_ref().map(|(_, h)| *h);
            world.insert_resource(PinnedHover(target));
            next::<R>(world, Step::Hovered, 30);
        }
        Step::Hovered => {
            shot::<R>(world, "04-target.png");
            next::<R>(world, Step::Send, 5);
        }
        Step::Send => {
            if let Some((c, _)) = world.resource::<Autopilot<R>>().shown.clone() {
                world.resource_mut::<CommandInbox<R>>().0.push_back(c);
            }
            world.remove_resource::<PinnedHover>();
            world.resource_mut::<Selection>().0 = None;
            next::<R>(world, Step::Sent, 12);
        }
        Step::Sent => {
            // Wait for the roll to be on screen (or for side 0's turn again, if no die is shown).
            let cued = matches!(world.resource::<Stage<R>>().cue(), Some(crate::battle::look::Cue::Dice { .. }));
            if cued || my_turn::<R>(world).is_some() {
                shot::<R>(world, "05-combat.png");
                next::<R>(world, Step::After, 10);
            }
        }
        Step::After => {
            let log = world.resource::<EventLog<R>>();
            if world.resource::<Stage<R>>().caught_up(&log.events) {
                shot::<R>(world, "06-after.png");
                next::<R>(world, Step::AskEnd, 10);
            }
        }
        Step::Decision => {
            // Side 0 plays on until a decision is its to take (a defence order, a follow-up...).
            if ended_before::<R>(world, "a decision came to side 0") {
                return;
            }
            if let Some(b) = my_turn::<R>(world) {
                let legal = R::legal_commands(&b);
                if R::decision(&b, &legal).is_some() {
                    let mut preferences = world.resource_mut::<super::preferences::Preferences>();
                    preferences.show_rules = true;
                    preferences.show_coordinates = true;
                    next::<R>(world, Step::DecisionShot, 15);
                } else {
                    play_one::<R>(world, &b, "no decision came to side 0");
                }
            }
        }
        Step::DecisionShot => {
            // The decision's buttons, with the pointer off the board, then over the hexes of its
            // combat (the panel fills with cards): where the first button was each time.
            let place = world.resource::<super::panels::DecisionPlace>().0;
            let tried = {
                let mut pilot = world.resource_mut::<Autopilot<R>>();
                pilot.places.push(place);
                pilot.places.len()
            };
            if tried == 1 {
                let focus = world.get_resource::<BattleView<R>>().and_then(|v| R::marks(&v.0, &R::legal_commands(&v.0), None, None).focus.first().copied());
                world.insert_resource(PinnedHover(focus));
                next::<R>(world, Step::DecisionShot, 10);
            } else {
                shot::<R>(world, "09-decision.png");
                let pilot = world.resource::<Autopilot<R>>();
                let places: Vec<String> = pilot.places.iter().map(|p| format!("{p:?}")).collect();
                let path = pilot.dir.join("decision-places.txt");
                if let Err(e) = std::fs::write(&path, places.join("\n")) {
                    error!("autopilot: {}: {e}", path.display());
                }
                next::<R>(world, Step::ToTheEnd, 5);
            }
        }
        Step::AskEnd => {
            world.remove_resource::<PinnedHover>();
            // Side 0 asks to end a phase while some unit can still act: the window asks first.
            if ended_before::<R>(world, "side 0 had units waiting at a phase's end") {
                return;
            }
            if let Some(b) = my_turn::<R>(world) {
                let legal = R::legal_commands(&b);
                let waiting = super::input::units_waiting(&b, &legal);
                if waiting > 0 && R::decision(&b, &legal).is_none() && legal.iter().any(|c| R::ends_phase(c)) {
                    world.resource_mut::<super::input::AskingToEnd>().0 = Some(waiting);
                    next::<R>(world, Step::AskEndShot, 15);
                } else {
                    play_one::<R>(world, &b, "side 0 never had units waiting at a phase's end");
                }
            }
        }
        Step::AskEndShot => {
            shot::<R>(world, "10-end-phase.png");
            next::<R>(world, Step::Help, 5);
        }
        Step::Help => {
            world.resource_mut::<super::input::AskingToEnd>().0 = None;
            world.resource_mut::<super::help::HelpOpen>().0 = true;
            next::<R>(world, Step::HelpShot, 15);
        }
        Step::HelpShot => {
            shot::<R>(world, "11-help.png");
            // Closed a few frames later: the screenshot is taken of a frame still to be drawn.
            next::<R>(world, Step::HelpClose, 5);
        }
        Step::HelpClose => {
            world.resource_mut::<super::help::HelpOpen>().0 = false;
            next::<R>(world, Step::Decision, 5);
        }
        Step::ToTheEnd => {
            // Side 0 plays as the computer would, at once, to the end of the battle.
            let mut preferences = world.resource_mut::<super::preferences::Preferences>();
            preferences.pace = super::preferences::Pace::Instant;
            preferences.show_coordinates = false;
            let over = battle_over::<R>(world);
            let caught_up = world.resource::<Stage<R>>().caught_up(&world.resource::<EventLog<R>>().events);
            if over && caught_up {
                next::<R>(world, Step::Victory, 10);
            } else if let Some(b) = my_turn::<R>(world) {
                play_one::<R>(world, &b, "the battle did not end");
            }
        }
        Step::Victory => {
            shot::<R>(world, "12-victory.png");
            next::<R>(world, Step::Replay, 5);
        }
        Step::Replay => {
            // Save the game so far and open it in the replay viewer, two commands in.
            let saved = super::saves::save(world.resource::<super::session::Session>(), world.resource::<EventLog<R>>(), &world.resource::<BattleView<R>>().0, "autopilot.ron");
            match saved {
                Ok(_) => super::menu::watch_save(world, "autopilot.ron"),
                Err(e) => error!("autopilot: {e}"),
            }
            next::<R>(world, Step::ReplaySeek, 20);
        }
        Step::ReplaySeek => {
            if let Some(film) = world.get_resource::<Film<R>>().cloned() {
                let to = film.next(film.next(0, Stride::Command), Stride::Command);
                world.resource_mut::<Stage<R>>().seek(&film.events, to);
            }
            next::<R>(world, Step::ReplayShot, 20);
        }
        Step::ReplayShot => {
            shot::<R>(world, "07-replay.png");
            next::<R>(world, Step::Hotseat, 10);
        }
        Step::Hotseat => {
            // Take the replay over where it stands, two commands in, for two players.
            if let Some(film) = world.get_resource::<Film<R>>().cloned() {
                let at = film.commands_shown(world.resource::<Stage<R>>().cursor);
                super::panels::take_over(world, film.origin, at, super::session::Mode::Hotseat);
            }
            next::<R>(world, Step::HandOff, 30);
        }
        Step::HandOff => {
            // The side at the screen ends its phases: the board is hidden until the other says it
            // is there.
            let mut pilot = world.resource_mut::<Autopilot<R>>();
            pilot.sent += 1;
            if pilot.sent > 2 * MAX_COMMANDS {
                error!("autopilot: the hand-off never came");
                world.write_message(AppExit::error());
            } else if world.resource::<super::panels::Curtain>().0.is_some() {
                shot::<R>(world, "08-handoff.png");
                next::<R>(world, Step::Done, 30);
            } else if let Some(b) = turn_of::<R>(world, None) {
                let legal = R::legal_commands(&b);
                let command = legal.iter().find(|c| R::ends_phase(c)).or(legal.first()).cloned();
                world.resource_mut::<CommandInbox<R>>().0.extend(command);
            }
        }
        Step::Done => {
            world.write_message(AppExit::Success);
        }
    }
}

/// Side 0 plays one command as the computer would; past the script's limit it gives up, saying `why`.
fn play_one<R: Judge + Present>(world: &mut World, b: &crate::battle::Battle<R>, why: &str) {
    let mut pilot = world.resource_mut::<Autopilot<R>>();
    pilot.sent += 1;
    if pilot.sent > 4 * MAX_COMMANDS {
        error!("autopilot: {why}");
        world.write_message(AppExit::error());
        return;
    }
    let command = pilot.player.choose(b);
    world.resource_mut::<CommandInbox<R>>().0.extend(command);
}

/// A script step that waits for a moment of the battle fails, rather than waiting for ever, when
/// the battle is over first.
fn ended_before<R: Present>(world: &mut World, what: &str) -> bool {
    let over = battle_over::<R>(world);
    if over {
        error!("autopilot: the battle ended before {what}");
        world.write_message(AppExit::error());
    }
    over
}

fn battle_over<R: Present>(world: &World) -> bool {
    world.get_resource::<BattleView<R>>().is_some_and(|v| R::outcome(&v.0).is_some())
}

fn next<R: Present>(world: &mut World, step: Step, wait: u32) {
    let mut pilot = world.resource_mut::<Autopilot<R>>();
    pilot.step = step;
    pilot.wait = wait;
    // Each step has its own budget of commands and frames.
    pilot.sent = 0;
}

/// The battle, when side 0 is to decide and the board has shown everything sent.
fn my_turn<R: Present>(world: &World) -> Option<crate::battle::Battle<R>> {
    turn_of(world, Some(ME))
}

/// The battle, when `side` (any side, if `None`) is to decide and the board has shown everything
/// sent.
fn turn_of<R: Present>(world: &World, side: Option<Side>) -> Option<crate::battle::Battle<R>> {
    if *world.resource::<State<AppState>>().get() != AppState::Battle {
        return None;
    }
    let b = &world.resource::<BattleView<R>>().0;
    let caught_up = world.resource::<Stage<R>>().caught_up(&world.resource::<EventLog<R>>().events);
    let deciding = R::deciding_side(b).filter(|d| side.is_none_or(|s| s == *d));
    (caught_up && world.resource::<CommandInbox<R>>().0.is_empty() && deciding.is_some()).then(|| b.clone())
}

/// A click of one of side 0's units on another unit's hex that sends a command with a preview.
fn worth_showing<R: Present>(b: &crate::battle::Battle<R>, legal: &[R::Command]) -> Option<(crate::battle::UnitId, R::Command, Hex)> {
    let hexes: Vec<Hex> = b.on_board().filter_map(|u| u.hex).collect();
    b.on_board().filter(|u| u.side == ME).find_map(|u| {
        hexes.iter().find_map(|h| match R::click(b, legal, Some(u.id), *h, false) {
            Intent::Send { command, .. } if R::preview(b, &command).is_some() => Some((u.id, command, *h)),
            _ => None,
        })
    })
}

/// Plays side 0 as the computer would until a command worth showing is legal, then selects its unit.
fn seek<R: Judge + Present>(world: &mut World) {
    let over = world.get_resource::<BattleView<R>>().is_some_and(|v| R::outcome(&v.0).is_some());
    if world.resource::<Autopilot<R>>().sent > MAX_COMMANDS || over {
        error!("autopilot: nothing worth showing found");
        world.write_message(AppExit::error());
        return;
    }
    let Some(b) = my_turn::<R>(world) else { return };
    let legal = R::legal_commands(&b);
    if R::decision(&b, &legal).is_none() {
        if let Some((unit, command, hex)) = worth_showing(&b, &legal) {
            world.resource_mut::<Selection>().0 = Some(unit);
            world.resource_mut::<Autopilot<R>>().shown = Some((command, hex));
            next::<R>(world, Step::Selected, 30);
            return;
        }
    }
    play_one::<R>(world, &b, "nothing worth showing found");
}
