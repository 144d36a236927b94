//! The computer opponent's single decisions in set positions, and whole games against the random
//! legal player.

mod common;

use common::{battle, open};
use strategos::ai::{Ai, Level};
use strategos::battle::{Battle, Side, UnitId};
use strategos::rules::thucydide::state::Phase;
use strategos::rules::thucydide::{Command, Thucydide};
use strategos::sim::{Player, RandomPlayer, play_game_between};

type B = Battle<Thucydide>;

fn rows(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Side 0 to play in `phase` with every unit of it activated.
fn position(phase: Phase, units: &[common::U]) -> B {
    let m = open(8, 10);
    let mut b = battle(&rows(&m), units);
    b.turn = 1;
    b.global.phase = phase;
    for u in b.units.iter_mut().filter(|u| u.side == Side(0)) {
        u.state.activated = true;
    }
    b
}

fn choices(b: &B) -> Vec<Command> {
    [Level::Easy, Level::Normal, Level::Strong { think_ms: 50 }].into_iter().map(|l| Ai::new(l, 1).choose(b).expect("a command")).collect()
}

fn next_to_enemy(b: &B, hex: strategos::hex::Hex) -> bool {
    b.on_board().any(|u| u.side == Side(1) && u.hex.is_some_and(|h| h.unsigned_distance_to(hex) == 1))
}

#[test]
fn it_takes_a_free_kill() {
    // Hoplites next to a last element of archers and to fresh hoplites.
    let mut b = position(Phase::Combat, &[(1, 0, "hoplites", 3, 6), (2, 1, "archers", 3, 5), (3, 1, "hoplites", 4, 5), (9, 1, "hoplites", 7, 0)]);
    b.unit_mut(UnitId(2)).unwrap().state.strength = 1;
    for c in choices(&b) {
        assert!(matches!(c, Command::Attack { attacker: UnitId(1), target: UnitId(2), .. }), "{c:?}");
    }
}

#[test]
fn it_does_not_send_light_troops_into_contact_with_heavy_infantry() {
    let b = position(Phase::Movement, &[(1, 0, "peltasts", 3, 8), (2, 1, "hoplites", 3, 4), (9, 1, "hoplites", 7, 0)]);
    for c in choices(&b) {
        if let Command::Move { to, .. } = c {
            assert!(!next_to_enemy(&b, to), "{c:?} puts the peltasts next to the hoplites");
        }
    }
}

#[test]
fn it_withdraws_a_shaken_unit() {
    let mut b = position(Phase::Movement, &[(1, 0, "hoplites", 3, 6), (2, 1, "hoplites", 3, 5), (9, 1, "hoplites", 7, 0)]);
    b.unit_mut(UnitId(1)).unwrap().state.strength = 2;
    for c in choices(&b) {
        let Command::Move { unit: UnitId(1), to, .. } = c else { panic!("no withdrawal: {c:?}") };
        assert!(!next_to_enemy(&b, to), "{c:?}");
    }
}

#[test]
fn it_does_not_leave_the_commander_in_chief_next_to_enemy_cavalry() {
    let s = common::with_leader(
        common::scenario(&rows(&open(8, 10)), &[(1, 0, "hoplites", 3, 6), (2, 1, "cavalry", 3, 5), (9, 1, "hoplites", 7, 0)]),
        7,
        0,
        "commander-in-chief",
        1,
    );
    let mut b = <Thucydide as strategos::battle::Ruleset>::setup(&s).unwrap();
    b.turn = 1;
    b.global.phase = Phase::Movement;
    b.unit_mut(UnitId(1)).unwrap().state.activated = true;
    // At full strength the hoplites would risk little by staying to fight the cavalry, and the
    // strong level rightly stays when that may win the battle: at strength 1 the general would
    // fall with them.
    b.unit_mut(UnitId(1)).unwrap().state.strength = 1;
    for c in choices(&b) {
        let Command::Move { unit: UnitId(1), to, .. } = c else { panic!("left next to the cavalry: {c:?}") };
        assert!(!next_to_enemy(&b, to), "{c:?}");
    }
}

/// Games the `level` AI wins against `other` (the random player when `None`), taking each side in turn.
fn wins(scenario: &str, level: Level, other: Option<Level>, games: u64) -> u64 {
    let s = common::load_bundled(scenario);
    let mut won = 0;
    for seed in 0..games {
        let ai_side = (seed % 2) as usize;
        let mut ai = Ai::new(level, seed);
        let mut opponent: Box<dyn Player<Thucydide>> = match other {
            Some(l) => Box::new(Ai::new(l, seed ^ 0x5eed)),
            None => Box::new(RandomPlayer::new(seed)),
        };
        let players: [&mut dyn Player<Thucydide>; 2] = if ai_side == 0 { [&mut ai, opponent.as_mut()] } else { [opponent.as_mut(), &mut ai] };
        let result = play_game_between::<Thucydide>(&s, seed, players, |_| {}, |_, _| {}).unwrap();
        won += u64::from(result.winner == Some(Side(ai_side as u8)));
    }
    won
}

#[test]
fn both_levels_beat_the_random_player_on_the_small_scenario() {
    assert!(wins("thucydide-first-clash", Level::Easy, None, 20) >= 16);
    assert!(wins("thucydide-first-clash", Level::Normal, None, 20) >= 18);
}

#[test]
fn the_stronger_level_beats_the_quick_one() {
    // 163 of 200 in the README's figures; 12 of 20 leaves room for the spread of a small sample.
    assert!(wins("thucydide-first-clash", Level::Normal, Some(Level::Easy), 20) >= 12);
}
