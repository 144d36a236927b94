//! The computer opponent's decisions in Black Powder set positions (issue 16): blunders a wargamer would not make, each on an open field played through the real turn to the decision.

mod common;

use common::black_powder::{U, send, start};
use strategos::ai::{Ai, Level};
use strategos::battle::{Battle, Ruleset, Side, UnitId};
use strategos::hex::{Direction, Hex, Offset};
use strategos::rules::black_powder::data::Formation;
use strategos::rules::black_powder::state::Phase;
use strategos::rules::black_powder::{BlackPowder, Command};
use strategos::sim::Player;

const LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong { think_ms: 50 }];

const N: Option<Direction> = Some(Direction::N);
const S: Option<Direction> = Some(Direction::S);

fn at(c: i32, r: i32) -> Hex {
    Offset(c, r).to_hex()
}

/// Each level's command, seed 1, with the level.
fn choices(b: &Battle<BlackPowder>) -> Vec<(Level, Command)> {
    LEVELS.iter().map(|l| (*l, Ai::new(*l, 1).choose(b).expect("a command"))).collect()
}

/// Side 0's Orders phase of the first turn with every unit of it already ordered (HB-3): what is
/// left to decide is each commander's own move (HB-2, BP:L31–32: before, between or after his
/// orders) and the end of the phase.
fn orders_given(units: &[U]) -> Battle<BlackPowder> {
    let app = start(units, &[], &[]);
    assert_eq!(app.view().global.phase, Phase::Orders, "no enemy within 12\": no initiative moves (HB-5)");
    let mut b = app.view().clone();
    for u in b.units.iter_mut().filter(|u| u.side == Side(0)) {
        u.state.ordered = true;
    }
    let legal = BlackPowder::legal_commands(&b);
    assert!(legal.iter().all(|c| matches!(c, Command::Ride { .. } | Command::EndPhase)), "the position: only the commanders' rides are left: {legal:?}");
    b
}

#[test]
fn it_rides_a_brigade_commander_back_to_the_body_of_his_brigade() {
    // The brigadier stands with a battalion detached on the left, 5 to 7 hexes from the other
    // three. Every order he gives next turn takes -1 per full 12" between him and the unit
    // (BP:L17: nothing within 2 hexes, -1 at 3 or 4, -2 at 5 or 6): with the three, he orders
    // them as one chain (HB-4) at his full rating, and only the lone battalion pays for the gap.
    // His own move reaches any of them (48", HB-2); staying, or riding the commander-in-chief
    // instead, leaves three battalions beyond his command distance.
    let b = orders_given(&[
        (1, 0, "line-battalion", 1, 10, N, None),
        (2, 0, "line-battalion", 6, 10, N, None),
        (3, 0, "line-battalion", 7, 10, N, None),
        (4, 0, "line-battalion", 8, 10, N, None),
        (11, 1, "line-battalion", 7, 1, S, None),
    ]);
    assert_eq!(b.global.commander(3).unwrap().hex, at(1, 10), "the position: the brigadier with the detached battalion");
    let body = [at(6, 10), at(7, 10), at(8, 10)];
    for (level, c) in choices(&b) {
        assert!(matches!(c, Command::Ride { commander: 3, to } if body.contains(&to)), "{level:?} leaves the brigadier away from three of his four battalions: {c:?}");
    }
    // Among the body already, he does not ride off to the detached battalion and leave the three.
    let b = orders_given(&[
        (1, 0, "line-battalion", 6, 10, N, None),
        (2, 0, "line-battalion", 7, 10, N, None),
        (3, 0, "line-battalion", 8, 10, N, None),
        (4, 0, "line-battalion", 1, 10, N, None),
        (11, 1, "line-battalion", 7, 1, S, None),
    ]);
    assert_eq!(b.global.commander(3).unwrap().hex, at(6, 10), "the position: the brigadier with the body of his brigade");
    for (level, c) in choices(&b) {
        assert!(!matches!(c, Command::Ride { commander: 3, to } if to == at(1, 10)), "{level:?} rides the brigadier away from three of his battalions: {c:?}");
    }
}

#[test]
fn it_fires_a_battery_that_has_an_enemy_in_range_rather_than_leaving_it_idle() {
    // The foot battery has a battalion 4 hexes (24") off its front: in range (48", BP:L109) and in
    // its medium band (up to half the range, BP:L253), 2 dice at -2 to the target's save. Ending
    // the Shooting phase instead throws the shot away: nothing is kept for later, and the
    // battalion comes on in its own turn.
    let mut app = start(&[(1, 0, "foot-battery", 5, 9, N, Some(Formation::Unlimbered)), (11, 1, "line-battalion", 5, 5, S, None)], &[], &[]);
    assert_eq!(app.view().global.phase, Phase::Orders, "24\" off: no initiative moves (HB-5)");
    send(&mut app, Command::EndPhase);
    assert_eq!(app.view().global.phase, Phase::Shooting);
    let shot = Command::Shoot { unit: UnitId(1), target: UnitId(11) };
    assert!(BlackPowder::legal_commands(app.view()).contains(&shot), "the position: the battery may shoot (HB-10)");
    for (level, c) in choices(app.view()) {
        assert_eq!(c, shot, "{level:?}");
    }
}

#[test]
fn it_orders_an_idle_brigade_forward_rather_than_leaving_it_standing() {
    // Three battalions in line, the enemy 9 hexes off, the whole first turn before them. The
    // brigadier may order them as one chain (HB-4); the forced 1 + 2 is two or more under his 8
    // and grants each 3 moves (HB-3). The computer plays the whole Orders phase: no battalion is
    // left where it stood, neither unordered nor halted.
    let units = [(1, 0, "line-battalion", 4, 10, N, None), (2, 0, "line-battalion", 5, 10, N, None), (3, 0, "line-battalion", 6, 10, N, None), (11, 1, "line-battalion", 5, 1, S, None)];
    let enemy = at(5, 1);
    for level in LEVELS {
        let mut app = start(&units, &[], &[1, 2]);
        assert_eq!(app.view().global.phase, Phase::Orders, "no enemy within 12\": no initiative moves (HB-5)");
        let before: Vec<(UnitId, Hex)> = app.view().on_board().filter(|u| u.side == Side(0)).map(|u| (u.id, u.hex.unwrap())).collect();
        let mut ai = Ai::new(level, 1);
        let mut played: Vec<Command> = Vec::new();
        while app.view().global.phase == Phase::Orders {
            assert_eq!(BlackPowder::deciding_side(app.view()), Some(Side(0)), "{level:?}: {played:?}");
            assert!(played.len() < 60, "{level:?} does not end its orders: {played:?}");
            let c = ai.choose(app.view()).expect("a command");
            send(&mut app, c.clone());
            played.push(c);
        }
        for (id, from) in before {
            let to = app.view().unit(id).and_then(|u| u.hex).expect("on the field");
            assert!(to.unsigned_distance_to(enemy) < from.unsigned_distance_to(enemy), "{level:?} left battalion {id:?} standing: {played:?}");
        }
    }
}
