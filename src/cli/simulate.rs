//! `strategos simulate`: whole games between two players (random, ai-easy, ai-normal), with the
//! tally and the time each side took per decision.

use crate::ai::{Ai, Judge, Level};
use crate::battle::{Present, Side};
use crate::replay::to_ron;
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::Scenario;
use crate::sim::{Player, RandomPlayer, play_game_between};
use std::path::Path;
use std::time::Instant;

/// A player named on the command line.
pub fn player<R: Judge>(name: &str, seed: u64) -> Result<Box<dyn Player<R>>, String> {
    match name {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "ai-easy" => Ok(Box::new(Ai::new(Level::Easy, seed))),
        "ai-normal" => Ok(Box::new(Ai::new(Level::Normal, seed))),
        other => Err(format!("unknown player '{other}': random, ai-easy or ai-normal")),
    }
}

pub fn run(name: &str, games: u32, seed: u64, players: [&str; 2], save: Option<&Path>) -> Result<(), String> {
    let scenario = crate::scenario::load_named(name)?;
    // A saved replay names its scenario as `replay` will find it again, from any folder: a bundled
    // one by its id, a file by its absolute path.
    let reference = match crate::scenario::find_bundled(name) {
        Some(_) => scenario.id.clone(),
        None => std::fs::canonicalize(name).map_or_else(|_| name.to_string(), |p| p.display().to_string()),
    };
    let ruleset = scenario.ruleset.clone();
    with_ruleset(&ruleset, Batch { scenario, reference, games, seed, players, save }).map_err(|e| e.to_string())?
}

/// The games one `simulate` plays, with the ruleset of their scenario.
struct Batch<'a> {
    scenario: Scenario,
    reference: String,
    games: u32,
    seed: u64,
    players: [&'a str; 2],
    save: Option<&'a Path>,
}

impl ForRuleset for Batch<'_> {
    type Output = Result<(), String>;

    fn run<R: Judge + Present>(self) -> Result<(), String> {
        run_with::<R>(&self.scenario, &self.reference, self.games, self.seed, self.players, self.save)
    }
}

fn median_and_worst(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times.get(times.len() / 2).copied().unwrap_or(0.0), times.last().copied().unwrap_or(0.0))
}

fn run_with<R: Judge>(s: &Scenario, reference: &str, games: u32, seed: u64, names: [&str; 2], save: Option<&Path>) -> Result<(), String> {
    if let Some(dir) = save {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let started = Instant::now();
    let (mut wins, mut draws, mut turns) = ([0u32; 2], 0u32, 0u64);
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for g in 0..games {
        let game_seed = seed.wrapping_add(u64::from(g));
        let mut a = player::<R>(names[0], game_seed)?;
        let mut b = player::<R>(names[1], game_seed.wrapping_add(1) << 1)?;
        let result = play_game_between::<R>(s, game_seed, [a.as_mut(), b.as_mut()], |_| {}, |side, t| times[side.index()].push(t))?;
        match result.winner {
            Some(Side(w)) => wins[usize::from(w)] += 1,
            None => draws += 1,
        }
        turns += u64::from(result.turns);
        if let Some(dir) = save {
            let file = dir.join(format!("{}-{game_seed}.ron", s.id));
            let mut replay = result.replay;
            replay.scenario = reference.to_string();
            std::fs::write(&file, to_ron(&replay)).map_err(|e| format!("{}: {e}", file.display()))?;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!("scenario {} ({} games, seeds {}..{})", s.id, games, seed, seed + u64::from(games));
    for i in 0..2 {
        let (median, worst) = median_and_worst(std::mem::take(&mut times[i]));
        println!(
            "  {} ({}): {} wins, {} losses; per decision {:.3} ms median, {:.3} ms worst",
            s.sides[i].name,
            names[i],
            wins[i],
            wins[1 - i],
            median * 1000.0,
            worst * 1000.0
        );
    }
    println!("  draws: {draws}");
    println!("  average turns: {:.2}", turns as f64 / f64::from(games.max(1)));
    println!("  games per second: {:.1}", f64::from(games) / secs.max(1e-9));
    Ok(())
}
