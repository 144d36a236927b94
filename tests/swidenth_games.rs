//! Swidenth whole games: random legal players with the rules' invariants checked after every
//! event, the computer at every level, a saved replay that verifies byte for byte, and illegal
//! commands refused without a trace.

mod common;

use std::collections::HashSet;
use strategos::ai::Level;
use strategos::battle::hash::state_hash;
use strategos::battle::{Battle, Ruleset, UnitId};
use strategos::rules::swidenth::state::{Activation, Phase, Step};
use strategos::rules::swidenth::{Command, Swidenth};
use strategos::sim::play_game;

type B = Battle<Swidenth>;

const SCENARIOS: [&str; 2] = ["swidenth-border-patrol", "swidenth-ruined-village"];

/// What holds after every event: one figure a hex, on the map, never in a wall, a river or a shut
/// door; a figure off the board is Hors de combat and one on it has Vitalité left; stun tokens
/// never outlast the end of the next turn (l. 107).
fn check_event(b: &B) {
    let mut seen = HashSet::new();
    for u in b.on_board() {
        let hex = u.hex.unwrap();
        assert!(b.map.contains(hex), "figure {} off the map", u.id);
        assert!(seen.insert(hex), "two figures in one hex at {:?}", strategos::hex::Offset::from_hex(hex));
        assert!(!u.state.out && u.state.vitalite > 0, "figure {} on the board and out", u.id);
        assert!(!b.global.shut_door(hex), "figure {} in a shut door", u.id);
        assert!(u.state.stuns.iter().all(|t| *t <= b.turn + 1), "figure {} keeps a stun past the next turn: {:?}", u.id, u.state.stuns);
    }
    for u in b.units.iter().filter(|u| u.hex.is_none()) {
        assert!(u.state.out, "figure {} gone but not out", u.id);
    }
}

/// What holds once a command is settled: the battle waits only on a decision about figures on
/// the board; in a leader's phase only the figures of his bubble have acted since it opened.
fn check_settled(b: &B) {
    if b.global.outcome.is_some() {
        return;
    }
    let on = |id: &UnitId| b.unit(*id).is_some_and(|u| u.hex.is_some());
    match b.global.agenda.last() {
        Some(Step::Push { winner, loser, .. }) => assert!(on(winner) && on(loser), "a push back waits with a figure gone"),
        Some(Step::Split { group, .. }) => assert!(group.iter().all(on), "a split waits on a figure gone"),
        Some(other) => panic!("the battle waits on a step the rules carry out by themselves: {other:?}"),
        None => {}
    }
    if let (Phase::Leader, Some(l)) = (b.global.phase, &b.global.leader) {
        for u in b.on_board().filter(|u| matches!(u.state.activation, Activation::Started(_))) {
            assert!(l.eligible.contains(&u.id), "figure {} acts outside the bubble of {:?}", u.id, l.leader);
        }
    }
}

fn run_many(id: &str, games: u64) {
    let s = common::load_bundled(id);
    let mut decided = 0;
    for seed in 0..games {
        let mut previous: Option<B> = None;
        let mut checked = 0usize;
        let result = play_game::<Swidenth>(&s, seed, |app| {
            let events = app.events();
            if let Some(mut b) = previous.take() {
                for e in &events[checked..] {
                    Swidenth::apply(&mut b, e);
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
fn thousand_games_on_the_border_patrol() {
    run_many(SCENARIOS[0], 1000);
}

#[test]
fn thousand_games_in_the_ruined_village() {
    run_many(SCENARIOS[1], 1000);
}

#[test]
fn the_computer_plays_both_scenarios_to_the_end_at_every_level() {
    common::games::computer_plays::<Swidenth>(&[(SCENARIOS[0], [Level::Normal, Level::Easy]), (SCENARIOS[1], [Level::Easy, Level::Normal]), (SCENARIOS[0], [Level::Strong { think_ms: 5 }, Level::Normal])], check_settled);
}

#[test]
fn a_saved_replay_verifies_byte_for_byte() {
    common::games::saved_replay_verifies::<Swidenth>(SCENARIOS[1]);
}

#[test]
fn illegal_commands_are_refused_and_change_nothing() {
    let s = common::load_bundled(SCENARIOS[0]);
    let mut app = strategos::replay::start::<Swidenth>(&s, 3, &[]).unwrap();
    let before = state_hash(app.view());
    let side = Swidenth::deciding_side(app.view()).unwrap();
    let enemy = app.view().units.iter().find(|u| u.side != side).unwrap().id;
    let illegal = [
        Command::Fight { figure: enemy, target: UnitId(1) },
        Command::Rest { figure: UnitId(999) },
        Command::ChooseLeader { leader: enemy },
        Command::Push { to: None },
        Command::Split { pairs: Vec::new() },
    ];
    for c in illegal {
        let err = app.submit(c).unwrap_err();
        assert!(err.0.contains("not among the legal commands"), "{err}");
    }
    assert_eq!(state_hash(app.view()), before);
}
