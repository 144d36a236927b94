//! The battle editor in the window and the page (Menu → New battle, or Edit beside Start): the
//! board, camera and counters of play over a battle being made, tools that paint ground, roads,
//! rivers and hill levels, set the features of edges and place units, the battle's own settings,
//! live validation, undo and redo, saving among one's battles, and playing it at once and coming
//! back. The edits themselves are `crate::editor`'s.

#[cfg(not(target_arch = "wasm32"))]
pub mod files;
mod form;
mod panel;
pub mod pilot;
mod pointer;
mod shown;

use crate::battle::AppState;
use crate::editor::History;
use crate::editor::muster::Offer;
use crate::hex::{Ground, Hexside};
use crate::scenario::Scenario;
use bevy::prelude::*;

/// A line of the battle being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    Unit(u32),
    /// A profile of the battle's own army list, by its name.
    Profile(String),
    /// The ruleset's whole part.
    Part,
    Name,
    Briefing,
    SideName(u8),
    /// A region's name, by the name it has.
    RegionName(String),
    /// A field of a form: of a unit's line, a profile's, the part's.
    Field(Box<Typed>, &'static str),
    /// A row of a list in a form (a leader of the part's).
    Row(Box<Typed>, usize),
}

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Paints the ground of the hexes under the brush, leaving roads and hills.
    Ground,
    /// Lays a road along the hexes dragged over (or lifts it).
    Road,
    /// Sets the hill level of the hexes under the brush.
    Level,
    /// Paints the ground of every hex joined to the one clicked that has its terrain.
    Fill,
    /// Sets or clears the feature of the edge nearest the pointer.
    Edge,
    /// Places a unit on an empty hex, picks one, moves the one picked.
    Units,
    /// Adds the hex clicked to the region picked, or takes it out; with none picked, makes a new
    /// region of that hex.
    Regions,
}

/// The battle being edited and the editor's settings.
#[derive(Resource)]
pub struct Editing {
    pub history: History<Scenario>,
    /// Its file among one's battles, once saved or when opened from there.
    pub file: Option<String>,
    /// The file it was opened from or saved as anywhere else (natively): Save writes there.
    pub path: Option<std::path::PathBuf>,
    pub tool: Tool,
    pub ground: Ground,
    pub level: u8,
    /// The road tool lays roads (or lifts them).
    pub road: bool,
    /// The brush's radius in hexes: 0 paints one hex.
    pub radius: u32,
    /// The edge tool's feature; `None` clears edges.
    pub feature: Option<Hexside>,
    /// The profiles the battle's army lists offer, and the one picked.
    pub offers: Vec<Offer>,
    pub offer: usize,
    /// The side new units join.
    pub side: u8,
    /// The unit picked with the units tool.
    pub picked: Option<u32>,
    /// The unit the left button went down on, with the units tool: where, and whether it was the
    /// one picked then. Let go on another hex, it moves there; on its own, it is a click.
    grabbed: Option<(u32, crate::hex::Hex, bool)>,
    /// What is being typed into a line of the battle: the picked unit's, or an own profile's, by
    /// what it is the line of; written into the battle when the field is left.
    pub typing: Option<(Typed, String)>,
    /// The form field whose number is being dragged, and the history's depth after its edit.
    dragging: Option<(Typed, usize)>,
    /// The region picked with the regions tool, by name, and the kind a new one takes.
    pub region: Option<String>,
    pub region_kind: crate::hex::RegionKind,
    /// The battle as last put on the board, and its check.
    shown: Option<Scenario>,
    pub checked: shown::Checked,
    /// The last hex of the brush stroke under way (the left button held since it began).
    stroke_at: Option<crate::hex::Hex>,
    /// The history's depth just after the stroke's own first change: while it stays so, with
    /// nothing to redo, the stroke's later hexes join that change, one undo for the stroke.
    stroke_depth: Option<usize>,
    /// Asking whether to leave without saving.
    pub asking_to_leave: bool,
    /// The last edit refused, or what was saved, in words.
    pub notice: String,
    /// A battle started from the editor is being played; the menu comes back here.
    pub playing: bool,
}

impl Editing {
    pub fn new(s: Scenario, file: Option<String>) -> Editing {
        let offers = crate::editor::muster::offers_of(&s).unwrap_or_default();
        Editing {
            history: History::new(s),
            file,
            path: None,
            tool: Tool::Ground,
            ground: Ground::Forest,
            level: 1,
            road: true,
            radius: 0,
            feature: Some(Hexside::Hedge),
            offers,
            offer: 0,
            side: 0,
            picked: None,
            grabbed: None,
            typing: None,
            dragging: None,
            region: None,
            region_kind: crate::hex::RegionKind::Objective,
            shown: None,
            checked: shown::Checked::default(),
            stroke_at: None,
            stroke_depth: None,
            asking_to_leave: false,
            notice: String::new(),
            playing: false,
        }
    }
}

pub struct EditorPlugin;

impl Plugin for EditorPlugin {
    fn build(&self, app: &mut App) {
        let editing = || in_state(AppState::Editor).and_then(resource_exists::<Editing>);
        app.add_systems(bevy_egui::EguiPrimaryContextPass, panel::editor_panels.in_set(super::panels::Paint::Panels).run_if(editing()))
            .add_systems(Update, (pointer::keys, pointer::board_clicks, shown::show_edited).chain().run_if(editing()))
            .add_systems(OnEnter(AppState::Editor), fit_the_field)
            .add_systems(OnEnter(AppState::Menu), back_from_play);
        #[cfg(not(target_arch = "wasm32"))]
        app.init_resource::<files::BattleFile>().add_systems(bevy_egui::EguiPrimaryContextPass, files::show.after(super::panels::Paint::Panels));
    }
}

/// Opens `s` in the editor: `file` is its file among one's battles, `None` for a new battle or a
/// copy of a bundled one.
pub fn open(world: &mut World, s: Scenario, file: Option<String>) {
    world.insert_resource(Editing::new(s, file));
    world.resource_mut::<NextState<AppState>>().set(AppState::Editor);
}

/// A copy of a bundled battle to edit, under an id of its own.
pub fn copy_of(mut s: Scenario) -> Scenario {
    s.id = format!("{}-mine", s.id);
    s.name = format!("{} (my copy)", s.name);
    s
}

fn fit_the_field(editing: Option<Res<Editing>>, mut fit: ResMut<super::camera::FitRequest>) {
    if let Some(map) = editing.and_then(|e| e.history.now().build_map().ok()) {
        fit.0 = Some((map.width(), map.height()));
    }
}

/// The menu the battle's "Menu" button opens is the editor again, when the battle was started
/// from it.
fn back_from_play(editing: Option<ResMut<Editing>>, mut next: ResMut<NextState<AppState>>) {
    if let Some(mut editing) = editing {
        if editing.playing {
            editing.playing = false;
            // Shown again: the board was the battle's.
            editing.shown = None;
            next.set(AppState::Editor);
        }
    }
}
