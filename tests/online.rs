//! Online play without the network: a referee and each side's copy play whole games of every
//! ruleset, each side choosing among the commands the referee offers it. The game ends on the hash
//! the same commands reach offline; each copy, rebuilt from its deliveries alone, ends on it too
//! and shows after every entry what hotseat shows that side (`Battle::seen_by`) until the end; and
//! no delivery hands a side an entry with an event hidden from it while the battle still
//! hides anything from that side.

use strategos::battle::hash::state_hash;
use strategos::battle::{Battle, Present, Ruleset, Side};
use strategos::online::follower::Follower;
use strategos::online::referee::{Referee, Refusal};
use strategos::online::Delivery;
use strategos::replay;
use strategos::rules::black_powder::BlackPowder;
use strategos::rules::mass_battle::MassBattle;
use strategos::rules::swidenth::Swidenth;
use strategos::rules::swordpoint::Swordpoint;
use strategos::rules::thucydide::Thucydide;
use strategos::sim::RandomPlayer;

const MAX_ENTRIES: usize = 20_000;

/// Whether `d` hands `viewer` an entry whose events it may not see while the battle still hides
/// something from it; `before[k]` is the battle before entry k, `events[k]` its events.
fn leaks<R: Ruleset + Present>(d: &Delivery<R::Command>, viewer: Side, referee: &Referee<R>, before: &[Battle<R>], events: &[Vec<R::Event>]) -> Option<usize> {
    let open = referee.hides_nothing_from(viewer) || R::deciding_side(referee.battle()).is_none();
    d.entries.iter().map(|e| e.number).filter(|k| *k > 0).find(|k| !open && !events[*k].iter().all(|ev| R::visible_to(&before[*k], ev, Some(viewer))))
}

/// Plays one game of `scenario` on `seed` through the referee; returns the entries it took.
fn through_the_referee<R: Ruleset + Present>(scenario: &str, seed: u64) -> usize {
    let scenario = strategos::scenario::find_bundled(scenario).expect("a bundled scenario");
    let mut referee = Referee::<R>::open(&scenario, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut mirror = replay::start::<R>(&scenario, seed, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut copies = Side::BOTH.map(|s| Follower::<R>::new(&scenario, s).unwrap_or_else(|e| panic!("{e}")));
    for s in Side::BOTH {
        copies[s.index()].receive(referee.catch_up(s)).unwrap_or_else(|e| panic!("{e}"));
    }
    let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed.wrapping_mul(31).wrapping_add(7))];
    let (mut before, mut events) = (vec![referee.battle().clone()], vec![Vec::new()]);
    let mut lag = [0usize; 2];
    while let Some(side) = copies[0].waiting_for() {
        assert_eq!(copies[1].waiting_for(), Some(side), "both copies wait for the same side");
        assert!(copies[side.other().index()].legal().is_empty(), "the other side is offered nothing");
        let copy = &copies[side.index()];
        let offered = copy.legal().to_vec();
        let narrowed = R::random_choices(copy.view(), offered.clone());
        let command = players[side.index()].choose(if narrowed.is_empty() { &offered } else { &narrowed }).expect("a command offered");
        let n = copy.next_entry();
        // The other side cannot play for it, nor an entry twice.
        assert!(matches!(referee.submit(side.other(), n, command.clone()), Err(Refusal::NotYourTurn { .. })));
        assert!(matches!(referee.submit(side, n + 1, command.clone()), Err(Refusal::OutOfTurn { .. })));
        let first = Side::BOTH.map(|v| referee.first_withheld(v));
        before.push(referee.battle().clone());
        referee.submit(side, n, command.clone()).unwrap_or_else(|e| panic!("entry {n}: {e}"));
        events.push(mirror.submit(command).unwrap_or_else(|e| panic!("the mirror refused entry {n}: {e}")));
        for v in Side::BOTH {
            let d = referee.delivery(v, first[v.index()].unwrap_or(n));
            if let Some(k) = leaks(&d, v, &referee, &before, &events) {
                panic!("entry {k} handed to side {} while sealed", v.0);
            }
            copies[v.index()].receive(d).unwrap_or_else(|e| panic!("side {}: {e}", v.0));
            // Once the battle is over, each side has the whole of it.
            let over = R::deciding_side(referee.battle()).is_none();
            let seen = if over { referee.battle().clone() } else { referee.battle().seen_by(v) };
            assert_eq!(state_hash(copies[v.index()].view()), state_hash(&seen), "after entry {n}, side {}'s view is what hotseat shows it", v.0);
            lag[v.index()] += usize::from(referee.first_withheld(v).is_some());
        }
        assert!(referee.entries().len() < MAX_ENTRIES, "the game did not end");
    }
    let game = referee.replay(&scenario, seed);
    let offline = replay::play::<R>(&scenario, &game).unwrap_or_else(|e| panic!("{e:?}"));
    let hash = state_hash(referee.battle());
    assert_eq!(state_hash(offline.app.view()), hash, "the same commands offline");
    assert_eq!(offline.app.turn_hashes(), game.turn_hashes.as_slice(), "the replay's turn hashes verify");
    for c in &copies {
        assert_eq!(state_hash(c.view()), hash, "side {}'s copy", c.side().0);
    }
    let resumed = Referee::<R>::resume(&scenario, seed, referee.entries()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(state_hash(resumed.battle()), hash, "resumed from its entries");
    println!("{}: {} entries; entries with some held back {lag:?}", scenario.id, referee.entries().len());
    referee.entries().len()
}

#[test]
fn thucydide_plays_through_the_referee() {
    through_the_referee::<Thucydide>("thucydide-first-clash", 3);
}

#[test]
fn swordpoint_plays_through_the_referee_keeping_the_sealed_sheets() {
    for seed in [3, 4] {
        through_the_referee::<Swordpoint>("swordpoint-hastings-skirmish", seed);
    }
}

#[test]
fn black_powder_plays_through_the_referee() {
    through_the_referee::<BlackPowder>("black-powder-quatre-bras", 3);
}

#[test]
fn swidenth_plays_through_the_referee() {
    through_the_referee::<Swidenth>("swidenth-border-patrol", 3);
}

#[test]
fn the_mass_battle_plays_through_the_referee_keeping_orders_and_deployment_sealed() {
    for scenario in ["mass-battle-field", "mass-battle-siege"] {
        through_the_referee::<MassBattle>(scenario, 3);
    }
}
