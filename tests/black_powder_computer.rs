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

/// Side 0's Orders phase of the first turn, with the units listed in `ordered` already ordered.
fn orders_phase(units: &[U], ordered: &[u32]) -> Battle<BlackPowder> {
    let app = start(units, &[], &[]);
    assert_eq!(app.view().global.phase, Phase::Orders, "no enemy within 12\": no initiative moves (HB-5)");
    let mut b = app.view().clone();
    for u in b.units.iter_mut().filter(|u| ordered.contains(&u.id.0)) {
        u.state.ordered = true;
    }
    b
}

/// Whether `c` is an order by a commander who has not made his own move yet, to a unit 3 hexes or
/// more from him (12" of gap: -1, BP:L17).
fn order_at_a_distance(b: &Battle<BlackPowder>, c: &Command) -> bool {
    let Command::Order { commander, units } = c else { return false };
    let chief = b.global.commander(*commander).unwrap();
    !chief.moved && units.iter().any(|id| b.unit(*id).and_then(|u| u.hex).is_some_and(|h| h.unsigned_distance_to(chief.hex) >= 3))
}

#[test]
fn it_rides_a_commander_to_his_battalions_before_ordering_them_from_afar() {
    // The brigadier stands with a battalion already ordered, 3 to 5 hexes from the three he still
    // has to order, the commander-in-chief in the corner 5 to 7 hexes off: from where they stand
    // every order takes -1 or -2 for the gap (BP:L17: -1 per 12"). A commander's own move is free,
    // once a turn, before, between or after his orders (HB-2, BP:L31-32, 48" on horse: BP:L32):
    // riding into the three first lifts the penalty, an 8 passing on 8 or less instead of 6 or
    // less. Ordering first and riding after, as the computer did in play, throws that away.
    let b = orders_phase(
        &[
            (1, 0, "line-battalion", 2, 10, N, None),
            (2, 0, "line-battalion", 5, 10, N, None),
            (3, 0, "line-battalion", 6, 10, N, None),
            (4, 0, "line-battalion", 7, 10, N, None),
            (11, 1, "line-battalion", 6, 1, S, None),
        ],
        &[1],
    );
    let body = [at(5, 10), at(6, 10), at(7, 10)];
    for (level, c) in choices(&b) {
        assert!(!order_at_a_distance(&b, &c), "{level:?} orders from afar before riding: {c:?}");
        assert!(matches!(c, Command::Ride { to, .. } if body.contains(&to)), "{level:?} does not ride to the battalions it has to order: {c:?}");
    }
}

/// The sum of the distances between the commander-in-chief and the units of his side.
fn chief_spread(b: &Battle<BlackPowder>, to: Hex) -> u32 {
    b.on_board().filter(|u| u.side == Side(0)).filter_map(|u| u.hex).map(|h| h.unsigned_distance_to(to)).sum()
}

#[test]
fn it_keeps_the_commander_in_chief_where_his_orders_reach() {
    // Every unit is ordered; the commander-in-chief stands among the brigade's four battalions. A
    // gun stands alone in the far corner. Next turn he may order any of them, at -1 per 12" of gap
    // (BP:L17): riding off to the corner, as the computer did every turn in play, puts the whole
    // brigade 5 to 8 hexes away (-2 or -3). He stays, or rides within the body.
    let mut b = orders_given(&[
        (1, 0, "foot-battery", 0, 11, N, Some(Formation::Unlimbered)),
        (2, 0, "line-battalion", 6, 10, N, None),
        (3, 0, "line-battalion", 7, 10, N, None),
        (4, 0, "line-battalion", 8, 10, N, None),
        (5, 0, "line-battalion", 7, 9, N, None),
        (11, 1, "line-battalion", 7, 1, S, None),
    ]);
    b.global.commanders.iter_mut().find(|c| c.id == 1).unwrap().hex = at(7, 10);
    let start = chief_spread(&b, at(7, 10));
    for level in LEVELS {
        let (_, played) = play_out_the_rides(&b, level);
        for c in &played {
            if let Command::Ride { commander: 1, to } = c {
                assert!(chief_spread(&b, *to) <= start, "{level:?} rides the commander-in-chief away from his army: {played:?}");
            }
        }
    }
    // From the corner, he rides back to the army rather than staying out of reach.
    let b = orders_given(&[
        (1, 0, "line-battalion", 6, 10, N, None),
        (2, 0, "line-battalion", 7, 10, N, None),
        (3, 0, "line-battalion", 8, 10, N, None),
        (11, 1, "line-battalion", 7, 1, S, None),
    ]);
    assert_eq!(b.global.commander(1).unwrap().hex, at(0, 11), "the position: the commander-in-chief in the corner");
    for level in LEVELS {
        let (after, played) = play_out_the_rides(&b, level);
        let now = after.global.commander(1).unwrap().hex;
        assert!(chief_spread(&b, now) < chief_spread(&b, at(0, 11)), "{level:?} leaves the commander-in-chief in the corner, 6 hexes and more from every unit: {played:?}");
    }
}

/// The commands `level` plays from `b` to the end of the phase (rides only are left), with dice of
/// the test's own.
fn play_out_the_rides(b: &Battle<BlackPowder>, level: Level) -> (Battle<BlackPowder>, Vec<Command>) {
    let mut b = b.clone();
    let mut ai = Ai::new(level, 1);
    let mut played = Vec::new();
    while b.global.phase == Phase::Orders {
        assert!(played.len() < 10, "{level:?} does not end its orders: {played:?}");
        let c = ai.choose(&b).expect("a command");
        let mut dice = strategos::battle::Dice::new(5);
        for e in BlackPowder::resolve(&b, &c, &mut dice).unwrap() {
            BlackPowder::apply(&mut b, &e);
        }
        played.push(c);
    }
    (b, played)
}

#[test]
fn it_rides_to_its_horse_and_orders_the_brigade_as_one_rather_than_failing_from_afar() {
    // The commander-in-chief's order to the battalion has failed (an 11 over his 9): he gives no
    // more orders this turn (HB-3). The brigadier's two regiments of lancers stand 5 and 6 hexes
    // off him (-2 for the gap, BP:L17; lancers are not Marauders, BP:L326), and the next roll is a
    // 7: it fails at 6 and gives 2 moves at his full 8 (HB-3). In play the computer ordered from
    // afar after failed orders, and its horse stood turn after turn. Riding first is free (HB-2,
    // BP:L31-32), and one brigade order (HB-4) moves both regiments on one roll, where two orders
    // risk a failure that ends the brigadier's orders before the second.
    let units = [
        (1, 0, "line-battalion", 1, 10, N, None),
        (2, 0, "lancers", 6, 10, N, None),
        (3, 0, "lancers", 7, 10, N, None),
        (11, 1, "line-battalion", 6, 1, S, None),
    ];
    let enemy = at(6, 1);
    for level in LEVELS {
        let mut app = start(&units, &[], &[6, 5, 4, 3]);
        send(&mut app, Command::Order { commander: 1, units: vec![UnitId(1)] });
        assert!(app.view().global.commander(1).unwrap().done, "the position: the commander-in-chief's order failed");
        let before: Vec<(UnitId, u32)> = [UnitId(2), UnitId(3)].iter().map(|id| (*id, app.view().unit(*id).unwrap().hex.unwrap().unsigned_distance_to(enemy))).collect();
        let mut ai = Ai::new(level, 1);
        let mut played: Vec<Command> = Vec::new();
        let mut rolls = Vec::new();
        while app.view().global.phase == Phase::Orders {
            assert!(played.len() < 60, "{level:?} does not end its orders: {played:?}");
            let c = ai.choose(app.view()).expect("a command");
            assert!(!order_at_a_distance(app.view(), &c), "{level:?} orders from afar before riding: {c:?} after {played:?}");
            for e in send(&mut app, c.clone()) {
                if let strategos::rules::black_powder::Event::OrderRolled { units, .. } = e {
                    rolls.push(units);
                }
            }
            played.push(c);
        }
        assert_eq!(rolls.first(), Some(&vec![UnitId(2), UnitId(3)]), "{level:?} does not order its horse as one brigade: {played:?}");
        for (id, from) in before {
            let to = app.view().unit(id).unwrap().hex.unwrap().unsigned_distance_to(enemy);
            assert!(to < from, "{level:?} left its lancers {id:?} standing: {played:?}");
        }
    }
}

#[test]
fn it_fires_its_guns_at_an_enemy_in_range_rather_than_manhandling_them_twice() {
    // The foot battery, unlimbered, has a battalion 6 hexes (36") off its front: within its 48"
    // (BP:L109), beyond half of it (-1 to hit, BP:L117). Its order gave it 3 moves; moved by hand
    // a gun makes 6" a move (BP:L29), and a unit that moves more than once does not shoot (HB-10).
    // Two moves bring it 2 hexes nearer and throw the turn's shot away, as the 12-pounders did in
    // play: it keeps at most one move, and shoots.
    let units = [(1, 0, "foot-battery", 5, 10, N, Some(Formation::Unlimbered)), (11, 1, "line-battalion", 5, 4, S, None)];
    for level in LEVELS {
        let mut app = start(&units, &[], &[1, 2]);
        send(&mut app, Command::Order { commander: 3, units: vec![UnitId(1)] });
        assert_eq!(app.view().unit(UnitId(1)).unwrap().state.moves_left, 3, "the position: 3 moves");
        let mut ai = Ai::new(level, 1);
        let mut played: Vec<Command> = Vec::new();
        while app.view().global.phase == Phase::Orders {
            assert!(played.len() < 60, "{level:?} does not end its orders: {played:?}");
            let c = ai.choose(app.view()).expect("a command");
            send(&mut app, c.clone());
            played.push(c);
        }
        let gun = app.view().unit(UnitId(1)).unwrap();
        assert!(gun.state.moves_made <= 1, "{level:?} moved its guns {} times: {played:?}", gun.state.moves_made);
        assert!(gun.hex.unwrap().unsigned_distance_to(at(5, 4)) <= 6, "{level:?} took its guns away: {played:?}");
        let shot = Command::Shoot { unit: UnitId(1), target: UnitId(11) };
        assert_eq!(ai.choose(app.view()), Some(shot), "{level:?} after {played:?}");
    }
}
