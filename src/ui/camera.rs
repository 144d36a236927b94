//! The board camera: world units are those of `hex::centre` times the hex radius, x east, y north.
//! Pan by dragging (right or middle button) or with the arrow keys / WASD, zoom with the wheel
//! toward the cursor, F fits the map. Also where the cursor points: the hovered hex.

use crate::battle::AppState;
use crate::hex::coords::{centre, hex_at};
use crate::hex::{Hex, HexMap};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

/// Circumradius of a hex in world units (the terrain tiles are drawn for it).
pub const HEX_RADIUS: f32 = 128.0;

/// The width the side panel takes on the right of a window this wide, in logical pixels: three
/// tenths of it, held between what its cards need and what leaves the board room.
pub fn panel_width(window_width: f32) -> f32 {
    (window_width * 0.3).clamp(320.0, 560.0)
}
pub const TOP_BAR: f32 = 36.0;

#[derive(Component)]
pub struct BoardCamera;

/// The hex under the cursor, if the cursor is over the board and not over a panel.
#[derive(Resource, Default, Clone, Copy)]
pub struct Hovered(pub Option<Hex>);

/// The part of the window the panels leave to the board, in logical pixels (set by the panels
/// each frame; empty while a full-screen panel such as the menu or the hand-off is up).
#[derive(Resource, Default, Clone, Copy)]
pub struct BoardArea(pub Option<Rect>);

impl BoardArea {
    pub fn contains(&self, p: Vec2) -> bool {
        self.0.is_some_and(|r| r.contains(p))
    }
}

/// The cursor, if it is over the board.
pub fn board_cursor(window: &Window, area: &BoardArea) -> Option<Vec2> {
    window.cursor_position().filter(|c| area.contains(*c))
}

/// Ask for the camera to frame the whole map.
#[derive(Resource, Default)]
pub struct FitRequest(pub Option<(i32, i32)>);

pub fn to_world(hex: Hex) -> Vec2 {
    let (x, y) = centre(hex);
    Vec2::new(x as f32, -y as f32) * HEX_RADIUS
}

pub fn from_world(p: Vec2) -> Hex {
    hex_at(f64::from(p.x / HEX_RADIUS), f64::from(-p.y / HEX_RADIUS))
}

/// The world rectangle a map covers.
pub fn map_bounds(width: i32, height: i32) -> Rect {
    let r = HEX_RADIUS;
    let h = 3f32.sqrt() * r;
    Rect::new(-r, -(height as f32) * h, (width - 1) as f32 * 1.5 * r + r, h / 2.0)
}

pub struct CameraPlugin;

impl Plugin for CameraPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Hovered>()
            .init_resource::<BoardArea>()
            .init_resource::<FitRequest>()
            .add_systems(Startup, spawn_camera)
            .add_systems(Update, (fit, pan_and_zoom, hover).chain().run_if(in_state(AppState::Battle).or_else(in_state(AppState::Replay)).or_else(in_state(AppState::Editor))));
    }
}

/// No multisampling: egui smooths its own shapes and the terrain's outlines are colour ramps, so
/// nothing on the board has a hard edge left to smooth, and a software renderer (llvmpipe, a browser
/// without a GPU) spent half its frame resolving four samples a pixel.
fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, BoardCamera, Msaa::Off));
}

/// Frames a map of `width` by `height` hexes in `area`, the part of a window of size `window` that
/// the panels leave free (the panels' usual room, until they have been laid out once).
pub fn fit_transform(width: i32, height: i32, window: Vec2, area: Option<Rect>) -> (Vec2, f32) {
    let b = map_bounds(width, height);
    let area = area.unwrap_or_else(|| Rect::new(0.0, TOP_BAR, (window.x - panel_width(window.x)).max(100.0), window.y));
    let free = Vec2::new(area.width().max(100.0), area.height().max(100.0));
    let scale = (b.width() / free.x).max(b.height() / free.y) * 1.04;
    // The map's centre where the free area's centre is: the camera sits off the map's centre by
    // the area's offset from the window's (screen y runs down, world y up).
    let offset = area.center() - window / 2.0;
    let centre = b.center() + Vec2::new(-offset.x, offset.y) * scale;
    (centre, scale)
}

/// The camera as the last fit left it, and the free area it fitted: while the player has not
/// moved the camera since, a change of the panels' room (a top bar that wraps onto a second line)
/// fits the map again.
#[derive(Default)]
struct Fitted(Option<(Vec3, f32, Option<Rect>, (i32, i32))>);

#[allow(clippy::too_many_arguments)]
fn fit(
    mut request: ResMut<FitRequest>,
    keys: Res<ButtonInput<KeyCode>>,
    board: Option<Res<super::stage::BoardMap>>,
    area: Res<BoardArea>,
    windows: Query<&Window>,
    mut camera: Query<(&mut Transform, &mut Projection), With<BoardCamera>>,
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut fitted: Local<Fitted>,
    typing: Option<Res<bevy_egui::input::EguiWantsInput>>,
) {
    let size = board.as_ref().map(|b| (b.0.width(), b.0.height()));
    // F, or a new window size: the whole map in view again.
    let f = keys.just_pressed(KeyCode::KeyF) && !typing.is_some_and(|t| t.wants_keyboard_input());
    if f || resized.read().count() > 0 {
        request.0 = size;
    }
    let (Ok(window), Ok((mut t, mut p))) = (windows.single(), camera.single_mut()) else { return };
    let Projection::Orthographic(o) = p.as_mut() else { return };
    if let (Some((at, scale, fitted_area, map)), Some(now), None) = (fitted.0, area.0, request.0) {
        let untouched = at == t.translation && scale == o.scale && Some(map) == size;
        if untouched && fitted_area.is_none_or(|before| (now.size() - before.size()).abs().max_element() > 1.0) {
            request.0 = size;
        }
    }
    let Some((w, h)) = request.0.take() else { return };
    let (centre, scale) = fit_transform(w, h, window.size(), area.0);
    t.translation = centre.extend(t.translation.z);
    o.scale = scale;
    fitted.0 = Some((t.translation, scale, area.0, (w, h)));
}

fn pan_and_zoom(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    area: Res<BoardArea>,
    time: Res<Time>,
    windows: Query<&Window>,
    mut camera: Query<(&Camera, &GlobalTransform, &mut Transform, &mut Projection), With<BoardCamera>>,
    mut redraw: MessageWriter<RequestRedraw>,
    typing: Option<Res<bevy_egui::input::EguiWantsInput>>,
) {
    let Ok((cam, gt, mut t, mut p)) = camera.single_mut() else { return };
    // The window sleeps between events: after a sleep the first frame's delta is long, and a pan
    // must not jump by it.
    let dt = time.delta_secs().min(0.05);
    let Projection::Orthographic(o) = p.as_mut() else { return };
    let mut pan = Vec2::ZERO;
    let cursor = windows.single().ok().and_then(|w| board_cursor(w, &area));
    // Ctrl-S saves rather than pans, and letters typed into a field (the editor's) are words.
    if !super::input::ctrl_held(&keys) && !typing.is_some_and(|t| t.wants_keyboard_input()) {
        for (key, dir) in [
            (KeyCode::ArrowLeft, Vec2::NEG_X),
            (KeyCode::KeyA, Vec2::NEG_X),
            (KeyCode::ArrowRight, Vec2::X),
            (KeyCode::KeyD, Vec2::X),
            (KeyCode::ArrowUp, Vec2::Y),
            (KeyCode::KeyW, Vec2::Y),
            (KeyCode::ArrowDown, Vec2::NEG_Y),
            (KeyCode::KeyS, Vec2::NEG_Y),
        ] {
            if keys.pressed(key) {
                pan += dir * 600.0 * dt;
            }
        }
    }
    if (buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle)) && cursor.is_some() {
        pan += Vec2::new(-motion.delta.x, motion.delta.y);
    }
    if pan != Vec2::ZERO {
        // Keep the frames coming while the board moves.
        redraw.write(RequestRedraw);
    }
    t.translation += (pan * o.scale).extend(0.0);
    if scroll.delta.y != 0.0 && cursor.is_some() {
        let before = cursor.and_then(|c| cam.viewport_to_world_2d(gt, c).ok());
        let factor = (1.0 - scroll.delta.y.clamp(-5.0, 5.0) * 0.1).clamp(0.5, 1.5);
        let new_scale = (o.scale * factor).clamp(0.15, 12.0);
        // Keep the point under the cursor where it is.
        if let Some(b) = before {
            let offset = b - t.translation.truncate();
            t.translation = (b - offset * (new_scale / o.scale)).extend(t.translation.z);
        }
        o.scale = new_scale;
    }
}

fn hover(
    windows: Query<&Window>,
    area: Res<BoardArea>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    board: Option<Res<super::stage::BoardMap>>,
    mut hovered: ResMut<Hovered>,
    pinned: Option<Res<PinnedHover>>,
) {
    if let Some(p) = pinned {
        hovered.0 = p.0;
        return;
    }
    let map: Option<&HexMap> = board.as_ref().map(|b| b.0.as_ref());
    let (Ok(window), Ok((cam, gt)), Some(map)) = (windows.single(), camera.single(), map) else { return };
    hovered.0 = board_cursor(window, &area)
        .and_then(|c| cam.viewport_to_world_2d(gt, c).ok())
        .map(from_world)
        .filter(|h| map.contains(*h));
}

/// A hover set by a script instead of the mouse (the render test has no pointer).
#[derive(Resource, Clone, Copy)]
pub struct PinnedHover(pub Option<Hex>);
