//! The editor's panels: the top bar (the battle's name and its "modified" mark, undo, redo, save,
//! play, the legend, the menu), and the side panel: the tools and what each paints, the units'
//! side and profile and the unit picked, the battle's own settings, and the live validation, its
//! error clickable to the hex it is about.

use super::{Editing, Tool};
use crate::battle::AppState;
use crate::editor::Edit;
use crate::editor::muster::{UnitEdit, units_of};
use crate::hex::{Direction, Ground, Hexside, RegionKind};
use crate::ui::camera::{BoardCamera, panel_width, to_world};
use crate::ui::session::{Mode, Session, start_fresh};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

const GROUNDS: [Ground; 8] = [Ground::Open, Ground::Forest, Ground::Marsh, Ground::Rocky, Ground::Buildings, Ground::Fortification, Ground::River, Ground::Stream];
const FEATURES: [Option<Hexside>; 7] = [Some(Hexside::Hedge), Some(Hexside::Fence), Some(Hexside::Wall), Some(Hexside::Ditch), Some(Hexside::Stream), Some(Hexside::Fortification), None];
const RED: egui::Color32 = egui::Color32::from_rgb(240, 90, 70);
const GREEN: egui::Color32 = egui::Color32::from_rgb(120, 200, 110);

/// What the panels ask the world to do once they are drawn.
enum Then {
    Save,
    Play(Mode),
    Leave,
    LookAt(crate::hex::Offset),
}

#[allow(clippy::too_many_arguments)]
pub fn editor_panels(
    mut contexts: EguiContexts,
    mut editing: ResMut<Editing>,
    mut area: ResMut<crate::ui::camera::BoardArea>,
    mut placed: ResMut<crate::ui::placed::Placed>,
    mut help: ResMut<crate::ui::help::HelpOpen>,
    keys: Res<ButtonInput<KeyCode>>,
    tiles: Res<crate::ui::board::AtlasTexture>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if editing.tool == Tool::Regions {
        if let Ok((cam, gt)) = camera.single() {
            paint_regions(ctx, cam, gt, &editing);
        }
    }
    let mut root = crate::ui::panels::root_ui(ctx);
    placed.begin(ctx);
    let mut then = Vec::new();
    if crate::ui::input::ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyS) {
        then.push(Then::Save);
    }
    let e = &mut *editing;
    egui::Panel::top("editor top").show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            let s = e.history.now().clone();
            let mark = if e.history.modified() { " •" } else { "" };
            ui.heading(format!("Editing: {}{mark}", s.name)).on_hover_text(if mark.is_empty() { "Saved" } else { "Changed since it was last saved" });
            ui.small(crate::rules::registry::title(&s.ruleset).unwrap_or(&s.ruleset));
            ui.separator();
            let undo = ui.add_enabled(e.history.can_undo(), egui::Button::new("Undo (Ctrl-Z)"));
            placed.note("editor: Undo", &undo);
            if undo.clicked() {
                e.undo();
            }
            let redo = ui.add_enabled(e.history.can_redo(), egui::Button::new("Redo (Ctrl-Y)"));
            placed.note("editor: Redo", &redo);
            if redo.clicked() {
                e.redo();
            }
            let save = ui.button("Save (Ctrl-S)").on_hover_text(format!("Keep the battle among your battles, in {}", crate::ui::battles::place()));
            placed.note("editor: Save", &save);
            if save.clicked() {
                then.push(Then::Save);
            }
            #[cfg(target_arch = "wasm32")]
            if ui.button("Download").on_hover_text("Download the battle's file").clicked() {
                crate::ui::web::download(&format!("{}.ron", e.history.now().id), &crate::scenario::to_ron(e.history.now()));
            }
            let playable = e.checked.problem.is_none();
            let why = "The battle has an error (see the panel): it may be saved, not played";
            let hotseat = ui.add_enabled(playable, egui::Button::new("Play hotseat")).on_disabled_hover_text(why);
            placed.note("editor: Play hotseat", &hotseat);
            if hotseat.clicked() {
                then.push(Then::Play(Mode::Hotseat));
            }
            let against = ui.add_enabled(playable, egui::Button::new("Play the computer")).on_hover_text(format!("You play {}, the computer {}", s.sides[0].name, s.sides[1].name)).on_disabled_hover_text(why);
            placed.note("editor: Play the computer", &against);
            if against.clicked() {
                then.push(Then::Play(Mode::Computer(crate::battle::Side(1))));
            }
            let legend = ui.button("Legend (H)").on_hover_text("What each ground and counter means in this ruleset");
            placed.note("editor: Legend", &legend);
            if legend.clicked() {
                help.0 = !help.0;
            }
            let menu = ui.button("Menu");
            placed.note("editor: Menu", &menu);
            if menu.clicked() {
                if e.history.modified() {
                    e.asking_to_leave = true;
                } else {
                    then.push(Then::Leave);
                }
            }
        });
    });
    let width = panel_width(ctx.viewport_rect().width());
    egui::Panel::right("editor side").exact_size(width).show(&mut root, |ui| {
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            check(ui, e, &mut then);
            ui.separator();
            tools(ui, e, &tiles, &mut placed);
            ui.separator();
            settings(ui, e);
        });
    });
    crate::ui::panels::leave_board(&root, &mut area);
    if e.asking_to_leave {
        egui::Window::new("Leave the editor?").collapsible(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
            ui.label("The battle has changes that are not saved.");
            ui.horizontal(|ui| {
                if ui.button("Save and leave").clicked() {
                    then.push(Then::Save);
                    then.push(Then::Leave);
                }
                if ui.button("Leave without saving").clicked() {
                    then.push(Then::Leave);
                }
                if ui.button("Stay").clicked() {
                    e.asking_to_leave = false;
                }
            });
        });
    }
    for t in then {
        match t {
            Then::Save => e.notice = save(e),
            Then::Play(mode) => {
                let s = e.history.now().clone();
                commands.queue(move |world: &mut World| play(world, s, mode));
            }
            Then::Leave => commands.queue(|world: &mut World| {
                world.remove_resource::<Editing>();
                world.resource_mut::<NextState<AppState>>().set(AppState::Menu);
            }),
            Then::LookAt(at) => commands.queue(move |world: &mut World| look_at(world, at)),
        }
    }
    Ok(())
}

/// The map's regions outlined on the board, the one picked the brightest, each named at its first
/// hex, in the background layer under the panels.
fn paint_regions(ctx: &egui::Context, cam: &Camera, gt: &GlobalTransform, e: &Editing) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    let screen = |p: Vec2| cam.world_to_viewport(gt, p.extend(0.0)).ok().map(|v| egui::pos2(v.x, v.y));
    for r in &e.history.now().map.regions {
        let picked = e.region.as_deref() == Some(r.name.as_str());
        let colour = if picked { egui::Color32::from_rgb(255, 220, 60) } else { egui::Color32::from_rgba_unmultiplied(255, 255, 255, 150) };
        for h in &r.hexes {
            let c = to_world(*h);
            let corners: Vec<egui::Pos2> = (0..6)
                .filter_map(|i| {
                    let a = std::f32::consts::PI / 3.0 * i as f32;
                    screen(c + Vec2::new(a.cos(), a.sin()) * crate::ui::camera::HEX_RADIUS * 0.86)
                })
                .collect();
            painter.add(egui::Shape::closed_line(corners, egui::Stroke::new(if picked { 3.0 } else { 1.5 }, colour)));
        }
        if let Some(at) = r.hexes.first().and_then(|h| screen(to_world(*h))) {
            // A dark shadow keeps the name readable on any ground.
            painter.text(at + egui::vec2(1.0, 1.0), egui::Align2::CENTER_CENTER, &r.name, egui::FontId::proportional(13.0), egui::Color32::BLACK);
            painter.text(at, egui::Align2::CENTER_CENTER, &r.name, egui::FontId::proportional(13.0), colour);
        }
    }
}

/// The live validation: the battle plays, or its first error, which takes the board to its hex.
fn check(ui: &mut egui::Ui, e: &mut Editing, then: &mut Vec<Then>) {
    match &e.checked.problem {
        None => {
            ui.colored_label(GREEN, "Ready to play: the battle checks as strategos validate checks it.");
        }
        Some(p) => {
            ui.colored_label(RED, egui::RichText::new("Not ready to play:").strong());
            let line = ui.add(egui::Label::new(egui::RichText::new(&p.message).color(RED)).sense(egui::Sense::click()));
            if let Some(at) = p.at {
                if line.on_hover_text(format!("Show {at}")).clicked() {
                    then.push(Then::LookAt(at));
                    if p.unit.is_some() {
                        e.tool = Tool::Units;
                        e.picked = p.unit;
                    }
                }
            }
            if !e.checked.left_out.is_empty() {
                ui.small(format!("{} unit(s) not drawn until they set up", e.checked.left_out.len()));
            }
        }
    }
    if !e.notice.is_empty() {
        ui.small(&e.notice);
    }
}

/// The tool picker and the tool's own settings.
fn tools(ui: &mut egui::Ui, e: &mut Editing, tiles: &crate::ui::board::AtlasTexture, placed: &mut crate::ui::placed::Placed) {
    ui.strong("Tools");
    ui.horizontal_wrapped(|ui| {
        for (tool, name, hint) in [
            (Tool::Ground, "Ground", "Paint the ground under the brush; drag to paint more"),
            (Tool::Road, "Road", "Lay a road along the hexes you drag over (a road on a river is a bridge)"),
            (Tool::Level, "Hill", "Set the hill level under the brush"),
            (Tool::Fill, "Fill", "Paint the ground of every hex joined to the one clicked that has its terrain"),
            (Tool::Edge, "Edge", "Click near a hex's side to set or clear the feature on that edge"),
            (Tool::Units, "Units", "Click an empty hex to place a unit, a unit to pick it, then a hex to move it"),
            (Tool::Regions, "Regions", "Buildings, wall sections and gates, deployment zones, objectives: click hexes to add them to the region picked, or take them out"),
        ] {
            let b = ui.selectable_value(&mut e.tool, tool, name).on_hover_text(hint);
            placed.note("editor: a tool", &b);
        }
    });
    match e.tool {
        Tool::Ground | Tool::Fill => {
            ui.horizontal_wrapped(|ui| {
                for g in GROUNDS {
                    let picked = e.ground == g;
                    let b = match tiles.0 {
                        Some(t) => ui.add(egui::Button::image_and_text(egui::Image::new((t, egui::vec2(28.0, 24.0))).uv(crate::ui::board::tile_uv(g, 0)), g.name()).selected(picked)),
                        None => ui.selectable_label(picked, g.name()),
                    };
                    if b.clicked() {
                        e.ground = g;
                    }
                }
            });
            if e.tool == Tool::Ground {
                brush(ui, e);
            }
            ui.small("A river takes a hex; paint it hex by hex as it runs, and lay a road over it for a bridge.");
        }
        Tool::Road => {
            ui.horizontal(|ui| {
                ui.radio_value(&mut e.road, true, "Lay a road");
                ui.radio_value(&mut e.road, false, "Lift it");
            });
        }
        Tool::Level => {
            ui.add(egui::Slider::new(&mut e.level, 0..=3).text("hill level (0: the plain)"));
            brush(ui, e);
        }
        Tool::Edge => {
            ui.horizontal_wrapped(|ui| {
                for f in FEATURES {
                    let name = f.map_or("Clear".to_string(), |f| format!("{f:?}"));
                    ui.selectable_value(&mut e.feature, f, name);
                }
            });
        }
        Tool::Units => units(ui, e),
        Tool::Regions => regions(ui, e),
    }
}

/// The kinds a region may be, each with what it holds.
fn kind_picker(ui: &mut egui::Ui, kind: &mut RegionKind, sides: &[String]) -> bool {
    let before = kind.clone();
    ui.horizontal_wrapped(|ui| {
        let size = match kind {
            RegionKind::Building { size } => *size,
            _ => 4,
        };
        let side = match kind {
            RegionKind::Deployment { side } => *side,
            _ => 0,
        };
        for k in [RegionKind::Building { size }, RegionKind::Section, RegionKind::Gate, RegionKind::Deployment { side }, RegionKind::Objective] {
            let same = std::mem::discriminant(&k) == std::mem::discriminant(kind);
            if ui.selectable_label(same, super::pointer::region_word(&k)).clicked() && !same {
                *kind = k;
            }
        }
    });
    match kind {
        RegionKind::Building { size } => {
            ui.add(egui::Slider::new(size, 1..=20).text("it holds (the ruleset's measure)"));
        }
        RegionKind::Deployment { side } => {
            ui.horizontal(|ui| {
                ui.label("for");
                for (i, name) in sides.iter().enumerate() {
                    ui.radio_value(side, i as u8, name);
                }
            });
        }
        _ => {}
    }
    *kind != before
}

/// The regions of the map: the one picked, renamed, of another kind or removed; a new one.
fn regions(ui: &mut egui::Ui, e: &mut Editing) {
    let s = e.history.now().clone();
    let sides: Vec<String> = s.sides.iter().map(|s| s.name.clone()).collect();
    ui.horizontal_wrapped(|ui| {
        for r in &s.map.regions {
            let picked = e.region.as_deref() == Some(r.name.as_str());
            if ui.selectable_label(picked, format!("{} ({})", r.name, r.hexes.len())).clicked() {
                e.region = if picked { None } else { Some(r.name.clone()) };
            }
        }
    });
    let Some(mut r) = e.region.as_ref().and_then(|name| s.map.regions.iter().find(|r| r.name == *name)).cloned() else {
        e.region = None;
        ui.label("A new region, of the kind picked, starts at the hex you click:");
        kind_picker(ui, &mut e.region_kind, &sides);
        return;
    };
    let name = r.name.clone();
    let mut renamed = name.clone();
    ui.horizontal(|ui| {
        ui.label("Name:");
        if ui.text_edit_singleline(&mut renamed).lost_focus() && renamed != name {
            r.name = renamed.clone();
            e.region = Some(renamed.clone());
            e.edit(Edit::Region { name: name.clone(), region: Some(r.clone()) });
        }
    });
    if kind_picker(ui, &mut r.kind, &sides) {
        e.edit(Edit::Region { name: r.name.clone(), region: Some(r.clone()) });
    }
    ui.small("Click hexes to add them to it or take them out.");
    ui.horizontal(|ui| {
        if ui.button("Remove it").clicked() {
            e.edit(Edit::Region { name: r.name.clone(), region: None });
            e.region = None;
        }
        if ui.button("New region").clicked() {
            e.region = None;
        }
    });
}

fn brush(ui: &mut egui::Ui, e: &mut Editing) {
    ui.add(egui::Slider::new(&mut e.radius, 0..=4).text("brush radius (hexes)"));
}

/// The side and profile of the units placed, and the unit picked: its facing, its removal.
fn units(ui: &mut egui::Ui, e: &mut Editing) {
    let sides: Vec<String> = e.history.now().sides.iter().map(|s| s.name.clone()).collect();
    ui.horizontal(|ui| {
        ui.label("New units join:");
        for (i, name) in sides.iter().enumerate() {
            ui.radio_value(&mut e.side, i as u8, name);
        }
    });
    let label = e.offers.get(e.offer).map_or("none".to_string(), |o| o.label.clone());
    egui::ComboBox::from_label("profile").selected_text(label).width(ui.available_width() * 0.7).show_ui(ui, |ui| {
        for (i, o) in e.offers.iter().enumerate() {
            ui.selectable_value(&mut e.offer, i, &o.label);
        }
    });
    let Some(id) = e.picked else {
        ui.small("Click an empty hex to place one; click a unit to pick it.");
        return;
    };
    let Some(u) = units_of(e.history.now()).unwrap_or_default().into_iter().find(|u| u.id == id) else {
        e.picked = None;
        return;
    };
    ui.label(format!("Unit {} ({}), {} at {}", u.id, u.profile, sides.get(usize::from(u.side)).map_or("?", String::as_str), u.at));
    ui.small("Click a hex to move it there.");
    if crate::editor::muster::faces(e.history.now()) {
        ui.horizontal_wrapped(|ui| {
            ui.label("Facing:");
            for d in Direction::ALL {
                if ui.selectable_label(u.facing == Some(d), format!("{d:?}")).clicked() {
                    e.edit(Edit::Unit(UnitEdit::Face { id, facing: d }));
                }
            }
        });
    }
    if ui.button("Remove it (Delete)").clicked() {
        e.edit(Edit::Unit(UnitEdit::Remove { id }));
        e.picked = None;
    }
}

/// The battle's name, turns, first side, sides' names and briefing, each change one edit.
fn settings(ui: &mut egui::Ui, e: &mut Editing) {
    ui.strong("The battle");
    let s = e.history.now().clone();
    let mut name = s.name.clone();
    ui.horizontal(|ui| {
        ui.label("Name:");
        if ui.text_edit_singleline(&mut name).lost_focus() && name != s.name {
            e.edit(Edit::Name(name.clone()));
        }
    });
    let mut turns = s.turns;
    ui.horizontal(|ui| {
        ui.label("Turns:");
        if ui.add(egui::DragValue::new(&mut turns).range(1..=crate::limits::TURNS)).changed() {
            e.edit(Edit::Turns(turns));
        }
        ui.label("First to play:");
        for (i, side) in s.sides.iter().enumerate() {
            if ui.radio(s.first_side == i as u8, &side.name).clicked() {
                e.edit(Edit::FirstSide(i as u8));
            }
        }
    });
    for (i, side) in s.sides.iter().enumerate() {
        let mut side_name = side.name.clone();
        ui.horizontal(|ui| {
            ui.label(format!("Side {i} ({:?} edge):", side.edge));
            if ui.text_edit_singleline(&mut side_name).lost_focus() && side_name != side.name {
                e.edit(Edit::SideName { side: i as u8, name: side_name.clone() });
            }
        });
    }
    ui.label("Briefing:");
    let mut briefing = s.briefing.clone();
    if ui.add(egui::TextEdit::multiline(&mut briefing).desired_rows(3).desired_width(f32::INFINITY)).lost_focus() && briefing != s.briefing {
        e.edit(Edit::Briefing(briefing));
    }
}

/// Saves the battle among one's battles: under the file it came from, else under its id (made
/// unique: a bundled battle's id, or another battle's, would hide one of them); what was done, in
/// words.
pub(super) fn save(e: &mut Editing) -> String {
    let file = match &e.file {
        Some(f) => f.clone(),
        None => {
            let own = crate::ui::battles::list();
            let taken = |id: &str| crate::scenario::find_bundled(id).is_some() || own.iter().any(|l| l.file == format!("{id}.ron") || matches!(&l.kind, crate::battles::Kind::Battle(Ok(s)) if s.id == id));
            let base = e.history.now().id.clone();
            let id = std::iter::once(base.clone()).chain((2..).map(|n| format!("{base}-{n}"))).find(|id| !taken(id)).unwrap_or(base);
            if id != e.history.now().id {
                let _ = e.history.change(|s| {
                    s.id = id.clone();
                    Ok::<(), ()>(())
                });
            }
            format!("{id}.ron")
        }
    };
    match crate::ui::battles::write(&file, &crate::scenario::to_ron(e.history.now())) {
        Ok(()) => {
            e.history.saved();
            e.file = Some(file.clone());
            format!("Saved as {file} in {}", crate::ui::battles::place())
        }
        Err(err) => format!("Not saved: {err}"),
    }
}

/// Plays the battle as it stands; the battle's "Menu" comes back to the editor.
pub(super) fn play(world: &mut World, s: crate::scenario::Scenario, mode: Mode) {
    let seed = world.resource::<crate::ui::menu::MenuChoice>().seed().unwrap_or(1);
    let level = world.resource::<crate::ui::menu::MenuChoice>().level;
    match start_fresh(world, Session::new(s, seed, mode, level)) {
        Ok(()) => world.resource_mut::<Editing>().playing = true,
        Err(err) => world.resource_mut::<Editing>().notice = err,
    }
}

/// Centres the board on `at`.
fn look_at(world: &mut World, at: crate::hex::Offset) {
    let mut camera = world.query_filtered::<&mut Transform, With<BoardCamera>>();
    if let Ok(mut t) = camera.single_mut(world) {
        let p = to_world(at.to_hex());
        t.translation = p.extend(t.translation.z);
    }
}
