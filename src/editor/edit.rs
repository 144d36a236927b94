//! The edits the battle editor makes to a battle's shared part (its field, sides and rules of the
//! battle), each refused with a reason, the battle unchanged, when it would not read back: a
//! ground that is no terrain token, a hex off the map, an edge between a hex and nothing, a region
//! of no hex or of another's name, a battle of no turns. What the ruleset itself checks (a unit where none may stand) is for the editor's
//! live validation, since a battle with errors may still be saved.

use crate::hex::{BoardEdge, Direction, Ground, Hexside, Offset, Region, Terrain, same_edge};
use crate::scenario::{HexsideSpec, Scenario};

#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Paints these hexes with one ground, a terrain token of `hex::terrain` (`.`, `f`, `h2`...):
    /// one hex, a brush's radius or a fill, as the editor picked them.
    Ground { at: Vec<Offset>, token: String },
    /// Paints one part of these hexes' terrain, leaving the rest as it is: their ground, a road
    /// through them or their hill level.
    Paint { at: Vec<Offset>, paint: Paint },
    /// Puts `feature` on the edge on `side` of `at`, or clears it (`None`).
    Edge { at: Offset, side: Direction, feature: Option<Hexside> },
    /// Puts `region` in place of the region called `name` (where it stood in the list), or adds it
    /// when there is none; `None` removes that region.
    Region { name: String, region: Option<Region> },
    Name(String),
    Briefing(String),
    Turns(u32),
    FirstSide(u8),
    SideName { side: u8, name: String },
    /// The board edge a side comes from, and retreats and flees toward.
    SideEdge { side: u8, edge: BoardEdge },
    /// A side's counters' colour; `None` for its default (blue, red).
    SideColour { side: u8, colour: Option<(u8, u8, u8)> },
    /// The ruleset's whole part as written (its switches, leaders, commanders, tokens, siege...),
    /// refused when it does not read as the ruleset's part.
    Part(String),
    /// Places, moves, faces or removes a unit of the ruleset's part.
    Unit(super::muster::UnitEdit),
    /// Puts the profile written `line` in place of the one called `name` in the battle's own army
    /// list `list` (a file beside the battle, one profile a line), or adds it; `None` removes it.
    /// The list is named in the battle's `armies` while it holds a profile.
    Profile { list: String, name: String, line: Option<String> },
}

/// What `Edit::Paint` changes of a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    Ground(Ground),
    Road(bool),
    Level(u8),
}

impl Paint {
    fn on(self, mut t: Terrain) -> Terrain {
        match self {
            Paint::Ground(g) => t.ground = g,
            Paint::Road(road) => t.road = road,
            Paint::Level(level) => t.level = level.min(9),
        }
        t
    }
}

/// The map's tokens, a row at a time.
fn cells(s: &Scenario) -> Vec<Vec<String>> {
    s.map.rows.iter().map(|r| r.split_whitespace().map(str::to_string).collect()).collect()
}

/// The token at `o`, to change in place.
fn cell(rows: &mut [Vec<String>], o: Offset) -> Result<&mut String, String> {
    usize::try_from(o.1).ok().and_then(|r| rows.get_mut(r)).and_then(|row| usize::try_from(o.0).ok().and_then(|c| row.get_mut(c))).ok_or_else(|| format!("{o} is off the map"))
}

/// `Edit::Profile`: the list written again with the line changed, read back to be sure each line is
/// one profile of the list's syntax; what the ruleset makes of it is the live validation's.
fn own_profile(s: &mut Scenario, list: &str, name: &str, line: Option<&str>) -> Result<(), String> {
    if crate::army::find_bundled(list).is_some() || !list.ends_with(".ron") {
        return Err(format!("'{list}' is no file of the battle's own"));
    }
    let held = s.army_files.iter().position(|(n, _)| n == list);
    let mut lines = match held {
        Some(i) => s.army_files[i].1.profile_lines().ok_or_else(|| format!("{list}: its profiles are not written one a line; change it by hand"))?,
        None => Vec::new(),
    };
    let at = lines.iter().position(|l| crate::army::profile_name(l).as_deref() == Some(name));
    match (at, line) {
        (Some(i), Some(l)) => lines[i] = l.trim().trim_end_matches(',').to_string(),
        (None, Some(l)) => lines.push(l.trim().trim_end_matches(',').to_string()),
        (Some(i), None) => {
            lines.remove(i);
        }
        (None, None) => return Err(format!("no profile '{name}' in {list}")),
    }
    if lines.is_empty() {
        s.army_files.retain(|(n, _)| n != list);
        s.armies.retain(|n| n != list);
        return Ok(());
    }
    let id = list.trim_end_matches(".ron");
    let text = crate::army::to_ron(id, &format!("{}: its own profiles", s.name), &s.ruleset, &lines);
    let read = crate::army::parse(list, &text).map_err(|e| e.to_string())?;
    if read.profile_lines().as_ref() != Some(&lines) {
        return Err("a profile is one value on one line: (name: \"...\", base: \"...\", ...)".into());
    }
    let read = std::sync::Arc::new(read);
    match held {
        Some(i) => s.army_files[i].1 = read,
        None => s.army_files.push((list.to_string(), read)),
    }
    if !s.armies.iter().any(|n| n == list) {
        // No list named is every bundled one: they stay offered beside one's own.
        if s.armies.is_empty() {
            s.armies = crate::army::bundled_for(&s.ruleset).iter().map(|l| l.id.clone()).collect();
        }
        s.armies.push(list.to_string());
    }
    Ok(())
}

impl Edit {
    /// Makes the edit on `s`; on refusal `s` may be half changed, so `History::change` makes it
    /// on a copy.
    pub fn apply(&self, s: &mut Scenario) -> Result<(), String> {
        match self {
            Edit::Ground { at, token } => {
                // Written as the map writes it: `.0` is `.`.
                let token = Terrain::parse(token)?.token();
                let mut rows = cells(s);
                for o in at {
                    *cell(&mut rows, *o)? = token.clone();
                }
                s.map.rows = rows.iter().map(|r| r.join(" ")).collect();
            }
            Edit::Paint { at, paint } => {
                let mut rows = cells(s);
                for o in at {
                    let token = cell(&mut rows, *o)?;
                    *token = paint.on(Terrain::parse(token)?).token();
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
            Edit::Region { name, region } => {
                let at = s.map.regions.iter().position(|r| r.name == *name);
                match (at, region) {
                    (Some(i), Some(r)) => s.map.regions[i] = r.clone(),
                    (None, Some(r)) => s.map.regions.push(r.clone()),
                    (Some(i), None) => {
                        s.map.regions.remove(i);
                    }
                    (None, None) => return Err(format!("no region '{name}'")),
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
            Edit::SideEdge { side, edge } => {
                let spec = s.sides.get_mut(usize::from(*side)).ok_or_else(|| format!("side {side} does not exist (0 or 1)"))?;
                spec.edge = *edge;
            }
            Edit::SideColour { side, colour } => {
                let spec = s.sides.get_mut(usize::from(*side)).ok_or_else(|| format!("side {side} does not exist (0 or 1)"))?;
                spec.colour = *colour;
            }
            Edit::Part(text) => super::muster::rewrite_part(s, text)?,
            Edit::Unit(edit) => super::muster::apply_any(s, edit)?,
            Edit::Profile { list, name, line } => own_profile(s, list, name, line.as_deref())?,
        }
        s.check_shared().map_err(|e| format!("{}: {}", e.path(), e.message))
    }
}
