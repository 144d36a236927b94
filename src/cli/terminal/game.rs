//! One game at the terminal, from its first prompt to its end: the people's turns and the
//! computer's, the autosave after every command, and the words that take a command back, save the
//! game under a name or stop.

use super::board::{print_board, print_legend, print_tokens};
use super::input::{HELP, Input, read};
use super::listing::{print_commands, print_summary, unit_by_cell};
use crate::ai::{Ai, Judge, Level};
use crate::battle::ecs::BattleApp;
use crate::battle::handoff::hand_off_needed;
use crate::battle::{Battle, Dice, Present, Reseed, Side};
use crate::replay::{Replay, Table, to_ron, turn_hash};
use crate::saves;
use crate::scenario::Scenario;
use crate::sim::Player;
use std::io::{BufRead, Write};

/// A battle at the terminal: what it started from (an undo plays it again from there), how it is
/// played, and how far its events have been printed.
struct Game<R: Present> {
    scenario: Scenario,
    seed: u64,
    /// The faces forced on the first rolls, as the replay it went on from had them.
    forced: Vec<u8>,
    /// Where the game went on with fresh dice (each `--continue`, unless `--same-dice`).
    reseeds: Vec<Reseed>,
    table: Table,
    autosave: String,
    /// Whether its scenario reopens by id, so that its autosave is the game to continue.
    reopens: bool,
    app: BattleApp<R>,
    /// The battle as the events printed so far left it: each line is read against the battle
    /// before its event, as the window's log is.
    shown: Battle<R>,
    printed: usize,
}

/// Plays the battle in `app` to its end, to `quit` or to the end of the input, saving it after
/// every command as the game to continue; at its end prints its final state hash.
pub fn play_on<R: Judge + Present>(scenario: Scenario, dice: TerminalDice, app: BattleApp<R>, table: Table) -> Result<(), String> {
    let TerminalDice { seed, forced, reseeds } = dice;
    let mut ai = Ai::new(Level::from_name(&table.level)?, seed);
    let autosave = table.autosave_name(&scenario.id, seed);
    let (shown, printed) = (app.view().clone(), app.events().len());
    let reopens = saves::reopens(&scenario.id);
    let mut game = Game { scenario, seed, forced, reseeds, table, autosave, reopens, app, shown, printed };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    // The board and the commands are printed again when the battle changed or a player asks.
    let mut changed = true;
    // In hotseat, the side the screen was last shown to.
    let mut at_screen: Option<Side> = None;
    while let Some(side) = R::deciding_side(game.app.view()) {
        // Who reads the screen: the person against the computer, else the side about to decide.
        let viewer = match game.table.computer {
            Some(c) => Side(c).other(),
            None => at_screen.filter(|s| !hand_off_needed(game.app.view(), *s, side)).unwrap_or(side),
        };
        if game.table.computer.is_none() && at_screen.is_some_and(|s| s != viewer) {
            // The other player's screen is wiped, scrollback too, before this one's is printed.
            print!("\x1b[H\x1b[2J\x1b[3J");
            print!("Pass the terminal to {}, then press Enter: ", game.app.view().sides[viewer.index()].name);
            std::io::stdout().flush().ok();
            let Some(Ok(_)) = lines.next() else { return Ok(()) };
            changed = true;
        }
        if game.table.computer.is_none() {
            at_screen = Some(viewer);
        }
        game.print_events(Some(viewer));
        if game.table.computer == Some(side.0) {
            let command = ai.choose(game.app.view()).ok_or("no legal command")?;
            changed |= game.submit(command);
            continue;
        }
        let b = game.app.view().seen_by(side);
        let legal = game.app.legal_commands();
        if changed {
            println!("Turn {} / {} · {}", b.turn, b.last_turn, R::status(&b).join(" · "));
            print_board(&b);
            print_tokens(&b);
            print_legend(&b);
            print_summary(&b, &legal, side);
        }
        print!("{} ({}), choose a command number or code (help for more): ", b.sides[side.index()].name, side_name(side));
        std::io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else { return Ok(()) };
        changed = false;
        match read(&line, &b, &legal) {
            Input::Command(command) => changed = game.submit(command),
            Input::Board => changed = true,
            Input::List(None) => print_commands(&b, &legal, side, None),
            Input::List(Some(cell)) => match unit_by_cell(&b, &cell) {
                Some(unit) if legal.iter().any(|c| R::command_unit(c) == Some(unit)) => print_commands(&b, &legal, side, Some(unit)),
                Some(_) => println!("{cell} has no command to give now"),
                None => println!("no unit stands in a cell called {cell}: cells are as on the board (H1, h11)"),
            },
            Input::Legend => print_legend(&b),
            Input::Help => println!("{HELP}"),
            Input::Undo => match game.undo(side) {
                Ok(()) => changed = true,
                Err(why) => println!("{why}"),
            },
            Input::Save(name) => game.save_as(name),
            Input::Quit => {
                game.say_where_kept();
                return Ok(());
            }
            Input::Unknown(hint) => println!("{hint}"),
        }
    }
    // The battle is over: everything is revealed.
    game.print_events(None);
    println!("final state hash {}", turn_hash(&game.app).hash);
    Ok(())
}

/// The dice a terminal game goes on with: its seed, the faces forced on the first rolls and where
/// it went on with fresh dice.
pub struct TerminalDice {
    pub seed: u64,
    pub forced: Vec<u8>,
    pub reseeds: Vec<Reseed>,
}

fn side_name(side: Side) -> &'static str {
    if side.0 == 0 { "side 0, capitals" } else { "side 1, lower case" }
}

impl<R: Present> Game<R> {
    /// Prints the lines of the events not printed yet that `viewer` may read (all of them for
    /// `None`), each against the battle before it.
    fn print_events(&mut self, viewer: Option<Side>) {
        for e in &self.app.events()[self.printed..] {
            if R::visible_to(&self.shown, e, viewer)
                && let Some(line) = R::event_line(&self.shown, e)
            {
                println!("  {line}");
            }
            R::apply(&mut self.shown, e);
        }
        self.printed = self.app.events().len();
    }

    /// Sends a command and saves the game after it; whether the rules took it.
    fn submit(&mut self, command: R::Command) -> bool {
        match self.app.submit(command) {
            Ok(_) => {
                self.autosave();
                true
            }
            Err(e) => {
                println!("refused: {e}");
                false
            }
        }
    }

    /// The game so far as a replay: what every save of it holds.
    fn replay(&self) -> Replay<R::Command> {
        let log = self.app.log();
        let replay = Replay::new(&self.scenario, self.seed, log.command_list(), log.turn_hashes.clone()).reseeded(self.reseeds.clone()).at_table(self.table.clone()).ended(R::outcome(self.app.view()));
        Replay { forced_dice: self.forced.clone(), ..replay }
    }

    /// The autosave, recorded as the game to continue while the battle goes on; a save that
    /// fails is said, and the game goes on.
    fn autosave(&self) {
        let name = &self.autosave;
        let saved = saves::write(name, &to_ron(&self.replay())).and_then(|_| {
            if self.reopens && R::outcome(self.app.view()).is_none() {
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

    /// Saves the game under `name`, else under one naming its scenario, seed and turn, and says where.
    fn save_as(&self, name: Option<String>) {
        let name = name.unwrap_or_else(|| format!("{}-{}-turn{}.ron", self.scenario.id, self.seed, self.app.view().turn));
        match saves::write(&name, &to_ron(&self.replay())) {
            Ok(path) => println!("saved to {path}"),
            Err(e) => println!("not saved: {e}"),
        }
    }

    /// Where the first command to take back stands: the last one a person gave, when the rules let
    /// that person take it back and let the computer take back each of its own after it. Only the
    /// side deciding takes back, and only its own: in hotseat, never the other player's command.
    fn undo_from(&self, deciding: Side) -> Result<usize, String> {
        let (log, view) = (self.app.log(), self.app.view());
        for (i, (command, _)) in log.commands.iter().enumerate().rev() {
            // Whose it is: the side that gave it, whatever figure it moved.
            match R::taken_back_by(view, command, log.events_of(i)).and(log.giver(i)) {
                Some(side) if self.table.computer == Some(side.0) => continue,
                Some(side) if side == deciding => return Ok(i),
                Some(_) => return Err(format!("cannot undo: \"{}\" is the other side's, and stands", R::command_label(view, command))),
                None => return Err(format!("cannot undo: \"{}\" stands, the rules do not let it be taken back", R::command_label(view, command))),
            }
        }
        Err("cannot undo: no command to take back".into())
    }

    /// Takes back the last command a person gave, with the computer's after it, by playing the
    /// game again from its start without them; or says why not.
    fn undo(&mut self, deciding: Side) -> Result<(), String> {
        let from = self.undo_from(deciding)?;
        let mut commands = self.app.log().command_list();
        let label = R::command_label(self.app.view(), &commands[from]);
        let others = commands.len() - from - 1;
        commands.truncate(from);
        crate::battle::dice::keep_fresh_after_undo(&mut self.reseeds, from);
        let dice = Dice::with_forced(self.seed, &self.forced).with_reseeds(&self.reseeds);
        let mut app = crate::replay::start_with::<R>(&self.scenario, dice).map_err(|e| format!("cannot undo: {e}"))?;
        for command in commands {
            app.submit(command).map_err(|e| format!("cannot undo: playing the game again, {e}"))?;
        }
        self.shown = app.view().clone();
        self.printed = app.events().len();
        self.app = app;
        self.autosave();
        match others {
            0 => println!("took back: {label}"),
            n => println!("took back: {label}, and the computer's {} after it", if n == 1 { "command".to_string() } else { format!("{n} commands") }),
        }
        Ok(())
    }

    /// What `quit` leaves behind: the autosave, and how to go on with it.
    fn say_where_kept(&self) {
        let path = saves::dir().join(&self.autosave);
        if self.app.log().commands.is_empty() || !path.is_file() {
            println!("Stopped before the first command: there is nothing to keep.");
        } else if saves::unfinished().as_deref() == Some(self.autosave.as_str()) {
            println!("Stopped. The autosave {} keeps the game: `strategos play --terminal --continue` goes on with it.", path.display());
        } else {
            println!("Stopped. The autosave {} keeps the game.", path.display());
        }
    }
}
