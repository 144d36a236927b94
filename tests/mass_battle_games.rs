//! Mass-battle whole games: random legal players with the rules' invariants checked after every
//! command, and the sealed orders of one side hidden from the other until they are revealed.

use std::collections::HashSet;
use std::path::Path;
use strategos::battle::{Battle, Ruleset, Side};
use strategos::rules::mass_battle::state::Phase;
use strategos::rules::mass_battle::{Command, Event, MassBattle};
use strategos::scenario::Scenario;
use strategos::sim::play_game;

type B = Battle<MassBattle>;

fn field() -> Scenario {
    load("mass-battle-field")
}

fn load(id: &str) -> Scenario {
    strategos::scenario::load(Path::new(&format!("scenarios/{id}.ron")))
        .unwrap()
        .0
}

/// What holds whenever the battle waits: one unit a hex, on the map; hit points never below 0 and
/// a unit without any off the board; engaged units next to each other while orders are given.
fn check(b: &B) {
    let mut seen = HashSet::new();
    for u in b.on_board() {
        let hex = u.hex.unwrap();
        assert!(b.map.contains(hex), "unit {} off the map", u.id);
        assert!(seen.insert(hex), "two units in one hex");
        assert!(
            u.state.pvt > 0,
            "unit {} on the board with no hit points",
            u.id
        );
    }
    if b.global.phase == Phase::Orders {
        for (a, c) in &b.global.engaged {
            let (ha, hc) = (
                b.unit(*a).and_then(|u| u.hex),
                b.unit(*c).and_then(|u| u.hex),
            );
            assert!(
                ha.zip(hc)
                    .is_some_and(|(x, y)| x.unsigned_distance_to(y) == 1),
                "{a} and {c} engaged apart"
            );
        }
    }
}

#[test]
fn random_games_with_heroes_a_giant_and_fliers_end_with_their_invariants_kept() {
    let s = load("mass-battle-heroes");
    for seed in 0..20 {
        play_game::<MassBattle>(&s, seed, |app| check(app.view()))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

#[test]
fn random_games_on_the_field_end_with_their_invariants_kept() {
    let s = field();
    let mut decided = 0;
    for seed in 0..20 {
        let result = play_game::<MassBattle>(&s, seed, |app| check(app.view()))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        decided += usize::from(result.winner.is_some());
    }
    assert!(decided > 0, "no random game was won");
}

#[test]
fn a_side_never_sees_the_other_side_s_orders_before_the_reveal() {
    let s = field();
    let mut b = MassBattle::setup(&s).unwrap();
    let mut dice = strategos::battle::Dice::new(1);
    for e in MassBattle::open(&b, &mut dice) {
        MassBattle::apply(&mut b, &e);
    }
    let order = MassBattle::legal_commands(&b)
        .into_iter()
        .find(|c| matches!(c, Command::Give { .. }))
        .unwrap();
    let events = MassBattle::resolve(&b, &order, &mut dice).unwrap();
    for e in &events {
        assert!(
            !MassBattle::visible_to(&b, e, Some(Side(1))),
            "side 1 sees {e:?}"
        );
        assert!(MassBattle::visible_to(&b, e, Some(Side(0))));
        MassBattle::apply(&mut b, e);
    }
    assert!(
        b.seen_by(Side(1)).global.drafts[0].is_empty(),
        "side 1's view holds side 0's draft"
    );
    assert!(!b.seen_by(Side(0)).global.drafts[0].is_empty());
    // Once both have sealed, the orders are revealed to all.
    for side in 0..2 {
        let events = MassBattle::resolve(&b, &Command::Seal, &mut dice).unwrap();
        let revealed = events
            .iter()
            .any(|e| matches!(e, Event::OrdersRevealed { .. }));
        assert_eq!(revealed, side == 1);
        for e in &events {
            MassBattle::apply(&mut b, e);
        }
    }
}
