//! Whole games every ruleset's game tests play the same way: the computer at every level through
//! each scenario, and a saved replay read back and played twice.

use strategos::ai::{Ai, Judge, Level};
use strategos::battle::Battle;
use strategos::replay::{Played, Replay, first_divergence, play, to_ron};
use strategos::sim::{Player, play_game, play_game_between};

/// The computer plays each scenario to the end, its first level as side 0 against its second,
/// `check` holding after every command, and the game replays to the same turn hashes.
pub fn computer_plays<R: Judge>(games: &[(&str, [Level; 2])], check: impl Fn(&Battle<R>)) {
    for (id, levels) in games {
        let s = super::load_bundled(id);
        let (mut a, mut b) = (Ai::new(levels[0], 5), Ai::new(levels[1], 6));
        let result = play_game_between::<R>(&s, 5, [&mut a as &mut dyn Player<R>, &mut b], |app| check(app.view()), |_, _| {})
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let played = play::<R>(&s, &result.replay).unwrap();
        assert_eq!(first_divergence(&result.replay.turn_hashes, played.app.turn_hashes()), None, "{id}");
    }
}

/// A random game of `id` saved and read back is the same replay, and plays twice to the recorded
/// hashes and the same events, byte for byte.
pub fn saved_replay_verifies<R: Judge>(id: &str) {
    let s = super::load_bundled(id);
    let replay = play_game::<R>(&s, 21, |_| {}).unwrap().replay;
    let back: Replay<R::Command> = ron::from_str(&to_ron(&replay)).unwrap();
    assert_eq!(back, replay);
    let a = play::<R>(&s, &back).unwrap();
    let b = play::<R>(&s, &back).unwrap();
    assert_eq!(first_divergence(&replay.turn_hashes, a.app.turn_hashes()), None);
    let json = |p: &Played<R>| serde_json::to_string(p.app.events()).unwrap();
    assert_eq!(json(&a), json(&b));
}
