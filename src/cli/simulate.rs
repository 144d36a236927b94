//! `strategos simulate`: whole games between two random legal players, with the tally.

use crate::battle::{Ruleset, Side};
use crate::replay::to_ron;
use crate::rules::thucydide::Thucydide;
use crate::sim::play_game;
use std::path::Path;
use std::time::Instant;

pub fn run(scenario: &str, games: u32, seed: u64, save: Option<&Path>) -> Result<(), String> {
    let s = super::load_scenario(scenario)?;
    match s.ruleset.as_str() {
        Thucydide::NAME => run_with::<Thucydide>(&s, games, seed, save),
        other => Err(format!("unknown ruleset '{other}'")),
    }
}

fn run_with<R: Ruleset>(s: &crate::scenario::Scenario, games: u32, seed: u64, save: Option<&Path>) -> Result<(), String> {
    if let Some(dir) = save {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let started = Instant::now();
    let (mut wins, mut draws, mut turns) = ([0u32; 2], 0u32, 0u64);
    for g in 0..games {
        let game_seed = seed.wrapping_add(u64::from(g));
        let result = play_game::<R>(s, game_seed, |_| {})?;
        match result.winner {
            Some(Side(w)) => wins[usize::from(w)] += 1,
            None => draws += 1,
        }
        turns += u64::from(result.turns);
        if let Some(dir) = save {
            let file = dir.join(format!("{}-{game_seed}.ron", s.id));
            std::fs::write(&file, to_ron(&result.replay)).map_err(|e| format!("{}: {e}", file.display()))?;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!("scenario {} ({} games, seeds {}..{})", s.id, games, seed, seed + u64::from(games));
    println!("  {} wins: {}", s.sides[0].name, wins[0]);
    println!("  {} wins: {}", s.sides[1].name, wins[1]);
    println!("  draws: {draws}");
    println!("  average turns: {:.2}", turns as f64 / f64::from(games.max(1)));
    println!("  games per second: {:.1}", f64::from(games) / secs.max(1e-9));
    Ok(())
}
