//! The `strategos` command: play (the default), simulate, replay and validate.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use strategos::cli;

#[derive(Parser)]
#[command(name = "strategos", version, about = "A turn-based hex wargame playing tabletop rulesets")]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play a battle (the default): hotseat or against the random player, in the terminal.
    Play {
        /// A scenario id (bundled) or file; the default scenario when omitted.
        #[arg(long)]
        scenario: Option<String>,
        #[arg(long)]
        seed: Option<u64>,
        /// The side the computer plays (0 or 1); hotseat when omitted.
        #[arg(long)]
        computer: Option<u8>,
    },
    /// Play whole games headless between two random legal players.
    Simulate {
        #[arg(long)]
        scenario: String,
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Save every game's replay in this folder.
        #[arg(long)]
        save: Option<PathBuf>,
    },
    /// Play a replay back.
    Replay {
        file: PathBuf,
        /// No window (the only mode until the board lands).
        #[arg(long)]
        headless: bool,
        /// Print every event as one JSON object per line.
        #[arg(long)]
        events: bool,
        /// Check every turn's state hash against the replay's.
        #[arg(long)]
        verify: bool,
    },
    /// Check scenario and replay files; exit non-zero on the first bad one.
    Validate { files: Vec<PathBuf> },
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match args.command.unwrap_or(Command::Play { scenario: None, seed: None, computer: None }) {
        Command::Play { scenario, seed, computer } => cli::play::run(scenario.as_deref(), seed, computer),
        Command::Simulate { scenario, games, seed, save } => cli::simulate::run(&scenario, games, seed, save.as_deref()),
        Command::Replay { file, events, verify, .. } => cli::replay::run(&file, events, verify),
        Command::Validate { files } => cli::validate::run(&files),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
