// The board's terrain tiles, in place of bevy_ecs_tilemap's fragment shader (src/ui/board.rs): each
// tile's quad cut to its exact hexagon, alpha 1, so every pixel of the board is covered once;
// the hex's outline is a band along its rim that darkens the texture towards the edge, a smooth ramp
// that needs no multisampling.
#import bevy_ecs_tilemap::common::{tilemap_data, sprite_texture, sprite_sampler}
#import bevy_ecs_tilemap::vertex_output::MeshVertexOutput

// The band's width, as a fraction of the distance from the hex's centre to its side.
const BAND: f32 = 0.04;
// The shade at the very edge (1: none).
const EDGE_SHADE: f32 = 0.03;
// Texels kept back from the tile's own rim (its drawn outline, then the atlas's next tile).
const INSET: f32 = 4.0;

@fragment
fn fragment(in: MeshVertexOutput) -> @location(0) vec4<f32> {
    let size = tilemap_data.tile_size;
    // This pixel in tile pixels from the tile's centre; a flat-topped hex of radius size.x / 2.
    let p = abs((in.uv.zw - 0.5) * size);
    let apothem = size.x * 0.4330127;
    let inside = apothem - max(p.y, p.x * 0.8660254 + p.y * 0.5);
    // A quad's corners belong to its neighbours' hexes.
    if (inside < -0.5) {
        discard;
    }
    let shrink = 1.0 - 2.0 * INSET / size;
    let colour = textureSample(sprite_texture, sprite_sampler, 0.5 + (in.uv.xy - 0.5) * shrink, in.tile_id);
    let ramp = clamp(inside / (BAND * apothem), 0.0, 1.0);
    return vec4<f32>(colour.rgb * mix(EDGE_SHADE, 1.0, ramp), 1.0);
}
