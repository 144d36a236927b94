//! The `strategos` command: play (the default), simulate, replay, validate and serve. In a browser, the
//! game itself, its options taken from the page's address.

/// See Cargo.toml: mimalloc natively.
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(not(target_arch = "wasm32"))]
mod command_line {
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
        /// Play a battle (the default): in a window, from the main menu; with --scenario straight into
        /// that battle. `--terminal` plays in the terminal instead.
        Play {
            /// A scenario id (bundled) or file; skips the menu.
            #[arg(long)]
            scenario: Option<String>,
            #[arg(long)]
            seed: Option<u64>,
            /// The side the computer plays (0 or 1); hotseat when omitted.
            #[arg(long)]
            computer: Option<u8>,
            /// How well the computer plays: easy (quick), normal (one exchange ahead) or strong[:MS] (searches to the next turn, MS milliseconds of work a decision, 200 by default).
            #[arg(long, default_value = "normal")]
            level: String,
            /// Play in the terminal, without a window.
            #[arg(long)]
            terminal: bool,
            /// Go on with the last game left unfinished (its autosave), as it was being played.
            #[arg(long = "continue")]
            resume: bool,
            /// With --continue in the terminal: go on with the game's own dice rather than fresh ones.
            #[arg(long)]
            same_dice: bool,
            /// The window's size in logical pixels, WIDTHxHEIGHT (1280x800 by default).
            #[arg(long, value_name = "WIDTHxHEIGHT")]
            size: Option<String>,
            /// Join the online game of this invite (in the window), on --server or the one last used.
            #[arg(long, value_name = "INVITE")]
            join: Option<String>,
            /// The referee server for online games: ws://HOST:PORT/play (`strategos serve`).
            #[arg(long, value_name = "URL")]
            server: Option<String>,
            /// Drive the window through a scripted game, saving screenshots in this folder (render test).
            #[arg(long, hide = true)]
            autopilot: Option<PathBuf>,
            /// With --autopilot: instead of a game, open every bundled battle from the menu and check
            /// that every control of the menu and the top bar lies inside the window (render test).
            #[arg(long, hide = true)]
            layout_check: bool,
            /// With --autopilot: instead of a game, draw a battle of this ruleset in the editor, save
            /// it and play it (render test).
            #[arg(long, hide = true, value_name = "RULESET")]
            edit: Option<String>,
            /// Measure frame times: `FRAMES` of an empty scene, of the largest scenario of each ruleset, of the empty scene again (bench).
            #[arg(long, hide = true, num_args = 2, value_names = ["FRAMES", "REPORT"])]
            frame_bench: Option<Vec<String>>,
        },
        /// Play whole games headless between two players.
        Simulate {
            #[arg(long)]
            scenario: String,
            /// The players of side 0 and side 1, comma-separated: random, ai-easy, ai-normal or ai-strong[:MS].
            #[arg(long, default_value = "random,random")]
            players: String,
            #[arg(long, default_value_t = 100)]
            games: u32,
            #[arg(long, default_value_t = 1)]
            seed: u64,
            /// Save every game's replay in this folder.
            #[arg(long)]
            save: Option<PathBuf>,
            /// Threads to play the games on, one game a task (all the cores by default); the
            /// figures and replays are the same whatever the number.
            #[arg(long)]
            threads: Option<usize>,
            /// Play the games through this referee server (ws://HOST:PORT/play, `strategos serve`)
            /// instead, both sides as its clients, all the games at once: the server's load test.
            /// Random players only.
            #[arg(long, value_name = "URL")]
            server: Option<String>,
            /// With --server: each player's pause before a command, in milliseconds on average (by default 25,
            /// under the server's 50 requests a second on a connection).
            #[arg(long, default_value_t = 25)]
            think: u64,
        },
        /// Play a replay back: in the window's replay viewer, or headless.
        Replay {
            file: PathBuf,
            /// No window: play it through in the terminal (implied by --events and --verify).
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
        /// Write a new battle to start from: an open field, two sides, one unit a side.
        New {
            /// The ruleset it is played with, by the name scenarios give it (an unknown name lists them).
            #[arg(long)]
            ruleset: String,
            /// The map's size in hexes, WIDTHxHEIGHT.
            #[arg(long, value_name = "WIDTHxHEIGHT", default_value = "16x12")]
            size: String,
            /// The scenario file to write (its name is the battle's id).
            file: PathBuf,
        },
        /// Host online games: the referee server (WebSockets at /play) and the page beside it.
        #[cfg(feature = "server")]
        Serve {
            #[arg(long, default_value = "127.0.0.1:8080")]
            addr: std::net::SocketAddr,
            /// The database: sqlite://FILE (made when missing) or postgres://USER@HOST/DB; server.db
            /// beside the saves folder by default.
            #[arg(long)]
            db: Option<String>,
            /// The page to serve at / (what tools/build-web.sh makes), when the folder is there.
            #[arg(long, default_value = "dist")]
            dist: PathBuf,
            /// Games one address may make in an hour (there are no accounts).
            #[arg(long, default_value_t = 200)]
            games_an_hour: usize,
        },
    }

    /// How `play` opens the window.
    struct Window {
        scenario: Option<String>,
        seed: Option<u64>,
        computer: Option<u8>,
        level: strategos::ai::Level,
        size: (u32, u32),
        autopilot: Option<PathBuf>,
        layout_check: bool,
        edit: Option<String>,
        frame_bench: Option<Vec<String>>,
        join: Option<String>,
        server: Option<String>,
    }

    /// `--size WIDTHxHEIGHT`, or the default.
    fn window_size(size: Option<&str>) -> Result<(u32, u32), String> {
        let Some(size) = size else { return Ok((1280, 800)) };
        let parsed = size.split_once('x').and_then(|(w, h)| Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?)));
        match parsed {
            Some((w, h)) if (320..=10_000).contains(&w) && (240..=10_000).contains(&h) => Ok((w, h)),
            _ => Err(format!("--size: '{size}' is not WIDTHxHEIGHT in pixels, from 320x240 up (1280x800, say)")),
        }
    }

    #[cfg(feature = "gui")]
    fn window(w: Window) -> Result<(), String> {
        let frame_bench = match w.frame_bench.as_deref() {
            Some([frames, report]) => Some((frames.parse().map_err(|_| format!("--frame-bench: '{frames}' is not a number of frames"))?, PathBuf::from(report))),
            _ => None,
        };
        let Window { scenario, seed, computer, level, size, autopilot, layout_check, edit, join, server, .. } = w;
        strategos::ui::run(strategos::ui::Options { scenario, seed, computer, level, size, watch: None, resume: None, autopilot, layout_check, edit, frame_bench, address_errors: Vec::new(), join, server })
    }

    #[cfg(not(feature = "gui"))]
    fn window(_: Window) -> Result<(), String> {
        Err(NO_WINDOW.into())
    }

    /// `simulate --server`: random players on both sides, as the server's clients.
    #[cfg(feature = "server")]
    fn remote(scenario: &str, players: &str, games: u32, seed: u64, save: Option<&std::path::Path>, server: &str, think: u64) -> Result<(), String> {
        if players != "random,random" {
            return Err(format!("--players {players}: through a server the players are random (--players random,random)"));
        }
        let options = cli::remote::Options { server, games, seed, think: std::time::Duration::from_millis(think), save };
        cli::remote::run(scenario, options).map(|_| ())
    }

    #[cfg(not(feature = "server"))]
    fn remote(_: &str, _: &str, _: u32, _: u64, _: Option<&std::path::Path>, _: &str, _: u64) -> Result<(), String> {
        Err("this build has no server feature: --server is not offered".into())
    }

    /// The replay viewer on a file.
    #[cfg(feature = "gui")]
    fn watch(file: PathBuf) -> Result<(), String> {
        let watch = Some(strategos::ui::Watched::File(file));
        strategos::ui::run(strategos::ui::Options { watch, ..strategos::ui::Options::default() })
    }

    #[cfg(not(feature = "gui"))]
    fn watch(_: PathBuf) -> Result<(), String> {
        Err(NO_WINDOW.into())
    }

    #[cfg(feature = "gui")]
    fn resume_window(size: (u32, u32)) -> Result<(), String> {
        let name = strategos::saves::unfinished().ok_or_else(|| format!("no unfinished game to continue in {}", strategos::saves::dir().display()))?;
        strategos::ui::run(strategos::ui::Options { size, resume: Some(name), ..strategos::ui::Options::default() })
    }

    #[cfg(not(feature = "gui"))]
    fn resume_window(_: (u32, u32)) -> Result<(), String> {
        Err(NO_WINDOW.into())
    }

    #[cfg(not(feature = "gui"))]
    const NO_WINDOW: &str = "this build has no window (built without the `gui` feature); use `play --terminal` or `replay --headless`";

    pub fn main() -> ExitCode {
        let args = Args::parse();
        let play = Command::Play { scenario: None, seed: None, computer: None, level: "normal".into(), terminal: false, resume: false, same_dice: false, size: None, autopilot: None, layout_check: false, edit: None, frame_bench: None, join: None, server: None };
        let result = match args.command.unwrap_or(play) {
            Command::Play { resume: true, terminal, same_dice, .. } if terminal || !cfg!(feature = "gui") => cli::terminal::resume(same_dice),
            Command::Play { resume: true, size, .. } => window_size(size.as_deref()).and_then(resume_window),
            Command::Play { scenario, seed, computer, level, terminal, size, autopilot, layout_check, edit, frame_bench, join, server, .. } => match strategos::ai::Level::from_name(&level) {
                Err(e) => Err(e),
                Ok(level) if terminal || !cfg!(feature = "gui") => cli::terminal::run(scenario.as_deref(), seed, computer, level),
                Ok(level) => window_size(size.as_deref()).and_then(|size| window(Window { scenario, seed, computer, level, size, autopilot, layout_check, edit, frame_bench, join, server })),
            },
            Command::Simulate { scenario, players, games, seed, save, server: Some(server), think, .. } => remote(&scenario, &players, games, seed, save.as_deref(), &server, think),
            Command::Simulate { scenario, players, games, seed, save, threads, .. } => {
                let Some((a, b)) = players.split_once(',') else {
                    eprintln!("error: --players wants two names, e.g. ai-normal,random");
                    return ExitCode::FAILURE;
                };
                let options = cli::simulate::Options { games, seed, players: [a.trim(), b.trim()], save: save.as_deref(), threads };
                cli::simulate::run(&scenario, options).map(|_| ())
            }
            Command::Replay { file, headless, events, verify } if headless || events || verify => cli::replay::run(&file, events, verify),
            Command::Replay { file, .. } => watch(file),
            Command::Validate { files } => cli::validate::run(&files),
            Command::New { ruleset, size, file } => cli::new::run(&ruleset, &size, &file),
            #[cfg(feature = "server")]
            Command::Serve { addr, db, dist, games_an_hour } => {
                let db = db.unwrap_or_else(strategos::server::default_db);
                strategos::server::run(strategos::server::Options { addr, db, dist: dist.is_dir().then_some(dist), games_an_hour })
            }
        };
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    command_line::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {
    if let Err(message) = strategos::ui::run(strategos::ui::web::options()) {
        bevy::log::error!("{message}");
    }
}
