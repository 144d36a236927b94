//! Swidenth's line of sight and cover on hexes (house rule H-S8, A4; l. 164-166): the engine's two
//! traces of a line, what blocks one, the target's cover points, and an ally of the shooter in the
//! way. Figures never block sight; they give cover, and an ally of the shooter forbids the shot.

use crate::hex::{Ground, Hex, HexMap, los};

/// Whether one trace (shooter first, target last) is blocked, strictly between its ends: a
/// buildings or fortification hex, a shut door (`shut`, H-S15), a hill higher than both ends, or
/// two forest hexes (one can see a hex into a wood and out of it, not through it).
fn blocked(map: &HexMap, shut: &[Hex], trace: &[Hex]) -> bool {
    let [first, middle @ .., last] = trace else { return false };
    let top = map.level(*first).max(map.level(*last));
    let mut woods = 0;
    for h in middle {
        let t = map.at(*h);
        woods += usize::from(t.ground == Ground::Forest);
        if matches!(t.ground, Ground::Buildings | Ground::Fortification) || shut.contains(h) || t.level > top || woods >= 2 {
            return true;
        }
    }
    false
}

/// Whether `from` sees `to` past the doors `shut`: one clear trace is enough; sight is the same
/// both ways.
pub fn sees(map: &HexMap, shut: &[Hex], from: Hex, to: Hex) -> bool {
    los::clear(from, to, |trace| blocked(map, shut, trace))
}

/// The target's cover points seen from `from` (A4), `None` when it is not seen: +1 in a forest or
/// rocky hex, +2 in a buildings or fortification hex; +1 when the last hex before it on a clear
/// trace is forest or rocky, or holds a figure not an ally of the shooter (`screens`); +1 when only
/// one trace is clear. `duel::cover` turns them into the bonus.
pub fn cover_points(map: &HexMap, shut: &[Hex], from: Hex, to: Hex, screens: impl Fn(Hex) -> bool) -> Option<u8> {
    los::with_traces(from, to, |a, b| {
        let clear: [Option<&[Hex]>; 2] = [a, b].map(|t| (!blocked(map, shut, t)).then_some(t));
        let clear_traces = clear.iter().flatten().count();
        if clear_traces == 0 {
            return None;
        }
        let mut points = match map.at(to).ground {
            Ground::Forest | Ground::Rocky => 1,
            Ground::Buildings | Ground::Fortification => 2,
            _ => 0,
        };
        let screened = clear.iter().flatten().any(|t| {
            let [.., before, _] = t else { return false };
            *before != from && (matches!(map.at(*before).ground, Ground::Forest | Ground::Rocky) || screens(*before))
        });
        points += u8::from(screened) + u8::from(clear_traces == 1);
        Some(points)
    })
}

/// Whether an ally of the shooter stands on either trace between it and the target: the target is
/// partly covered by the shooter's ally and the shot may not be taken (l. 166).
pub fn ally_in_the_way(from: Hex, to: Hex, ally: impl Fn(Hex) -> bool) -> bool {
    los::with_traces(from, to, |a, b| [a, b].iter().any(|t| t.iter().any(|h| *h != from && *h != to && ally(*h))))
}
