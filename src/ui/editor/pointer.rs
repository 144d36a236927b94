//! The editor's clicks and keys: a tool used on the hex (or the edge) under the pointer, a brush
//! stroke dragged over hexes made one edit, Ctrl-Z and Ctrl-Y, Delete for the unit picked.

use super::{Editing, Tool};
use crate::editor::muster::{UnitEdit, units_of};
use crate::editor::{Edit, Paint};
use crate::hex::{Direction, Hex, Offset};
use crate::ui::camera::{BoardArea, BoardCamera, Hovered, board_cursor, from_world, to_world};
use crate::ui::input::{Selection, ctrl_held, keys_for_the_board};
use bevy::prelude::*;

impl Editing {
    /// Makes an edit as one step of the history; a refusal is said.
    pub fn edit(&mut self, edit: Edit) {
        self.made(edit);
    }

    /// `edit`, and whether it was made.
    pub fn made(&mut self, edit: Edit) -> bool {
        // Any other edit ends a drag of a form's number: the next drag is an edit of its own.
        self.dragging = None;
        match self.history.change(|s| edit.apply(s)) {
            Ok(()) => true,
            Err(e) => {
                self.notice = e;
                false
            }
        }
    }

    /// Makes an edit that continues the brush stroke under way (one undo takes back the stroke).
    fn stroke(&mut self, edit: Edit) {
        let ours = self.stroke_depth.is_some_and(|d| d == self.history.depth() && !self.history.can_redo());
        let result = if ours {
            self.history.amend(|s| edit.apply(s))
        } else {
            let before = self.history.depth();
            let made = self.history.change(|s| edit.apply(s));
            // A first hex that changed nothing has no change of its own to join.
            self.stroke_depth = (self.history.depth() > before).then_some(self.history.depth());
            made
        };
        if let Err(e) = result {
            self.notice = e;
        }
    }

    pub fn undo(&mut self) {
        self.dragging = None;
        self.history.undo();
        self.picked = None;
    }

    pub fn redo(&mut self) {
        self.dragging = None;
        self.history.redo();
        self.picked = None;
    }
}

/// The hexes of the map within `radius` of `centre`.
fn brush(centre: Hex, radius: u32, map: &crate::hex::HexMap) -> Vec<Offset> {
    centre.range(radius).filter(|h| map.contains(*h)).map(Offset::from_hex).collect()
}

/// Every hex joined to `start` through hexes of its terrain.
fn fill(start: Hex, map: &crate::hex::HexMap) -> Vec<Offset> {
    let terrain = map.at(start);
    let mut seen = std::collections::HashSet::from([start]);
    let mut next = vec![start];
    let mut filled = vec![Offset::from_hex(start)];
    while let Some(h) = next.pop() {
        for n in map.neighbours(h) {
            if map.at(n) == terrain && seen.insert(n) {
                filled.push(Offset::from_hex(n));
                next.push(n);
            }
        }
    }
    filled
}

/// A region's kind in a word, for the names of new ones.
pub fn region_word(kind: &crate::hex::RegionKind) -> &'static str {
    use crate::hex::RegionKind::*;
    match kind {
        Building { .. } => "Building",
        Section => "Wall section",
        Gate => "Gate",
        Deployment { .. } => "Deployment zone",
        Objective => "Objective",
    }
}

/// The side of `hex` nearest the world point `p`.
fn nearest_side(hex: Hex, p: Vec2) -> Direction {
    let towards = (p - to_world(hex)).normalize_or_zero();
    let along = |d: &Direction| (to_world(d.step(hex)) - to_world(hex)).normalize_or_zero().dot(towards);
    Direction::ALL.into_iter().max_by(|a, b| along(a).total_cmp(&along(b))).unwrap_or(Direction::N)
}

/// Undo, redo and the unit picked's keys, while no text field has the keyboard.
pub fn keys(keys: Res<ButtonInput<KeyCode>>, typing: Option<Res<bevy_egui::input::EguiWantsInput>>, mut editing: ResMut<Editing>) {
    if !keys_for_the_board(typing, None) {
        return;
    }
    let ctrl = ctrl_held(&keys);
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    if ctrl && (keys.just_pressed(KeyCode::KeyY) || (shift && keys.just_pressed(KeyCode::KeyZ))) {
        editing.redo();
    } else if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        editing.undo();
    } else if keys.just_pressed(KeyCode::Escape) {
        editing.picked = None;
    } else if let Some(id) = editing.picked {
        if keys.just_pressed(KeyCode::Delete) || keys.just_pressed(KeyCode::Backspace) {
            editing.edit(Edit::Unit(UnitEdit::Remove { id }));
            editing.picked = None;
        }
    }
}

/// A click (or a drag, for the brushes) on the board, used by the tool in hand.
#[allow(clippy::too_many_arguments)]
pub fn board_clicks(
    buttons: Res<ButtonInput<MouseButton>>,
    hovered: Res<Hovered>,
    area: Res<BoardArea>,
    windows: Query<&Window>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut editing: ResMut<Editing>,
    mut selection: ResMut<Selection>,
    egui_input: Option<Res<bevy_egui::input::EguiWantsInput>>,
) {
    if !buttons.pressed(MouseButton::Left) {
        editing.stroke_at = None;
        editing.stroke_depth = None;
    }
    // A press on a window over the board (the file dialog, a question) is the window's.
    let over_a_window = egui_input.is_some_and(|w| w.is_pointer_over_area());
    let pressed = buttons.just_pressed(MouseButton::Left) && !over_a_window;
    let released = buttons.just_released(MouseButton::Left);
    if let Some(hex) = hovered.0 {
        use_the_tool(&mut editing, hex, pressed, released, &buttons, &area, &windows, &camera);
    }
    // A unit grabbed and let go off the board, or under another tool, is let go.
    if released {
        editing.grabbed = None;
    }
    selection.0 = editing.picked.map(crate::battle::UnitId);
}

/// The tool in hand used on `hex`.
#[allow(clippy::too_many_arguments)]
fn use_the_tool(
    editing: &mut Editing,
    hex: Hex,
    pressed: bool,
    released: bool,
    buttons: &ButtonInput<MouseButton>,
    area: &BoardArea,
    windows: &Query<&Window>,
    camera: &Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
) {
    let Ok(map) = editing.history.now().build_map() else { return };
    let dragging = buttons.pressed(MouseButton::Left) && editing.stroke_at.is_some_and(|at| at != hex);
    match editing.tool {
        Tool::Ground | Tool::Road | Tool::Level if pressed || dragging => {
            let paint = match editing.tool {
                Tool::Ground => Paint::Ground(editing.ground),
                Tool::Road => Paint::Road(editing.road),
                _ => Paint::Level(editing.level),
            };
            // A road is laid hex by hex, as it runs.
            let radius = if editing.tool == Tool::Road { 0 } else { editing.radius };
            editing.stroke(Edit::Paint { at: brush(hex, radius, &map), paint });
            editing.stroke_at = Some(hex);
        }
        Tool::Fill if pressed => {
            let ground = editing.ground;
            editing.edit(Edit::Paint { at: fill(hex, &map), paint: Paint::Ground(ground) });
        }
        Tool::Edge if pressed => {
            let point = windows.single().ok().and_then(|w| board_cursor(w, area)).zip(camera.single().ok()).and_then(|(c, (cam, gt))| cam.viewport_to_world_2d(gt, c).ok());
            let Some(point) = point.filter(|p| from_world(*p) == hex) else { return };
            let side = nearest_side(hex, point);
            let feature = editing.feature;
            editing.edit(Edit::Edge { at: Offset::from_hex(hex), side, feature });
        }
        Tool::Units if pressed || released => {
            if pressed {
                grab_or_place(editing, hex);
            }
            let grabbed = if released { editing.grabbed.take() } else { None };
            let Some((id, from, was_picked)) = grabbed else { return };
            if hex != from {
                editing.edit(Edit::Unit(UnitEdit::Move { id, to: Offset::from_hex(hex) }));
                editing.picked = Some(id);
            } else if was_picked {
                // A click on the unit picked lets it go, or picks the next one of its stack.
                let at = Offset::from_hex(hex);
                let here = units_of(editing.history.now()).unwrap_or_default().into_iter().filter(|u| u.at == at).map(|u| u.id).collect::<Vec<_>>();
                editing.picked = here.iter().skip_while(|u| **u != id).nth(1).copied();
            } else {
                editing.picked = Some(id);
            }
        }
        Tool::Regions if pressed => {
            let s = editing.history.now();
            let picked = editing.region.as_ref().and_then(|name| s.map.regions.iter().find(|r| r.name == *name)).cloned();
            let edit = match picked {
                Some(mut r) => {
                    match r.hexes.iter().position(|h| *h == hex) {
                        Some(i) => {
                            r.hexes.remove(i);
                        }
                        None => r.hexes.push(hex),
                    }
                    Edit::Region { name: r.name.clone(), region: Some(r) }
                }
                None => {
                    let kind = editing.region_kind.clone();
                    let word = region_word(&kind);
                    let name = (1..).map(|n| format!("{word} {n}")).find(|n| !s.map.regions.iter().any(|r| r.name == *n)).unwrap_or_default();
                    editing.region = Some(name.clone());
                    Edit::Region { name: name.clone(), region: Some(crate::hex::Region { name, kind, hexes: vec![hex] }) }
                }
            };
            editing.edit(edit);
        }
        _ => {}
    }
}

/// A press on `hex` with the units tool: a unit there is grabbed, to move it by a drag or pick it
/// by a click; an empty hex gets the unit picked, or a new one.
fn grab_or_place(editing: &mut Editing, hex: Hex) {
    let at = Offset::from_hex(hex);
    let here = units_of(editing.history.now()).unwrap_or_default().into_iter().filter(|u| u.at == at).map(|u| u.id).collect::<Vec<_>>();
    match editing.picked {
        // A unit is grabbed: dragged, it moves; let go where it stands, it is a click.
        Some(id) if here.contains(&id) => editing.grabbed = Some((id, hex, true)),
        _ if !here.is_empty() => editing.grabbed = here.first().map(|u| (*u, hex, false)),
        Some(id) => editing.edit(Edit::Unit(UnitEdit::Move { id, to: at })),
        None => {
            let (side, offer) = (editing.side, editing.offers.get(editing.offer).cloned());
            match offer {
                Some(offer) => editing.edit(Edit::Unit(UnitEdit::Place { side, at, offer })),
                None => editing.notice = "the battle's army lists offer no profile".into(),
            }
        }
    }
}

