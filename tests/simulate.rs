//! Whole games between random legal players, with the rules' invariants checked after every event.

mod common;

use std::collections::HashSet;
use strategos::battle::{Battle, Ruleset};
use strategos::rules::thucydide::{Command, Thucydide};
use strategos::sim::play_game;

fn check_invariants(b: &Battle<Thucydide>, settled: bool) {
    let mut seen = HashSet::new();
    for u in b.on_board() {
        let hex = u.hex.unwrap();
        assert!(b.map.contains(hex), "unit {} off the map", u.id);
        assert!(seen.insert(hex), "two units in one hex at {:?}", strategos::hex::Offset::from_hex(hex));
        assert!(u.state.strength > 0, "unit {} on the board with no strength", u.id);
        assert!(u.state.strength <= u.state.full_strength, "unit {} above full strength", u.id);
    }
    for l in &b.global.leaders {
        if let Some(unit) = l.unit {
            let u = b.unit(unit).expect("leader's unit exists");
            // Between the events of one command a leader's unit may be gone before he flees.
            if settled {
                let fleeing = b.global.agenda.iter().any(|s| matches!(s, strategos::rules::thucydide::state::Step::LeaderFlight { .. }));
                assert!(u.hex.is_some() || b.global.outcome.is_some() || fleeing, "leader {} with a unit off the board", l.id);
            }
            assert_eq!(u.side, l.side, "leader with an enemy unit");
        }
    }
}

fn run_many(id: &str, games: u64) {
    let s = common::load_bundled(id);
    let mut decided = 0;
    for seed in 0..games {
        let mut previous: Option<Battle<Thucydide>> = None;
        let mut checked = 0usize;
        let result = play_game::<Thucydide>(&s, seed, |app| {
            // Replay the command's events one by one on the previous state, checking each.
            let events = app.events();
            if let Some(mut b) = previous.take() {
                for e in &events[checked..] {
                    Thucydide::apply(&mut b, e);
                    check_invariants(&b, false);
                }
            }
            checked = events.len();
            check_invariants(app.view(), true);
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
fn thousand_games_on_the_small_scenario() {
    run_many("thucydide-first-clash", 1000);
}

#[test]
fn thousand_games_on_the_large_scenario() {
    run_many("thucydide-hydaspes", 1000);
}

#[test]
fn illegal_commands_are_refused_and_change_nothing() {
    let s = common::load_bundled("thucydide-first-clash");
    let mut app = strategos::replay::start::<Thucydide>(&s, 3, &[]).unwrap();
    let before = strategos::battle::hash::state_hash(app.view());
    let illegal = [
        Command::Attack { attacker: strategos::battle::UnitId(1), target: strategos::battle::UnitId(11), attack_order: false },
        Command::Move { unit: strategos::battle::UnitId(11), to: common::hex(3, 3), mode: strategos::rules::thucydide::state::MoveMode::Normal },
        Command::FollowUp { advance: true },
    ];
    for c in illegal {
        let err = app.submit(c).unwrap_err();
        assert!(err.0.contains("not among the legal commands"), "{err}");
    }
    assert_eq!(strategos::battle::hash::state_hash(app.view()), before);
}


#[test]
fn the_check_on_each_command_agrees_with_the_legal_list() {
    use strategos::rules::thucydide::legal::is_legal;
    use strategos::rules::thucydide::state::MoveMode;
    let s = common::load_bundled("thucydide-first-clash");
    for seed in 0..40 {
        play_game::<Thucydide>(&s, seed, |app| {
            let b = app.view();
            let legal = Thucydide::legal_commands(b);
            for c in &legal {
                assert!(is_legal(b, c), "{c:?} listed but refused");
            }
            // Every unit ordered to every hex in every mode, and to attack every unit.
            for u in b.units.iter() {
                for h in b.map.hexes() {
                    for mode in [MoveMode::Normal, MoveMode::RoadMarch, MoveMode::Mounted] {
                        let c = Command::Move { unit: u.id, to: h, mode };
                        assert_eq!(is_legal(b, &c), legal.contains(&c), "{c:?}");
                    }
                }
                for t in b.units.iter() {
                    let c = Command::Attack { attacker: u.id, target: t.id, attack_order: false };
                    assert_eq!(is_legal(b, &c), legal.contains(&c), "{c:?}");
                }
                let c = Command::Activate { unit: u.id };
                assert_eq!(is_legal(b, &c), legal.contains(&c), "{c:?}");
            }
            assert_eq!(is_legal(b, &Command::EndPhase), legal.contains(&Command::EndPhase));
        })
        .unwrap();
    }
}
