//! Offset (column, row) coordinates of a rectangular flat-top board and their axial equivalent.
//!
//! Boards are rectangles of flat-top hexes in "odd-q" offset columns (odd columns shoved down):
//! column 0 is the west edge, row 0 the north edge. Every other module works in hexx's axial `Hex`;
//! this is the one place that converts, so scenarios and the screen can speak in columns and rows.

use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};

/// A board position as a scenario writes it: `(column, row)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Offset(pub i32, pub i32);

impl Offset {
    pub fn to_hex(self) -> Hex {
        Hex::from_offset_coordinates([self.0, self.1], OffsetHexMode::Odd, HexOrientation::Flat)
    }

    pub fn from_hex(hex: Hex) -> Self {
        let [col, row] = hex.to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Flat);
        Offset(col, row)
    }
}

impl std::fmt::Display for Offset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

/// A hex as a player types it at the terminal: "column,row" (the terminal's codes).
pub fn code(hex: Hex) -> String {
    let Offset(col, row) = Offset::from_hex(hex);
    format!("{col},{row}")
}

/// A total order on hexes (hexx's `Hex` has none), used wherever iteration order must be stable.
pub fn hex_key(hex: Hex) -> (i32, i32) {
    (hex.x, hex.y)
}

/// Centre of a hex in a plane where hexes have a circumradius of 1, x to the east and y to the south.
pub fn centre(hex: Hex) -> (f64, f64) {
    let q = f64::from(hex.x);
    let r = f64::from(hex.y);
    (1.5 * q, 3f64.sqrt() * (r + q / 2.0))
}

/// The hex containing a point of that plane.
pub fn hex_at(x: f64, y: f64) -> Hex {
    let (q, r) = axial(x, y);
    round_axial(q, r)
}

/// A point of that plane in fractional axial coordinates, where hex centres are whole numbers.
pub fn axial(x: f64, y: f64) -> (f64, f64) {
    let q = x / 1.5;
    (q, y / 3f64.sqrt() - q / 2.0)
}

/// The hex whose centre is nearest a point given in fractional axial coordinates.
pub fn round_axial(q: f64, r: f64) -> Hex {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (round(q), round(r), round(s));
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

/// `x.round()`, half away from zero, for finite |x| below 2^63 (the board's coordinates are far
/// smaller; only the sign of a zero differs, which no caller sees): the
/// baseline x86-64 target has no rounding instruction and calls the C library for `f64::round`,
/// about a tenth of a line of sight's cost (three roundings a hex crossed).
fn round(x: f64) -> f64 {
    let whole = x as i64 as f64;
    let part = x - whole;
    // Without branches: along a line of sight the fractions fall either side of a half at random,
    // and a mispredicted branch costs more than both comparisons.
    whole + f64::from(u8::from(part >= 0.5)) - f64::from(u8::from(part <= -0.5))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_the_standard_librarys() {
        for y in [0.499_999_999_999_999_94, -0.499_999_999_999_999_94, 0.5, -0.5, 2.5, -2.5, -0.4, 4_503_599_627_370_495.5, -4_503_599_627_370_495.5] {
            assert_eq!(round(y), y.round(), "{y}");
        }
        for i in -40_000..40_000 {
            let x = f64::from(i) * 0.000_25 * 3f64.sqrt();
            for y in [x, f64::from(i) * 0.5, f64::from(i) * 0.5 + 1e-9, f64::from(i) * 0.5 - 1e-9] {
                assert_eq!(round(y), y.round(), "{y}");
            }
        }
    }

    #[test]
    fn offset_round_trip() {
        for col in 0..10 {
            for row in 0..10 {
                let o = Offset(col, row);
                assert_eq!(Offset::from_hex(o.to_hex()), o);
            }
        }
    }

    #[test]
    fn centre_maps_back_to_its_hex() {
        for col in -3..8 {
            for row in -3..8 {
                let h = Offset(col, row).to_hex();
                let (x, y) = centre(h);
                assert_eq!(hex_at(x, y), h);
            }
        }
    }

    #[test]
    fn odd_columns_sit_lower() {
        let (_, y0) = centre(Offset(0, 0).to_hex());
        let (_, y1) = centre(Offset(1, 0).to_hex());
        assert!(y1 > y0);
    }
}

/// Serde for an optional hex written as offset `(column, row)`, the way scenarios and logs read.
pub mod opt_offset {
    use super::Offset;
    use hexx::Hex;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(hex: &Option<Hex>, s: S) -> Result<S::Ok, S::Error> {
        hex.map(Offset::from_hex).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Hex>, D::Error> {
        Ok(Option::<Offset>::deserialize(d)?.map(Offset::to_hex))
    }
}

/// Serde for a hex written as offset `(column, row)`.
pub mod as_offset {
    use super::Offset;
    use hexx::Hex;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(hex: &Hex, s: S) -> Result<S::Ok, S::Error> {
        Offset::from_hex(*hex).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
        Ok(Offset::deserialize(d)?.to_hex())
    }
}

/// Serde for a list of hexes written as offsets.
pub mod offsets {
    use super::Offset;
    use hexx::Hex;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(hexes: &[Hex], s: S) -> Result<S::Ok, S::Error> {
        hexes.iter().map(|h| Offset::from_hex(*h)).collect::<Vec<_>>().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Hex>, D::Error> {
        Ok(Vec::<Offset>::deserialize(d)?.into_iter().map(Offset::to_hex).collect())
    }
}
