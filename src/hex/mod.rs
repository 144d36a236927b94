//! Hex geometry shared by every ruleset: coordinates, terrain, hexside features, named regions, maps, facing,
//! paths (with or without the cost of turning), retreats, graded line of sight and distances in a
//! ruleset's own unit (the gap rule).
//! Pure data and functions; nothing here knows about ECS or about any one ruleset.

pub mod coords;
pub mod facing;
pub mod hexside;
pub mod los;
pub mod map;
pub mod path;
pub mod region;
pub mod retreat;
pub mod scale;
pub mod terrain;
pub mod turning;

pub use coords::{hex_key, Offset};
pub use facing::{Arc, Direction, Sector};
pub use hexside::{Hexside, Hexsides, same_edge};
pub use hexx::Hex;
pub use map::{BoardEdge, HexMap};
pub use region::{Region, RegionKind};
pub use scale::Scale;
pub use terrain::{Ground, Terrain};
