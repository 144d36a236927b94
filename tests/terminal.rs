//! The terminal game as a person plays it, through the real binary line by line: the board with its
//! column numbers and legend, a summary of what may be done, the commands listed with their codes
//! on request (all, or one unit's), a move given by its code and
//! taken back with `undo`, given again by its number, the game saved with `save` (a file
//! `validate` accepts), and `quit`; a mass battle's sealed orders hidden from the other player.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const PROMPT: &str = "choose a command number or code";

/// An empty saves folder of its own for one test.
fn saves(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A game in hotseat, read up to each prompt.
struct Game {
    child: Child,
    stdin: ChildStdin,
    stdout: ChildStdout,
    /// Bytes printed and not read yet: a character may be cut between two reads.
    unread: Vec<u8>,
}

impl Game {
    fn start(saves: &Path, scenario: &str, seed: &str) -> Game {
        let mut child = Command::new(env!("CARGO_BIN_EXE_strategos"))
            .args(["play", "--terminal", "--scenario", scenario, "--seed", seed])
            .env("STRATEGOS_SAVES", saves)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let (stdin, stdout) = (child.stdin.take().unwrap(), child.stdout.take().unwrap());
        Game { child, stdin, stdout, unread: Vec::new() }
    }

    /// What the game printed up to its next prompt, the prompt included.
    fn screen(&mut self) -> String {
        let mut chunk = [0u8; 4096];
        loop {
            if let Some(i) = self.unread.windows(PROMPT.len()).position(|w| w == PROMPT.as_bytes()) {
                let screen: Vec<u8> = self.unread.drain(..i + PROMPT.len()).collect();
                return String::from_utf8(screen).unwrap();
            }
            let n = self.stdout.read(&mut chunk).unwrap();
            assert!(n > 0, "the game ended before its prompt:\n{}", String::from_utf8_lossy(&self.unread));
            self.unread.extend_from_slice(&chunk[..n]);
        }
    }

    /// Types a line; what the game printed up to its next prompt.
    fn answer(&mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").unwrap();
        self.screen()
    }

    /// Types a line; what the game printed up to `marker` (a prompt other than the command's).
    fn answer_until(&mut self, line: &str, marker: &str) -> String {
        writeln!(self.stdin, "{line}").unwrap();
        let mut chunk = [0u8; 4096];
        loop {
            if let Some(i) = self.unread.windows(marker.len()).position(|w| w == marker.as_bytes()) {
                let screen: Vec<u8> = self.unread.drain(..i + marker.len()).collect();
                return String::from_utf8(screen).unwrap();
            }
            let n = self.stdout.read(&mut chunk).unwrap();
            assert!(n > 0, "the game ended before '{marker}':\n{}", String::from_utf8_lossy(&self.unread));
            self.unread.extend_from_slice(&chunk[..n]);
        }
    }

    /// Types `quit`; what the game printed before it exited, once it exited successfully.
    fn quit(mut self) -> String {
        writeln!(self.stdin, "quit").unwrap();
        let mut rest = String::from_utf8(std::mem::take(&mut self.unread)).unwrap();
        self.stdout.read_to_string(&mut rest).unwrap();
        assert!(self.child.wait().unwrap().success(), "quit ends the game without an error:\n{rest}");
        rest
    }
}

/// The commands a screen lists: their numbers and codes.
fn listed(screen: &str) -> Vec<(usize, String)> {
    screen
        .lines()
        .filter_map(|line| {
            let (number, rest) = line.trim_start().strip_prefix('[')?.split_once(']')?;
            let code = rest.trim_start().split("  ").next()?;
            Some((number.parse().ok()?, code.to_string()))
        })
        .collect()
}

/// The state a screen shows: its last status line, the board, the legend and the commands.
fn state(screen: &str) -> &str {
    &screen[screen.rfind("\nTurn ").expect("a status line")..]
}

/// The log line of a move given by `code` ("m 1 3,6": "moves to (3, 6)").
fn moved_line(code: &str) -> String {
    let (col, row) = code.rsplit(' ').next().and_then(|hex| hex.split_once(',')).expect("a move's code ends on its hex");
    format!(" moves to ({col}, {row})")
}

#[test]
fn a_person_reads_the_board_gives_codes_takes_back_saves_and_quits() {
    let dir = saves("terminal-saves");
    let mut game = Game::start(&dir, "thucydide-first-clash", "11");
    let first = game.screen();
    assert!(first.lines().any(|l| l.split_whitespace().eq((0..10).map(|c| c.to_string()))), "the columns are numbered along the top:\n{first}");
    assert!(first.contains("Ground: . open ground") && first.contains("s stream"), "the legend names the grounds:\n{first}");
    assert!(first.contains("Units, Athenians in capitals, Thebans in lower case:"), "the legend says which side is which:\n{first}");
    assert!(first.contains("  Hoplites: H1 H2 h11"), "the legend lists the cells of each type of unit:\n{first}");
    assert!(first.contains("Athenians, the whole side"), "the end of the phase is the whole side's:\n{first}");
    assert!(listed(&first).is_empty() && first.contains("Units that can act: H1 (") && first.contains("`list`"), "a short summary, not every command:\n{first}");
    let all = game.answer("list");
    let listed_first = listed(&all);
    assert_eq!(listed_first.iter().map(|(i, _)| *i).max(), Some(listed_first.len() - 1), "list lists every legal command once:\n{all}");
    assert!(listed_first.iter().any(|(_, code)| code == "e"), "the end of the phase is coded e:\n{all}");
    let one = game.answer("list h1");
    assert!(!listed(&one).is_empty() && listed(&one).len() < listed_first.len() && !one.contains("H2 ·"), "list H1 lists the commands of H1 alone:\n{one}");

    let help = game.answer("help");
    for word in ["undo", "save", "quit"] {
        assert!(help.lines().any(|l| l.trim_start().starts_with(word)), "help lists {word}:\n{help}");
    }
    assert!(game.answer("xyzzy").contains("type help"), "a line not understood gets a hint");
    assert!(game.answer("undo").contains("cannot undo"), "nothing to take back before the first command");

    let (number, code) = listed_first.iter().find(|(_, code)| code.starts_with("m ")).cloned().expect("a move is listed");
    let moved = game.answer(&code);
    assert!(moved.contains(&moved_line(&code)), "the code {code} moves the unit:\n{moved}");
    assert_ne!(state(&moved), state(&first), "the board and the list change after a move");

    let undone = game.answer("undo");
    assert!(undone.contains("took back: "), "undo says what it took back:\n{undone}");
    assert_eq!(state(&undone), state(&first), "after undo, the board and the list are as before the move");

    let again = game.answer(&number.to_string());
    assert!(again.contains(&moved_line(&code)), "the number [{number}] gives the same move:\n{again}");
    let saved = game.answer("save mine");
    let file = dir.join("mine.ron");
    assert!(saved.contains("saved to") && file.is_file(), "save mine writes mine.ron in the saves folder:\n{saved}");

    let end = game.quit();
    assert!(end.contains("--continue"), "quit says the autosave keeps the game:\n{end}");
    assert!(dir.join(".continue").exists(), "the game left is the one to continue");

    let validate = Command::new(env!("CARGO_BIN_EXE_strategos")).arg("validate").arg(&file).env("STRATEGOS_SAVES", &dir).output().unwrap();
    assert!(validate.status.success(), "the save validates: {}", String::from_utf8_lossy(&validate.stderr));
}

/// A mass battle in hotseat: an order given by its code is taken back and given again, and once the
/// Ost has sealed, the Horde's screen shows the seal and not the order.
#[test]
fn a_mass_battle_in_hotseat_hides_the_sealed_orders_from_the_other_side() {
    let dir = saves("terminal-saves-mass-battle");
    let mut game = Game::start(&dir, "mass-battle-heroes", "3");
    let first = game.screen();
    assert!(first.contains("Archers 1: A3") && first.contains("Archers 2: A9"), "two companies of archers, told apart:\n{first}");
    let given = game.answer("o 1 h");
    assert!(given.contains("Order for Levée de piquiers: hold"), "the code gives the order:\n{given}");
    assert!(game.answer("undo").contains("took back: "), "an order is taken back before the seal");
    game.answer("o 1 h");
    let hand_off = game.answer_until("seal", "then press Enter");
    let wiped = hand_off.rfind("\x1b[2J\x1b[3J").expect("the Ost's screen is wiped, scrollback and all, before the hand-off");
    assert!(hand_off[wiped..].contains("Pass the terminal to Horde du Val Noir"), "the hand-off names the Horde:\n{hand_off}");
    let horde = game.answer("");
    assert!(horde.contains("Ost de Swidenth seals its orders") && horde.contains("Horde du Val Noir (side 1"), "the Horde gives its orders next:\n{horde}");
    assert!(!horde.contains("Levée de piquiers: hold"), "the Horde does not see the Ost's order:\n{horde}");
    game.quit();
}
