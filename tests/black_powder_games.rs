//! Black Powder whole games: random legal players with the rules' invariants checked after every
//! event, the computer at every level, a saved replay that verifies byte for byte, and illegal
//! commands refused without a trace.

mod common;

use std::collections::HashSet;
use strategos::ai::Level;
use strategos::battle::hash::state_hash;
use strategos::battle::{Battle, Ruleset, UnitId};
use strategos::rules::black_powder::state::{Phase, Step};
use strategos::rules::black_powder::{BlackPowder, Command};
use strategos::sim::play_game;

type B = Battle<BlackPowder>;

const SCENARIOS: [&str; 2] = ["black-powder-quatre-bras", "black-powder-plancenoit"];

/// What holds after every event: one unit a hex, on the map; a unit off the board is destroyed;
/// commanders on the map.
fn check_event(b: &B) {
    let mut seen = HashSet::new();
    for u in b.on_board() {
        let hex = u.hex.unwrap();
        assert!(b.map.contains(hex), "unit {} off the map", u.id);
        assert!(seen.insert(hex), "two units in one hex at {:?}", strategos::hex::Offset::from_hex(hex));
        assert!(!u.state.destroyed, "unit {} on the board and destroyed", u.id);
    }
    for u in b.units.iter().filter(|u| u.hex.is_none()) {
        assert!(u.state.destroyed, "unit {} gone but not destroyed", u.id);
    }
    for c in &b.global.commanders {
        assert!(b.map.contains(c.hex), "commander {} off the map", c.id);
    }
}

/// What holds once a command is settled: no unit keeps casualties above its stamina untested
/// (HB-11); moves are only held in the Command phase; the battle waits only on a decision, and
/// one about units on the board.
fn check_settled(b: &B) {
    if b.global.outcome.is_some() {
        return;
    }
    // A unit whose test is still to come, or waits on Valiant's choice, keeps its excess till then.
    let untested: Vec<UnitId> = b.global.agenda.iter().filter_map(|s| if let Step::Test { unit, .. } | Step::Valiant { unit, .. } = s { Some(*unit) } else { None }).collect();
    for u in b.on_board() {
        if let Some(stamina) = u.state.stamina.filter(|_| !untested.contains(&u.id)) {
            assert!(u.state.casualties <= stamina, "unit {} keeps {} casualties over its stamina {stamina}", u.id, u.state.casualties);
        }
        if !matches!(b.global.phase, Phase::Initiative | Phase::Orders) {
            assert_eq!(u.state.moves_left, 0, "unit {} holds moves in the {:?} phase", u.id, b.global.phase);
        }
    }
    let on = |id: &UnitId| b.unit(*id).is_some_and(|u| u.hex.is_some());
    if let Some(step) = b.global.agenda.last() {
        match step {
            Step::Respond { charger, target, .. } => assert!(on(charger) && on(target), "a charge waits for an answer with a side gone: {step:?}"),
            Step::Blunder { unit, .. } | Step::Valiant { unit, .. } | Step::Path { unit, .. } => assert!(on(unit), "a decision waits on a unit gone: {step:?}"),
            other => panic!("the battle waits on a step the rules carry out by themselves: {other:?}"),
        }
    }
}

fn run_many(id: &str, games: u64) {
    let s = common::load_bundled(id);
    let mut decided = 0;
    for seed in 0..games {
        let mut previous: Option<B> = None;
        let mut checked = 0usize;
        let result = play_game::<BlackPowder>(&s, seed, |app| {
            let events = app.events();
            if let Some(mut b) = previous.take() {
                for e in &events[checked..] {
                    BlackPowder::apply(&mut b, e);
                    check_event(&b);
                }
            }
            checked = events.len();
            check_settled(app.view());
            previous = Some(app.view().clone());
        })
        .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
        if result.winner.is_some() {
            decided += 1;
        }
    }
    assert!(decided > 0, "no game of {id} was won by anyone");
}

#[test]
fn thousand_games_on_quatre_bras() {
    run_many(SCENARIOS[0], 1000);
}

#[test]
fn thousand_games_on_plancenoit() {
    run_many(SCENARIOS[1], 1000);
}

#[test]
fn the_computer_plays_both_scenarios_to_the_end_at_every_level() {
    common::games::computer_plays::<BlackPowder>(&[(SCENARIOS[0], [Level::Normal, Level::Easy]), (SCENARIOS[1], [Level::Easy, Level::Normal]), (SCENARIOS[0], [Level::Easy, Level::Strong { think_ms: 5 }])], check_settled);
}

#[test]
fn a_saved_replay_verifies_byte_for_byte() {
    common::games::saved_replay_verifies::<BlackPowder>(SCENARIOS[1]);
}

#[test]
fn illegal_commands_are_refused_and_change_nothing() {
    let s = common::load_bundled(SCENARIOS[0]);
    let mut app = strategos::replay::start::<BlackPowder>(&s, 3, &[]).unwrap();
    let before = state_hash(app.view());
    let side = BlackPowder::deciding_side(app.view()).unwrap();
    let enemy = app.view().units.iter().find(|u| u.side != side).unwrap().id;
    let illegal = [
        Command::Shoot { unit: enemy, target: UnitId(1) },
        Command::Halt { unit: UnitId(999) },
        Command::Order { commander: 999, units: vec![enemy] },
        Command::Respond { response: strategos::rules::black_powder::state::Response::Stand },
    ];
    for c in illegal {
        let err = app.submit(c).unwrap_err();
        assert!(err.0.contains("not among the legal commands"), "{err}");
    }
    assert_eq!(state_hash(app.view()), before);
}
