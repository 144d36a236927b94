//! `strategos play --terminal`: the battle in the terminal: the map as text, the legal commands
//! numbered, the events as they happen. Hotseat, or against the AI.

use crate::ai::{Ai, Judge, Level};
use crate::battle::{Battle, Present, Side};
use crate::hex::Offset;
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::{DEFAULT, Scenario};
use crate::sim::Player;
use std::io::{BufRead, Write};

pub fn run(scenario: Option<&str>, seed: Option<u64>, computer: Option<u8>, level: Level) -> Result<(), String> {
    let scenario = crate::scenario::load_named(scenario.unwrap_or(DEFAULT))?;
    let seed = seed.unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs()));
    let ruleset = scenario.ruleset.clone();
    with_ruleset(&ruleset, TerminalGame { scenario, seed, computer, level }).map_err(|e| e.to_string())?
}

/// One battle in the terminal, with the ruleset of its scenario.
struct TerminalGame {
    scenario: Scenario,
    seed: u64,
    computer: Option<u8>,
    level: Level,
}

impl ForRuleset for TerminalGame {
    type Output = Result<(), String>;

    fn run<R: Judge + Present>(self) -> Result<(), String> {
        let TerminalGame { scenario: s, seed, computer, level } = self;
        let mut app = crate::replay::start::<R>(&s, seed, &[]).map_err(|e| e.to_string())?;
        println!("{} (seed {seed}). {}\n", s.name, s.briefing);
        let mut ai = Ai::new(level, seed);
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        let mut shown = app.events().len();
        while let Some(side) = R::deciding_side(app.view()) {
            for e in &app.events()[shown..] {
                if let Some(line) = R::event_line(app.view(), e) {
                    println!("  {line}");
                }
            }
            shown = app.events().len();
            let legal = app.legal_commands();
            let command = if computer == Some(side.0) {
                ai.choose(app.view()).ok_or("no legal command")?
            } else {
                let b = app.view();
                println!("Turn {} / {} · {}", b.turn, b.last_turn, R::status(b).join(" · "));
                print_board(b);
                for (i, c) in legal.iter().enumerate() {
                    println!("  [{i}] {}", R::command_label(app.view(), c));
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
            if let Err(e) = app.submit(command) {
                println!("refused: {e}");
            }
        }
        for e in &app.events()[shown..] {
            println!("  {}", serde_json::to_string(e).unwrap_or_default());
        }
        Ok(())
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
