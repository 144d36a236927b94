//! Swordpoint whole games: random legal players with the rules' invariants checked after every
//! event, the computer at every level, a saved replay that verifies byte for byte, and illegal
//! commands refused without a trace.

mod common;

use std::collections::HashSet;
use strategos::ai::Level;
use strategos::battle::hash::state_hash;
use strategos::battle::{Battle, Ruleset, UnitId};
use strategos::rules::swordpoint::state::Phase;
use strategos::rules::swordpoint::{Command, Swordpoint};
use strategos::sim::play_game;

type B = Battle<Swordpoint>;

/// What holds after every event: one unit a hex, on the map; figures within the start; fleeing,
/// destroyed and off-table units in no combat; commanders with units of their side.
fn check_event(b: &B) {
    let mut seen = HashSet::new();
    for u in b.on_board() {
        let hex = u.hex.unwrap();
        assert!(b.map.contains(hex), "unit {} off the map", u.id);
        assert!(seen.insert(hex), "two units in one hex at {:?}", strategos::hex::Offset::from_hex(hex));
        assert!(!u.state.destroyed && u.state.off_table.is_none(), "unit {} on the board and gone", u.id);
    }
    for u in b.units.iter() {
        assert!(u.state.figures <= u.state.start_figures, "unit {} above its start", u.id);
        assert!(u.state.frontage >= 1, "unit {} with no front rank", u.id);
    }
    for c in &b.global.commanders {
        if let Some(unit) = c.unit {
            assert_eq!(b.unit(unit).expect("a commander's unit exists").side, c.side, "commander {} with an enemy unit", c.id);
        }
    }
}

/// What holds once a command is settled: every combat has both sides on the table, none of them
/// fleeing, and one unit is in one combat at most; the side deciding a sealed step has not sealed.
fn check_settled(b: &B) {
    if b.global.outcome.is_some() {
        return;
    }
    let mut fighting = HashSet::new();
    for c in &b.global.combats {
        let mut sides = [false; 2];
        for id in &c.units {
            let u = b.unit(*id).unwrap();
            assert!(u.hex.is_some() && !u.state.fleeing, "combat {} holds unit {} that left or flees", c.id, id);
            assert!(fighting.insert(*id), "unit {id} in two combats");
            sides[u.side.index()] = true;
        }
        assert!(sides[0] && sides[1], "combat {} with one side only", c.id);
    }
    let sealed = matches!(b.global.phase, Phase::ShootingDeclare | Phase::Initiative | Phase::CombatMomentum);
    if let Some(side) = Swordpoint::deciding_side(b).filter(|_| sealed && b.global.agenda.is_empty()) {
        assert!(!b.global.sheets[side.index()].sealed, "{side:?} asked for a sheet it sealed");
    }
}

fn run_many(id: &str, games: u64) {
    let s = common::load_bundled(id);
    let mut decided = 0;
    for seed in 0..games {
        let mut previous: Option<B> = None;
        let mut checked = 0usize;
        let result = play_game::<Swordpoint>(&s, seed, |app| {
            let events = app.events();
            if let Some(mut b) = previous.take() {
                for e in &events[checked..] {
                    Swordpoint::apply(&mut b, e);
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
fn thousand_games_on_the_skirmish() {
    run_many("swordpoint-hastings-skirmish", 1000);
}

#[test]
fn thousand_games_on_heraclea() {
    run_many("swordpoint-heraclea", 1000);
}

#[test]
fn the_computer_plays_both_scenarios_to_the_end_at_every_level() {
    common::games::computer_plays::<Swordpoint>(&[("swordpoint-hastings-skirmish", [Level::Normal, Level::Easy]), ("swordpoint-heraclea", [Level::Easy, Level::Normal]), ("swordpoint-hastings-skirmish", [Level::Easy, Level::Strong { think_ms: 5 }])], check_settled);
}

#[test]
fn a_saved_replay_verifies_byte_for_byte() {
    common::games::saved_replay_verifies::<Swordpoint>("swordpoint-heraclea");
}

#[test]
fn illegal_commands_are_refused_and_change_nothing() {
    let s = common::load_bundled("swordpoint-hastings-skirmish");
    let mut app = strategos::replay::start::<Swordpoint>(&s, 3, &[]).unwrap();
    let before = state_hash(app.view());
    let enemy = app.view().units.iter().find(|u| u.side != Swordpoint::deciding_side(app.view()).unwrap()).unwrap().id;
    let illegal = [
        Command::Bid { points: 200 },
        Command::Shoot { shooter: enemy, target: None },
        Command::Disengage { unit: UnitId(999) },
        Command::FollowUp { advance: true },
        Command::EndMoves,
    ];
    for c in illegal {
        let err = app.submit(c).unwrap_err();
        assert!(err.0.contains("not among the legal commands"), "{err}");
    }
    assert_eq!(state_hash(app.view()), before);
}

#[test]
fn every_sheet_fills_in_a_bounded_number_of_entries() {
    // A sheet entry never undoes another (undo does), so a player cannot go round for ever.
    let s = common::load_bundled("swordpoint-heraclea");
    for seed in 0..20 {
        play_game::<Swordpoint>(&s, seed, |app| {
            let b = app.view();
            if let Some(side) = Swordpoint::deciding_side(b) {
                let sheet = &b.global.sheets[side.index()];
                for c in Swordpoint::legal_commands(b) {
                    match c {
                        Command::Shoot { shooter, .. } => {
                            let default = strategos::rules::swordpoint::shooting::targets(b, shooter).first().copied();
                            assert!(sheet.shots.iter().all(|(s, t)| *s != shooter || *t == default), "unit {shooter} changes its target twice");
                        }
                        Command::Bid { points } => assert!(points > sheet.bid),
                        Command::Momentum { combat, points } => {
                            assert!(points > sheet.momentum.iter().find(|(c, _)| *c == combat).map_or(0, |(_, p)| *p))
                        }
                        _ => {}
                    }
                }
            }
        })
        .unwrap();
    }
}
