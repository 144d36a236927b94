//! Headless players and the simulator: whole games between two players choosing uniformly among
//! legal commands (as each ruleset's `random_choices` offers them), through the same ECS path as
//! live play. `probe` throws arbitrary input at the game, for the fuzz targets and property tests.

pub mod probe;

use crate::battle::ecs::BattleApp;
use crate::battle::{Battle, Ruleset, Side};
use crate::replay::{self, Replay};
use crate::scenario::Scenario;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// A player that picks uniformly among the legal commands, with its own generator (never the
/// battle's dice).
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15),
        }
    }

    pub fn choose<C: Clone>(&mut self, legal: &[C]) -> Option<C> {
        legal.choose(&mut self.rng).cloned()
    }
}

/// Anything that picks the next command for the side the battle waits on.
pub trait Player<R: Ruleset> {
    fn choose(&mut self, battle: &Battle<R>) -> Option<R::Command>;
}

impl<R: Ruleset> Player<R> for RandomPlayer {
    fn choose(&mut self, battle: &Battle<R>) -> Option<R::Command> {
        RandomPlayer::choose(self, &R::random_choices(battle, R::legal_commands(battle)))
    }
}

/// The end of one simulated game.
pub struct GameResult<C> {
    pub winner: Option<Side>,
    pub turns: u32,
    pub replay: Replay<C>,
}

/// A safety net far above any real game's length, so a rules bug cannot hang the simulator.
pub const MAX_COMMANDS: usize = 100_000;

/// Plays one game to its end between two random legal players; `inspect` sees the battle after
/// every command (for invariants).
pub fn play_game<R: Ruleset>(
    scenario: &Scenario,
    seed: u64,
    inspect: impl FnMut(&BattleApp<R>),
) -> Result<GameResult<R::Command>, String> {
    let mut a = RandomPlayer::new(seed);
    let mut b = RandomPlayer::new(seed.wrapping_add(1) << 1);
    play_game_between::<R>(scenario, seed, [&mut a, &mut b], inspect, |_, _| {})
}

/// Plays one game to its end between two players (side 0's first); `timed` hears the side and the
/// seconds each decision took.
pub fn play_game_between<R: Ruleset>(
    scenario: &Scenario,
    seed: u64,
    players: [&mut dyn Player<R>; 2],
    inspect: impl FnMut(&BattleApp<R>),
    timed: impl FnMut(Side, f64),
) -> Result<GameResult<R::Command>, String> {
    let app = replay::start::<R>(scenario, seed, &[]).map_err(|e| e.to_string())?;
    play_on(scenario, seed, app, players, inspect, timed)
}

/// Plays a battle already under way to its end between two players (a new game, or one taken over
/// from a replay): the result's replay is every command in its log, those before included.
pub fn play_on<R: Ruleset>(
    scenario: &Scenario,
    seed: u64,
    mut app: BattleApp<R>,
    players: [&mut dyn Player<R>; 2],
    mut inspect: impl FnMut(&BattleApp<R>),
    mut timed: impl FnMut(Side, f64),
) -> Result<GameResult<R::Command>, String> {
    while let Some(side) = R::deciding_side(app.view()) {
        let started = std::time::Instant::now();
        let command = players[side.index()].choose(app.view()).ok_or("no legal command while the battle waits")?;
        timed(side, started.elapsed().as_secs_f64());
        app.submit(command).map_err(|e| format!("legal command refused: {e}"))?;
        inspect(&app);
        if app.log().commands.len() > MAX_COMMANDS {
            return Err(format!("game with seed {seed} did not end after {MAX_COMMANDS} commands"));
        }
    }
    let outcome = R::outcome(app.view());
    Ok(GameResult {
        winner: outcome.and_then(|o| o.winner),
        turns: app.view().turn,
        replay: Replay::new(scenario, seed, app.log().command_list(), app.turn_hashes().to_vec()),
    })
}
