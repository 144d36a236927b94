//! Swidenth's line of sight and cover (H-S8, A4; l. 164-166): what blocks a trace, the cover points
//! of a target, and an ally of the shooter in the way.

use strategos::hex::{Ground, Hex, HexMap, Terrain};
use strategos::rules::swidenth::duel::cover;
use strategos::rules::swidenth::sight::{ally_in_the_way, cover_points, sees};

fn h(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

fn field(features: &[(Hex, Ground, u8)]) -> HexMap {
    let mut map = HexMap::new(12, 12);
    for (hex, ground, level) in features {
        map.set(*hex, Terrain { ground: *ground, road: false, level: *level });
    }
    map
}

const NOBODY: fn(Hex) -> bool = |_| false;

#[test]
fn what_blocks_a_line() {
    let (from, to) = (h(2, 2), h(2, 7));
    assert!(sees(&field(&[]), &[], from, to));
    assert!(sees(&field(&[(h(2, 4), Ground::Forest, 0)]), &[], from, to), "one hex into a wood and out");
    assert!(!sees(&field(&[(h(2, 4), Ground::Forest, 0), (h(2, 5), Ground::Forest, 0)]), &[], from, to), "not through two");
    assert!(!sees(&field(&[(h(2, 4), Ground::Buildings, 0)]), &[], from, to));
    assert!(!sees(&field(&[(h(2, 4), Ground::Fortification, 0)]), &[], from, to));
    assert!(!sees(&field(&[(h(2, 4), Ground::Open, 1)]), &[], from, to), "a hill higher than both ends");
    assert!(sees(&field(&[(h(2, 4), Ground::Open, 1), (from, Ground::Open, 1)]), &[], from, to), "not higher than the shooter's");
    assert!(sees(&field(&[(to, Ground::Buildings, 0)]), &[], from, to), "the ends never block");
    assert!(!sees(&field(&[]), &[h(2, 4)], from, to), "a shut door (H-S15)");
}

#[test]
fn cover_points_and_their_bonus() {
    let (from, to) = (h(2, 2), h(2, 7));
    let points = |features: &[(Hex, Ground, u8)], screens: fn(Hex) -> bool| cover_points(&field(features), &[], from, to, screens);
    assert_eq!(points(&[], NOBODY), Some(0));
    assert_eq!(points(&[(to, Ground::Forest, 0)], NOBODY), Some(1), "in a wood");
    assert_eq!(points(&[(to, Ground::Buildings, 0)], NOBODY), Some(2), "in a building");
    assert_eq!(points(&[(h(2, 6), Ground::Rocky, 0)], NOBODY), Some(1), "rocks just before it");
    assert_eq!(points(&[(to, Ground::Forest, 0)], |x| x == h(2, 6)), Some(2), "in a wood behind a friend of its");
    assert_eq!(points(&[(h(2, 4), Ground::Buildings, 0)], NOBODY), None, "not seen");
    assert_eq!(cover(1).unwrap().value, 2, "l. 164: over a third");
    assert_eq!(cover(2).unwrap().value, 4, "l. 164: over two thirds");
    // A line along hex edges (two columns across, one row up) with a building on one side: one
    // trace clear, half the view masked.
    let (from, to) = (h(0, 2), h(2, 1));
    let masked = field(&[(h(1, 2), Ground::Buildings, 0)]);
    assert!(sees(&masked, &[], from, to));
    assert_eq!(cover_points(&masked, &[], from, to, NOBODY), Some(1));
}

#[test]
fn an_ally_of_the_shooter_in_the_way_forbids_the_shot() {
    let (from, to) = (h(2, 2), h(2, 7));
    assert!(ally_in_the_way(from, to, |x| x == h(2, 5)));
    assert!(!ally_in_the_way(from, to, |x| x == h(3, 5)));
    assert!(!ally_in_the_way(from, to, |x| x == from || x == to), "the ends are the shooter and the target");
}
