//! The window (the `gui` feature): main menu, the board drawn as one terrain mesh, counters and
//! panels in egui, input turned into commands, the computer opponent, hotseat hand-off, saves and
//! the replay viewer. The window never changes a battle except by sending a command.

pub mod autopilot;
pub mod baked;
pub mod battles;
pub mod board;
pub mod camera;
pub mod editor;
pub mod framebench;
pub mod glide;
pub mod help;
#[cfg(not(target_arch = "wasm32"))]
pub mod idle;
pub mod input;
pub mod layout_check;
pub mod menu;
pub mod online;
pub mod overlay;
pub mod panels;
pub mod placed;
pub mod players;
pub mod preferences;
pub mod saves;
pub mod session;
pub mod stage;
#[cfg(target_arch = "wasm32")]
pub mod web;

use crate::ai::Judge;
use crate::battle::ecs::BattlePlugin;
use crate::battle::{AppState, Present};
use crate::rules::registry::{ForEachRuleset, for_each_ruleset};
use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use bevy_egui::EguiPlugin;
use std::path::PathBuf;

/// How the window starts.
#[derive(Clone, Debug)]
pub struct Options {
    /// Go straight into this scenario (id or file) instead of the menu.
    pub scenario: Option<String>,
    pub seed: Option<u64>,
    /// The side the computer plays; hotseat when `None`.
    pub computer: Option<u8>,
    /// How well the computer plays.
    pub level: crate::ai::Level,
    /// The window's size in logical pixels (the page's canvas fills the page instead).
    pub size: (u32, u32),
    /// Open this saved game or replay file in the replay viewer.
    pub watch: Option<Watched>,
    /// Go on playing this save (by name among the saves) at once.
    pub resume: Option<String>,
    /// Drive the window through a scripted game of `scenario` (the default one if none) and save
    /// screenshots here, then quit (the render test).
    pub autopilot: Option<PathBuf>,
    /// With `autopilot`: open every bundled battle from the menu and check that the menu's and the
    /// top bar's controls lie inside the window, instead of playing a game.
    pub layout_check: bool,
    /// Draw a battle of this ruleset in the editor, save it and play it, screenshots in
    /// `autopilot`'s folder when there is one (the render test, the page's `?check=editor`).
    pub edit: Option<String>,
    /// Measure this many frames of an empty scene, of the largest scenario of each ruleset and of
    /// the empty scene again, write the report to the file, then quit (the frame-time benchmark).
    pub frame_bench: Option<(u32, PathBuf)>,
    /// What was wrong with the options the page's address gave, said in the menu.
    pub address_errors: Vec<String>,
    /// Join the online game of this invite at once.
    pub join: Option<String>,
    /// The referee server for online games, instead of the one last used.
    pub server: Option<String>,
}

impl Default for Options {
    /// The menu, in a window of a laptop's size.
    fn default() -> Self {
        Options {
            scenario: None,
            seed: None,
            computer: None,
            level: crate::ai::Level::Normal,
            size: (1280, 800),
            watch: None,
            resume: None,
            autopilot: None,
            layout_check: false,
            edit: None,
            frame_bench: None,
            join: None,
            server: None,
            address_errors: Vec::new(),
        }
    }
}

/// A game to open in the replay viewer at once.
#[derive(Clone, Debug)]
pub enum Watched {
    /// By its name among the saves (a file of the saves folder, or of the browser's storage).
    Save(String),
    /// A replay file anywhere (`strategos replay FILE`).
    #[cfg(not(target_arch = "wasm32"))]
    File(PathBuf),
}

/// Adds one ruleset's battles to the window: its shell, the stage, sessions, the computer player,
/// the clicks, the board's overlay and the panels.
struct InstallRuleset<'a>(&'a mut App);

impl ForEachRuleset for InstallRuleset<'_> {
    fn run<R: Judge + Present + crate::editor::muster::Muster>(&mut self) {
        self.0.add_plugins((
            BattlePlugin::<R>::default(),
            stage::StagePlugin::<R>::default(),
            session::SessionPlugin::<R>::default(),
            players::PlayersPlugin::<R>::default(),
            input::RulesetInputPlugin::<R>::default(),
            panels::RulesetPanelsPlugin::<R>::default(),
            online::OnlineGamePlugin::<R>::default(),
        ));
        overlay::install::<R>(self.0);
    }
}

pub fn run(mut options: Options) -> Result<(), String> {
    // The autopilot takes the scenario it is given from the menu, as a person would.
    let mut autopilot = options.autopilot.take().map(|dir| (dir, options.scenario.take().unwrap_or_else(|| crate::scenario::DEFAULT.to_string())));
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Strategos".into(),
            resolution: WindowResolution::new(options.size.0, options.size.1),
            // In a browser: index.html's canvas, filling the page.
            canvas: Some("#strategos".into()),
            fit_canvas_to_parent: true,
            // Measured frames are not held back by the display's refresh.
            present_mode: if options.frame_bench.is_some() { PresentMode::AutoNoVsync } else { PresentMode::AutoVsync },
            ..default()
        }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    .init_state::<AppState>()
    .init_resource::<placed::Placed>()
    .add_plugins((camera::CameraPlugin, board::BoardPlugin, input::InputPlugin, panels::PanelsPlugin, menu::MenuPlugin, editor::EditorPlugin));
    app.add_plugins(preferences::PreferencesPlugin { kept: autopilot.is_none() && !options.layout_check && options.frame_bench.is_none() });
    for_each_ruleset(&mut InstallRuleset(&mut app));
    // The scripted runs draw every frame; a person's window rests when nothing moves.
    #[cfg(not(target_arch = "wasm32"))]
    if autopilot.is_none() && options.frame_bench.is_none() {
        app.add_plugins(idle::IdlePlugin);
    }
    app.insert_resource(menu::MenuChoice::from_options(&options));
    // With an invite, the autopilot plays that online game instead of its own script.
    let online_pilot = if options.join.is_some() { autopilot.take().map(|(dir, _)| dir) } else { None };
    app.add_plugins(online::OnlinePlugin { join: options.join.clone(), server: options.server.clone(), pilot: online_pilot });
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::PagePlugin);
    if let Some(ruleset) = options.edit.clone() {
        editor::pilot::install(&mut app, autopilot.map(|(dir, _)| dir), ruleset);
    } else if options.layout_check {
        layout_check::install(&mut app, autopilot.map(|(dir, _)| dir));
    } else if let Some((dir, scenario)) = autopilot {
        autopilot::install(&mut app, dir, scenario)?;
    }
    if let Some((frames, out)) = options.frame_bench.clone() {
        app.add_plugins(framebench::FrameBenchPlugin { frames, out });
    }
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the window closed with error code {code}")),
    }
}
