//! The terrain drawn with bevy_ecs_tilemap: one tile per hex from our own atlas
//! (`assets/tiles/terrain.png`, drawn by `tools/draw_tiles.py`: a column per ground, a row per hill
//! level), shaded by `terrain.wgsl`. Roads, rivers' banks and hexsides are the overlay's. Rebuilt
//! whenever a new battle or replay is put on the stage.

#[cfg(test)]
use super::camera::to_world;
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
        app.add_plugins(TilemapPlugin)
            .init_resource::<AtlasTexture>()
            .add_systems(Startup, (load_atlas, replace_fragment_shader))
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
    let (col, row) = atlas_cell(ground, level);
    let (col, row) = (col as f32, row as f32);
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

/// A ground's tile in the atlas: its column (the ground) and row (the hill level, the highest for
/// any above it).
fn atlas_cell(ground: Ground, level: u8) -> (u32, u32) {
    (ground as u32, u32::from(level.min(LEVELS - 1)))
}

/// The atlas's tile (its layer in the tilemap's texture array, read row by row) for a hex's ground
/// and hill level.
fn tile_index(ground: Ground, level: u8) -> u32 {
    let (col, row) = atlas_cell(ground, level);
    row * GROUNDS + col
}

/// bevy_ecs_tilemap's own fragment shader, which the terrain's (`terrain.wgsl`) replaces: each
/// tile's quad cut to its hexagon with alpha 1 (the crate's pipeline still blends, so it reads what
/// it covers, but no tile shows through another and each pixel of the board is covered once), and a band
/// along the rim that darkens the texture towards the edge, a smooth ramp that needs no
/// multisampling. Replacing the shader rather than adding a material of ours keeps a second material
/// pipeline out of the page. The id is the crate's `TILEMAP_SHADER_FRAGMENT` (private to it) in the
/// version Cargo.toml pins; `every_tile_is_drawn_by_the_terrain_shader` checks it is still there.
const TILEMAP_FRAGMENT: bevy::asset::AssetId<Shader> = bevy::asset::AssetId::Uuid { uuid: bevy::asset::uuid::uuid!("bf34308e-69df-4da8-b0ff-816042c716c8") };

fn replace_fragment_shader(mut shaders: ResMut<Assets<Shader>>) {
    let ours = Shader::from_wgsl(include_str!("terrain.wgsl"), "strategos/terrain.wgsl");
    shaders.insert(TILEMAP_FRAGMENT, ours).expect("an asset id by uuid is always valid");
}

/// Where a tile stands in the tilemap: its column, and its row counted up from the south (scenario
/// rows count down from the north).
fn tile_position(hex: crate::hex::Hex, height: i32) -> TilePos {
    let Offset(col, row) = Offset::from_hex(hex);
    TilePos { x: col as u32, y: (height - 1 - row) as u32 }
}

/// The tilemap's grid: a hex's width, and the height of a column's step.
fn grid_size() -> TilemapGridSize {
    TilemapGridSize { x: 2.0 * HEX_RADIUS, y: 3f32.sqrt() * HEX_RADIUS }
}

/// Odd columns sit half a hex lower (south), as in `hex::Offset`: with rows counted from the south
/// that is bevy_ecs_tilemap's ColumnEven. The map is lowered so that tile (0, h-1), hex (0, 0),
/// stands at the world's origin, where `to_world` puts it.
const MAP_TYPE: TilemapType = TilemapType::Hexagon(HexCoordSystem::ColumnEven);

fn map_transform(height: i32) -> Transform {
    Transform::from_xyz(0.0, -((height - 1) as f32) * grid_size().y, 0.0)
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
        let position = tile_position(hex, h);
        let t = map.at(hex);
        let tile = commands
            .spawn((TileBundle { position, tilemap_id: TilemapId(tilemap), texture_index: TileTextureIndex(tile_index(t.ground, t.level)), ..default() }, BoardTiles))
            .id();
        storage.set(&position, tile);
    }
    commands.entity(tilemap).insert(TilemapBundle {
        grid_size: grid_size(),
        map_type: MAP_TYPE,
        size,
        storage,
        texture: TilemapTexture::Single(atlas.0.clone()),
        tile_size: TilemapTileSize { x: TILE_PIXELS.x, y: TILE_PIXELS.y },
        transform: map_transform(h),
        anchor: TilemapAnchor::None,
        ..default()
    });
    fit.0 = Some((w, h));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shader replaced is the one the crate draws its tiles with: its source is the crate's
    /// fragment shader, which imports its `process_fragment`.
    #[test]
    fn every_tile_is_drawn_by_the_terrain_shader() {
        let mut app = App::new();
        app.add_plugins(bevy::asset::AssetPlugin::default()).init_asset::<Shader>().init_asset::<Image>();
        // The plugin wants a render world to build; without one at `finish`, it loads its shaders
        // and stops short of the GPU.
        app.insert_sub_app(bevy::render::RenderApp, bevy::app::SubApp::new());
        app.add_plugins(TilemapPlugin);
        app.remove_sub_app(bevy::render::RenderApp);
        app.finish();
        let shaders = app.world().resource::<Assets<Shader>>();
        let stock = shaders.get(TILEMAP_FRAGMENT).expect("the crate's fragment shader under its id");
        assert!(matches!(&stock.source, bevy::shader::Source::Wgsl(s) if s.contains("process_fragment(in)")), "{:?}", stock.path);
    }

    /// Every tile stands where the rest of the game puts its hex (`to_world`): the counters, the
    /// marks and the clicks all agree with the ground under them.
    #[test]
    fn every_tile_stands_on_its_hex() {
        let (w, h) = (7, 5);
        let size = TilemapSize { x: w as u32, y: h as u32 };
        let tile = TilemapTileSize { x: TILE_PIXELS.x, y: TILE_PIXELS.y };
        for col in 0..w {
            for row in 0..h {
                let hex = Offset(col, row).to_hex();
                let at = tile_position(hex, h).center_in_world(&size, &grid_size(), &tile, &MAP_TYPE, &TilemapAnchor::None) + map_transform(h).translation.truncate();
                assert!(at.distance(to_world(hex)) < 0.01, "({col}, {row}): tile at {at}, hex at {}", to_world(hex));
            }
        }
    }
}
