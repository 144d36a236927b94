//! `strategos simulate`: whole games between two players (random, ai-easy, ai-normal, ai-strong), with the
//! tally and the time each side took per decision. The games are played one a task on a pool of
//! threads (rayon), each from its own seed, and tallied in seed order: the figures and the saved
//! replays are the same whatever the number of threads. Once a game ends more than a second into
//! the batch, a progress bar shows on stderr (indicatif), hidden when stderr is not a terminal.

use crate::ai::{Ai, Judge, Level};
use crate::battle::{Present, Side};
use crate::replay::to_ron;
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::Scenario;
use crate::sim::{Player, RandomPlayer, play_game_between};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::path::Path;
use std::sync::Once;
use std::time::{Duration, Instant};

/// A player named on the command line.
pub fn player<R: Judge>(name: &str, seed: u64) -> Result<Box<dyn Player<R>>, String> {
    match name {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        ai if ai.starts_with("ai-") => Ok(Box::new(Ai::new(Level::from_name(ai)?, seed))),
        other => Err(format!("unknown player '{other}': random, ai-easy, ai-normal, ai-strong or ai-strong:MS (thinking time in milliseconds)")),
    }
}

/// How `simulate` plays its games: how many, from which seed, who plays each side, where the replays
/// go, and on how many threads (all the cores when `None`).
pub struct Options<'a> {
    pub games: u32,
    pub seed: u64,
    pub players: [&'a str; 2],
    pub save: Option<&'a Path>,
    pub threads: Option<usize>,
}

/// What a batch of games came to, in seed order however many threads played them.
#[derive(Debug, PartialEq)]
pub struct Tally {
    pub wins: [u32; 2],
    pub draws: u32,
    pub turns: u64,
}

/// Plays the batch on the named scenario and prints its figures; the tally for the caller.
pub fn run(name: &str, options: Options) -> Result<Tally, String> {
    let scenario = crate::scenario::load_named(name)?;
    // A saved replay names its scenario as `replay` will find it again, from any folder: a bundled
    // one by its id, a file by its absolute path.
    let reference = match crate::scenario::find_bundled(name) {
        Some(_) => scenario.id.clone(),
        None => std::fs::canonicalize(name).map_or_else(|_| name.to_string(), |p| p.display().to_string()),
    };
    let ruleset = scenario.ruleset.clone();
    with_ruleset(&ruleset, Batch { scenario, reference, options }).map_err(|e| e.to_string())?
}

/// The games one `simulate` plays, with the ruleset of their scenario.
struct Batch<'a> {
    scenario: Scenario,
    reference: String,
    options: Options<'a>,
}

impl ForRuleset for Batch<'_> {
    type Output = Result<Tally, String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Result<Tally, String> {
        run_with::<R>(&self.scenario, &self.reference, &self.options)
    }
}

/// One game's result, as the tally needs it: each side's time per decision and per side-turn (its
/// decisions in a row, before the other side's next), in seconds.
struct Played {
    winner: Option<Side>,
    turns: u32,
    times: [Vec<f64>; 2],
    side_turns: [Vec<f64>; 2],
}

/// Game `g` of the batch, its replay saved if asked.
fn play_one<R: Judge>(s: &Scenario, reference: &str, o: &Options, g: u32) -> Result<Played, String> {
    let game_seed = o.seed.wrapping_add(u64::from(g));
    let mut a = player::<R>(o.players[0], game_seed)?;
    let mut b = player::<R>(o.players[1], game_seed.wrapping_add(1) << 1)?;
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut side_turns: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut current: Option<(Side, f64)> = None;
    let result = play_game_between::<R>(s, game_seed, [a.as_mut(), b.as_mut()], |_| {}, |side, t| {
        times[side.index()].push(t);
        match &mut current {
            Some((deciding, sum)) if *deciding == side => *sum += t,
            _ => {
                if let Some((done, sum)) = current.replace((side, t)) {
                    side_turns[done.index()].push(sum);
                }
            }
        }
    })?;
    if let Some((done, sum)) = current {
        side_turns[done.index()].push(sum);
    }
    if let Some(dir) = o.save {
        let file = dir.join(format!("{}-{game_seed}.ron", s.id));
        let mut replay = result.replay;
        replay.scenario = reference.to_string();
        std::fs::write(&file, to_ron(&replay)).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    Ok(Played { winner: result.winner, turns: result.turns, times, side_turns })
}

fn median_and_worst(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times.get(times.len() / 2).copied().unwrap_or(0.0), times.last().copied().unwrap_or(0.0))
}

fn run_with<R: Judge>(s: &Scenario, reference: &str, o: &Options) -> Result<Tally, String> {
    if let Some(dir) = o.save {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(o.threads.unwrap_or(0)).build().map_err(|e| format!("threads: {e}"))?;
    let started = Instant::now();
    let bar = ProgressBar::with_draw_target(Some(u64::from(o.games)), ProgressDrawTarget::hidden())
        .with_style(ProgressStyle::with_template("{bar:40} {pos}/{len} games in {elapsed}, {eta} left").unwrap_or_else(|_| ProgressStyle::default_bar()));
    let shown = Once::new();
    let played: Vec<Result<Played, String>> = pool.install(|| {
        (0..o.games)
            .into_par_iter()
            .map(|g| {
                let game = play_one::<R>(s, reference, o, g);
                bar.inc(1);
                if started.elapsed() > Duration::from_secs(1) {
                    shown.call_once(|| bar.set_draw_target(ProgressDrawTarget::stderr()));
                }
                game
            })
            .collect()
    });
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    let mut tally = Tally { wins: [0; 2], draws: 0, turns: 0 };
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut side_turns: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for p in played {
        let p = p?;
        match p.winner {
            Some(Side(w)) => tally.wins[usize::from(w)] += 1,
            None => tally.draws += 1,
        }
        tally.turns += u64::from(p.turns);
        for (all, mine) in times.iter_mut().zip(p.times) {
            all.extend(mine);
        }
        for (all, mine) in side_turns.iter_mut().zip(p.side_turns) {
            all.extend(mine);
        }
    }
    println!("scenario {} ({} games, seeds {}..{})", s.id, o.games, o.seed, o.seed + u64::from(o.games));
    for i in 0..2 {
        let (median, worst) = median_and_worst(std::mem::take(&mut times[i]));
        let (turn_median, turn_worst) = median_and_worst(std::mem::take(&mut side_turns[i]));
        println!(
            "  {} ({}): {} wins, {} losses; per decision {:.3} ms median, {:.3} ms worst; per side-turn {:.3} ms median, {:.3} ms worst",
            s.sides[i].name,
            o.players[i],
            tally.wins[i],
            tally.wins[1 - i],
            median * 1000.0,
            worst * 1000.0,
            turn_median * 1000.0,
            turn_worst * 1000.0
        );
    }
    println!("  draws: {}", tally.draws);
    println!("  average turns: {:.2}", tally.turns as f64 / f64::from(o.games.max(1)));
    println!("  games per second: {:.1} on {} threads", f64::from(o.games) / secs.max(1e-9), pool.current_num_threads());
    Ok(tally)
}
