//! Named groups of hexes a scenario marks on the map: a building and its size, a fortification's
//! section, a gate, a side's deployment zone, an objective. The map holds what they are; what
//! changes in play (a building's occupants, a section breached, a gate broken) is the ruleset's,
//! kept in its hashed global state under the region's name.

use super::coords::offsets;
use hexx::Hex;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RegionKind {
    /// A building, holding at most `size` (in the ruleset's own measure: bases, companies, figures).
    Building { size: u8 },
    /// A section of a fortification's wall, attacked and breached as a whole.
    Section,
    Gate,
    /// Where a side may set up.
    Deployment { side: u8 },
    Objective,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Region {
    pub name: String,
    pub kind: RegionKind,
    #[serde(with = "offsets")]
    pub hexes: Vec<Hex>,
}
