//! Hex geometry shared by every ruleset: coordinates, terrain, maps, facing, paths and line of sight.
//! Pure data and functions; nothing here knows about ECS or about any one ruleset.

pub mod coords;
pub mod facing;
pub mod los;
pub mod map;
pub mod path;
pub mod retreat;
pub mod terrain;

pub use coords::{hex_key, Offset};
pub use facing::{Arc, Direction};
pub use hexx::Hex;
pub use map::{BoardEdge, HexMap};
pub use terrain::{Ground, Terrain};
