//! A rectangular battlefield: terrain per hex, bounds, neighbours and each side's own board edge.

use super::coords::Offset;
use super::facing::Direction;
use super::hexside::Hexsides;
use super::region::Region;
use super::terrain::Terrain;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The board edge an army comes from and falls back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardEdge {
    North,
    South,
    East,
    West,
}

impl BoardEdge {
    /// Hexsides that lead toward this edge: a retreat or a flight takes one of them at every step.
    pub fn directions(self) -> &'static [Direction] {
        match self {
            BoardEdge::North => &[Direction::N, Direction::NE, Direction::NW],
            BoardEdge::South => &[Direction::S, Direction::SE, Direction::SW],
            BoardEdge::East => &[Direction::NE, Direction::SE],
            BoardEdge::West => &[Direction::NW, Direction::SW],
        }
    }

    /// The hexside a unit coming from this edge faces by default: straight at the enemy.
    pub fn facing_away(self) -> Direction {
        match self {
            BoardEdge::North => Direction::S,
            BoardEdge::South => Direction::N,
            BoardEdge::East => Direction::SW,
            BoardEdge::West => Direction::NE,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexMap {
    width: i32,
    height: i32,
    tiles: Vec<Terrain>,
    /// Hedges, walls, stream banks and fortification walls on the edges between hexes.
    #[serde(default)]
    pub hexsides: Hexsides,
    /// Buildings, fortification sections, gates, deployment zones, objectives.
    #[serde(default)]
    pub regions: Vec<Region>,
}

impl HexMap {
    /// An open map; `width` columns by `height` rows.
    pub fn new(width: i32, height: i32) -> HexMap {
        HexMap {
            width,
            height,
            tiles: vec![Terrain::default(); (width.max(0) * height.max(0)) as usize],
            hexsides: Hexsides::default(),
            regions: Vec::new(),
        }
    }

    /// The region named `name`.
    pub fn region(&self, name: &str) -> Option<&Region> {
        self.regions.iter().find(|r| r.name == name)
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    /// Position of a hex in row-major order, for per-hex lookup tables.
    pub fn index(&self, hex: Hex) -> Option<usize> {
        let Offset(col, row) = Offset::from_hex(hex);
        (col >= 0 && row >= 0 && col < self.width && row < self.height)
            .then(|| (row * self.width + col) as usize)
    }

    /// Number of hexes on the board.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    pub fn contains(&self, hex: Hex) -> bool {
        self.index(hex).is_some()
    }

    pub fn terrain(&self, hex: Hex) -> Option<&Terrain> {
        self.index(hex).map(|i| &self.tiles[i])
    }

    /// Terrain of a hex known to be on the map; off-map hexes read as open plain.
    pub fn at(&self, hex: Hex) -> Terrain {
        self.terrain(hex).copied().unwrap_or_default()
    }

    pub fn set(&mut self, hex: Hex, terrain: Terrain) {
        if let Some(i) = self.index(hex) {
            self.tiles[i] = terrain;
        }
    }

    pub fn level(&self, hex: Hex) -> u8 {
        self.at(hex).level
    }

    /// Every hex of the board, row by row from the north-west corner.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.height).flat_map(move |row| (0..self.width).map(move |col| Offset(col, row).to_hex()))
    }

    /// On-map neighbours, clockwise from north.
    pub fn neighbours(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        Direction::ALL.into_iter().map(move |d| d.step(hex)).filter(|h| self.contains(*h))
    }

    /// True when `hex` lies on the given board edge.
    pub fn on_edge(&self, hex: Hex, edge: BoardEdge) -> bool {
        let Offset(col, row) = Offset::from_hex(hex);
        match edge {
            BoardEdge::North => row == 0,
            BoardEdge::South => row == self.height - 1,
            BoardEdge::West => col == 0,
            BoardEdge::East => col == self.width - 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_and_neighbours() {
        let map = HexMap::new(4, 3);
        assert_eq!(map.hexes().count(), 12);
        let corner = Offset(0, 0).to_hex();
        assert_eq!(map.neighbours(corner).count(), 2);
        assert!(!map.contains(Offset(4, 0).to_hex()));
        assert!(map.on_edge(Offset(2, 2).to_hex(), BoardEdge::South));
        assert!(map.on_edge(Offset(3, 1).to_hex(), BoardEdge::East));
    }

    #[test]
    fn edge_directions_point_at_the_edge() {
        let map = HexMap::new(9, 9);
        for edge in [BoardEdge::North, BoardEdge::South, BoardEdge::East, BoardEdge::West] {
            for d in edge.directions() {
                let from = Offset(4, 4).to_hex();
                let (x0, y0) = super::super::coords::centre(from);
                let (x1, y1) = super::super::coords::centre(d.step(from));
                let gain = match edge {
                    BoardEdge::North => y0 - y1,
                    BoardEdge::South => y1 - y0,
                    BoardEdge::East => x1 - x0,
                    BoardEdge::West => x0 - x1,
                };
                assert!(gain > 0.0, "{d:?} does not lead to {edge:?}");
            }
            assert!(map.contains(Offset(4, 4).to_hex()));
        }
    }
}
