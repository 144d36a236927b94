//! The editor's panels: the top bar (the battle's name and its "modified" mark, undo, redo, save,
//! play, the legend, the menu), and the side panel: the tools and what each paints, the units'
//! side and profile and the unit picked, the battle's own settings, and the live validation, its
//! error clickable to the hex it is about.

use super::{Editing, Tool, Typed};
use crate::battle::AppState;
use crate::editor::Edit;
use crate::editor::muster::{UnitEdit, units_of};
use crate::hex::{BoardEdge, Direction, Ground, Hexside, RegionKind};
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
    hovered: Res<crate::ui::camera::Hovered>,
    tiles: Res<crate::ui::board::AtlasTexture>,
    camera: Query<(&Camera, &GlobalTransform, &Projection), With<BoardCamera>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if editing.tool == Tool::Regions {
        if let Ok((camera, transform, Projection::Orthographic(o))) = camera.single() {
            paint_regions(ctx, &crate::ui::overlay::View { camera, transform, scale: o.scale }, &editing);
        }
    }
    let mut root = crate::ui::panels::root_ui(ctx);
    placed.begin(ctx);
    let mut then = Vec::new();
    if crate::ui::input::ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyS) {
        then.push(Then::Save);
    }
    let e = &mut *editing;
    if !ctx.input(|i| i.pointer.any_down()) {
        e.drag_ended();
    }
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
            #[cfg(not(target_arch = "wasm32"))]
            super::files::buttons(ui, &mut commands);
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
    // A profile dragged from the panel and let go over the board is placed on the hex under it.
    if ctx.input(|i| i.pointer.any_released()) {
        if let (Some(offer), Some(hex)) = (egui::DragAndDrop::take_payload::<usize>(ctx), hovered.0) {
            let (side, offer) = (e.side, e.offers.get(*offer).cloned());
            if let Some(offer) = offer {
                e.edit(Edit::Unit(UnitEdit::Place { side, at: crate::hex::Offset::from_hex(hex), offer }));
            }
        }
    }
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
            Then::Save => match save(e) {
                Ok(said) => e.notice = said,
                Err(why) => {
                    e.notice = why;
                    // Nothing is left unsaved behind: "Save and leave" stays.
                    break;
                }
            },
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
fn paint_regions(ctx: &egui::Context, view: &crate::ui::overlay::View, e: &Editing) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    for r in &e.history.now().map.regions {
        let picked = e.region.as_deref() == Some(r.name.as_str());
        let colour = if picked { egui::Color32::from_rgb(255, 220, 60) } else { egui::Color32::from_rgba_unmultiplied(255, 255, 255, 150) };
        for h in &r.hexes {
            painter.add(egui::Shape::closed_line(view.hex_outline(*h, 0.86), egui::Stroke::new(if picked { 3.0 } else { 1.5 }, colour)));
        }
        if let Some(at) = r.hexes.first().and_then(|h| view.hex(*h)) {
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
            if b.clicked() {
                // Delete and clicks on the board are the tool's now.
                e.picked = None;
            }
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
        Tool::Units => {
            units(ui, e);
            ui.separator();
            own_profiles(ui, e);
        }
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
    ui.horizontal(|ui| {
        ui.label("Name:");
        if let Some(typed) = typed_field(ui, e, Typed::RegionName(name.clone()), &name, false, "") {
            r.name = typed.clone();
            if e.made(Edit::Region { name: name.clone(), region: Some(r.clone()) }) {
                e.region = Some(typed);
            }
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
    egui::ComboBox::from_label("profile").selected_text(label).width(ui.available_width() * 0.7).truncate().show_ui(ui, |ui| {
        for (i, o) in e.offers.iter().enumerate() {
            ui.selectable_value(&mut e.offer, i, &o.label);
        }
    });
    if !e.offers.is_empty() {
        let grip = ui.dnd_drag_source(egui::Id::new("editor: offer"), e.offer, |ui| ui.label(egui::RichText::new("[ drag onto the board ]").monospace()));
        grip.response.on_hover_text("Drag the profile picked onto a hex to place it there");
    }
    let Some(id) = e.picked else {
        ui.small("Click an empty hex (or drag the profile there) to place one; click a unit to pick it, drag it to move it.");
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
    if let Ok(line) = crate::editor::muster::unit_line(e.history.now(), id) {
        let fields = crate::editor::muster::unit_form(e.history.now());
        let offers = e.offers.clone();
        let cx = super::form::Context { sides: &sides, offers: &offers, left_out: "default", inherited: &[] };
        ui.label("Its fields (hover a name for what it is); its starting state too:");
        if let Some(changed) = super::form::form(ui, e, &Typed::Unit(id), &fields, &line, &cx) {
            e.edit_from_form(&Typed::Unit(id), Edit::Unit(UnitEdit::Rewrite { id, text: changed.line }), changed.dragged);
        }
        egui::CollapsingHeader::new("Its line, as written").id_salt(("unit line", id)).show(ui, |ui| {
            ui.small("Every field the ruleset's part gives a unit (docs/scenarios.md):");
            if let Some(text) = typed_line(ui, e, Typed::Unit(id), &line) {
                e.edit(Edit::Unit(UnitEdit::Rewrite { id, text }));
            }
        });
    }
    if ui.button("Remove it (Delete)").clicked() {
        e.edit(Edit::Unit(UnitEdit::Remove { id }));
        e.picked = None;
    }
}

/// A line of the battle in a text field: what is typed is kept while the field has the keyboard,
/// and given back (to be made an edit) once it is left changed.
fn typed_line(ui: &mut egui::Ui, e: &mut Editing, what: Typed, line: &str) -> Option<String> {
    typed_field(ui, e, what, line, true, "").map(|t| t.trim().to_string())
}

/// A text field of the battle (`now` as the battle has it, `hint` shown while it is empty): what
/// is typed is kept in the editor while the field has the keyboard, and given back once the field
/// is left with it changed.
pub(super) fn typed_field(ui: &mut egui::Ui, e: &mut Editing, what: Typed, now: &str, multiline: bool, hint: &str) -> Option<String> {
    let mut text = match &e.typing {
        Some((w, t)) if *w == what => t.clone(),
        _ => now.to_string(),
    };
    let field = if multiline {
        ui.add(egui::TextEdit::multiline(&mut text).desired_rows(2).desired_width(f32::INFINITY).font(egui::TextStyle::Monospace))
    } else {
        ui.add(egui::TextEdit::singleline(&mut text).hint_text(hint).desired_width(f32::INFINITY))
    };
    if field.has_focus() {
        e.typing = Some((what, text));
        return None;
    }
    if e.typing.as_ref().is_some_and(|(w, _)| *w == what) {
        e.typing = None;
        if text.trim() != now.trim() {
            return Some(text);
        }
    }
    None
}

/// The battle's own army list: a new profile from the one picked, each one's line to change, its
/// removal.
fn own_profiles(ui: &mut egui::Ui, e: &mut Editing) {
    let s = e.history.now().clone();
    let list = crate::editor::muster::own_list(&s);
    ui.strong("The battle's own profiles");
    ui.small(format!("Kept in {list} beside the battle: each a change to the profile it starts from (docs/armies.md gives every field and what it allows)."));
    let lines = s.army_files.iter().find(|(n, _)| *n == list).and_then(|(_, l)| l.profile_lines()).unwrap_or_default();
    let sides: Vec<String> = s.sides.iter().map(|s| s.name.clone()).collect();
    let offers = e.offers.clone();
    for line in lines {
        let Some(name) = crate::army::profile_name(&line) else { continue };
        let of = Typed::Profile(name.clone());
        egui::CollapsingHeader::new(&name).id_salt(("own profile", &name)).default_open(true).show(ui, |ui| {
            let read = crate::editor::form::Line::read(&line);
            let head = read.as_ref().map(|l| l.head.clone()).unwrap_or_default();
            let inherited = read.map(|l| crate::editor::muster::inherited(&s, &l)).unwrap_or_default();
            let fields = crate::editor::muster::profile_form(&s, &head);
            let cx = super::form::Context { sides: &sides, offers: &offers, left_out: "as its base", inherited: &inherited };
            if let Some(changed) = super::form::form(ui, e, &of, &fields, &line, &cx) {
                e.edit_from_form(&of, Edit::Profile { list: list.clone(), name: name.clone(), line: Some(changed.line) }, changed.dragged);
            }
            egui::CollapsingHeader::new("Its line, as written").id_salt(("own profile line", &name)).show(ui, |ui| {
                if let Some(text) = typed_line(ui, e, of.clone(), &line) {
                    e.edit(Edit::Profile { list: list.clone(), name: name.clone(), line: Some(text) });
                }
            });
            if ui.small_button(format!("Remove {name}")).clicked() {
                e.edit(Edit::Profile { list: list.clone(), name: name.clone(), line: None });
            }
        });
    }
    let Some(base) = e.offers.get(e.offer).cloned() else { return };
    if ui.button(format!("New profile from {}", base.label)).on_hover_text("A profile of your own, to change as you write it; then pick it to place it").clicked() {
        match crate::editor::muster::new_profile(&s, &base) {
            Ok((name, line)) => e.edit(Edit::Profile { list, name, line: Some(line) }),
            Err(why) => e.notice = why,
        }
    }
}

/// The battle's name, turns, first side, sides' names and briefing, each change one edit.
fn settings(ui: &mut egui::Ui, e: &mut Editing) {
    ui.strong("The battle");
    let s = e.history.now().clone();
    ui.horizontal(|ui| {
        ui.label("Name:");
        if let Some(name) = typed_field(ui, e, Typed::Name, &s.name, false, "") {
            e.edit(Edit::Name(name));
        }
    });
    ui.horizontal(|ui| {
        ui.label("Turns:");
        // A click a turn, each an edit (a dragged number would make one of every step).
        if ui.add_enabled(s.turns > 1, egui::Button::new("−")).clicked() {
            e.edit(Edit::Turns(s.turns - 1));
        }
        ui.label(s.turns.to_string());
        if ui.add_enabled(s.turns < crate::limits::TURNS, egui::Button::new("+")).clicked() {
            e.edit(Edit::Turns(s.turns + 1));
        }
        ui.label("First to play:");
        for (i, side) in s.sides.iter().enumerate() {
            if ui.radio(s.first_side == i as u8, &side.name).clicked() {
                e.edit(Edit::FirstSide(i as u8));
            }
        }
    });
    for (i, side) in s.sides.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("Side {i}:"));
            if let Some(name) = typed_field(ui, e, Typed::SideName(i as u8), &side.name, false, "") {
                e.edit(Edit::SideName { side: i as u8, name });
            }
        });
        ui.horizontal(|ui| {
            ui.label("comes from the");
            for edge in [BoardEdge::South, BoardEdge::North, BoardEdge::West, BoardEdge::East] {
                if ui.selectable_label(side.edge == edge, format!("{edge:?}")).clicked() && side.edge != edge {
                    e.edit(Edit::SideEdge { side: i as u8, edge });
                }
            }
            ui.label("edge");
        });
        ui.horizontal(|ui| {
            ui.label("Its counters' colour:");
            let (r, g, b) = side.colour.unwrap_or(crate::ui::overlay::SIDE_COLOURS[i.min(1)]);
            let mut rgb = [r, g, b];
            if ui.color_edit_button_srgb(&mut rgb).changed() {
                let held = ui.input(|input| input.pointer.any_down()).then_some("colour");
                e.edit_from_form(&Typed::SideName(i as u8), Edit::SideColour { side: i as u8, colour: Some((rgb[0], rgb[1], rgb[2])) }, held);
            }
            if side.colour.is_some() && ui.small_button("×").on_hover_text("Its default colour").clicked() {
                e.edit(Edit::SideColour { side: i as u8, colour: None });
            }
        });
    }
    ui.label("Briefing:");
    if let Some(briefing) = typed_field(ui, e, Typed::Briefing, &s.briefing, true, "") {
        e.edit(Edit::Briefing(briefing));
    }
    ui.strong("The ruleset's rules of the battle");
    ui.small("Its house-rule switches, leaders and commanders, brigades, tokens, doors, siege (docs/scenarios.md); hover a name for what it is.");
    let sides: Vec<String> = s.sides.iter().map(|s| s.name.clone()).collect();
    let offers = e.offers.clone();
    let cx = super::form::Context { sides: &sides, offers: &offers, left_out: "default", inherited: &[] };
    let fields = crate::editor::muster::part_form(&s);
    if let Some(changed) = super::form::form(ui, e, &Typed::Part, &fields, s.setup.text(), &cx) {
        e.edit_from_form(&Typed::Part, Edit::Part(changed.line), changed.dragged);
    }
    egui::CollapsingHeader::new("The ruleset's part, as written").show(ui, |ui| {
        ui.small("Every field of docs/scenarios.md for the ruleset, its units too. Leave the field to make it an edit.");
        if let Some(text) = typed_line(ui, e, Typed::Part, s.setup.text().trim()) {
            e.edit(Edit::Part(text));
        }
    });
}

/// Saves the battle among one's battles: under the file it came from, else under its id (made
/// unique: a bundled battle's id, or another battle's, would hide one of them); what was done, or
/// why it was not, in words.
pub(super) fn save(e: &mut Editing) -> Result<String, String> {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(path) = e.path.clone() {
        return super::files::save_as(e, &path);
    }
    let file = match &e.file {
        Some(f) => f.clone(),
        None => {
            let own = crate::ui::battles::list();
            let taken = |id: &str| crate::scenario::find_bundled(id).is_some() || own.iter().any(|l| l.file == format!("{id}.ron") || matches!(&l.kind, crate::battles::Kind::Battle(Ok(s)) if s.id == id));
            let base = e.history.now().id.clone();
            let id = std::iter::once(base.clone()).chain((2..).map(|n| format!("{base}-{n}"))).find(|id| !taken(id)).unwrap_or(base);
            // The id is the file's name: no edit to undo, or an undone one would save another
            // battle's id under this file.
            e.history.change_everywhere(|s| s.id = id.clone());
            format!("{id}.ron")
        }
    };
    // The battle's own army lists beside it, as it names them.
    for (name, list) in &e.history.now().army_files {
        crate::ui::battles::write(name, &list.file.text).map_err(|err| format!("Not saved: {err}"))?;
    }
    crate::ui::battles::write(&file, &crate::scenario::to_ron(e.history.now())).map_err(|err| format!("Not saved: {err}"))?;
    e.history.saved();
    e.file = Some(file.clone());
    Ok(format!("Saved as {file} in {}", crate::ui::battles::place()))
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
