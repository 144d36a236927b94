//! `simulate` on a pool of threads: the same tally and the same saved replays, byte for byte, on one
//! thread and on two.

use std::path::PathBuf;
use strategos::cli::simulate::{Options, run};

fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn games_played_on_two_threads_tally_and_replay_as_on_one() {
    let (one, two) = (folder("simulate-one-thread"), folder("simulate-two-threads"));
    let batch = |save: &PathBuf, threads: usize| {
        run("thucydide-first-clash", Options { games: 6, seed: 40, players: ["ai-easy", "random"], save: Some(save), threads: Some(threads) }).unwrap()
    };
    let (a, b) = (batch(&one, 1), batch(&two, 2));
    assert_eq!(a, b);
    assert_eq!(a.wins[0] + a.wins[1] + a.draws, 6);
    for seed in 40..46 {
        let name = format!("thucydide-first-clash-{seed}.ron");
        let (x, y) = (std::fs::read(one.join(&name)).unwrap(), std::fs::read(two.join(&name)).unwrap());
        assert!(x == y, "{name} differs between one thread and two");
    }
}
