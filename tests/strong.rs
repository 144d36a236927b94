//! The strong level: the names it goes by, the stronger level's game when it has no time to think,
//! the same game on every run, and another game than the stronger level's when it has time.

mod common;

use strategos::ai::{Ai, Judge, Level, STRONG_THINK_MS};
use strategos::rules::swidenth::Swidenth;
use strategos::rules::thucydide::Thucydide;
use strategos::sim::{Player, play_game_between};

#[test]
fn its_names_read_back() {
    assert_eq!(Level::from_name("strong"), Ok(Level::Strong { think_ms: STRONG_THINK_MS }));
    assert_eq!(Level::from_name("ai-strong:50"), Ok(Level::Strong { think_ms: 50 }));
    for level in [Level::Easy, Level::Normal, Level::Strong { think_ms: STRONG_THINK_MS }, Level::Strong { think_ms: 0 }, Level::Strong { think_ms: 1500 }] {
        assert_eq!(Level::from_name(&level.name()), Ok(level), "{}", level.name());
    }
    let err = Level::from_name("strong:fast").unwrap_err();
    assert!(err.contains("'fast'") && err.contains("milliseconds"), "{err}");
    assert!(Level::from_name("normal:50").unwrap_err().contains("strong:MS"));
}

/// The commands of one game of `id` between the two levels, side 0's first.
fn game<R: Judge>(id: &str, levels: [Level; 2], seed: u64) -> Vec<R::Command> {
    let s = common::load_bundled(id);
    let (mut a, mut b) = (Ai::new(levels[0], seed), Ai::new(levels[1], seed + 1));
    let result = play_game_between::<R>(&s, seed, [&mut a as &mut dyn Player<R>, &mut b], |_| {}, |_, _| {}).unwrap_or_else(|e| panic!("{id}: {e}"));
    result.replay.commands
}

#[test]
fn with_no_time_to_think_it_plays_the_stronger_levels_game() {
    let none = Level::Strong { think_ms: 0 };
    assert_eq!(game::<Thucydide>("thucydide-first-clash", [none, Level::Easy], 3), game::<Thucydide>("thucydide-first-clash", [Level::Normal, Level::Easy], 3));
    assert_eq!(game::<Swidenth>("swidenth-border-patrol", [Level::Easy, none], 4), game::<Swidenth>("swidenth-border-patrol", [Level::Easy, Level::Normal], 4));
}

#[test]
fn with_time_it_plays_its_own_game_and_the_same_one_every_time() {
    let strong = Level::Strong { think_ms: 20 };
    let once = game::<Thucydide>("thucydide-first-clash", [strong, Level::Normal], 5);
    assert_eq!(once, game::<Thucydide>("thucydide-first-clash", [strong, Level::Normal], 5));
    assert_ne!(once, game::<Thucydide>("thucydide-first-clash", [Level::Normal, Level::Normal], 5), "the search never overruled the stronger level");
}
