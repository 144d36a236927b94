//! The main menu: bundled scenarios grouped by ruleset with their briefing, the mode (against the
//! computer on either side, or hotseat), the seed (typed or random), saved games to load, and a
//! replay file to watch. Bad files get an error naming file, line and field, and nothing is lost.

use super::session::{Mode, Session, start};
use super::stage::{Film, show};
use crate::ai::Judge;
use crate::battle::{AppState, Present};
use crate::replay::{ReplayHeader, parse_header, turn_hash, verified};
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::{self, Scenario};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::Path;
#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;

/// The strong level's thinking times the menu's slider offers, in milliseconds.
const STRONG_THINK_RANGE: std::ops::RangeInclusive<u32> = 20..=2000;

/// What the menu has chosen so far.
#[derive(Resource, Clone)]
pub struct MenuChoice {
    pub scenario: String,
    /// `None`: hotseat; `Some(side)`: the computer plays that side.
    pub computer: Option<u8>,
    pub seed: String,
    pub level: crate::ai::Level,
    /// The strong level's thinking time on the slider, kept while another level is picked.
    pub think_ms: u32,
    pub replay_path: String,
    pub error: String,
    /// Start at once (from the command line) instead of waiting in the menu.
    pub start_now: bool,
    /// Open this game in the replay viewer at once.
    pub watch_now: Option<super::Watched>,
    /// The autosave of the last game left unfinished, looked up on entering the menu.
    pub unfinished: Option<String>,
    /// Go on playing this save at once (from the command line).
    pub resume_now: Option<String>,
    /// The saves, read when the menu opens (and again every few seconds while it is up).
    pub saves: Vec<super::saves::Listed>,
    /// The save whose "Delete" was clicked, waiting for a yes or a no.
    pub deleting: Option<String>,
}

impl MenuChoice {
    pub fn from_options(o: &super::Options) -> MenuChoice {
        MenuChoice {
            scenario: o.scenario.clone().unwrap_or_else(|| scenario::DEFAULT.to_string()),
            computer: o.computer.or(if o.scenario.is_some() { None } else { Some(1) }),
            seed: o.seed.map(|s| s.to_string()).unwrap_or_default(),
            level: o.level,
            think_ms: match o.level {
                crate::ai::Level::Strong { think_ms } => think_ms,
                _ => crate::ai::STRONG_THINK_MS,
            },
            replay_path: String::new(),
            error: String::new(),
            start_now: o.scenario.is_some(),
            watch_now: o.watch.clone(),
            unfinished: None,
            deleting: None,
            resume_now: o.resume.clone(),
            saves: Vec::new(),
        }
    }

    /// The seed typed, or one from the clock.
    pub fn seed(&self) -> Result<u64, String> {
        if self.seed.trim().is_empty() {
            return Ok(clock() % 1_000_000);
        }
        self.seed.trim().parse().map_err(|_| format!("the seed '{}' is not a whole number", self.seed.trim()))
    }

    /// The saves and the game to continue, read again.
    fn reread_saves(&mut self) {
        self.unfinished = super::saves::unfinished();
        self.saves = super::saves::list();
    }

    pub fn mode(&self) -> Mode {
        Mode::of_computer(self.computer)
    }
}

/// Milliseconds of the wall clock (the browser has no `SystemTime`).
#[cfg(not(target_arch = "wasm32"))]
fn clock() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_millis() as u64)
}

#[cfg(target_arch = "wasm32")]
fn clock() -> u64 {
    js_sys::Date::now() as u64
}

pub struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(EguiPrimaryContextPass, menu.run_if(in_state(AppState::Menu).and_then(not(super::framebench::running))))
            .add_systems(OnEnter(AppState::Menu), |mut choice: ResMut<MenuChoice>| {
                choice.deleting = None;
                choice.reread_saves();
                super::saves::log_listing(choice.unfinished.as_deref(), &choice.saves);
            })
            .add_systems(Update, keep_saves_listed.run_if(in_state(AppState::Menu)));
    }
}

/// A file picked in the browser, or written by another instance, joins the list while the menu is up.
fn keep_saves_listed(time: Res<Time>, mut last: Local<f32>, mut choice: ResMut<MenuChoice>) {
    if time.elapsed_secs() - *last > 2.0 {
        *last = time.elapsed_secs();
        choice.reread_saves();
    }
}

fn bundled() -> Vec<Scenario> {
    scenario::BUNDLED.iter().filter_map(|(_, text)| scenario::parse(text).ok()).collect()
}

/// Starts the chosen scenario, with the ruleset it names; the error, if any, goes back to the menu.
pub fn start_chosen(world: &mut World) {
    let choice = world.resource::<MenuChoice>().clone();
    let result = crate::scenario::load_named(&choice.scenario).and_then(|scenario| {
        let session = Session { seed: choice.seed()?, mode: choice.mode(), level: choice.level, scenario, taken_over_at: None };
        super::session::start_fresh(world, session)
    });
    say(&mut world.resource_mut::<MenuChoice>(), result);
}

/// Shows what went wrong in the menu (and in the log), or clears the last error.
fn say(choice: &mut MenuChoice, result: Result<(), String>) {
    if let Err(e) = &result {
        warn!("strategos: {e}");
    }
    choice.error = result.err().unwrap_or_default();
}

/// Loads a saved game and goes on playing it as it was played (who the computer plays and how
/// well), or in the menu's mode for a file that does not say.
pub fn load_game(world: &mut World, name: &str) {
    let result = super::saves::read(name).and_then(|text| open_replay(world, Path::new(name), &text, Open::Play));
    say(&mut world.resource_mut::<MenuChoice>(), result);
}

/// What to do with a replay once it is read and checked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Open {
    /// Go on playing it, as it was being played (else in the menu's mode).
    Play,
    /// Watch it in the replay viewer.
    Watch,
}

/// Reads, plays and checks the replay text of `file` with the ruleset it names, then plays or
/// watches it; the error names file, line and field.
fn open_replay(world: &mut World, file: &Path, text: &str, open: Open) -> Result<(), String> {
    let header = parse_header(file, text).map_err(|e| e.to_string())?;
    let ruleset = header.ruleset.clone();
    let opened = Opened { world, file, text, header, open };
    with_ruleset(&ruleset, opened).map_err(|e| scenario::FileError::plain(e.to_string()).in_file(file).at_key(text, "ruleset").to_string())?
}

struct Opened<'a> {
    world: &'a mut World,
    file: &'a Path,
    text: &'a str,
    header: ReplayHeader,
    open: Open,
}

impl ForRuleset for Opened<'_> {
    type Output = Result<(), String>;

    fn run<R: Judge + Present>(self) -> Result<(), String> {
        let Opened { world, file, text, header, open } = self;
        let (replay, played) = verified::<R>(file, text, &header)?;
        let scenario = crate::scenario::load_named(&header.scenario)?;
        if open == Open::Play {
            let choice = world.resource::<MenuChoice>();
            let (mut mode, mut level, mut taken_over_at) = (choice.mode(), choice.level, None);
            if let Some(table) = &replay.table {
                mode = Mode::of_computer(table.computer);
                level = crate::ai::Level::from_name(&table.level).unwrap_or(level);
                taken_over_at = table.taken_over_at;
            }
            return start::<R>(world, Session { scenario, seed: replay.seed, mode, level, taken_over_at }, replay.commands);
        }
        // Read by the web test, which compares it with the native build's.
        info!("strategos: final state hash {} of {}", turn_hash(&played.app).hash, file.display());
        let verdict = if crate::replay::hashes_comparable(replay.format) {
            format!("{}: {} commands, {} turn hashes verified", file.display(), replay.commands.len(), replay.turn_hashes.len())
        } else {
            format!("{}: {} commands; format {}, whose turn hashes are not compared", file.display(), replay.commands.len(), replay.format)
        };
        open_film(world, Film::of_game(scenario, replay.seed, played.app.log(), verdict));
        Ok(())
    }
}

/// Opens the replay viewer on a game's film.
pub fn open_film<R: Present>(world: &mut World, film: Film<R>) {
    let Some(stage) = film.first_stage() else { return };
    show(world, stage);
    world.insert_resource(film);
    world.resource_mut::<NextState<AppState>>().set(AppState::Replay);
}

/// Opens a saved game or replay in the replay viewer.
pub fn watch_save(world: &mut World, name: &str) {
    match super::saves::read(name) {
        Ok(text) => watch(world, Path::new(name), &text),
        Err(e) => say(&mut world.resource_mut::<MenuChoice>(), Err(e)),
    }
}

/// Opens a replay file in the replay viewer.
#[cfg(not(target_arch = "wasm32"))]
pub fn watch_file(world: &mut World, path: &Path) {
    match crate::limits::read_file(path) {
        Ok(text) => watch(world, path, &text),
        Err(e) => say(&mut world.resource_mut::<MenuChoice>(), Err(e.to_string())),
    }
}

fn watch(world: &mut World, file: &Path, text: &str) {
    let result = open_replay(world, file, text, Open::Watch);
    say(&mut world.resource_mut::<MenuChoice>(), result);
}

/// Natively a typed path; in a browser the page's file picker, which puts the file among the saves.
#[cfg(not(target_arch = "wasm32"))]
fn replay_file(ui: &mut egui::Ui, choice: &mut MenuChoice, commands: &mut Commands) {
    ui.text_edit_singleline(&mut choice.replay_path);
    if ui.button("Watch the replay").clicked() {
        let p = PathBuf::from(choice.replay_path.trim());
        commands.queue(move |world: &mut World| watch_file(world, &p));
    }
}

#[cfg(target_arch = "wasm32")]
fn replay_file(ui: &mut egui::Ui, _: &mut MenuChoice, _: &mut Commands) {
    if ui.button("Choose a file: it joins the saved games").clicked() {
        super::web::pick_replay();
    }
}

fn menu(mut contexts: EguiContexts, mut choice: ResMut<MenuChoice>, mut commands: Commands) -> Result {
    if let Some(watched) = choice.watch_now.take() {
        commands.queue(move |world: &mut World| match watched {
            super::Watched::Save(name) => watch_save(world, &name),
            #[cfg(not(target_arch = "wasm32"))]
            super::Watched::File(path) => watch_file(world, &path),
        });
        return Ok(());
    }
    if let Some(name) = choice.resume_now.take() {
        commands.queue(move |world: &mut World| load_game(world, &name));
        return Ok(());
    }
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
                ui.strong(crate::rules::registry::title(r).unwrap_or(r));
                for s in scenarios.iter().filter(|s| s.ruleset == r) {
                    ui.radio_value(&mut choice.scenario, s.id.clone(), &s.name);
                }
            }
            ui.add_space(8.0);
            if let Some(s) = scenarios.iter().find(|s| s.id == choice.scenario) {
                ui.label(egui::RichText::new(&s.briefing).italics());
                let (columns, rows) = (s.map.rows.first().map_or(0, |r| r.split_whitespace().count()), s.map.rows.len());
                ui.small(format!("{} turns · a map of {columns} by {rows} hexes · first to play: {}", s.turns, s.sides[usize::from(s.first_side.min(1))].name));
                ui.add_space(8.0);
                ui.strong("Mode");
                for (i, side) in s.sides.iter().enumerate() {
                    let other = &s.sides[1 - i].name;
                    ui.radio_value(&mut choice.computer, Some(1 - i as u8), format!("Play {} against the computer ({other})", side.name));
                }
                ui.radio_value(&mut choice.computer, None, "Hotseat: two players on this screen");
                // The computer's level matters only when it plays.
                if choice.computer.is_some() {
                    ui.horizontal(|ui| {
                        ui.label("Computer:");
                        ui.radio_value(&mut choice.level, crate::ai::Level::Easy, "quick");
                        ui.radio_value(&mut choice.level, crate::ai::Level::Normal, "stronger (one exchange ahead)");
                        let strong = crate::ai::Level::Strong { think_ms: choice.think_ms };
                        ui.radio_value(&mut choice.level, strong, "strong (searches ahead)");
                    });
                    if let crate::ai::Level::Strong { think_ms } = &mut choice.level {
                        ui.horizontal(|ui| {
                            ui.label("Thinking time per decision:");
                            ui.add(egui::Slider::new(think_ms, STRONG_THINK_RANGE).suffix(" ms").logarithmic(true));
                        });
                        choice.think_ms = *think_ms;
                    }
                }
            }
            ui.horizontal(|ui| {
                ui.label("Seed (empty for a random one):");
                ui.text_edit_singleline(&mut choice.seed);
            });
            if ui.button(egui::RichText::new("Start the battle").size(20.0)).clicked() {
                commands.queue(start_chosen);
            }
            let ui = &mut cols[1];
            if let Some(name) = choice.unfinished.clone() {
                if ui.button(egui::RichText::new(format!("Continue the last game ({name})")).size(16.0)).clicked() {
                    commands.queue(move |world: &mut World| load_game(world, &name));
                }
                ui.add_space(8.0);
            }
            ui.strong("Saved games");
            if choice.saves.is_empty() {
                ui.label(format!("None yet in {}", super::saves::place()));
            }
            let saves = choice.saves.clone();
            egui::ScrollArea::vertical().max_height(260.0).show(ui, |ui| {
                for listed in saves {
                    let name = listed.name.clone();
                    ui.horizontal(|ui| {
                        if ui.button("Load").clicked() {
                            let n = name.clone();
                            commands.queue(move |world: &mut World| load_game(world, &n));
                        }
                        if ui.button("Watch").clicked() {
                            let n = name.clone();
                            commands.queue(move |world: &mut World| watch_save(world, &n));
                        }
                        if ui.button("Delete").clicked() {
                            choice.deleting = Some(name.clone());
                        }
                        ui.label(&name);
                    });
                    if choice.deleting.as_deref() == Some(name.as_str()) {
                        ui.horizontal(|ui| {
                            ui.colored_label(super::panels::WARNING, "Delete it for good?");
                            if ui.button("Yes, delete").clicked() {
                                let result = super::saves::remove(&name);
                                choice.deleting = None;
                                choice.reread_saves();
                                say(&mut choice, result);
                            }
                            if ui.button("No").clicked() {
                                choice.deleting = None;
                            }
                        });
                    }
                    ui.small(listed.about);
                }
            });
            ui.add_space(8.0);
            ui.strong("Open a replay file");
            replay_file(ui, &mut choice, &mut commands);
        });
        if !choice.error.is_empty() {
            ui.add_space(10.0);
            ui.colored_label(egui::Color32::from_rgb(240, 90, 70), &choice.error);
        }
    });
    Ok(())
}
