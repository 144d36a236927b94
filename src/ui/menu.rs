//! The main menu: bundled scenarios grouped by ruleset with their briefing, the mode (against the
//! computer on either side, or hotseat), the seed (typed or random), saved games to load, and a
//! replay file to watch. Bad files get an error naming file, line and field, and nothing is lost.

use super::session::{Mode, Session, start};
use super::stage::{Film, Stage};
use crate::battle::{AppState, Ruleset, Side};
use crate::cli::replay::{check, read_header};
use crate::replay::first_divergence;
use crate::rules::thucydide::event::Event;
use crate::rules::thucydide::{Command, Thucydide};
use crate::scenario::{self, Scenario};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};

/// What the menu has chosen so far.
#[derive(Resource, Clone)]
pub struct MenuChoice {
    pub scenario: String,
    /// `None`: hotseat; `Some(side)`: the computer plays that side.
    pub computer: Option<u8>,
    pub seed: String,
    pub level: crate::ai::Level,
    pub replay_path: String,
    pub error: String,
    /// Start at once (from the command line) instead of waiting in the menu.
    pub start_now: bool,
}

impl MenuChoice {
    pub fn from_options(o: &super::Options) -> MenuChoice {
        MenuChoice {
            scenario: o.scenario.clone().unwrap_or_else(|| scenario::DEFAULT.to_string()),
            computer: o.computer.or(if o.scenario.is_some() { None } else { Some(1) }),
            seed: o.seed.map(|s| s.to_string()).unwrap_or_default(),
            level: o.level,
            replay_path: String::new(),
            error: String::new(),
            start_now: o.scenario.is_some(),
        }
    }

    /// The seed typed, or one from the clock.
    pub fn seed(&self) -> Result<u64, String> {
        if self.seed.trim().is_empty() {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1);
            return Ok(now % 1_000_000);
        }
        self.seed.trim().parse().map_err(|_| format!("the seed '{}' is not a whole number", self.seed.trim()))
    }

    pub fn mode(&self) -> Mode {
        self.computer.map_or(Mode::Hotseat, |s| Mode::Computer(Side(s)))
    }
}

pub struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(EguiPrimaryContextPass, menu.run_if(in_state(AppState::Menu).and_then(not(super::framebench::running))));
    }
}

fn bundled() -> Vec<Scenario> {
    scenario::BUNDLED.iter().filter_map(|(_, text)| scenario::parse(text).ok()).collect()
}

/// Starts the chosen scenario; the error, if any, goes back to the menu.
pub fn start_chosen(world: &mut World) {
    let choice = world.resource::<MenuChoice>().clone();
    let result = crate::cli::load_scenario(&choice.scenario).and_then(|s| {
        let seed = choice.seed()?;
        start(world, Session { scenario: s, seed, mode: choice.mode(), level: choice.level }, Vec::new())
    });
    world.resource_mut::<MenuChoice>().error = result.err().unwrap_or_default();
}

/// Loads a saved game (a replay file) and goes on playing it in the chosen mode.
pub fn load_game(world: &mut World, path: &Path) {
    let (mode, level) = (world.resource::<MenuChoice>().mode(), world.resource::<MenuChoice>().level);
    let result = read_replay(path).and_then(|(scenario, replay, _, _)| {
        let commands = replay.commands.clone();
        start(world, Session { scenario, seed: replay.seed, mode, level }, commands)
    });
    world.resource_mut::<MenuChoice>().error = result.err().unwrap_or_default();
}

type Read = (Scenario, crate::replay::Replay<Command>, Vec<Event>, Vec<usize>);

/// Reads, plays and checks a replay; the error names file, line and field.
fn read_replay(path: &Path) -> Result<Read, String> {
    let (text, header) = read_header(path).map_err(|e| e.to_string())?;
    if header.ruleset != Thucydide::NAME {
        return Err(format!("{}: ruleset '{}' has no board yet", path.display(), header.ruleset));
    }
    let (replay, played) = check::<Thucydide>(path, &text, &header)?;
    if let Some(diff) = first_divergence(&replay.turn_hashes, &played.turn_hashes) {
        return Err(format!("{}: {diff}", path.display()));
    }
    let scenario = crate::cli::load_scenario(&header.scenario)?;
    let events = played.app.events().to_vec();
    let log = played.app.world().resource::<crate::battle::ecs::EventLog<Thucydide>>();
    let ends = log.commands.iter().map(|(_, n)| *n).collect();
    Ok((scenario, replay, events, ends))
}

/// Opens the replay viewer on a game's events.
pub fn open_film(world: &mut World, scenario: &Scenario, events: Vec<Event>, command_ends: Vec<usize>, verdict: String) {
    let Ok(battle) = Thucydide::setup(scenario) else { return };
    world.insert_resource(Stage::new(battle, false));
    world.insert_resource(Film::new(events, command_ends, verdict));
    world.resource_mut::<NextState<AppState>>().set(AppState::Replay);
}

pub fn watch_replay(world: &mut World, path: &Path) {
    match read_replay(path) {
        Ok((scenario, replay, events, ends)) => {
            let verdict = format!("{}: {} commands, {} turn hashes verified", path.display(), replay.commands.len(), replay.turn_hashes.len());
            open_film(world, &scenario, events, ends, verdict);
            world.resource_mut::<MenuChoice>().error.clear();
        }
        Err(e) => world.resource_mut::<MenuChoice>().error = e,
    }
}

fn menu(mut contexts: EguiContexts, mut choice: ResMut<MenuChoice>, mut commands: Commands) -> Result {
    if choice.start_now {
        choice.start_now = false;
        commands.queue(start_chosen);
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let scenarios = bundled();
    let mut root = super::panels::root_ui(ctx);
    egui::CentralPanel::default_margins().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.heading(egui::RichText::new("STRATEGOS").size(40.0).strong());
            ui.label("Hex battles after the French tabletop rules");
        });
        ui.add_space(12.0);
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            let mut rulesets: Vec<&str> = scenarios.iter().map(|s| s.ruleset.as_str()).collect();
            rulesets.dedup();
            for r in rulesets {
                ui.strong(format!("{}", r[..1].to_uppercase() + &r[1..]));
                for s in scenarios.iter().filter(|s| s.ruleset == r) {
                    ui.radio_value(&mut choice.scenario, s.id.clone(), &s.name);
                }
            }
            ui.add_space(8.0);
            if let Some(s) = scenarios.iter().find(|s| s.id == choice.scenario) {
                ui.label(egui::RichText::new(&s.briefing).italics());
                ui.add_space(8.0);
                ui.strong("Mode");
                for (i, side) in s.sides.iter().enumerate() {
                    let other = &s.sides[1 - i].name;
                    ui.radio_value(&mut choice.computer, Some(1 - i as u8), format!("Play {} against the computer ({other})", side.name));
                }
                ui.radio_value(&mut choice.computer, None, "Hotseat: two players on this screen");
                ui.horizontal(|ui| {
                    ui.label("Computer:");
                    ui.radio_value(&mut choice.level, crate::ai::Level::Easy, "quick");
                    ui.radio_value(&mut choice.level, crate::ai::Level::Normal, "stronger (one exchange ahead)");
                });
            }
            ui.horizontal(|ui| {
                ui.label("Seed (empty for a random one):");
                ui.text_edit_singleline(&mut choice.seed);
            });
            if ui.button(egui::RichText::new("Start the battle").size(20.0)).clicked() {
                commands.queue(start_chosen);
            }
            let ui = &mut cols[1];
            ui.strong("Saved games");
            let saves = super::saves::list();
            if saves.is_empty() {
                ui.label(format!("None yet in {}", super::saves::dir().display()));
            }
            egui::ScrollArea::vertical().max_height(220.0).show(ui, |ui| {
                for path in saves {
                    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                    ui.horizontal(|ui| {
                        if ui.button("Load").clicked() {
                            let p = path.clone();
                            commands.queue(move |world: &mut World| load_game(world, &p));
                        }
                        if ui.button("Watch").clicked() {
                            let p = path.clone();
                            commands.queue(move |world: &mut World| watch_replay(world, &p));
                        }
                        ui.label(name);
                    });
                }
            });
            ui.add_space(8.0);
            ui.strong("Open a replay file");
            ui.text_edit_singleline(&mut choice.replay_path);
            if ui.button("Watch the replay").clicked() {
                let p = PathBuf::from(choice.replay_path.trim());
                commands.queue(move |world: &mut World| watch_replay(world, &p));
            }
        });
        if !choice.error.is_empty() {
            ui.add_space(10.0);
            ui.colored_label(egui::Color32::from_rgb(240, 90, 70), &choice.error);
        }
    });
    Ok(())
}
