//! `strategos play --terminal`: the battle in the terminal: the map as text, the legal commands
//! numbered, the events as they happen. Hotseat, or against the AI; saved after every command in
//! the saves folder, and `--continue` goes on with the last game left unfinished.

use crate::ai::{Ai, Judge, Level};
use crate::battle::ecs::BattleApp;
use crate::battle::{Battle, Present, Side};
use crate::replay::{Replay, ReplayHeader, Table, parse_header, to_ron, turn_hash, verified};
use crate::saves;
use crate::hex::Offset;
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::{DEFAULT, Scenario};
use crate::sim::Player;
use std::io::{BufRead, Write};
use std::path::PathBuf;

pub fn run(scenario: Option<&str>, seed: Option<u64>, computer: Option<u8>, level: Level) -> Result<(), String> {
    let scenario = crate::scenario::load_named(scenario.unwrap_or(DEFAULT))?;
    let seed = seed.unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs()));
    let ruleset = scenario.ruleset.clone();
    let table = Table { computer, level: level.name().to_string(), taken_over_at: None };
    with_ruleset(&ruleset, TerminalGame { scenario, seed, table }).map_err(|e| e.to_string())?
}

/// Goes on with the last game left unfinished (in the terminal or the window), as it was played.
pub fn resume() -> Result<(), String> {
    let name = saves::unfinished().ok_or_else(|| format!("no unfinished game to continue in {}", saves::dir().display()))?;
    let path = saves::dir().join(&name);
    let text = saves::read(&name)?;
    let header = parse_header(&path, &text).map_err(|e| e.to_string())?;
    let ruleset = header.ruleset.clone();
    with_ruleset(&ruleset, Resumed { path, text, header }).map_err(|e| e.to_string())?
}

/// One battle in the terminal, with the ruleset of its scenario.
struct TerminalGame {
    scenario: Scenario,
    seed: u64,
    table: Table,
}

impl ForRuleset for TerminalGame {
    type Output = Result<(), String>;

    fn run<R: Judge + Present>(self) -> Result<(), String> {
        let TerminalGame { scenario: s, seed, table } = self;
        let app = crate::replay::start::<R>(&s, seed, &[]).map_err(|e| e.to_string())?;
        println!("{} (seed {seed}). {}\n", s.name, s.briefing);
        play_on(&s, seed, app, table)
    }
}

/// A saved game read back, verified, and played on.
struct Resumed {
    path: PathBuf,
    text: String,
    header: ReplayHeader,
}

impl ForRuleset for Resumed {
    type Output = Result<(), String>;

    fn run<R: Judge + Present>(self) -> Result<(), String> {
        let (replay, played) = verified::<R>(&self.path, &self.text, &self.header)?;
        let s = crate::scenario::load_named(&replay.scenario)?;
        let table = replay.table.unwrap_or(Table { computer: None, level: Level::Normal.name().into(), taken_over_at: None });
        println!("{} (seed {}), going on from {} after {} commands.\n", s.name, replay.seed, self.path.display(), replay.commands.len());
        play_on(&s, replay.seed, played.app, table)
    }
}

/// Plays the battle in `app` to its end (or to the end of the input), saving it after every
/// command as the game to continue, then prints its final state hash.
fn play_on<R: Judge + Present>(s: &Scenario, seed: u64, mut app: BattleApp<R>, table: Table) -> Result<(), String> {
    let level = Level::from_name(&table.level)?;
    let computer = table.computer;
    let autosave = table.autosave_name(&s.id, seed);
    let mut ai = Ai::new(level, seed);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    // The battle as the events printed so far left it: each line is read against the battle
    // before its event, as the window's log is.
    let mut shown = app.view().clone();
    let mut printed = app.events().len();
    while let Some(side) = R::deciding_side(app.view()) {
        // Who reads the screen: the person against the computer, else the side about to decide.
        let viewer = match computer {
            Some(c) => Side(c).other(),
            None => side,
        };
        print_lines(&mut shown, &app.events()[printed..], Some(viewer));
        printed = app.events().len();
        let legal = app.legal_commands();
        let command = if computer == Some(side.0) {
            ai.choose(app.view()).ok_or("no legal command")?
        } else {
            let b = app.view().seen_by(side);
            println!("Turn {} / {} · {}", b.turn, b.last_turn, R::status(&b).join(" · "));
            print_board(&b);
            for (i, c) in legal.iter().enumerate() {
                println!("  [{i}] {}", R::command_label(&b, c));
            }
            print!("{} ({}), choose a command number: ", app.view().sides[side.index()].name, side_name(side));
            std::io::stdout().flush().ok();
            let Some(Ok(line)) = lines.next() else { return Ok(()) };
            match line.trim().parse::<usize>().ok().and_then(|i| legal.get(i)) {
                Some(c) => c.clone(),
                None => {
                    println!("not a listed number");
                    continue;
                }
            }
        };
        match app.submit(command) {
            Ok(_) => save(s, seed, &app, &table, &autosave),
            Err(e) => println!("refused: {e}"),
        }
    }
    // The battle is over: everything is revealed.
    print_lines(&mut shown, &app.events()[printed..], None);
    println!("final state hash {}", turn_hash(&app).hash);
    Ok(())
}

/// Prints the lines of `events` that `viewer` may read, each against the battle before it, and
/// brings `shown` past them.
fn print_lines<R: Present>(shown: &mut Battle<R>, events: &[R::Event], viewer: Option<Side>) {
    for e in events {
        if R::visible_to(shown, e, viewer) {
            if let Some(line) = R::event_line(shown, e) {
                println!("  {line}");
            }
        }
        R::apply(shown, e);
    }
}

/// The autosave after a command; a save that fails is said, and the game goes on.
fn save<R: Judge + Present>(s: &Scenario, seed: u64, app: &BattleApp<R>, table: &Table, name: &str) {
    let replay = Replay::new(s, seed, app.log().command_list(), app.turn_hashes().to_vec()).at_table(table.clone());
    let saved = saves::write(name, &to_ron(&replay)).and_then(|_| {
        if saves::worth_continuing(&s.id, R::outcome(app.view()).is_some()) {
            saves::set_unfinished(name)
        } else {
            saves::finished(name);
            Ok(())
        }
    });
    if let Err(e) = saved {
        println!("(autosave failed: {e})");
    }
}

fn side_name(side: Side) -> &'static str {
    if side.0 == 0 { "side 0, capitals" } else { "side 1, lower case" }
}

fn print_board<R: Present>(b: &Battle<R>) {
    for row in 0..b.map.height() {
        let mut line = String::new();
        for col in 0..b.map.width() {
            let hex = Offset(col, row).to_hex();
            let cell = match b.unit_at(hex) {
                Some(u) => {
                    let letter = R::glyph(b, u);
                    let letter = if u.side.0 == 0 { letter.to_ascii_uppercase() } else { letter };
                    format!("{letter}{}", u.id.0 % 100)
                }
                None => b.map.at(hex).token(),
            };
            line.push_str(&format!("{cell:>4}"));
        }
        println!("{row:>3} {line}");
    }
}
