//! The help window (H, or the Help button): the keys and the mouse, what the board's marks mean,
//! each ground of the map with its tile and what it does in this ruleset, and the ruleset's legend
//! of counters and dice, drawn as the board draws them.

use super::overlay::{colour, paint_die, paint_symbol, paint_tag};
use super::stage::Stage;
use crate::battle::look::{Legend, Swatch};
use crate::battle::{Battle, Present};
use crate::hex::Terrain;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Whether the help window is open.
#[derive(Resource, Default)]
pub struct HelpOpen(pub bool);

pub const KEYS: [(&str, &str); 17] = [
    ("Click a unit", "select it: its reach and targets are marked"),
    ("Click a marked hex", "move there, or attack the unit there"),
    ("Shift-click", "the variant of the order (an attack order, say)"),
    ("Tab or N", "select the next unit that can still act"),
    ("Esc", "deselect; while events play, skip to the end; else back to the menu (asks first)"),
    ("E or Enter", "end the phase"),
    ("U or Ctrl-Z", "take back your own last order, while no die was rolled since"),
    ("Space or a click", "go on after dice held on the board"),
    ("Wheel", "zoom toward the pointer"),
    ("Right or middle drag", "pan the map"),
    ("Arrows or WASD", "pan the map"),
    ("F", "fit the map to the window"),
    ("C", "write each hex's column and row on the board"),
    ("O", "the order of battle: every unit, its strength and state"),
    ("H", "open or close this help"),
    ("Ctrl-S", "save the game"),
    ("Ctrl-Q", "quit (the battle stays in its autosave)"),
];

const MARKS: [&str; 14] = [
    "Darkened hexes: out of the selected unit's reach this phase.",
    "Gold outline on a hex: the selected unit can go there only by road march (no combat this turn).",
    "Red ring: an enemy the selected unit can attack; the odds show when you hover it.",
    "Dashed orange ring: an enemy the selected unit attacks only by Shift-click (a shooter's melee).",
    "Line to a hovered target: yellow when the line of sight is clear, red when blocked.",
    "Pale line with an arrowhead: the way a unit just went; blue, the way the selected unit would go to the hovered hex, with its cost.",
    "Gold rings: the attacker and the defender of the combat asking for a decision.",
    "Blue outlines: the units that belong with the selected one (its brigade), where a ruleset has them.",
    "Faint blue tint: where the selected unit's commander gives orders at no cost for distance.",
    "Arrow with a word: an order the battle holds (a declared charge, an engagement, a march, a shot), from the unit to what it goes for.",
    "Bright bar and arrowhead on a counter's edge: its front, the hexside it faces.",
    "Faint brown line: where the computer's units went since your last order; a faint brown ring with ticks: where its dice were rolled (a shot, an attack).",
    "A word on a dark strip under a counter: its order with no target (rally, hold, withdraw); on a large map, the unit's name.",
    "Hex outlined with a word on a plaque: a siege's gate, tower, breach (hatched with rubble) or the work done on it.",
];

/// H opens and closes the help, over the menu, a battle or a film.
pub fn toggle_help(keys: Res<ButtonInput<KeyCode>>, mut open: ResMut<HelpOpen>, mut contexts: EguiContexts) {
    let typing = contexts.ctx_mut().is_ok_and(|ctx| ctx.egui_wants_keyboard_input());
    if keys.just_pressed(KeyCode::KeyH) && !typing {
        open.0 = !open.0;
    }
}

pub fn help_window<R: Present>(mut contexts: EguiContexts, mut open: ResMut<HelpOpen>, stage: Option<Res<Stage<R>>>, tiles: Res<super::board::AtlasTexture>) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut still_open = true;
    let screen = ctx.viewport_rect();
    let size = [(screen.width() - 40.0).min(980.0), (screen.height() - 80.0).max(200.0)];
    egui::Window::new("Help").open(&mut still_open).default_size(size).default_pos([20.0, 44.0]).vscroll(true).show(ctx, |ui| {
        ui.columns(2, |columns| {
            let ui = &mut columns[0];
            ui.heading("Keys and mouse");
            egui::Grid::new("keys").striped(true).show(ui, |ui| {
                for (key, what) in KEYS {
                    ui.strong(key);
                    ui.label(what);
                    ui.end_row();
                }
            });
            ui.separator();
            ui.heading("On the board");
            for line in MARKS {
                ui.label(line);
            }
            if let Some(stage) = &stage {
                ui.separator();
                ui.heading("Ground on this map");
                grounds(ui, stage.board(), tiles.0);
            }
            let ui = &mut columns[1];
            for (i, part) in R::legend(stage.as_ref().map(|s| s.board())).iter().enumerate() {
                if i > 0 {
                    ui.separator();
                }
                legend(ui, part);
            }
        });
    });
    open.0 = still_open;
    Ok(())
}

/// Each ground of the map once (with its hill levels and roads), its tile and its card.
fn grounds<R: Present>(ui: &mut egui::Ui, b: &Battle<R>, atlas: Option<egui::TextureId>) {
    let mut seen: Vec<Terrain> = Vec::new();
    for hex in b.map.hexes() {
        let t = b.map.at(hex);
        if seen.contains(&t) {
            continue;
        }
        seen.push(t);
        ui.horizontal(|ui| {
            if let Some(texture) = atlas {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(46.0, 40.0), egui::Sense::hover());
                ui.painter().image(texture, rect, super::board::tile_uv(t.ground, t.level), egui::Color32::WHITE);
                if t.road {
                    ui.painter().line_segment([rect.center_top(), rect.center_bottom()], egui::Stroke::new(4.0, egui::Color32::from_rgb(176, 140, 90)));
                }
            }
            ui.vertical(|ui| {
                // The card's first line names the hex; the rest says what the ground does.
                let card = R::terrain_card(b, hex);
                ui.strong(t.describe());
                for line in card.iter().skip(1) {
                    ui.label(egui::RichText::new(&line.text).small());
                }
            });
        });
    }
}

/// A part of the legend, a picture and its meaning a row, the meaning wrapping within the column
/// (two a row ran past a narrow window's edge).
fn legend(ui: &mut egui::Ui, part: &Legend) {
    ui.strong(&part.heading);
    for (swatch, meaning) in &part.entries {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(40.0, 26.0), egui::Sense::hover());
            paint_swatch(ui.painter(), rect, swatch);
            ui.add(egui::Label::new(egui::RichText::new(meaning).small()).wrap());
        });
    }
}

fn paint_swatch(painter: &egui::Painter, rect: egui::Rect, swatch: &Swatch) {
    let counter = egui::Color32::from_rgb(70, 90, 150);
    let ink = egui::Color32::from_rgb(248, 244, 232);
    let c = rect.center();
    match swatch {
        Swatch::Band(band) => {
            painter.rect_filled(rect.shrink(4.0), egui::CornerRadius::same(3), counter);
            painter.rect_filled(egui::Rect::from_min_size(rect.min + egui::vec2(6.0, 6.0), egui::vec2(rect.width() - 12.0, 7.0)), egui::CornerRadius::same(2), colour(*band));
        }
        Swatch::Symbol(symbol) => {
            painter.rect_filled(rect.shrink(2.0), egui::CornerRadius::same(3), counter);
            paint_symbol(painter, egui::Rect::from_center_size(c - egui::vec2(3.0, 0.0), egui::vec2(22.0, 15.0)), *symbol, ink, 1.5);
        }
        Swatch::Tag(tag) => {
            painter.rect_filled(rect.shrink(4.0), egui::CornerRadius::same(3), counter);
            paint_tag(painter, c - egui::vec2(6.0, 6.0), 12.0, *tag);
        }
        Swatch::Corner(disc, letter) => {
            painter.circle_filled(c, 10.0, colour(*disc));
            painter.text(c, egui::Align2::CENTER_CENTER, letter, egui::FontId::proportional(13.0), egui::Color32::BLACK);
        }
        Swatch::Die(die) => paint_die(painter, c, 19.0, die),
        Swatch::Alert(outline, word) => {
            painter.rect_filled(rect.shrink(4.0), egui::CornerRadius::same(3), counter);
            painter.rect_stroke(rect.shrink(4.0), egui::CornerRadius::same(3), egui::Stroke::new(3.0, colour(*outline)), egui::StrokeKind::Inside);
            painter.text(c, egui::Align2::CENTER_CENTER, word, egui::FontId::proportional(9.0), colour(*outline));
        }
        Swatch::Factors(text) => {
            painter.rect_filled(rect.shrink(4.0), egui::CornerRadius::same(3), counter);
            painter.text(rect.left_bottom() + egui::vec2(7.0, -6.0), egui::Align2::LEFT_BOTTOM, text, egui::FontId::proportional(11.0), ink);
        }
        Swatch::Badge(text) => {
            painter.rect_filled(rect.shrink(4.0), egui::CornerRadius::same(3), counter);
            let spot = rect.right_bottom() + egui::vec2(-13.0, -12.0);
            painter.circle_filled(spot, 8.0, ink);
            painter.text(spot, egui::Align2::CENTER_CENTER, text, egui::FontId::proportional(11.0), egui::Color32::BLACK);
        }
    }
}
