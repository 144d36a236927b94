//! Nothing a player made is lost to a broken file or folder: a save cut short at any byte is refused
//! with an error naming the file, a save folder that cannot be written is said while the game goes
//! on, saves written at once by several writers are always whole, and a save deleted from the menu
//! is gone with its record as the game to continue.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const SCENARIO: &str = "thucydide-first-clash";

fn scratch(tag: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("save-files-{tag}"));
    if dir.exists() {
        let _ = Command::new("chmod").args(["-R", "u+w"]).arg(&dir).status();
        let _ = std::fs::remove_dir_all(&dir);
    }
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A whole game's save, as the game writes it (the simulator saves through the same replay text).
fn a_save() -> String {
    let dir = scratch("game");
    let out = Command::new(env!("CARGO_BIN_EXE_strategos"))
        .args(["simulate", "--scenario", SCENARIO, "--players", "ai-easy,ai-easy", "--games", "1", "--seed", "5", "--save"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read_to_string(dir.join(format!("{SCENARIO}-5.ron"))).unwrap()
}

#[test]
fn a_save_cut_at_any_byte_is_refused_with_an_error_naming_the_file() {
    let whole = a_save();
    let file = scratch("cut").join("cut.ron");
    strategos::cli::replay::run(&file_with(&file, whole.as_bytes()), false, true).expect("the whole save plays back");
    let bytes = whole.as_bytes();
    for end in 0..bytes.len() {
        let cut = &bytes[..end];
        match strategos::cli::replay::run(&file_with(&file, cut), false, true) {
            Ok(()) => assert_eq!(String::from_utf8_lossy(cut).trim_end(), whole.trim_end(), "cut at byte {end}: only a save missing its last blank is whole"),
            Err(e) => assert!(e.starts_with(&file.display().to_string()), "cut at byte {end}: the error names the file: {e}"),
        }
    }
}

fn file_with(path: &Path, bytes: &[u8]) -> PathBuf {
    std::fs::write(path, bytes).unwrap();
    path.to_path_buf()
}

/// A folder this process cannot write in: a read-only folder of its own, or, where the process may
/// write anywhere (root, as in CI's container), `/sys`, which no one may create files in.
fn read_only_folder() -> PathBuf {
    let dir = scratch("read-only");
    let status = Command::new("chmod").arg("a-w").arg(&dir).status().unwrap();
    assert!(status.success());
    if std::fs::write(dir.join("probe"), "").is_ok() {
        return PathBuf::from("/sys");
    }
    dir
}

#[test]
fn a_save_folder_that_cannot_be_written_is_said_and_the_game_goes_on() {
    let folder = read_only_folder();
    let mut child = Command::new(env!("CARGO_BIN_EXE_strategos"))
        .args(["play", "--terminal", "--scenario", SCENARIO, "--seed", "11"])
        .env("STRATEGOS_SAVES", &folder)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    // More answers (the first legal command each time) than a game of this scenario asks for.
    let _ = child.stdin.take().unwrap().write_all("0\n".repeat(5000).as_bytes());
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "the game goes on to its end:\n{}", &text[text.len().saturating_sub(2000)..]);
    let said = text.lines().find(|l| l.contains("autosave failed")).expect("the failed autosave is said");
    assert!(said.contains(&format!("cannot be saved in {}", folder.display())), "it names the folder: {said}");
    assert!(text.contains("final state hash"), "the game reached its end");
}

#[test]
fn saves_written_at_once_by_several_writers_are_always_whole() {
    let dir = scratch("at-once");
    let texts: Vec<String> = (0..4).map(|w| format!("writer {w}\n{}", "x".repeat(200_000 + w))).collect();
    std::thread::scope(|s| {
        for text in &texts {
            let dir = &dir;
            s.spawn(move || {
                for _ in 0..50 {
                    strategos::saves::write_in(dir, "shared.ron", text).unwrap();
                }
            });
        }
        s.spawn(|| {
            for _ in 0..200 {
                if let Ok(read) = std::fs::read_to_string(dir.join("shared.ron")) {
                    assert!(texts.contains(&read), "a save read while others write it is one writer's whole text");
                }
            }
        });
    });
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
    assert_eq!(left, ["shared.ron"], "no temporary file is left behind");
}

#[test]
fn a_deleted_save_is_gone_and_no_longer_the_game_to_continue() {
    let dir = scratch("delete");
    strategos::saves::write_in(&dir, "kept.ron", "kept").unwrap();
    strategos::saves::write_in(&dir, "gone.ron", "gone").unwrap();
    strategos::saves::write_in(&dir, strategos::saves::CONTINUE, "gone.ron").unwrap();
    strategos::saves::remove_in(&dir, "gone.ron").expect("deleted");
    assert!(!dir.join("gone.ron").exists() && !dir.join(strategos::saves::CONTINUE).exists(), "the save and its record are gone");
    assert_eq!(std::fs::read_to_string(dir.join("kept.ron")).unwrap(), "kept");
    let again = strategos::saves::remove_in(&dir, "gone.ron").expect_err("nothing left to delete");
    assert!(again.contains(&dir.join("gone.ron").display().to_string()), "the error names the file: {again}");
}
