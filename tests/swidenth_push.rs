//! Swidenth's push back on hexes (l. 105, l. 182; R-S5, A4): the hex behind the loser after a blow
//! and after a shot, and the one or two allies behind it giving way or blocking it.

use strategos::hex::{Direction, Hex};
use strategos::rules::swidenth::push::{Occupant, Push, behind, push};

fn h(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

#[test]
fn after_a_blow_the_hex_straight_behind() {
    let loser = h(0, 0);
    for d in Direction::ALL {
        let winner = d.step(loser);
        assert_eq!(behind(winner, loser), [d.opposite().step(loser)], "struck from {d:?}");
    }
}

#[test]
fn after_a_shot_the_hex_the_line_enters_next() {
    // Straight down a file: the next hex of that file.
    assert_eq!(behind(h(0, -5), h(0, 0)), [h(0, 1)]);
    // A line leaving the loser's hex by a corner (from two columns and one row off, the line runs
    // along the axis between two neighbours): the shooter picks one of the two.
    let mut two = behind(h(-2, 1), h(0, 0));
    two.sort_by_key(|x| (x.x, x.y));
    assert_eq!(two, [h(1, -1), h(1, 0)]);
    for from in [h(-3, 1), h(4, -7), h(-1, -4)] {
        let next = behind(from, h(0, 0));
        assert!(!next.is_empty() && next.iter().all(|n| n.unsigned_distance_to(h(0, 0)) == 1 && n.unsigned_distance_to(from) > from.unsigned_distance_to(h(0, 0))), "from {from:?}: {next:?}");
    }
}

#[test]
fn allies_behind_give_way_or_block() {
    let (loser, to) = (h(0, 0), h(0, 1));
    let open = |_: Hex| true;
    let empty = |_: Hex| Occupant::Empty;
    assert_eq!(push(loser, to, empty, open), Push::Moves(vec![(loser, to)]));
    // One ally behind: it steps back with the loser.
    let one = |x: Hex| if x == h(0, 1) { Occupant::Ally { engaged: false } } else { Occupant::Empty };
    assert_eq!(push(loser, to, one, open), Push::Moves(vec![(loser, to), (h(0, 1), h(0, 2))]));
    // Two allies: both.
    let two = |x: Hex| if x == h(0, 1) || x == h(0, 2) { Occupant::Ally { engaged: false } } else { Occupant::Empty };
    assert_eq!(push(loser, to, two, open), Push::Moves(vec![(loser, to), (h(0, 1), h(0, 2)), (h(0, 2), h(0, 3))]));
    // A third figure behind them, friend or foe, blocks it; so does an enemy, an engaged ally, an obstacle.
    let three = |x: Hex| if x.x == 0 && (1..=3).contains(&x.y) { Occupant::Ally { engaged: false } } else { Occupant::Empty };
    assert_eq!(push(loser, to, three, open), Push::Blocked);
    let enemy = |x: Hex| if x == h(0, 1) { Occupant::Enemy } else { Occupant::Empty };
    assert_eq!(push(loser, to, enemy, open), Push::Blocked);
    let engaged = |x: Hex| if x == h(0, 1) { Occupant::Ally { engaged: true } } else { Occupant::Empty };
    assert_eq!(push(loser, to, engaged, open), Push::Blocked);
    assert_eq!(push(loser, to, empty, |x: Hex| x != h(0, 1)), Push::Blocked, "the loser's own way shut");
    assert_eq!(push(loser, to, one, |x: Hex| x != h(0, 2)), Push::Blocked, "the ally's way shut");
}
