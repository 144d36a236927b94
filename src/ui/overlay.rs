//! What is painted over the terrain, in egui's background layer so it stays crisp at every zoom:
//! roads, the reach of the selected unit, its targets, the line of sight to the hovered target,
//! the counters with their markers, and the dice of the combat being shown.

use super::camera::{BoardCamera, HEX_RADIUS, Hovered, to_world};
use super::input::{Selection, highlights};
use super::stage::{Film, Stage};
use crate::battle::ecs::EventLog;
use crate::battle::{AppState, Battle, Side};
use crate::hex::Hex;
use crate::hex::coords::centre;
use crate::rules::thucydide::data::{Armour, Class, Rank};
use crate::rules::thucydide::event::{Effect, Event};
use crate::rules::thucydide::sight::Sight;
use crate::rules::thucydide::{Command, Thucydide};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

type B = Battle<Thucydide>;

pub struct OverlayPlugin;

impl Plugin for OverlayPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(EguiPrimaryContextPass, paint_board.before(super::panels::battle_panels).before(super::panels::replay_panels).run_if(in_state(AppState::Battle).or_else(in_state(AppState::Replay))));
    }
}

pub fn side_colour(side: Side) -> egui::Color32 {
    if side.0 == 0 { egui::Color32::from_rgb(52, 86, 150) } else { egui::Color32::from_rgb(158, 52, 40) }
}

pub fn armour_colour(a: Armour) -> egui::Color32 {
    match a {
        Armour::Yellow => egui::Color32::from_rgb(236, 204, 64),
        Armour::Green => egui::Color32::from_rgb(70, 160, 72),
        Armour::Blue => egui::Color32::from_rgb(70, 120, 210),
        Armour::Red => egui::Color32::from_rgb(200, 50, 44),
        Armour::Black => egui::Color32::from_rgb(24, 24, 24),
    }
}

/// A short troop-type mark for a counter.
pub fn class_mark(c: Class) -> &'static str {
    match c {
        Class::Infantry => "INF",
        Class::Cavalry => "CAV",
        Class::Camelry => "CML",
        Class::Chariots => "CHR",
        Class::Elephants => "ELE",
        Class::Artillery => "ART",
    }
}

/// World to screen, as the camera sees it.
struct View<'a> {
    camera: &'a Camera,
    transform: &'a GlobalTransform,
    scale: f32,
}

impl View<'_> {
    fn at(&self, p: Vec2) -> Option<egui::Pos2> {
        self.camera.world_to_viewport(self.transform, p.extend(0.0)).ok().map(|v| egui::pos2(v.x, v.y))
    }

    fn hex(&self, h: Hex) -> Option<egui::Pos2> {
        self.at(to_world(h))
    }

    /// World units to screen points.
    fn len(&self, world: f32) -> f32 {
        world / self.scale
    }

    fn hex_outline(&self, h: Hex, shrink: f32) -> Vec<egui::Pos2> {
        let c = to_world(h);
        (0..6)
            .filter_map(|i| {
                let a = std::f32::consts::PI / 3.0 * i as f32;
                self.at(c + Vec2::new(a.cos(), a.sin()) * HEX_RADIUS * shrink)
            })
            .collect()
    }
}

#[allow(clippy::too_many_arguments)]
fn paint_board(
    mut contexts: EguiContexts,
    camera: Query<(&Camera, &GlobalTransform, &Projection), With<BoardCamera>>,
    stage: Option<Res<Stage<Thucydide>>>,
    log: Option<Res<EventLog<Thucydide>>>,
    film: Option<Res<Film<Thucydide>>>,
    state: Res<State<AppState>>,
    selection: Res<Selection>,
    legal_now: Option<Res<super::input::LegalNow>>,
    hovered: Res<Hovered>,
) -> Result {
    let (Some(stage), Ok((cam, gt, proj))) = (stage, camera.single()) else { return Ok(()) };
    let Projection::Orthographic(o) = proj else { return Ok(()) };
    let view = View { camera: cam, transform: gt, scale: o.scale };
    let ctx = contexts.ctx_mut()?;
    // The background layer, before the panels paint theirs there: the panels cover the board.
    let painter = ctx.layer_painter(egui::LayerId::background());
    let b = &stage.shown;
    let events: &[Event] = match (state.get(), &log, &film) {
        (AppState::Replay, _, Some(f)) => &f.events,
        (_, Some(l), _) => &l.events,
        _ => &[],
    };
    let live = *state.get() == AppState::Battle && stage.caught_up(events);
    paint_roads(&painter, &view, b);
    let legal: &[Command] = match &legal_now {
        Some(l) if live => &l.0,
        _ => &[],
    };
    let (moves, targets) = highlights(legal, selection.0);
    for h in &moves {
        painter.add(egui::Shape::convex_polygon(view.hex_outline(*h, 0.92), egui::Color32::from_rgba_unmultiplied(255, 255, 220, 60), egui::Stroke::new(view.len(5.0), egui::Color32::from_rgba_unmultiplied(255, 250, 200, 170))));
    }
    paint_decision_marks(&painter, &view, b, legal);
    if let Some(h) = hovered.0 {
        painter.add(egui::Shape::closed_line(view.hex_outline(h, 0.97), egui::Stroke::new(view.len(6.0).max(1.5), egui::Color32::WHITE)));
    }
    for u in b.on_board() {
        let Some(hex) = u.hex else { continue };
        paint_counter(&painter, &view, b, u.id, hex, selection.0 == Some(u.id));
    }
    for t in &targets {
        if let Some(p) = b.unit(*t).and_then(|u| u.hex).and_then(|h| view.hex(h)) {
            painter.circle_stroke(p, view.len(HEX_RADIUS * 0.8), egui::Stroke::new(view.len(8.0).max(2.0), egui::Color32::from_rgb(230, 40, 30)));
        }
    }
    // The line of sight to a hovered target.
    if let (Some(sel), Some(h)) = (selection.0, hovered.0) {
        let target = b.unit_at(h).map(|u| u.id);
        if let (Some(from), Some(t)) = (b.unit(sel).and_then(|u| u.hex), target.filter(|t| targets.contains(t))) {
            let _ = t;
            let clear = Sight::new(b).clear(from, h);
            let colour = if clear { egui::Color32::from_rgb(250, 240, 120) } else { egui::Color32::from_rgb(240, 60, 40) };
            if let (Some(a), Some(z)) = (view.hex(from), view.hex(h)) {
                painter.line_segment([a, z], egui::Stroke::new(view.len(7.0).max(2.0), colour));
            }
        }
    }
    if let Some(e) = stage.last(events) {
        paint_dice(&painter, &view, b, e);
    }
    Ok(())
}

fn paint_roads(painter: &egui::Painter, view: &View, b: &B) {
    let stroke = egui::Stroke::new(view.len(16.0).max(1.5), egui::Color32::from_rgb(150, 120, 80));
    for h in b.map.hexes().filter(|h| b.map.at(*h).road) {
        let Some(a) = view.hex(h) else { continue };
        let mut linked = false;
        for n in b.map.neighbours(h).filter(|n| b.map.at(*n).road) {
            linked = true;
            // Each half of the segment from its own end, so shared edges meet in the middle.
            let (x0, y0) = centre(h);
            let (x1, y1) = centre(n);
            let mid = Vec2::new(((x0 + x1) / 2.0) as f32, -((y0 + y1) / 2.0) as f32) * HEX_RADIUS;
            if let Some(m) = view.at(mid) {
                painter.line_segment([a, m], stroke);
            }
        }
        if !linked {
            painter.circle_filled(a, view.len(14.0), stroke.color);
        }
    }
}

/// Hexes and units a pending decision can pick with a click.
fn paint_decision_marks(painter: &egui::Painter, view: &View, b: &B, legal: &[Command]) {
    let mark = egui::Color32::from_rgba_unmultiplied(120, 220, 255, 90);
    let edge = egui::Stroke::new(view.len(6.0).max(1.5), egui::Color32::from_rgb(120, 220, 255));
    for c in legal {
        let hex = match c {
            Command::Retreat { path } => path.last().copied().filter(|h| b.map.contains(*h)),
            Command::Pursue { to: Some(h), target: None, .. } => Some(*h),
            Command::Charge { target } | Command::Refuge { unit: target } | Command::Redeploy { unit: target } => b.unit(*target).and_then(|u| u.hex),
            _ => None,
        };
        if let Some(h) = hex {
            painter.add(egui::Shape::convex_polygon(view.hex_outline(h, 0.9), mark, edge));
        }
    }
}

fn paint_counter(painter: &egui::Painter, view: &View, b: &B, id: crate::battle::UnitId, hex: Hex, selected: bool) {
    let (Some(u), Some(c)) = (b.unit(id), view.hex(hex)) else { return };
    let p = u.state.profile();
    let half = view.len(HEX_RADIUS * 0.56);
    let rect = egui::Rect::from_center_size(c, egui::vec2(half * 2.0, half * 2.0));
    let round = egui::CornerRadius::same((half * 0.12).min(255.0) as u8);
    painter.rect_filled(rect.translate(egui::vec2(half * 0.06, half * 0.08)), round, egui::Color32::from_black_alpha(110));
    painter.rect_filled(rect, round, side_colour(u.side));
    let band = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), half * 0.34));
    painter.rect_filled(band.shrink(half * 0.07), egui::CornerRadius::same((half * 0.06) as u8), armour_colour(p.armour));
    let text = egui::Color32::from_rgb(248, 244, 232);
    let font = |size: f32| egui::FontId::proportional(size.max(4.0));
    painter.text(c + egui::vec2(0.0, -half * 0.12), egui::Align2::CENTER_CENTER, class_mark(p.class), font(half * 0.5), text);
    let name: String = p.label.chars().take(12).collect();
    painter.text(c + egui::vec2(0.0, half * 0.28), egui::Align2::CENTER_CENTER, name, font(half * 0.24), text);
    painter.text(rect.left_bottom() + egui::vec2(half * 0.1, -half * 0.06), egui::Align2::LEFT_BOTTOM, format!("{}-{}-{}", p.fire, p.assault, p.melee), font(half * 0.3), text);
    let badge = rect.right_bottom() + egui::vec2(-half * 0.26, -half * 0.26);
    painter.circle_filled(badge, half * 0.24, egui::Color32::from_rgb(248, 244, 232));
    painter.text(badge, egui::Align2::CENTER_CENTER, u.strength.to_string(), font(half * 0.34), egui::Color32::BLACK);
    if let Some(l) = b.global.leaders.iter().find(|l| l.unit == Some(id)) {
        let spot = rect.right_top() + egui::vec2(-half * 0.02, half * 0.02);
        painter.circle_filled(spot, half * 0.26, egui::Color32::from_rgb(222, 180, 60));
        let letter = match l.rank {
            Rank::CommanderInChief => "C",
            Rank::SubGeneral => "G",
            Rank::Historical => "H",
            Rank::SeniorOfficer => "O",
        };
        painter.text(spot, egui::Align2::CENTER_CENTER, letter, font(half * 0.32), egui::Color32::BLACK);
    }
    let s = &u.state;
    if s.activated && !s.fought {
        painter.circle_filled(rect.left_top() + egui::vec2(half * 0.2, half * 0.55), half * 0.1, egui::Color32::from_rgb(120, 230, 110));
    }
    if s.fought {
        let a = rect.left_top() + egui::vec2(half * 0.1, half * 0.45);
        let stroke = egui::Stroke::new(half * 0.08, egui::Color32::from_rgb(250, 200, 80));
        painter.line_segment([a, a + egui::vec2(half * 0.22, half * 0.22)], stroke);
        painter.line_segment([a + egui::vec2(half * 0.22, 0.0), a + egui::vec2(0.0, half * 0.22)], stroke);
    }
    if s.panicked {
        painter.rect_stroke(rect, round, egui::Stroke::new(half * 0.12, egui::Color32::from_rgb(255, 90, 30)), egui::StrokeKind::Inside);
        painter.text(c + egui::vec2(0.0, -half * 0.62), egui::Align2::CENTER_CENTER, "PANIC", font(half * 0.28), egui::Color32::from_rgb(255, 120, 40));
    }
    if selected {
        painter.rect_stroke(rect.expand(half * 0.08), round, egui::Stroke::new(half * 0.1, egui::Color32::WHITE), egui::StrokeKind::Outside);
    }
}

/// The faces of the roll just shown, above the defender, each coloured by its effect.
fn paint_dice(painter: &egui::Painter, view: &View, b: &B, e: &Event) {
    let (defender, faces): (_, Vec<(crate::rules::thucydide::die::Face, Effect)>) = match e {
        Event::DiceRolled { defender, results, .. } => (*defender, results.iter().map(|r| (r.face, r.effect)).collect()),
        _ => return,
    };
    let Some(c) = b.unit(defender).and_then(|u| u.hex).and_then(|h| view.hex(h)) else { return };
    let size = 34.0;
    let n = faces.len() as f32;
    for (i, (face, effect)) in faces.iter().enumerate() {
        let centre = c + egui::vec2((i as f32 - (n - 1.0) / 2.0) * (size + 6.0), -view.len(HEX_RADIUS) - size);
        let rect = egui::Rect::from_center_size(centre, egui::vec2(size, size));
        let border = match effect {
            Effect::Hit => egui::Color32::from_rgb(220, 40, 30),
            Effect::MoraleHit => egui::Color32::from_rgb(240, 170, 40),
            Effect::OrderToken => egui::Color32::from_rgb(90, 160, 240),
            Effect::Miss => egui::Color32::from_gray(120),
        };
        let (fill, ink) = face_colours(*face);
        painter.rect_filled(rect.translate(egui::vec2(2.0, 3.0)), egui::CornerRadius::same(6), egui::Color32::from_black_alpha(120));
        painter.rect_filled(rect, egui::CornerRadius::same(6), fill);
        painter.rect_stroke(rect, egui::CornerRadius::same(6), egui::Stroke::new(4.0, border), egui::StrokeKind::Outside);
        painter.text(centre, egui::Align2::CENTER_CENTER, face_mark(*face), egui::FontId::proportional(15.0), ink);
    }
}

/// A face's colours as printed on the die: the hit faces in their armour colour.
fn face_colours(f: crate::rules::thucydide::die::Face) -> (egui::Color32, egui::Color32) {
    use crate::rules::thucydide::die::Face;
    match f {
        Face::GreenHit => (armour_colour(Armour::Green), egui::Color32::WHITE),
        Face::BlueHit => (armour_colour(Armour::Blue), egui::Color32::WHITE),
        Face::RedHit => (armour_colour(Armour::Red), egui::Color32::WHITE),
        _ => (egui::Color32::from_rgb(250, 248, 240), egui::Color32::BLACK),
    }
}

/// A die face as printed: coloured hits, the flag, the order letter, the tactical advantage.
pub fn face_mark(f: crate::rules::thucydide::die::Face) -> String {
    use crate::rules::thucydide::die::Face;
    match f {
        Face::GreenHit => "G",
        Face::Flag => "F",
        Face::BlueHit => "B",
        Face::OrderLetter => "O",
        Face::RedHit => "R",
        Face::TacticalAdvantage => "TA",
    }
    .into()
}
