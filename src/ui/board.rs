//! The terrain: one mesh per map, a hexagon per hex textured from our own atlas
//! (`assets/tiles/terrain.png`, drawn by `tools/draw_tiles.py`: a column per ground, a row per hill
//! level). Rebuilt whenever a new battle or replay is put on the stage.

use super::camera::{to_world, FitRequest, HEX_RADIUS};
use super::stage::BoardMap;
use crate::battle::AppState;
use crate::hex::{Ground, HexMap};
use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::sprite_render::AlphaMode2d;

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

#[allow(clippy::too_many_arguments)]
fn rebuild(
    board: Res<BoardMap>,
    atlas: Res<Atlas>,
    tiles: Query<Entity, With<BoardTiles>>,
    mut built: Local<Option<usize>>,
    mut fit: ResMut<FitRequest>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
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
    let material = ColorMaterial { texture: Some(atlas.0.clone()), alpha_mode: AlphaMode2d::Opaque, ..default() };
    commands.spawn((BoardTiles, Mesh2d(meshes.add(terrain_mesh(map))), MeshMaterial2d(materials.add(material))));
    fit.0 = Some((map.width(), map.height()));
}

/// The whole map as one mesh: a hexagon per hex, textured with its ground's atlas tile. Drawn opaque
/// and without overlap, so every pixel of the board is filled once per frame (tile quads overlap at
/// their corners and must be alpha-blended, which made the terrain most of a software renderer's
/// frame). The hex's outline is a band along its rim whose vertex colour darkens the texture towards
/// the edge: a smooth ramp needs no multisampling to look clean, at every zoom.
fn terrain_mesh(map: &HexMap) -> Mesh {
    // Texels kept back from the tile's own rim (its drawn outline, then the next tile in the atlas),
    // which linear filtering would otherwise bleed in at some zooms.
    const INSET: f32 = 4.0;
    // The outline band's width, as a fraction of the hex's radius, and the shade at the very edge.
    const BAND: f32 = 0.04;
    const EDGE_SHADE: f32 = 0.03;
    let atlas = Vec2::new(TILE_PIXELS.x * GROUNDS as f32, TILE_PIXELS.y * f32::from(LEVELS));
    let corners: [Vec2; 6] = std::array::from_fn(|i| Vec2::from_angle(i as f32 * std::f32::consts::FRAC_PI_3));
    let rings = [(1.0 - BAND, [1.0; 4]), (1.0, [EDGE_SHADE, EDGE_SHADE, EDGE_SHADE, 1.0])];
    let hexes = map.hexes().count();
    let (mut positions, mut uvs, mut colours) = (Vec::with_capacity(hexes * 13), Vec::with_capacity(hexes * 13), Vec::with_capacity(hexes * 13));
    let mut indices = Vec::with_capacity(hexes * 54);
    for hex in map.hexes() {
        let t = map.at(hex);
        let tile = tile_uv(t.ground, t.level).center();
        let tile_centre = Vec2::new(tile.x, tile.y) * atlas;
        let centre = to_world(hex);
        let first = positions.len() as u32;
        positions.push([centre.x, centre.y, 0.0]);
        uvs.push((tile_centre / atlas).to_array());
        colours.push([1.0; 4]);
        for (scale, colour) in rings {
            for corner in corners {
                let p = centre + corner * HEX_RADIUS * scale;
                positions.push([p.x, p.y, 0.0]);
                // Image rows run down, world y runs up.
                let texel = tile_centre + Vec2::new(corner.x, -corner.y) * (TILE_PIXELS.x / 2.0 - INSET) * scale;
                uvs.push((texel / atlas).to_array());
                colours.push(colour);
            }
        }
        let (inner, outer) = (first + 1, first + 7);
        for i in 0..6 {
            let j = (i + 1) % 6;
            indices.extend([first, inner + i, inner + j]);
            indices.extend([inner + i, outer + i, outer + j, inner + i, outer + j, inner + j]);
        }
    }
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::RENDER_WORLD)
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colours)
        .with_inserted_indices(Indices::U32(indices))
}
