//! A game is never lost: the terminal game is killed (SIGKILL) right after an autosave at a random
//! point, started again with `--continue --same-dice`, and ends on the same final state as the same
//! game played straight through; without `--same-dice` it goes on with fresh dice, recorded in its
//! autosave, which verifies. Two players in hotseat both answer "0" (the first legal command) every
//! time, and press Enter at each hand-off.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const PROMPT: &str = "choose a command number";
const HAND_OFF: &str = "then press Enter";
const SCENARIO: &str = "thucydide-first-clash";
const SEED: &str = "11";

fn saves(tag: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("continue-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn game(saves: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_strategos"));
    c.args(["play", "--terminal"]).args(args).env("STRATEGOS_SAVES", saves).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
    c
}

/// Plays to the end answering "0" to every prompt; the final state hash it prints.
fn play_out(mut command: Command) -> String {
    let mut child = command.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // More answers than a game of this scenario asks for; the game stops reading at its end.
    let _ = stdin.write_all("0\n".repeat(5000).as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "the game failed:\n{}", &text[text.len().saturating_sub(2000)..]);
    let hash = text.lines().find_map(|l| l.strip_prefix("final state hash ")).unwrap_or_else(|| panic!("no final hash:\n{}", &text[text.len().saturating_sub(2000)..]));
    hash.trim().to_string()
}

/// Answers "0" to the first `answers` prompts, then kills the game as it waits for the next one:
/// by then the command before has been resolved and autosaved.
fn play_then_kill(mut command: Command, answers: usize) {
    let mut child = command.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (mut seen, mut buffer) = (0, String::new());
    let mut chunk = [0u8; 4096];
    while seen <= answers {
        let n = stdout.read(&mut chunk).unwrap();
        assert!(n > 0, "the game ended before {answers} answers");
        buffer.push_str(&String::from_utf8_lossy(&chunk[..n]));
        loop {
            let (prompt, hand_off) = (buffer.find(PROMPT), buffer.find(HAND_OFF));
            match (prompt, hand_off) {
                (Some(p), h) if h.is_none_or(|h| p < h) => {
                    buffer.drain(..p + PROMPT.len());
                    seen += 1;
                    if seen <= answers {
                        stdin.write_all(b"0\n").unwrap();
                    }
                }
                (_, Some(h)) => {
                    buffer.drain(..h + HAND_OFF.len());
                    stdin.write_all(b"\n").unwrap();
                }
                _ => break,
            }
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_game_killed_after_an_autosave_continues_to_the_same_end() {
    let straight = play_out(game(&saves("straight"), &["--scenario", SCENARIO, "--seed", SEED]));
    let clock = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos() as usize;
    // Early, in the middle, and one point drawn from the clock (a game here asks about 140 times).
    for answers in [3, 70, 1 + clock % 130] {
        let dir = saves(&format!("killed-{answers}"));
        play_then_kill(game(&dir, &["--scenario", SCENARIO, "--seed", SEED]), answers);
        assert!(dir.join(".continue").exists(), "killed after {answers} answers: the game to continue is recorded");
        let resumed = play_out(game(&dir, &["--continue", "--same-dice"]));
        assert_eq!(resumed, straight, "killed after {answers} answers, continued with the same dice: the same final state");
        assert!(!dir.join(".continue").exists(), "a finished game is no longer offered to continue");
    }
}

#[test]
fn a_game_continued_goes_on_with_fresh_dice_recorded_in_its_autosave() {
    let dir = saves("fresh");
    play_then_kill(game(&dir, &["--scenario", SCENARIO, "--seed", SEED]), 40);
    let autosave = format!("autosave-{SCENARIO}-{SEED}.ron");
    let before = std::fs::read_to_string(dir.join(&autosave)).unwrap();
    assert!(!before.contains("reseeds"), "a game played straight through keeps its seed's dice");
    play_then_kill(game(&dir, &["--continue"]), 5);
    let after = std::fs::read_to_string(dir.join(&autosave)).unwrap();
    assert!(after.contains("reseeds"), "the fresh dice are recorded:\n{after}");
    let validate = Command::new(env!("CARGO_BIN_EXE_strategos")).arg("validate").arg(dir.join(&autosave)).env("STRATEGOS_SAVES", &dir).output().unwrap();
    assert!(validate.status.success(), "the continued game's autosave verifies: {}", String::from_utf8_lossy(&validate.stderr));
}
