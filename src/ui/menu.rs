//! The main menu: bundled scenarios grouped by ruleset with their briefing, the mode (against the
//! computer on either side, or hotseat), the seed (typed or random), saved games to load, and a
//! replay file to watch. Bad files get an error naming file, line and field, and nothing is lost.

use super::session::{Mode, Session, start};
use super::stage::{Film, show};
use crate::ai::Judge;
use crate::battle::{AppState, Present};
use crate::replay::{ReplayHeader, parse_header, turn_hash, verified};
use crate::rules::registry::{ForRuleset, strong_withheld, with_ruleset};
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
    /// One's own battles and army lists, read with the saves.
    pub own: Vec<crate::battles::Listed>,
    /// The "New battle" window, while it is up: the ruleset and the map's size picked.
    pub new_battle: Option<(String, u32, u32)>,
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
            error: o.address_errors.join("; "),
            start_now: o.scenario.is_some(),
            watch_now: o.watch.clone(),
            unfinished: None,
            deleting: None,
            own: Vec::new(),
            resume_now: o.resume.clone(),
            saves: Vec::new(),
            new_battle: None,
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
        self.own = super::battles::list();
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
                super::battles::log_listing(&choice.own);
            })
            .add_systems(Update, keep_saves_listed.run_if(in_state(AppState::Menu)))
            .add_systems(Startup, (recall_level, say_the_first_error))
            .add_systems(Update, quit_on_ctrl_q);
    }
}

/// The menu offers the computer's level chosen last time, unless the command line started a
/// battle at a level of its own.
fn recall_level(mut choice: ResMut<MenuChoice>, preferences: Res<super::preferences::Preferences>) {
    if choice.start_now {
        return;
    }
    if let Some(level) = preferences.level.as_deref().and_then(|name| crate::ai::Level::from_name(name).ok()) {
        choice.level = level;
        if let crate::ai::Level::Strong { think_ms } = level {
            choice.think_ms = think_ms;
        }
    }
}

/// What was wrong with the options the game started with (the page's address) goes to the log as
/// well as the menu, as a bad file's error does.
fn say_the_first_error(choice: Res<MenuChoice>) {
    if !choice.error.is_empty() {
        warn!("strategos: {}", choice.error);
    }
}

/// Ctrl-Q closes the game from any screen (a battle is in its autosave already). The page has
/// nothing to close.
fn quit_on_ctrl_q(keys: Res<ButtonInput<KeyCode>>, mut exit: MessageWriter<AppExit>) {
    if cfg!(not(target_arch = "wasm32")) && super::input::ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyQ) {
        exit.write(AppExit::Success);
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
    scenario::all_bundled().collect()
}

/// Starts the chosen scenario, with the ruleset it names; the error, if any, goes back to the menu.
pub fn start_chosen(world: &mut World) {
    let level = world.resource::<MenuChoice>().level;
    start_at(world, level);
}

/// `start_chosen` with the computer at `level`.
fn start_at(world: &mut World, level: crate::ai::Level) {
    let choice = world.resource::<MenuChoice>().clone();
    let result = super::battles::load_named(&choice.scenario).and_then(|scenario| {
        let session = Session::new(scenario, choice.seed()?, choice.mode(), level);
        super::session::start_fresh(world, session)
    });
    say(&mut world.resource_mut::<MenuChoice>(), result);
}

/// The level the menu starts a battle at: the one picked, or the stronger level where the strong
/// one is `withheld` for the battle's ruleset (the pick is kept for the rulesets that offer it).
pub fn offered_level(picked: crate::ai::Level, withheld: Option<&str>) -> crate::ai::Level {
    match picked {
        crate::ai::Level::Strong { .. } if withheld.is_some() => crate::ai::Level::Normal,
        level => level,
    }
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

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Result<(), String> {
        let Opened { world, file, text, header, open } = self;
        let (replay, played) = verified::<R>(file, text, &header)?;
        let scenario = super::battles::load_named(&header.scenario)?;
        if open == Open::Play {
            let choice = world.resource::<MenuChoice>();
            let (mut mode, mut level, mut taken_over_at) = (choice.mode(), choice.level, None);
            if let Some(table) = &replay.table {
                mode = Mode::of_computer(table.computer);
                level = crate::ai::Level::from_name(&table.level).unwrap_or(level);
                taken_over_at = table.taken_over_at;
            }
            let same_dice = world.resource::<super::preferences::Preferences>().same_dice_on_reload;
            let session = Session { scenario, seed: replay.seed, mode, level, taken_over_at, reseeds: replay.reseeds }.with_fresh_dice(replay.commands.len(), same_dice);
            return start::<R>(world, session, replay.commands);
        }
        // Read by the web test, which compares it with the native build's.
        info!("strategos: final state hash {} of {}", turn_hash(&played.app).hash, file.display());
        let verdict = if crate::replay::hashes_comparable(replay.format) {
            format!("{}: {} commands, {} turn hashes verified", file.display(), replay.commands.len(), replay.turn_hashes.len())
        } else {
            format!("{}: {} commands; format {}, whose turn hashes are not compared", file.display(), replay.commands.len(), replay.format)
        };
        open_film(world, Film::of_game(scenario, replay.seed, &replay.reseeds, played.app.log(), verdict));
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
fn replay_file(ui: &mut egui::Ui, choice: &mut MenuChoice, commands: &mut Commands, placed: &mut super::placed::Placed) {
    ui.horizontal(|ui| {
        ui.add(egui::TextEdit::singleline(&mut choice.replay_path).desired_width(200.0).hint_text("a replay or save file"));
        let watch = ui.button("Watch the replay");
        placed.note("menu: Watch the replay", &watch);
        if watch.clicked() {
            let p = PathBuf::from(choice.replay_path.trim());
            commands.queue(move |world: &mut World| watch_file(world, &p));
        }
    });
}

#[cfg(target_arch = "wasm32")]
fn replay_file(ui: &mut egui::Ui, _: &mut MenuChoice, _: &mut Commands, placed: &mut super::placed::Placed) {
    let pick = ui.button("Choose a file: it joins the saved games");
    placed.note("menu: Choose a file", &pick);
    if pick.clicked() {
        super::web::pick_replay();
    }
}

/// The computer's level in a player's words, as the menu offers it and the top bar recalls it.
pub fn level_words(level: crate::ai::Level) -> String {
    match level {
        crate::ai::Level::Easy => "quick".into(),
        crate::ai::Level::Normal => "stronger".into(),
        crate::ai::Level::Strong { think_ms } => format!("strong, {think_ms} ms a decision"),
    }
}

/// The menu's layout keeps every control in one place whatever the scenario, the mode or the
/// window (from 1024x768 up): the scenarios and the saves scroll in the left column; the chosen
/// battle's facts, mode, computer level, seed and "Start the battle" head the right column, and its
/// briefing scrolls in what room is left below them (PageUp and PageDown scroll it too).
fn menu(mut contexts: EguiContexts, mut choice: ResMut<MenuChoice>, mut preferences: ResMut<super::preferences::Preferences>, keys: Res<ButtonInput<KeyCode>>, mut placed: ResMut<super::placed::Placed>, mut commands: Commands) -> Result {
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
    placed.begin(ctx);
    let mut scenarios = bundled();
    let bundled_count = scenarios.len();
    scenarios.extend(choice.own.iter().filter_map(|l| match &l.kind {
        crate::battles::Kind::Battle(Ok(s)) => Some(Scenario::clone(s)),
        _ => None,
    }));
    let page = if keys.just_pressed(KeyCode::PageDown) {
        -1.0
    } else if keys.just_pressed(KeyCode::PageUp) {
        1.0
    } else {
        0.0
    };
    let mut root = super::panels::root_ui(ctx);
    egui::CentralPanel::default_margins().show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.heading(egui::RichText::new("STRATEGOS").size(32.0).strong());
            ui.label("Hex battles after the French tabletop rules");
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                #[cfg(not(target_arch = "wasm32"))]
                {
                    let quit = ui.button("Quit (Ctrl-Q)").on_hover_text("Close Strategos; every game is kept in its autosave");
                    placed.note("menu: Quit", &quit);
                    if quit.clicked() {
                        commands.write_message(AppExit::Success);
                    }
                }
                let new = ui.button("New battle…").on_hover_text("Draw a battle of your own in the editor: the field, the armies, the rules of the battle");
                placed.note("menu: New battle", &new);
                if new.clicked() {
                    choice.new_battle = Some((crate::rules::registry::NAMES[0].to_string(), 16, 12));
                }
                let online = ui.button("Online…").on_hover_text("Play a friend elsewhere through a Strategos server (strategos serve)");
                placed.note("menu: Online", &online);
                if online.clicked() {
                    commands.queue(|world: &mut World| world.resource_mut::<super::online::lobby::Lobby>().open = true);
                }
            });
        });
        if !choice.error.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(240, 90, 70), &choice.error);
        }
        ui.separator();
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            let room = ui.available_height();
            ui.strong("Battles");
            egui::ScrollArea::vertical().id_salt("scenarios").max_height((room * 0.55).max(120.0)).auto_shrink([false, true]).show(ui, |ui| {
                let mut rulesets: Vec<&str> = scenarios[..bundled_count].iter().map(|s| s.ruleset.as_str()).collect();
                rulesets.dedup();
                for r in rulesets {
                    ui.label(egui::RichText::new(crate::rules::registry::title(r).unwrap_or(r)).strong().size(13.0));
                    for s in scenarios[..bundled_count].iter().filter(|s| s.ruleset == r) {
                        let picked = ui.radio_value(&mut choice.scenario, s.id.clone(), &s.name);
                        placed.note_visible(ui, "menu: a battle", &picked);
                    }
                }
                own_battles(ui, &mut choice, &mut placed);
            });
            ui.separator();
            saved_games(ui, &mut choice, &mut placed, &mut commands);
            let ui = &mut cols[1];
            let Some(s) = scenarios.iter().find(|s| s.id == choice.scenario) else {
                ui.label("Pick a battle on the left.");
                return;
            };
            ui.label(egui::RichText::new(&s.name).strong().size(18.0));
            let (columns, rows) = (s.map.rows.first().map_or(0, |r| r.split_whitespace().count()), s.map.rows.len());
            ui.small(format!("{} turns · a map of {columns} by {rows} hexes · first to play: {}", s.turns, s.sides[usize::from(s.first_side.min(1))].name));
            ui.add_space(4.0);
            ui.strong("Mode");
            for (i, side) in s.sides.iter().enumerate() {
                let other = &s.sides[1 - i].name;
                let mode = ui.radio_value(&mut choice.computer, Some(1 - i as u8), format!("Play {} against the computer ({other})", side.name));
                placed.note("menu: Mode", &mode);
            }
            let hotseat = ui.radio_value(&mut choice.computer, None, "Hotseat: two players on this screen");
            placed.note("menu: Hotseat", &hotseat);
            // Shown whatever the mode, so choosing hotseat moves nothing under the pointer.
            let before = choice.level;
            let withheld = strong_withheld(&s.ruleset);
            let offered = offered_level(choice.level, withheld);
            ui.add_enabled_ui(choice.computer.is_some(), |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Computer:");
                    for level in [crate::ai::Level::Easy, crate::ai::Level::Normal, crate::ai::Level::Strong { think_ms: choice.think_ms }] {
                        let words = match level {
                            crate::ai::Level::Strong { .. } if withheld.is_some() => "strong (not yet offered here)".to_string(),
                            crate::ai::Level::Strong { .. } => "strong (searches ahead)".to_string(),
                            crate::ai::Level::Normal => "stronger (one exchange ahead)".to_string(),
                            crate::ai::Level::Easy => level_words(level),
                        };
                        let picked = matches!((level, offered), (crate::ai::Level::Strong { .. }, crate::ai::Level::Strong { .. })) || level == offered;
                        let radio = ui.add_enabled(withheld.is_none() || !matches!(level, crate::ai::Level::Strong { .. }), egui::RadioButton::new(picked, words));
                        let radio = match withheld {
                            Some(why) => radio.on_disabled_hover_text(why),
                            None => radio,
                        };
                        placed.note("menu: Computer level", &radio);
                        if radio.clicked() {
                            choice.level = level;
                        }
                    }
                });
                ui.add_enabled_ui(matches!(offered, crate::ai::Level::Strong { .. }), |ui| {
                    ui.horizontal(|ui| {
                        ui.label("Thinking time per decision:");
                        let slider = ui.add(egui::Slider::new(&mut choice.think_ms, STRONG_THINK_RANGE).suffix(" ms").logarithmic(true));
                        placed.note("menu: Thinking time", &slider);
                    });
                });
            });
            let think_ms = choice.think_ms;
            if let crate::ai::Level::Strong { think_ms: chosen } = &mut choice.level {
                *chosen = think_ms;
            }
            if choice.level != before {
                preferences.level = Some(choice.level.name());
            }
            ui.horizontal(|ui| {
                ui.label("Seed (empty for a random one):");
                let seed = ui.add(egui::TextEdit::singleline(&mut choice.seed).desired_width(90.0));
                placed.note("menu: Seed", &seed);
            });
            let mut same = preferences.same_dice_on_reload;
            let dice = ui.checkbox(&mut same, "The same dice after loading a save").on_hover_text(
                "Off (the default): loading, continuing or taking over a game draws fresh dice, so reloading cannot show the dice to come. \
                 On: the game goes on with the dice of its seed.",
            );
            placed.note("menu: Same dice", &dice);
            if same != preferences.same_dice_on_reload {
                preferences.same_dice_on_reload = same;
            }
            ui.horizontal(|ui| {
                let start = ui.button(egui::RichText::new("Start the battle").size(20.0));
                placed.note("menu: Start the battle", &start);
                if start.clicked() {
                    commands.queue(move |world: &mut World| start_at(world, offered));
                }
                let own_file = choice.own.iter().find(|l| matches!(&l.kind, crate::battles::Kind::Battle(Ok(o)) if o.id == s.id)).map(|l| l.file.clone());
                let hint = if own_file.is_some() { "Change this battle in the editor" } else { "Make a copy of this battle in the editor, to change and keep among your battles" };
                let edit = ui.button("Edit…").on_hover_text(hint);
                placed.note("menu: Edit", &edit);
                if edit.clicked() {
                    let opened = if own_file.is_some() { s.clone() } else { super::editor::copy_of(s.clone()) };
                    commands.queue(move |world: &mut World| super::editor::open(world, opened, own_file));
                }
            });
            ui.separator();
            egui::ScrollArea::vertical().id_salt("briefing").auto_shrink([false, false]).show(ui, |ui| {
                if page != 0.0 {
                    ui.scroll_with_delta(egui::vec2(0.0, page * ui.clip_rect().height() * 0.9));
                }
                ui.label(egui::RichText::new(&s.briefing).italics());
            });
        });
    });
    new_battle_window(ctx, &mut choice, &mut commands);
    Ok(())
}

/// The "New battle" window: a ruleset and the map's size, then the editor on an open field.
fn new_battle_window(ctx: &egui::Context, choice: &mut MenuChoice, commands: &mut Commands) {
    let Some((ruleset, width, height)) = choice.new_battle.as_mut() else { return };
    let mut open = true;
    let mut create = false;
    egui::Window::new("New battle").open(&mut open).collapsible(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
        ui.label("Ruleset:");
        for name in crate::rules::registry::NAMES {
            ui.radio_value(ruleset, name.to_string(), crate::rules::registry::title(name).unwrap_or(name));
        }
        let side = crate::limits::MAP_SIDE as u32;
        ui.add(egui::Slider::new(width, 4..=side.min(60)).text("hexes across"));
        ui.add(egui::Slider::new(height, 4..=side.min(60)).text("hexes down"));
        create = ui.button(egui::RichText::new("Make it").size(16.0)).clicked();
        #[cfg(not(target_arch = "wasm32"))]
        if ui.button("Or open a battle file…").on_hover_text("Edit a battle from a file anywhere").clicked() {
            commands.queue(super::editor::files::ask_open);
        }
    });
    if create {
        match crate::editor::muster::new_battle(ruleset, *width, *height) {
            Ok(s) => {
                choice.new_battle = None;
                commands.queue(move |world: &mut World| super::editor::open(world, s, None));
            }
            Err(e) => choice.error = e,
        }
    } else if !open {
        choice.new_battle = None;
    }
}

/// One's own battles under the bundled ones: each battle to pick, each file refused with its error,
/// the army lists named; in a browser, the button that adds files to its storage.
fn own_battles(ui: &mut egui::Ui, choice: &mut MenuChoice, placed: &mut super::placed::Placed) {
    ui.label(egui::RichText::new("Your battles").strong().size(13.0));
    for listed in choice.own.clone() {
        match &listed.kind {
            crate::battles::Kind::Battle(Ok(s)) => {
                let title = format!("{} ({}, {})", s.name, crate::rules::registry::title(&s.ruleset).unwrap_or(&s.ruleset), listed.file);
                let picked = ui.radio_value(&mut choice.scenario, s.id.clone(), title);
                placed.note_visible(ui, "menu: a battle", &picked);
            }
            crate::battles::Kind::ArmyList(Ok(name)) => {
                ui.small(format!("{}: army list \u{2018}{name}\u{2019}", listed.file));
            }
            crate::battles::Kind::Battle(Err(e)) | crate::battles::Kind::ArmyList(Err(e)) => {
                ui.colored_label(egui::Color32::from_rgb(240, 90, 70), egui::RichText::new(e).small());
            }
        }
    }
    add_battle_files(ui, choice, placed);
}

/// Natively, where to put battle files; in a browser, the page's file picker for them.
#[cfg(not(target_arch = "wasm32"))]
fn add_battle_files(ui: &mut egui::Ui, choice: &MenuChoice, _: &mut super::placed::Placed) {
    let lead = if choice.own.is_empty() { "None yet: put" } else { "Put more" };
    ui.small(format!("{lead} scenario and army-list files (docs/scenarios.md, docs/armies.md) in {}", super::battles::place()));
}

#[cfg(target_arch = "wasm32")]
fn add_battle_files(ui: &mut egui::Ui, _: &MenuChoice, placed: &mut super::placed::Placed) {
    let pick = ui.button("Add battle files: a scenario and its army lists");
    placed.note_visible(ui, "menu: Add battle files", &pick);
    if pick.clicked() {
        super::web::pick_battles();
    }
}

/// The game to continue, the saves (loaded, watched or deleted after a yes) and a replay file to
/// open, in the left column's lower part, scrolling in its own room.
fn saved_games(ui: &mut egui::Ui, choice: &mut MenuChoice, placed: &mut super::placed::Placed, commands: &mut Commands) {
    if let Some(name) = choice.unfinished.clone() {
        let button = ui.button(egui::RichText::new(format!("Continue the last game ({name})")).size(15.0));
        placed.note("menu: Continue", &button);
        if button.clicked() {
            commands.queue(move |world: &mut World| load_game(world, &name));
        }
    }
    ui.strong("Saved games");
    if choice.saves.is_empty() {
        ui.label(format!("None yet in {}", super::saves::place()));
    }
    let saves = choice.saves.clone();
    let room = (ui.available_height() - 70.0).max(60.0);
    egui::ScrollArea::vertical().id_salt("saves").max_height(room).auto_shrink([false, true]).show(ui, |ui| {
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
                        say(choice, result);
                    }
                    if ui.button("No").clicked() {
                        choice.deleting = None;
                    }
                });
            }
            ui.small(listed.about);
        }
    });
    ui.strong("Open a replay file");
    replay_file(ui, choice, commands, placed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn a_strong_pick_starts_the_stronger_level_where_the_ruleset_withholds_the_strong_one() {
        let strong = Level::Strong { think_ms: 300 };
        assert_eq!(offered_level(strong, Some("not yet")), Level::Normal);
        assert_eq!(offered_level(strong, None), strong, "kept where it is offered");
        assert_eq!(offered_level(Level::Easy, Some("not yet")), Level::Easy);
        for name in crate::rules::registry::NAMES {
            assert!(strong_withheld(name).is_none_or(|why| why.contains("60%")), "{name}: the reason names the bar");
        }
    }
}
