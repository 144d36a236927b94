//! What is painted over the terrain, in egui's background layer so it stays crisp at every zoom:
//! roads, what the ruleset marks for the selection (reach, targets, picks, line of sight), the
//! counters as the ruleset describes them, and the cue of the event being shown (dice).

use super::camera::{BoardCamera, HEX_RADIUS, Hovered, to_world};
use super::baked::Baked;
use super::glide::Glides;
use super::input::{LegalNow, Selection};
use super::preferences::{Pace, Preferences};
use super::stage::{Film, Stage, Trace};
use crate::battle::ecs::EventLog;
use crate::battle::look::{Counter, Cue, Marks, Rgb, Symbol, Tag, Troop};
use crate::battle::{AppState, Battle, Present, Side, Unit, UnitId};
use crate::hex::{Hex, Hexside};
use crate::hex::coords::centre;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, egui};

/// Paints one ruleset's board, before the panels (`super::panels::Paint`).
pub fn install<R: Present>(app: &mut App) {
    app.add_systems(bevy_egui::EguiPrimaryContextPass, paint_board::<R>.in_set(super::panels::Paint::Board).run_if(resource_exists::<Stage<R>>.and_then(in_state(AppState::Battle).or_else(in_state(AppState::Replay)).or_else(in_state(AppState::Editor)))));
}

/// The sides' colours where their scenario gives none: blue for the first, red for the second.
pub const SIDE_COLOURS: [(u8, u8, u8); 2] = [(52, 86, 150), (158, 52, 40)];

/// A side's colour: its scenario's, else its default.
pub fn side_colour<R: Present>(b: &Battle<R>, side: Side) -> egui::Color32 {
    let (r, g, bl) = b.sides[side.index()].colour.unwrap_or(SIDE_COLOURS[side.index().min(1)]);
    egui::Color32::from_rgb(r, g, bl)
}

pub fn colour(c: Rgb) -> egui::Color32 {
    egui::Color32::from_rgb(c.0, c.1, c.2)
}

/// World to screen, as the camera sees it (the editor's outlines use it too).
pub(crate) struct View<'a> {
    pub camera: &'a Camera,
    pub transform: &'a GlobalTransform,
    /// The orthographic projection's scale: world units a screen point.
    pub scale: f32,
}

impl View<'_> {
    fn at(&self, p: Vec2) -> Option<egui::Pos2> {
        self.camera.world_to_viewport(self.transform, p.extend(0.0)).ok().map(|v| egui::pos2(v.x, v.y))
    }

    pub(crate) fn hex(&self, h: Hex) -> Option<egui::Pos2> {
        self.at(to_world(h))
    }

    /// World units to screen points.
    fn len(&self, world: f32) -> f32 {
        world / self.scale
    }

    pub(crate) fn hex_outline(&self, h: Hex, shrink: f32) -> Vec<egui::Pos2> {
        let c = to_world(h);
        (0..6)
            .filter_map(|i| {
                let a = std::f32::consts::PI / 3.0 * i as f32;
                self.at(c + Vec2::new(a.cos(), a.sin()) * HEX_RADIUS * shrink)
            })
            .collect()
    }
}

/// What the baked part of the board shows: the board is painted anew when any of it changes.
#[derive(PartialEq)]
struct Shown {
    camera: (Vec3, f32, Option<Rect>),
    pixels_per_point: f32,
    stage: u64,
    events_shown: usize,
    viewer: Option<Side>,
    live: bool,
    selection: Option<UnitId>,
    hovered: Option<Hex>,
    hovered_choice: Option<Hex>,
    sliding: Vec<UnitId>,
    coordinates: bool,
    trail: usize,
}

#[allow(clippy::too_many_arguments)]
fn paint_board<R: Present>(
    mut contexts: EguiContexts,
    camera: Query<(&Camera, &GlobalTransform, &Projection), With<BoardCamera>>,
    stage: Res<Stage<R>>,
    log: Option<Res<EventLog<R>>>,
    film: Option<Res<Film<R>>>,
    state: Res<State<AppState>>,
    selection: Res<Selection>,
    legal_now: Option<Res<LegalNow<R>>>,
    hovered: Res<Hovered>,
    hovered_choice: Res<super::panels::HoveredChoice>,
    (time, preferences, mut glides, mut baked, mut redraw): (Res<Time<Real>>, Res<Preferences>, Local<Glides>, Local<Baked<Shown>>, MessageWriter<RequestRedraw>),
    trail: Option<Res<super::players::ComputersTrail>>,
) -> Result {
    let Ok((cam, gt, proj)) = camera.single() else { return Ok(()) };
    let Projection::Orthographic(o) = proj else { return Ok(()) };
    let view = View { camera: cam, transform: gt, scale: o.scale };
    let ctx = contexts.ctx_mut()?;
    // The background layer, before the panels paint theirs there: the panels cover the board.
    let painter = ctx.layer_painter(egui::LayerId::background());
    let b = stage.board();
    let events: &[R::Event] = match (state.get(), &log, &film) {
        (AppState::Replay, _, Some(f)) => &f.events,
        (_, Some(l), _) => &l.events,
        _ => &[],
    };
    let live = *state.get() == AppState::Battle && stage.caught_up(events);
    glides.follow(stage.generation());
    // The instant pace's speed is infinite, and a frame of no time would make it NaN.
    let glided = if preferences.pace == Pace::Instant { f32::MAX } else { time.delta_secs() * preferences.pace.speed() };
    glides.advance(glided, |id| b.unit(id).is_some_and(|u| u.hex.is_some()));
    let way = match stage.cue() {
        Some(Cue::Path { hexes }) => Some(hexes.as_slice()),
        _ => None,
    };
    let counters = place_counters(b, &mut glides, way, preferences.pace != Pace::Instant);
    let shown = Shown {
        camera: (gt.translation(), o.scale, cam.logical_viewport_rect()),
        pixels_per_point: ctx.pixels_per_point(),
        stage: stage.generation(),
        events_shown: stage.cursor,
        viewer: stage.viewer(),
        live,
        selection: selection.0,
        hovered: hovered.0,
        hovered_choice: hovered_choice.0,
        sliding: counters.iter().filter(|c| c.sliding).map(|c| c.unit.id).collect(),
        coordinates: preferences.show_coordinates,
        trail: trail.as_ref().map_or(usize::MAX, |t| t.0),
    };
    // New legal commands (a command resolved, taken back) change the marks, whatever the key.
    let renewed = legal_now.as_ref().is_some_and(|l| l.is_changed());
    if !baked.holds(ctx, &shown) || renewed {
        let legal: &[R::Command] = match &legal_now {
            Some(l) if live => &l.0,
            _ => &[],
        };
        let marks = R::marks(b, legal, selection.0, hovered.0);
        let choice = hovered_choice.0.filter(|_| live);
        let resting = || counters.iter().filter(|c| !c.sliding);
        baked.bake(ctx, painter.clip_rect(), shown, &mut [
            &mut |p: &egui::Painter| {
                // What the computer did since the person last acted, faint under the rest.
                if live {
                    for trace in stage.traces_since(trail.as_ref().map_or(usize::MAX, |t| t.0)) {
                        match trace {
                            Trace::Way(way) => paint_path(p, &view, way, COMPUTERS_WAY),
                            Trace::Dice(hex) => paint_struck(p, &view, *hex),
                        }
                    }
                }
                paint_under_counters(p, &view, b, &marks, selection.0, hovered.0, choice, stage.cue());
                if preferences.show_coordinates {
                    paint_coordinates(p, &view, b);
                }
                for c in resting() {
                    paint_placed(p, &view, b, c, selection.0);
                }
            },
            &mut |p: &egui::Painter| {
                paint_arrows(p, &view, &R::arrows(b));
                paint_over_counters(p, &view, b, &marks, &R::tokens(b), stage.cue());
            },
        ]);
    }
    // A sliding counter goes over the others and under the marks.
    baked.add(&painter, 0);
    for c in counters.iter().filter(|c| c.sliding) {
        paint_placed(&painter, &view, b, c, selection.0);
    }
    baked.add(&painter, 1);
    if glides.moving() {
        redraw.write(RequestRedraw);
    }
    Ok(())
}

/// The board under the counters: roads and hexsides, then what the ruleset marks for the selection
/// (the shade out of reach, the reach, picks...), the pointer's hex, and the way of a move.
#[allow(clippy::too_many_arguments)]
fn paint_under_counters<R: Present>(painter: &egui::Painter, view: &View, b: &Battle<R>, marks: &Marks, selected: Option<UnitId>, hovered: Option<Hex>, choice: Option<Hex>, cue: Option<&Cue>) {
    paint_roads(painter, view, b);
    paint_hexsides(painter, view, b);
    paint_stamps(painter, view, &R::stamps(b));
    if !marks.reach.is_empty() {
        // Out of reach is shaded, as a player reads it at a glance; the reach stays bright.
        let from = selected.and_then(|id| b.unit(id)).and_then(|u| u.hex);
        for h in b.map.hexes().filter(|h| !marks.reach.contains(h) && Some(*h) != from) {
            painter.add(egui::Shape::convex_polygon(view.hex_outline(h, 1.0), egui::Color32::from_black_alpha(95), egui::Stroke::NONE));
        }
    }
    for h in &marks.reach {
        painter.add(egui::Shape::closed_line(view.hex_outline(*h, 0.92), egui::Stroke::new(view.len(5.0), egui::Color32::from_rgba_unmultiplied(255, 250, 200, 170))));
    }
    for h in &marks.restricted {
        painter.add(egui::Shape::closed_line(view.hex_outline(*h, 0.86), egui::Stroke::new(view.len(9.0).max(1.5), RESTRICTED)));
    }
    // The selected unit's command: its commander's reach lightly tinted, its fellows outlined.
    for h in &marks.radius {
        painter.add(egui::Shape::convex_polygon(view.hex_outline(*h, 1.0), egui::Color32::from_rgba_unmultiplied(90, 150, 255, 28), egui::Stroke::NONE));
    }
    for h in &marks.group {
        painter.add(egui::Shape::closed_line(view.hex_outline(*h, 0.9), egui::Stroke::new(view.len(5.0).max(1.5), egui::Color32::from_rgb(110, 170, 255))));
    }
    let pick = egui::Color32::from_rgba_unmultiplied(120, 220, 255, 90);
    let pick_edge = egui::Stroke::new(view.len(6.0).max(1.5), egui::Color32::from_rgb(120, 220, 255));
    for h in &marks.picks {
        painter.add(egui::Shape::convex_polygon(view.hex_outline(*h, 0.9), pick, pick_edge));
    }
    // What a pending decision is about (the two sides of its combat), and the hex of the option
    // under the pointer.
    for h in &marks.focus {
        painter.add(egui::Shape::closed_line(view.hex_outline(*h, 0.95), egui::Stroke::new(view.len(10.0).max(2.0), egui::Color32::from_rgb(255, 160, 40))));
    }
    if let Some(h) = choice {
        painter.add(egui::Shape::convex_polygon(view.hex_outline(h, 0.9), egui::Color32::from_rgba_unmultiplied(120, 220, 255, 150), egui::Stroke::new(view.len(10.0).max(2.0), egui::Color32::WHITE)));
    }
    if let Some(h) = hovered {
        painter.add(egui::Shape::closed_line(view.hex_outline(h, 0.97), egui::Stroke::new(view.len(6.0).max(1.5), egui::Color32::WHITE)));
    }
    // A move's way goes under the counters, so it leads into the unit that took it.
    if let Some(Cue::Path { hexes }) = cue {
        paint_path(painter, view, hexes, egui::Color32::from_rgba_unmultiplied(255, 248, 210, 230));
    }
    if let Some((hexes, _)) = &marks.way {
        paint_path(painter, view, hexes, egui::Color32::from_rgba_unmultiplied(150, 220, 255, 230));
    }
}

/// The board over the counters: markers, targets, the line of sight, the dice being shown, and
/// what the way costs by the pointer, or what a restricted hex bars at the first one.
fn paint_over_counters<R: Present>(painter: &egui::Painter, view: &View, b: &Battle<R>, marks: &Marks, tokens: &[crate::battle::look::Token], cue: Option<&Cue>) {
    paint_tokens(painter, view, b, tokens);
    for t in &marks.targets {
        if let Some(p) = view.hex(*t) {
            painter.circle_stroke(p, view.len(HEX_RADIUS * 0.8), egui::Stroke::new(view.len(8.0).max(2.0), egui::Color32::from_rgb(230, 40, 30)));
        }
    }
    // Attacked only by the click's variant: a dashed ring.
    for t in &marks.shift_targets {
        if let Some(p) = view.hex(*t) {
            let r = view.len(HEX_RADIUS * 0.8);
            let stroke = egui::Stroke::new(view.len(6.0).max(1.5), egui::Color32::from_rgb(240, 140, 40));
            for k in 0..12 {
                let (a, z) = (k as f32 * std::f32::consts::TAU / 12.0, (k as f32 + 0.55) * std::f32::consts::TAU / 12.0);
                painter.line_segment([p + r * egui::vec2(a.cos(), a.sin()), p + r * egui::vec2(z.cos(), z.sin())], stroke);
            }
        }
    }
    if let Some(sight) = &marks.sight {
        let colour = if sight.clear { egui::Color32::from_rgb(250, 240, 120) } else { egui::Color32::from_rgb(240, 60, 40) };
        if let (Some(a), Some(z)) = (view.hex(sight.from), view.hex(sight.to)) {
            painter.line_segment([a, z], egui::Stroke::new(view.len(7.0).max(2.0), colour));
        }
    }
    if let Some(Cue::Dice { over, dice }) = cue {
        paint_dice(painter, view, *over, dice);
    }
    let notes = marks.way.as_ref().and_then(|(hexes, cost)| Some((*hexes.last()?, cost.as_str()))).into_iter().chain(marks.restriction.as_deref().and_then(|r| Some((*marks.restricted.first()?, r))).filter(|_| marks.way.is_none()));
    for (hex, note) in notes {
        if let Some(c) = view.hex(hex) {
            paint_note(painter, c + egui::vec2(0.0, view.len(HEX_RADIUS * 0.95)), note);
        }
    }
}

/// Each hex's `column,row`, small along its lower edge, as the log, the cards and the terminal
/// name hexes (the top bar's Coordinates, or C).
fn paint_coordinates<R: Present>(painter: &egui::Painter, view: &View, b: &Battle<R>) {
    let size = view.len(HEX_RADIUS * 0.26);
    if size < 5.0 {
        return;
    }
    let ink = egui::Color32::from_rgba_unmultiplied(20, 20, 20, 200);
    for h in b.map.hexes() {
        let Some(c) = view.hex(h) else { continue };
        let at = crate::hex::Offset::from_hex(h);
        painter.text(c + egui::vec2(0.0, view.len(HEX_RADIUS * 0.7)), egui::Align2::CENTER_CENTER, format!("{},{}", at.0, at.1), egui::FontId::monospace(size), ink);
    }
}

/// The orders the viewer may know of (declared charges, a mass battle's engagements and marches)
/// as arrows from the unit to what it goes for, each with its word at the middle.
fn paint_arrows(painter: &egui::Painter, view: &View, arrows: &[crate::battle::look::Arrow]) {
    // One word for the arrows that share a target and a word (three engaging one unit).
    let mut worded: Vec<(Hex, &str)> = Vec::new();
    for arrow in arrows {
        let (Some(from), Some(to)) = (view.hex(arrow.from), view.hex(arrow.to)) else { continue };
        if arrow.from == arrow.to {
            // An order with no target (rally, hold): its word under the counter.
            paint_order_word(painter, from + egui::vec2(0.0, view.len(HEX_RADIUS * 0.62)), &arrow.label, colour(arrow.colour));
            continue;
        }
        let dir = (to - from).normalized();
        if !dir.x.is_finite() {
            continue;
        }
        // From the counter's edge to short of the target's centre, so both stay readable.
        let (start, end) = (from + dir * view.len(HEX_RADIUS * 0.55), to - dir * view.len(HEX_RADIUS * 0.45));
        paint_arrow_line(painter, view, vec![start, end], colour(arrow.colour));
        let first = !worded.contains(&(arrow.to, arrow.label.as_str()));
        if first && !arrow.label.is_empty() && (end - start).length() > view.len(HEX_RADIUS) {
            worded.push((arrow.to, arrow.label.as_str()));
            paint_note(painter, start + (end - start) * 0.5, &arrow.label);
        }
    }
}

/// An order's word on a dark plaque in the order's colour, under a counter.
fn paint_order_word(painter: &egui::Painter, at: egui::Pos2, word: &str, ink: egui::Color32) {
    let galley = painter.layout_no_wrap(word.to_string(), egui::FontId::proportional(12.0), ink);
    let rect = egui::Rect::from_center_size(at, galley.size() + egui::vec2(8.0, 2.0));
    painter.rect_filled(rect, egui::CornerRadius::same(3), egui::Color32::from_black_alpha(200));
    painter.rect_stroke(rect, egui::CornerRadius::same(3), egui::Stroke::new(1.0, ink), egui::StrokeKind::Inside);
    painter.galley(rect.min + egui::vec2(4.0, 1.0), galley, ink);
}

/// The ruleset's marks on the ground: a hex outlined in a colour, hatched where rubble lies, its word
/// along the hex's top edge.
fn paint_stamps(painter: &egui::Painter, view: &View, stamps: &[crate::battle::look::Stamp]) {
    for s in stamps {
        let Some(c) = view.hex(s.hex) else { continue };
        let ink = colour(s.colour);
        if s.rubble {
            let r = view.len(HEX_RADIUS * 0.55);
            let stroke = egui::Stroke::new(view.len(6.0).max(1.0), egui::Color32::from_rgba_unmultiplied(60, 50, 40, 200));
            for k in -2..=2 {
                let d = egui::vec2(k as f32 * r * 0.4, 0.0);
                painter.line_segment([c + d + egui::vec2(-r * 0.3, -r * 0.6), c + d + egui::vec2(r * 0.3, r * 0.6)], stroke);
            }
        }
        painter.add(egui::Shape::closed_line(view.hex_outline(s.hex, 0.8), egui::Stroke::new(view.len(8.0).max(2.0), ink)));
        // The word on a dark plaque along the hex's top, readable on any ground.
        let size = view.len(HEX_RADIUS * 0.24).max(9.0);
        let galley = painter.layout_no_wrap(s.word.clone(), egui::FontId::proportional(size), ink);
        let plaque = egui::Rect::from_center_size(c - egui::vec2(0.0, view.len(HEX_RADIUS * 0.62)), galley.size() + egui::vec2(6.0, 2.0));
        painter.rect_filled(plaque, egui::CornerRadius::same(3), egui::Color32::from_black_alpha(190));
        painter.galley(plaque.min + egui::vec2(3.0, 1.0), galley, ink);
    }
}

fn paint_roads<R: Present>(painter: &egui::Painter, view: &View, b: &Battle<R>) {
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

/// Hedges, walls, stream banks and fortification walls along the edges they stand on.
fn paint_hexsides<R: Present>(painter: &egui::Painter, view: &View, b: &Battle<R>) {
    for (hex, side, feature) in b.map.hexsides.iter() {
        // Flat-topped hexes: the edge toward direction i is centred at 90° - 60°·i (north up), its
        // corners 30° either side.
        let middle = std::f32::consts::FRAC_PI_2 - std::f32::consts::FRAC_PI_3 * side as u8 as f32;
        let corner = |a: f32| view.at(to_world(hex) + Vec2::new(a.cos(), a.sin()) * HEX_RADIUS);
        let (Some(a), Some(z)) = (corner(middle - std::f32::consts::FRAC_PI_6), corner(middle + std::f32::consts::FRAC_PI_6)) else { continue };
        let (width, colour) = match feature {
            Hexside::Hedge => (14.0, egui::Color32::from_rgb(56, 112, 44)),
            Hexside::Fence => (8.0, egui::Color32::from_rgb(140, 104, 64)),
            Hexside::Wall => (16.0, egui::Color32::from_rgb(158, 154, 142)),
            Hexside::Ditch => (12.0, egui::Color32::from_rgb(96, 78, 52)),
            Hexside::Stream => (12.0, egui::Color32::from_rgb(70, 130, 200)),
            Hexside::Fortification => (26.0, egui::Color32::from_rgb(92, 86, 80)),
        };
        painter.line_segment([a, z], egui::Stroke::new(view.len(width).max(1.5), colour));
        if feature == Hexside::Hedge {
            for k in 1..4 {
                painter.circle_filled(a + (z - a) * (k as f32 / 4.0), view.len(10.0).max(1.0), egui::Color32::from_rgb(36, 84, 30));
            }
        }
    }
}

/// A unit's counter as drawn this frame: where (world coordinates), its place in the fan of its
/// hex (units sharing a hex are fanned out so each stays readable), and whether it slides.
struct DrawnCounter<'a, S> {
    unit: &'a Unit<S>,
    at: Vec2,
    fan: usize,
    sliding: bool,
}

/// Every unit on the board, sliding to a new hex (along `way`, the move being shown, when it leads
/// there).
fn place_counters<'a, R: Present>(b: &'a Battle<R>, glides: &mut Glides, way: Option<&[Hex]>, slide: bool) -> Vec<DrawnCounter<'a, R::UnitState>> {
    let mut placed: Vec<(Hex, usize)> = Vec::new();
    let mut counters = Vec::new();
    for u in b.on_board() {
        let Some(hex) = u.hex else { continue };
        let fan = match placed.iter_mut().find(|(h, _)| *h == hex) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                placed.push((hex, 1));
                0
            }
        };
        let at = glides.place(u.id, hex, way, slide);
        counters.push(DrawnCounter { unit: u, at, fan, sliding: glides.sliding(u.id) });
    }
    counters
}

fn paint_placed<R: Present>(painter: &egui::Painter, view: &View, b: &Battle<R>, c: &DrawnCounter<R::UnitState>, selected: Option<UnitId>) {
    let Some(centre) = view.at(c.at) else { return };
    let shift = view.len(HEX_RADIUS * 0.16) * c.fan as f32;
    paint_counter(painter, view.len(HEX_RADIUS * 0.6), centre + egui::vec2(shift, -shift), side_colour(b, c.unit.side), &R::counter(b, c.unit), selected == Some(c.unit.id));
}

/// The markers apart from the counters: small discs along the top left of their hex, fanned out.
fn paint_tokens<R: Present>(painter: &egui::Painter, view: &View, b: &Battle<R>, tokens: &[crate::battle::look::Token]) {
    let mut placed: Vec<Hex> = Vec::new();
    for t in tokens {
        let n = placed.iter().filter(|h| **h == t.hex).count();
        placed.push(t.hex);
        let Some(c) = view.hex(t.hex) else { continue };
        let r = view.len(HEX_RADIUS * 0.2);
        let spot = c + egui::vec2(-view.len(HEX_RADIUS * 0.62) + r * 1.9 * n as f32, -view.len(HEX_RADIUS * 0.62));
        painter.circle_filled(spot, r, side_colour(b, t.side));
        painter.circle_stroke(spot, r, egui::Stroke::new(r * 0.25, colour(t.rim)));
        painter.text(spot, egui::Align2::CENTER_CENTER, &t.label, egui::FontId::proportional((r * 0.95).max(4.0)), egui::Color32::WHITE);
    }
}

/// A hex the computer's dice were rolled over since the person last acted (a shot, an attack): a
/// faint ring with four ticks, as a sight marks what it aimed at.
fn paint_struck(painter: &egui::Painter, view: &View, hex: Hex) {
    let Some(c) = view.hex(hex) else { return };
    let r = view.len(HEX_RADIUS * 0.72);
    let stroke = egui::Stroke::new(view.len(7.0).max(1.5), COMPUTERS_WAY);
    painter.circle_stroke(c, r, stroke);
    for d in [egui::vec2(1.0, 0.0), egui::vec2(-1.0, 0.0), egui::vec2(0.0, 1.0), egui::vec2(0.0, -1.0)] {
        painter.line_segment([c + d * r * 0.8, c + d * r * 1.2], stroke);
    }
}

/// The ways the computer's units went and where its dice fell since the person last acted.
const COMPUTERS_WAY: egui::Color32 = egui::Color32::from_rgba_premultiplied(150, 95, 30, 150);

/// The colour of a counter's front (its facing).
const FRONT: egui::Color32 = egui::Color32::from_rgb(255, 214, 60);

fn paint_counter(painter: &egui::Painter, half: f32, c: egui::Pos2, fill: egui::Color32, k: &Counter, selected: bool) {
    let rect = egui::Rect::from_center_size(c, egui::vec2(half * 2.0, half * 2.0));
    let round = egui::CornerRadius::same((half * 0.12).min(255.0) as u8);
    painter.rect_filled(rect.translate(egui::vec2(half * 0.06, half * 0.08)), round, egui::Color32::from_black_alpha(110));
    painter.rect_filled(rect, round, fill);
    if let Some(band) = k.band {
        let band_rect = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), half * 0.34));
        painter.rect_filled(band_rect.shrink(half * 0.07), egui::CornerRadius::same((half * 0.06) as u8), colour(band));
    }
    let text = egui::Color32::from_rgb(248, 244, 232);
    let font = |size: f32| egui::FontId::proportional(size.max(4.0));
    // Too small for a name to be read (a large map fitted to the window): the symbol and the
    // numbers take its room; the name stays in the card.
    let compact = half < COMPACT_BELOW;
    let (symbol_at, symbol_size, numbers) = if compact { (-0.12, egui::vec2(1.0, 0.66), 0.44) } else { (-0.2, egui::vec2(0.8, 0.52), 0.3) };
    let frame = egui::Rect::from_center_size(c + egui::vec2(0.0, half * symbol_at), symbol_size * half);
    if let Some(monogram) = &k.monogram {
        painter.rect_stroke(frame, egui::CornerRadius::same((half * 0.08) as u8), egui::Stroke::new((half * 0.06).max(1.0), text), egui::StrokeKind::Middle);
        painter.text(frame.center(), egui::Align2::CENTER_CENTER, monogram, egui::FontId::proportional((frame.height() * 0.62).max(4.0)), text);
    } else if let Some(symbol) = k.symbol {
        paint_symbol(painter, frame, symbol, text, (half * 0.07).max(1.0));
    }
    if !compact {
        paint_name(painter, egui::Rect::from_center_size(c + egui::vec2(0.0, half * 0.32), egui::vec2(half * 1.86, half * 0.5)), &k.name, text);
    } else if half >= 11.0 {
        // Under the counter, or over it when its front points down there.
        let front_down = k.facing.is_some_and(|f| front_direction(f).y > 0.1);
        let top = if front_down { c - egui::vec2(0.0, half * 1.02 + 11.0) } else { c + egui::vec2(0.0, half * 1.02) };
        paint_short_name(painter, top, half * 2.6, &k.name);
    }
    painter.text(rect.left_bottom() + egui::vec2(half * 0.1, -half * 0.04), egui::Align2::LEFT_BOTTOM, &k.factors, font(half * numbers), text);
    let badge_radius = half * (numbers - 0.06);
    let badge = rect.right_bottom() - egui::vec2(badge_radius + half * 0.04, badge_radius + half * 0.04);
    painter.circle_filled(badge, badge_radius, egui::Color32::from_rgb(248, 244, 232));
    painter.text(badge, egui::Align2::CENTER_CENTER, &k.badge, font(badge_radius * 1.4), egui::Color32::BLACK);
    if let Some((disc, letter)) = &k.corner {
        let spot = rect.right_top() + egui::vec2(-half * 0.02, half * 0.02);
        painter.circle_filled(spot, half * 0.26, colour(*disc));
        painter.text(spot, egui::Align2::CENTER_CENTER, letter, font(half * 0.32), egui::Color32::BLACK);
    }
    for (i, tag) in k.tags.iter().enumerate() {
        paint_tag(painter, rect.left_top() + egui::vec2(half * 0.1, half * (0.45 + 0.3 * i as f32)), half * 0.22, *tag);
    }
    if let Some(facing) = k.facing {
        // The front: a bright bar across the faced hexside's side of the counter and a large
        // arrowhead past it (north straight up, each next facing 60° clockwise), read at a glance.
        let ahead = front_direction(facing);
        let across = egui::vec2(ahead.y, -ahead.x);
        let front = c + ahead * half * 1.08;
        let bar = [front + across * half * 0.85, front - across * half * 0.85];
        painter.line_segment(bar, egui::Stroke::new(half * 0.26, egui::Color32::BLACK));
        painter.line_segment(bar, egui::Stroke::new(half * 0.16, FRONT));
        let tip = c + ahead * half * 1.6;
        let base = c + ahead * half * 1.12;
        painter.add(egui::Shape::convex_polygon(vec![tip, base + across * half * 0.34, base - across * half * 0.34], FRONT, egui::Stroke::new(half * 0.05, egui::Color32::BLACK)));
    }
    if let Some((c_alert, word)) = &k.alert {
        painter.rect_stroke(rect, round, egui::Stroke::new(half * 0.12, colour(*c_alert)), egui::StrokeKind::Inside);
        painter.text(c + egui::vec2(0.0, -half * 0.62), egui::Align2::CENTER_CENTER, word, font(half * 0.28), colour(*c_alert));
    }
    if selected {
        painter.rect_stroke(rect.expand(half * 0.08), round, egui::Stroke::new(half * 0.1, egui::Color32::WHITE), egui::StrokeKind::Outside);
    }
}

/// The screen direction a counter facing `facing` looks: north straight up, each next facing 60°
/// clockwise (screen y runs down).
fn front_direction(facing: crate::hex::facing::Direction) -> egui::Vec2 {
    let angle = std::f32::consts::FRAC_PI_2 - std::f32::consts::FRAC_PI_3 * facing as u8 as f32;
    egui::vec2(angle.cos(), -angle.sin())
}

/// A state mark in the square of side `size` at `a`.
pub fn paint_tag(painter: &egui::Painter, a: egui::Pos2, size: f32, tag: Tag) {
    match tag {
        Tag::Dot(c) => {
            painter.circle_filled(a + egui::vec2(size / 2.0, size / 2.0), size * 0.45, colour(c));
        }
        Tag::Cross(c) => {
            let stroke = egui::Stroke::new(size * 0.36, colour(c));
            painter.line_segment([a, a + egui::vec2(size, size)], stroke);
            painter.line_segment([a + egui::vec2(size, 0.0), a + egui::vec2(0.0, size)], stroke);
        }
    }
}

/// The colour under a symbol drawn in `ink`, for a mark cut into a filled shape.
fn frame_ground(ink: egui::Color32) -> egui::Color32 {
    if ink.r() as u16 + ink.g() as u16 + ink.b() as u16 > 382 { egui::Color32::from_rgb(40, 40, 48) } else { egui::Color32::from_rgb(230, 230, 220) }
}

/// A troop symbol in its frame: foot crossed, horse slashed, camels slashed under a hump, chariots
/// slashed over a wheel, artillery a disc, elephants a silhouette, each fantasy creature its own
/// (orcs foot with tusks, an ogre's club, a troll's long arms, a spider, wings, a helm); a bow under
/// troops that shoot.
pub fn paint_symbol(painter: &egui::Painter, frame: egui::Rect, symbol: Symbol, ink: egui::Color32, width: f32) {
    let stroke = egui::Stroke::new(width.max(1.0), ink);
    painter.rect_stroke(frame, egui::CornerRadius::ZERO, stroke, egui::StrokeKind::Middle);
    let (lt, rt, lb, rb, c) = (frame.left_top(), frame.right_top(), frame.left_bottom(), frame.right_bottom(), frame.center());
    let (w, h) = (frame.width(), frame.height());
    match symbol.troop {
        Troop::Infantry => {
            painter.line_segment([lt, rb], stroke);
            painter.line_segment([rt, lb], stroke);
        }
        Troop::Cavalry => {
            painter.line_segment([lb, rt], stroke);
        }
        Troop::Camelry => {
            painter.line_segment([lb, rt], stroke);
            painter.circle_stroke(c + egui::vec2(-w * 0.2, -h * 0.12), h * 0.18, stroke);
        }
        Troop::Chariots => {
            painter.line_segment([lb, rt], stroke);
            painter.circle_stroke(c + egui::vec2(w * 0.2, h * 0.15), h * 0.22, stroke);
        }
        Troop::Artillery => {
            painter.circle_filled(c, h * 0.2, ink);
        }
        Troop::Orcs => {
            // Foot, crossed, with two tusks rising from the bottom edge.
            painter.line_segment([lt, rb], stroke);
            painter.line_segment([rt, lb], stroke);
            for x in [-0.22, 0.22] {
                let base = egui::pos2(c.x + w * x, frame.bottom());
                painter.add(egui::Shape::convex_polygon(vec![base + egui::vec2(-w * 0.06, 0.0), base + egui::vec2(w * 0.06, 0.0), base + egui::vec2(0.0, -h * 0.34)], ink, egui::Stroke::NONE));
            }
        }
        Troop::Ogres => {
            // A big head on broad shoulders, a club raised on the right.
            painter.circle_filled(c + egui::vec2(-w * 0.06, -h * 0.12), h * 0.2, ink);
            painter.line_segment([c + egui::vec2(-w * 0.3, h * 0.34), c + egui::vec2(w * 0.18, h * 0.34)], egui::Stroke::new(width * 2.4, ink));
            painter.line_segment([c + egui::vec2(w * 0.2, h * 0.3), c + egui::vec2(w * 0.34, -h * 0.34)], egui::Stroke::new(width * 2.0, ink));
        }
        Troop::Trolls => {
            // A hunched head and two long arms hanging to the ground.
            painter.circle_filled(c + egui::vec2(0.0, -h * 0.14), h * 0.17, ink);
            for x in [-1.0f32, 1.0] {
                let arm = [c + egui::vec2(x * w * 0.1, -h * 0.02), c + egui::vec2(x * w * 0.3, h * 0.12), c + egui::vec2(x * w * 0.26, h * 0.4)];
                painter.add(egui::Shape::line(arm.to_vec(), egui::Stroke::new(width * 1.6, ink)));
            }
        }
        Troop::Spiders => {
            // A body and eight bent legs.
            painter.add(egui::Shape::ellipse_filled(c, egui::vec2(w * 0.12, h * 0.2), ink));
            for (i, y) in [-0.26f32, -0.09, 0.09, 0.26].into_iter().enumerate() {
                let reach = if i == 0 || i == 3 { 0.36 } else { 0.42 };
                for x in [-1.0f32, 1.0] {
                    let knee = c + egui::vec2(x * w * 0.26, h * (y - 0.14));
                    painter.add(egui::Shape::line(vec![c + egui::vec2(x * w * 0.08, h * y * 0.6), knee, c + egui::vec2(x * w * reach, h * (y + 0.12))], stroke));
                }
            }
        }
        Troop::Flyers => {
            // Two wings spread from a small body.
            painter.circle_filled(c + egui::vec2(0.0, h * 0.08), h * 0.1, ink);
            for x in [-1.0f32, 1.0] {
                let wing: Vec<egui::Pos2> = (0..=6).map(|i| {
                    let t = i as f32 / 6.0;
                    c + egui::vec2(x * w * 0.42 * t, h * (0.06 - 0.36 * (t * std::f32::consts::PI).sin() + 0.1 * t))
                }).collect();
                painter.add(egui::Shape::line(wing, egui::Stroke::new(width * 1.4, ink)));
            }
        }
        Troop::Constructs => {
            // A helm: a dome with its visor's slit.
            let helm = egui::Rect::from_center_size(c + egui::vec2(0.0, h * 0.04), egui::vec2(w * 0.4, h * 0.62));
            painter.rect_filled(helm, egui::CornerRadius { nw: (helm.width() * 0.5) as u8, ne: (helm.width() * 0.5) as u8, sw: 1, se: 1 }, ink);
            painter.line_segment([egui::pos2(helm.left() + w * 0.04, helm.center().y), egui::pos2(helm.right() - w * 0.04, helm.center().y)], egui::Stroke::new(width * 1.2, frame_ground(ink)));
        }
        Troop::Elephants => {
            // Body, head, trunk and two legs, facing right.
            painter.add(egui::Shape::ellipse_filled(c + egui::vec2(-w * 0.08, -h * 0.02), egui::vec2(w * 0.26, h * 0.24), ink));
            painter.circle_filled(c + egui::vec2(w * 0.2, -h * 0.1), h * 0.16, ink);
            painter.line_segment([c + egui::vec2(w * 0.3, -h * 0.05), c + egui::vec2(w * 0.34, h * 0.32)], stroke);
            for x in [-0.24, 0.06] {
                painter.line_segment([c + egui::vec2(w * x, h * 0.1), c + egui::vec2(w * x, h * 0.36)], egui::Stroke::new(width * 1.6, ink));
            }
        }
    }
    if symbol.shoots {
        // A bow standing beside the frame, its string toward it.
        let string = egui::pos2(frame.right() + w * 0.1, c.y);
        let bow: Vec<egui::Pos2> = (0..=8)
            .map(|i| {
                let a = std::f32::consts::PI * (i as f32 / 8.0);
                string + egui::vec2(a.sin() * w * 0.14, -a.cos() * h * 0.45)
            })
            .collect();
        painter.add(egui::Shape::line(bow, stroke));
        painter.line_segment([string + egui::vec2(0.0, -h * 0.45), string + egui::vec2(0.0, h * 0.45)], egui::Stroke::new(width * 0.6, ink));
    }
}

/// A unit's whole name in `space`: on one line when it fits, else on two, the font shrinking until it fits.
fn paint_name(painter: &egui::Painter, space: egui::Rect, name: &str, ink: egui::Color32) {
    let mut size = space.height() * 0.62;
    loop {
        let galley = painter.layout(name.to_string(), egui::FontId::proportional(size.max(3.0)), ink, space.width());
        if size <= 3.0 || (galley.rows.len() <= 2 && galley.size().y <= space.height() * 1.05 && galley.size().x <= space.width() + 0.5) {
            let at = egui::pos2(space.center().x - galley.size().x / 2.0, space.center().y - galley.size().y / 2.0);
            painter.galley(at, galley, ink);
            return;
        }
        size *= 0.9;
    }
}

/// A compact counter's name on a dark strip under it, cut to `width` with an ellipsis: a large map
/// fitted to the window still tells its units apart by name.
fn paint_short_name(painter: &egui::Painter, top: egui::Pos2, width: f32, name: &str) {
    let font = egui::FontId::proportional(9.0);
    let ink = egui::Color32::from_rgb(248, 244, 232);
    let mut shown = name.to_string();
    let mut galley = painter.layout_no_wrap(shown.clone(), font.clone(), ink);
    while galley.size().x > width && shown.chars().count() > 2 {
        let keep = shown.trim_end_matches('…').chars().count() - 1;
        shown = shown.chars().take(keep).collect::<String>().trim_end().to_string() + "…";
        galley = painter.layout_no_wrap(shown.clone(), font.clone(), ink);
    }
    let rect = egui::Rect::from_center_size(top + egui::vec2(0.0, galley.size().y / 2.0), galley.size() + egui::vec2(4.0, 0.0));
    painter.rect_filled(rect, egui::CornerRadius::same(2), egui::Color32::from_black_alpha(170));
    painter.galley(rect.min + egui::vec2(2.0, 0.0), galley, ink);
}

/// The faces of the roll being shown, above the hex it concerns.
fn paint_dice(painter: &egui::Painter, view: &View, over: Hex, dice: &[crate::battle::look::Die]) {
    let Some(c) = view.hex(over) else { return };
    let size = 34.0;
    let n = dice.len() as f32;
    for (i, die) in dice.iter().enumerate() {
        let centre = c + egui::vec2((i as f32 - (n - 1.0) / 2.0) * (size + 6.0), -view.len(HEX_RADIUS) - size);
        paint_die(painter, centre, size, die);
    }
}

/// A die of side `size` centred at `centre`: its face, bordered by what it did.
pub fn paint_die(painter: &egui::Painter, centre: egui::Pos2, size: f32, die: &crate::battle::look::Die) {
    let rect = egui::Rect::from_center_size(centre, egui::vec2(size, size));
    let round = egui::CornerRadius::same((size * 0.18) as u8);
    painter.rect_filled(rect.translate(egui::vec2(size * 0.06, size * 0.09)), round, egui::Color32::from_black_alpha(120));
    painter.rect_filled(rect, round, colour(die.fill));
    painter.rect_stroke(rect, round, egui::Stroke::new(size * 0.12, colour(die.border)), egui::StrokeKind::Outside);
    painter.text(centre, egui::Align2::CENTER_CENTER, &die.mark, egui::FontId::proportional(size * 0.44), colour(die.ink));
}

/// A counter's half side, in pixels, under which its name would be too small to read.
const COMPACT_BELOW: f32 = 24.0;

/// The outline of hexes reached only by a restricted move (a road march).
const RESTRICTED: egui::Color32 = egui::Color32::from_rgb(235, 175, 50);

/// A short text on a dark label, centred at `at`.
fn paint_note(painter: &egui::Painter, at: egui::Pos2, text: &str) {
    let galley = painter.layout_no_wrap(text.to_string(), egui::FontId::proportional(13.0), egui::Color32::WHITE);
    let rect = egui::Rect::from_center_size(at, galley.size() + egui::vec2(10.0, 4.0));
    painter.rect_filled(rect, egui::CornerRadius::same(4), egui::Color32::from_black_alpha(200));
    painter.galley(rect.min + egui::vec2(5.0, 2.0), galley, egui::Color32::WHITE);
}

/// A unit's way over the board, from its first hex to an arrowhead on its last.
fn paint_path(painter: &egui::Painter, view: &View, hexes: &[Hex], ink: egui::Color32) {
    paint_arrow_line(painter, view, hexes.iter().filter_map(|h| view.hex(*h)).collect(), ink);
}

/// A line through screen points, shadowed, with an arrowhead on its last.
fn paint_arrow_line(painter: &egui::Painter, view: &View, points: Vec<egui::Pos2>, ink: egui::Color32) {
    let (Some(&end), Some(&before)) = (points.last(), points.len().checked_sub(2).and_then(|i| points.get(i))) else { return };
    let shadow = egui::Color32::from_black_alpha(140);
    let width = view.len(14.0).max(2.0);
    painter.add(egui::Shape::line(points.clone(), egui::Stroke::new(width * 1.6, shadow)));
    painter.add(egui::Shape::line(points, egui::Stroke::new(width, ink)));
    let along = (end - before).normalized();
    let across = egui::vec2(-along.y, along.x);
    let size = view.len(HEX_RADIUS * 0.35);
    let tip = end + along * size * 0.2;
    let head = vec![tip, tip - along * size + across * size * 0.55, tip - along * size - across * size * 0.55];
    painter.add(egui::Shape::convex_polygon(head, ink, egui::Stroke::new(width * 0.3, shadow)));
}
