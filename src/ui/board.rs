//! The terrain drawn with bevy_ecs_tilemap: one tile per hex from our own atlas
//! (`assets/tiles/terrain.png`, drawn by `tools/draw_tiles.py`: a column per ground, a row per hill
//! level). Rebuilt whenever a new battle or replay is put on the stage.

use super::camera::{FitRequest, HEX_RADIUS};
use super::stage::BoardMap;
use crate::battle::AppState;
use crate::hex::{Ground, HexMap, Offset};
use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

/// The atlas is compiled in, so the native and web builds need no asset server path.
const TERRAIN_ATLAS: &[u8] = include_bytes!("../../assets/tiles/terrain.png");
const TILE_PIXELS: Vec2 = Vec2::new(256.0, 222.0);
const GROUNDS: u32 = 8;
const LEVELS: u8 = 3;

#[derive(Component)]
pub struct BoardTiles;

pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<AtlasTexture>()
            .add_systems(Startup, load_atlas)
            .add_systems(Update, register_atlas.run_if(|t: Res<AtlasTexture>| t.0.is_none()))
            .add_systems(Update, rebuild.run_if(resource_exists_and_changed::<BoardMap>))
            .add_systems(OnEnter(AppState::Menu), clear);
    }
}

#[derive(Resource)]
struct Atlas(Handle<Image>);

/// The atlas as egui knows it, for tiles drawn in a panel (the help's grounds).
#[derive(Resource, Default)]
pub struct AtlasTexture(pub Option<bevy_egui::egui::TextureId>);

fn register_atlas(atlas: Res<Atlas>, mut contexts: bevy_egui::EguiContexts, mut texture: ResMut<AtlasTexture>) {
    texture.0 = Some(contexts.add_image(bevy_egui::EguiTextureHandle::Strong(atlas.0.clone())));
}

/// Where a ground's tile lies in the atlas, as a fraction of its size.
pub fn tile_uv(ground: Ground, level: u8) -> bevy_egui::egui::Rect {
    let (col, row) = (ground as u32 as f32, f32::from(level.min(LEVELS - 1)));
    let (w, h) = (1.0 / GROUNDS as f32, 1.0 / f32::from(LEVELS));
    bevy_egui::egui::Rect::from_min_size(bevy_egui::egui::pos2(col * w, row * h), bevy_egui::egui::vec2(w, h))
}

fn load_atlas(mut images: ResMut<Assets<Image>>, mut commands: Commands) {
    let image = Image::from_buffer(
        TERRAIN_ATLAS,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::linear(),
        RenderAssetUsages::default(),
    )
    .expect("the bundled terrain atlas is a valid PNG");
    commands.insert_resource(Atlas(images.add(image)));
}

fn clear(mut commands: Commands, tiles: Query<Entity, With<BoardTiles>>) {
    for e in &tiles {
        commands.entity(e).despawn();
    }
}

/// The atlas tile for a hex's terrain.
pub fn tile_index(ground: Ground, level: u8) -> u32 {
    u32::from(level.min(LEVELS - 1)) * GROUNDS + ground as u32
}

fn rebuild(
    board: Res<BoardMap>,
    atlas: Res<Atlas>,
    tiles: Query<Entity, With<BoardTiles>>,
    mut built: Local<Option<usize>>,
    mut fit: ResMut<FitRequest>,
    mut commands: Commands,
) {
    // Only a new map (a new battle or replay) changes the ground.
    let map: &HexMap = &board.0;
    let key = std::sync::Arc::as_ptr(&board.0) as usize;
    if *built == Some(key) && !board.is_added() {
        return;
    }
    *built = Some(key);
    for e in &tiles {
        commands.entity(e).despawn();
    }
    let (w, h) = (map.width(), map.height());
    let size = TilemapSize { x: w as u32, y: h as u32 };
    let mut storage = TileStorage::empty(size);
    let tilemap = commands.spawn(BoardTiles).id();
    for hex in map.hexes() {
        let Offset(col, row) = Offset::from_hex(hex);
        // Tile rows count up from the south; scenario rows count down from the north.
        let position = TilePos { x: col as u32, y: (h - 1 - row) as u32 };
        let t = map.at(hex);
        let tile = commands
            .spawn(TileBundle {
                position,
                tilemap_id: TilemapId(tilemap),
                texture_index: TileTextureIndex(tile_index(t.ground, t.level)),
                ..default()
            })
            .insert(BoardTiles)
            .id();
        storage.set(&position, tile);
    }
    let grid = TilemapGridSize { x: 2.0 * HEX_RADIUS, y: 3f32.sqrt() * HEX_RADIUS };
    // Odd columns sit half a hex lower (south), as in `hex::Offset`: with rows counted from the
    // south that is bevy_ecs_tilemap's ColumnEven. Tile (0, h-1) is hex (0, 0), at the world origin.
    commands.entity(tilemap).insert(TilemapBundle {
        grid_size: grid,
        map_type: TilemapType::Hexagon(HexCoordSystem::ColumnEven),
        size,
        storage,
        texture: TilemapTexture::Single(atlas.0.clone()),
        tile_size: TilemapTileSize { x: TILE_PIXELS.x, y: TILE_PIXELS.y },
        transform: Transform::from_xyz(0.0, -((h - 1) as f32) * grid.y, 0.0),
        anchor: TilemapAnchor::None,
        ..default()
    });
    fit.0 = Some((w, h));
}
