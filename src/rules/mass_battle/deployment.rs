//! Sealed deployment (H-M10, l. 38), a scenario's option: before the first sequence each side
//! places its units in its zone and gives the battle standard, sealed as the orders are, and both
//! are revealed together. A unit stands where the scenario puts it until its side moves it; siege
//! engines stay at the scenario's hexes.

use super::data::{Kind, tables};
use super::setup::impassable;
use super::state::UnitState;
use crate::battle::{Battle, Side, Unit};
use crate::hex::{Hex, RegionKind};

type B = Battle<super::MassBattle>;
type U = Unit<UnitState>;

/// A side's deployment zone (H-M10): the map's `Deployment` regions for it, else the house rows
/// along its own edge. In a siege the besieged deploy within the fortification, and the besiegers
/// never on it.
pub fn zone(b: &B, side: Side) -> Vec<Hex> {
    let mut regions = b.map.regions.iter().filter(|r| r.kind == (RegionKind::Deployment { side: side.0 })).peekable();
    let mut hexes: Vec<Hex> = if regions.peek().is_some() {
        regions.flat_map(|r| r.hexes.iter().copied()).collect()
    } else {
        let rows = i32::from(tables().house.deployment_rows);
        b.map.hexes().filter(|h| super::movement::from_edge(b, b.edge(side), *h) < rows).collect()
    };
    match super::siege::besieged(b) {
        Some(s) if s == side => {
            hexes = b.map.hexes().filter(|h| super::siege::within(b, *h)).collect();
        }
        Some(_) => hexes.retain(|h| !super::siege::within(b, *h)),
        None => {}
    }
    hexes
}

/// An engine stays where the scenario puts it (H-M10).
pub fn fixed(s: &UnitState) -> bool {
    super::engines::engine(s).is_some()
}

/// Whether `u` may stand on `hex` at deployment: its ground, a wall for its defenders only.
pub fn may_stand(b: &B, u: &U, hex: Hex) -> bool {
    let ground = b.map.at(hex).ground;
    let wall = super::siege::standing_wall(b, hex);
    u.state.flies() || (wall && super::siege::besieged(b) == Some(u.side)) || !impassable(ground)
}

/// The hexes of its zone `u` may be placed on now: free ground, not its own hex.
pub fn places(b: &B, u: &U) -> Vec<Hex> {
    if fixed(&u.state) || b.global.deployment.is_none() {
        return Vec::new();
    }
    zone(b, u.side).into_iter().filter(|h| b.units_at(*h).next().is_none() && may_stand(b, u, *h)).collect()
}

/// The units that may carry the standard (l. 38): the side's standard units.
pub fn bearers(b: &B, side: Side) -> Vec<&U> {
    b.on_board().filter(|u| u.side == side && u.state.kind() == Kind::Standard).collect()
}
