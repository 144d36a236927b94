//! The edits the battle editor makes to a battle's shared part (its field, sides and rules of the
//! battle), each refused with a reason, the battle unchanged, when it would not read back: a
//! ground that is no terrain token, a hex off the map, an edge between a hex and nothing, a battle
//! of no turns. What the ruleset itself checks (a unit where none may stand) is for the editor's
//! live validation, since a battle with errors may still be saved.

use crate::hex::{Direction, Hexside, Offset, Terrain, same_edge};
use crate::scenario::{HexsideSpec, Scenario};

#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Paints these hexes with one ground, a terrain token of `hex::terrain` (`.`, `f`, `h2`...):
    /// one hex, a brush's radius or a fill, as the editor picked them.
    Ground { at: Vec<Offset>, token: String },
    /// Puts `feature` on the edge on `side` of `at`, or clears it (`None`).
    Edge { at: Offset, side: Direction, feature: Option<Hexside> },
    Name(String),
    Briefing(String),
    Turns(u32),
    FirstSide(u8),
    SideName { side: u8, name: String },
    /// Places, moves, faces or removes a unit of the ruleset's part.
    Unit(super::muster::UnitEdit),
}

impl Edit {
    /// Makes the edit on `s`; on refusal `s` may be half changed, so `History::change` makes it
    /// on a copy.
    pub fn apply(&self, s: &mut Scenario) -> Result<(), String> {
        match self {
            Edit::Ground { at, token } => {
                // Written as the map writes it: `.0` is `.`.
                let token = Terrain::parse(token)?.token();
                let mut rows: Vec<Vec<String>> = s.map.rows.iter().map(|r| r.split_whitespace().map(str::to_string).collect()).collect();
                for o in at {
                    let cell = usize::try_from(o.1).ok().and_then(|r| rows.get_mut(r)).and_then(|row| usize::try_from(o.0).ok().and_then(|c| row.get_mut(c)));
                    *cell.ok_or_else(|| format!("{o} is off the map"))? = token.clone();
                }
                s.map.rows = rows.iter().map(|r| r.join(" ")).collect();
            }
            Edit::Edge { at, side, feature } => {
                // An edge may be written from either of its hexes.
                s.map.hexsides.retain(|h| !same_edge((h.at.to_hex(), h.side), (at.to_hex(), *side)));
                if let Some(feature) = feature {
                    s.map.hexsides.push(HexsideSpec { at: *at, side: *side, feature: *feature });
                }
            }
            Edit::Name(name) => s.name = name.clone(),
            Edit::Briefing(text) => s.briefing = text.clone(),
            Edit::Turns(turns) => s.turns = *turns,
            Edit::FirstSide(side) => s.first_side = *side,
            Edit::SideName { side, name } => {
                let spec = s.sides.get_mut(usize::from(*side)).ok_or_else(|| format!("side {side} does not exist (0 or 1)"))?;
                spec.name = name.clone();
            }
            Edit::Unit(edit) => super::muster::apply_any(s, edit)?,
        }
        s.check_shared().map_err(|e| format!("{}: {}", e.path(), e.message))
    }
}
