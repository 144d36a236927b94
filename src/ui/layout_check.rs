//! The layout check (`play --autopilot DIR --layout-check`, which the render test runs at 1024x768
//! and 1280x800, and the page's `?check=layout`, which the web test runs at both sizes): for every
//! bundled battle, the menu with that battle chosen against the computer and in hotseat, then the
//! battle itself, each frame's controls (`Placed`) checked to lie inside the window, and "Start the
//! battle" checked not to move when hotseat is chosen. Logs what it found (`strategos: layout
//! check: ...`); natively also writes it to `DIR/layout.txt` with a screenshot of each screen, and
//! quits with an error when a control is out.

use super::menu::{MenuChoice, start_chosen};
use super::placed::Placed;
use crate::battle::AppState;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;

/// Frames a screen is given to settle before it is checked (egui lays a new screen out over two).
const SETTLE: u32 = 6;

pub fn install(app: &mut App, dir: Option<PathBuf>) {
    let ids = crate::scenario::all_bundled().map(|s| s.id).collect();
    app.insert_resource(Check { dir, ids, at: 0, step: Step::Menu, wait: 30, problems: Vec::new(), start_place: None })
        .add_systems(Update, drive);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Menu,
    MenuShot,
    Hotseat,
    Start,
    Battle,
    BattleShot,
    Back,
}

#[derive(Resource)]
struct Check {
    /// Where the screenshots and the report go (none in a browser).
    dir: Option<PathBuf>,
    ids: Vec<String>,
    /// The battle being checked.
    at: usize,
    step: Step,
    wait: u32,
    problems: Vec<String>,
    /// Where "Start the battle" was against the computer, to compare with hotseat.
    start_place: Option<[f32; 4]>,
}

fn shot(world: &mut World, name: String) {
    if let Some(path) = world.resource::<Check>().dir.as_ref().map(|d| d.join(name)) {
        world.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
    }
}

/// Notes every control drawn outside the window on the screen now shown.
fn inspect(world: &mut World, screen: &str) {
    let placed = world.resource::<Placed>().clone();
    let mut check = world.resource_mut::<Check>();
    let id = check.ids[check.at].clone();
    if placed.controls.is_empty() {
        check.problems.push(format!("{id}, {screen}: no control was drawn"));
    }
    for out in placed.outside() {
        check.problems.push(format!("{id}, {screen}: {out}"));
    }
}

fn start_button(world: &World) -> Option<[f32; 4]> {
    let placed = world.resource::<Placed>();
    placed.controls.iter().find(|(name, _)| *name == "menu: Start the battle").map(|(_, r)| [r.min.x, r.min.y, r.max.x, r.max.y])
}

fn next(world: &mut World, step: Step, wait: u32) {
    let mut check = world.resource_mut::<Check>();
    check.step = step;
    check.wait = wait;
}

fn drive(world: &mut World) {
    let mut check = world.resource_mut::<Check>();
    if check.wait > 0 {
        check.wait -= 1;
        return;
    }
    // Past the last battle the check has reported: natively the window closes, a page stays.
    let Some(id) = check.ids.get(check.at).cloned() else { return };
    let step = check.step;
    let state = *world.resource::<State<AppState>>().get();
    match step {
        Step::Menu => {
            let mut choice = world.resource_mut::<MenuChoice>();
            choice.scenario = id;
            choice.computer = Some(1);
            next(world, Step::MenuShot, SETTLE);
        }
        Step::MenuShot => {
            inspect(world, "the menu against the computer");
            let place = start_button(world);
            world.resource_mut::<Check>().start_place = place;
            shot(world, format!("menu-{id}.png"));
            world.resource_mut::<MenuChoice>().computer = None;
            next(world, Step::Hotseat, SETTLE);
        }
        Step::Hotseat => {
            inspect(world, "the menu in hotseat");
            let (before, after) = (world.resource::<Check>().start_place, start_button(world));
            if before != after {
                world.resource_mut::<Check>().problems.push(format!("{id}: \"Start the battle\" moved from {before:?} to {after:?} when hotseat was chosen"));
            }
            let mut choice = world.resource_mut::<MenuChoice>();
            choice.computer = Some(1);
            choice.level = crate::ai::Level::Easy;
            choice.seed = "1".into();
            world.resource_mut::<super::preferences::Preferences>().pace = super::preferences::Pace::Instant;
            start_chosen(world);
            next(world, Step::Start, 0);
        }
        Step::Start => {
            if state == AppState::Battle {
                next(world, Step::Battle, SETTLE * 3);
            } else {
                let why = world.resource::<MenuChoice>().error.clone();
                let mut check = world.resource_mut::<Check>();
                check.step = Step::Back;
                check.problems.push(format!("{id}: the battle did not start ({why})"));
            }
        }
        Step::Battle => {
            inspect(world, "the battle's top bar");
            shot(world, format!("battle-{id}.png"));
            next(world, Step::BattleShot, SETTLE);
        }
        Step::BattleShot => {
            world.resource_mut::<NextState<AppState>>().set(AppState::Menu);
            next(world, Step::Back, SETTLE);
        }
        Step::Back => {
            let mut check = world.resource_mut::<Check>();
            check.at += 1;
            if check.at < check.ids.len() {
                next(world, Step::Menu, 0);
            } else {
                finish(world);
            }
        }
    }
}

/// Writes the report and quits: with an error when a control lay outside the window.
fn finish(world: &mut World) {
    let check = world.resource::<Check>();
    let window = world.resource::<Placed>().window;
    let failed = !check.problems.is_empty();
    let verdict = if failed { format!("{} controls out of place: {}", check.problems.len(), check.problems.join("; ")) } else { "every control inside the window".to_string() };
    info!("strategos: layout check: {} battles in a window of {window:?}: {verdict}", check.ids.len());
    if let Some(path) = check.dir.as_ref().map(|d| d.join("layout.txt")) {
        let report = format!("window {window:?}\n{} battles checked\n{}\n", check.ids.len(), check.problems.join("\n"));
        if let Err(e) = std::fs::write(&path, report) {
            error!("layout check: {}: {e}", path.display());
        }
    }
    if cfg!(not(target_arch = "wasm32")) {
        world.write_message(if failed { AppExit::error() } else { AppExit::Success });
    }
}
