//! The battle editor's model: a battle written back without edits reads as the same battle and
//! plays the same game; edits are refused whole when they would not read back; and any run of
//! edits undone gives the file back, redone the edited one.

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use strategos::ai::Judge;
use strategos::battle::Present;
use strategos::editor::{Edit, History};
use strategos::hex::{Direction, Hexside, Offset};
use strategos::rules::registry::{ForRuleset, with_ruleset};
use strategos::scenario::{Scenario, all_bundled, parse, to_ron};

/// The turn hashes and the outcome of a game between random players.
struct Game<'a>(&'a Scenario);

impl ForRuleset for Game<'_> {
    type Output = (Vec<String>, String);

    fn run<R: Judge + Present>(self) -> Self::Output {
        let game = strategos::sim::play_game::<R>(self.0, 5, |_| {}).unwrap_or_else(|e| panic!("{}: {e}", self.0.id));
        (game.replay.turn_hashes.iter().map(|h| format!("{h:?}")).collect(), format!("{:?}", game.winner))
    }
}

#[test]
fn every_bundled_battle_written_back_reads_as_the_same_battle_and_plays_the_same_game() {
    for s in all_bundled() {
        let text = to_ron(&s);
        let back = parse(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", s.id));
        assert_eq!((&back.id, &back.name, &back.ruleset, &back.briefing, back.turns, back.first_side), (&s.id, &s.name, &s.ruleset, &s.briefing, s.turns, s.first_side), "{}", s.id);
        assert_eq!((&back.map, &back.sides, &back.armies), (&s.map, &s.sides, &s.armies), "{}", s.id);
        assert_eq!(back.setup.text(), s.setup.text(), "{}", s.id);
        assert_eq!(to_ron(&back), text, "{}: written again, the same text", s.id);
        let played = |b: &Scenario| with_ruleset(&b.ruleset, Game(b)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(played(&back), played(&s), "{}: the same game", s.id);
    }
}

/// An edit drawn at random, some of them refused (off the map, no such ground, no turns).
fn random_edit(rng: &mut ChaCha8Rng, s: &Scenario) -> Edit {
    let (width, height) = (s.map.rows[0].split_whitespace().count() as i32, s.map.rows.len() as i32);
    let hex = |rng: &mut ChaCha8Rng| Offset(rng.random_range(-1..=width), rng.random_range(-1..=height));
    match rng.random_range(0..8) {
        0 | 1 | 2 => {
            let token = ["." , "f", "m", "r", "b", "w", "s", "x", ".=", "f1", ".2", "h", "f=3"].choose(rng).expect("a token").to_string();
            let at = (0..rng.random_range(1..6)).map(|_| hex(rng)).collect();
            Edit::Ground { at, token }
        }
        3 | 4 => {
            let feature = [None, Some(Hexside::Hedge), Some(Hexside::Wall), Some(Hexside::Ditch), Some(Hexside::Stream), Some(Hexside::Fence), Some(Hexside::Fortification)].choose(rng).copied().flatten();
            Edit::Edge { at: hex(rng), side: *Direction::ALL.choose(rng).expect("a side"), feature }
        }
        5 => Edit::Turns(rng.random_range(0..30)),
        6 => Edit::SideName { side: rng.random_range(0..3), name: format!("Side {}", rng.random_range(0..100)) },
        _ => if rng.random_bool(0.5) { Edit::Briefing(format!("Briefing \"{}\"\nline two", rng.random_range(0..100))) } else { Edit::FirstSide(rng.random_range(0..3)) },
    }
}

#[test]
fn two_hundred_random_edits_undone_give_the_file_back_and_redone_the_edited_one() {
    for s in all_bundled() {
        let original = to_ron(&s);
        let mut rng = ChaCha8Rng::seed_from_u64(original.len() as u64);
        let mut history = History::new(s.clone());
        let (mut made, mut refused) = (0, 0);
        for _ in 0..200 {
            let edit = random_edit(&mut rng, history.now());
            let before = to_ron(history.now());
            match history.change(|b| edit.apply(b)) {
                Ok(()) => made += 1,
                Err(_) => {
                    refused += 1;
                    assert_eq!(to_ron(history.now()), before, "{}: a refused edit changes nothing", s.id);
                }
            }
            // Every state the history holds reads back.
            parse(&to_ron(history.now())).unwrap_or_else(|e| panic!("{}: after {edit:?}: {e}", s.id));
        }
        assert!(made > 50 && refused > 5, "{}: {made} edits made, {refused} refused", s.id);
        assert!(history.modified());
        let edited = to_ron(history.now());
        while history.undo() {}
        assert_eq!(to_ron(history.now()), original, "{}: every edit undone", s.id);
        assert!(!history.modified() && !history.can_undo());
        while history.redo() {}
        assert_eq!(to_ron(history.now()), edited, "{}: every edit redone", s.id);
        // A new edit after an undo forgets what was undone.
        history.undo();
        history.change(|b| Edit::Turns(7).apply(b)).expect("seven turns");
        history.change(|b| Edit::Turns(9).apply(b)).expect("nine turns");
        assert!(!history.can_redo());
        history.saved();
        assert!(!history.modified());
    }
}
