//! Undo never crosses sides: in hotseat, where both sides are people, the last command may be
//! taken back only by the side that gave it, and only while that side is the one deciding, never
//! after the decision has passed to the other player. Random games of every bundled battle, checked
//! after every command.

mod common;

use strategos::ai::Judge;
use strategos::battle::undo::may_take_back;
use strategos::battle::{Present, Side};
use strategos::rules::registry::{ForRuleset, with_ruleset};
use strategos::sim::play_game;

/// What the games saw: undos allowed, and undos the rules allowed that the side rule refused.
#[derive(Default)]
struct Seen {
    allowed: usize,
    refused_across: usize,
}

struct Games<'a> {
    id: String,
    seen: &'a mut Seen,
}

impl ForRuleset for Games<'_> {
    type Output = ();

    fn run<R: Judge + Present + strategos::editor::muster::Muster>(self) {
        let s = common::load_bundled(&self.id);
        for seed in 0..6 {
            // Who decides first: after the opening (an initiative roll, say), as the game starts.
            let opening = strategos::replay::start::<R>(&s, seed, &[]).unwrap();
            let mut deciders: Vec<Option<Side>> = vec![R::deciding_side(opening.view())];
            let seen = &mut *self.seen;
            let id = &self.id;
            play_game::<R>(&s, seed, |app| {
                let (log, now) = (app.log(), app.view());
                let last = log.commands.len() - 1;
                // The side that gave the last command: the one deciding before it.
                let giver = deciders[last];
                deciders.push(R::deciding_side(now));
                let undoable = R::taken_back_by(now, &log.commands[last].0, log.events_of(last)).is_some();
                let allowed = may_take_back(log, now, |_| true);
                if allowed {
                    seen.allowed += 1;
                    assert!(undoable, "{id} seed {seed}, command #{last}: only what the rules let be taken back");
                    assert_eq!(R::deciding_side(now), giver, "{id} seed {seed}, command #{last}: taken back only by its giver, while it decides");
                } else if undoable {
                    assert_ne!(R::deciding_side(now), giver, "{id} seed {seed}, command #{last}: refused only across sides");
                    seen.refused_across += 1;
                }
                // Against the computer, never the computer's command.
                assert!(!may_take_back(log, now, |s| Some(s) != giver), "{id} seed {seed}, command #{last}: not by the side that did not give it");
            })
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        }
    }
}

#[test]
fn in_hotseat_undo_takes_back_only_the_deciding_sides_own_command() {
    let mut seen = Seen::default();
    for (_, text) in strategos::scenario::BUNDLED {
        let s = strategos::scenario::parse(text).unwrap();
        let before = seen.allowed;
        with_ruleset(&s.ruleset, Games { id: s.id.clone(), seen: &mut seen }).unwrap();
        assert!(seen.allowed > before, "{}: some command could be taken back", s.id);
    }
    assert!(seen.refused_across > 0, "some command whose giver no longer decides was refused");
}
