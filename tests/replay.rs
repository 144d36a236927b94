//! Replays: a saved game verifies; a tampered command or hash fails with a clear message.

mod common;

use std::process::Command as Process;
use strategos::replay::{FORMAT, Replay, first_divergence, play, to_ron};
use strategos::rules::thucydide::{Command, Thucydide};
use strategos::sim::play_game;

fn saved_game(seed: u64) -> Replay<Command> {
    let s = common::load_bundled("thucydide-first-clash");
    play_game::<Thucydide>(&s, seed, |_| {}).unwrap().replay
}

#[test]
fn a_saved_replay_verifies_byte_for_byte() {
    let s = common::load_bundled("thucydide-first-clash");
    let replay = saved_game(11);
    let text = to_ron(&replay);
    let back: Replay<Command> = ron::from_str(&text).unwrap();
    assert_eq!(back, replay);
    let a = play::<Thucydide>(&s, &back).unwrap();
    let b = play::<Thucydide>(&s, &back).unwrap();
    assert_eq!(first_divergence(&replay.turn_hashes, a.app.turn_hashes()), None);
    let json = |p: &strategos::replay::Played<Thucydide>| serde_json::to_string(p.app.events()).unwrap();
    assert_eq!(json(&a), json(&b));
}

#[test]
fn a_tampered_hash_is_reported() {
    let mut replay = saved_game(12);
    replay.turn_hashes[3].hash = "0000000000000000".into();
    let s = common::load_bundled("thucydide-first-clash");
    let played = play::<Thucydide>(&s, &replay).unwrap();
    let diff = first_divergence(&replay.turn_hashes, played.app.turn_hashes()).unwrap();
    assert!(diff.contains("turn hash #3 differs"), "{diff}");
}

fn strategos_bin() -> Process {
    Process::new(env!("CARGO_BIN_EXE_strategos"))
}

#[test]
fn the_cli_verifies_and_rejects_tampering() {
    let dir = std::env::temp_dir().join(format!("strategos-replay-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let replay = saved_game(13);
    let good = dir.join("good.ron");
    std::fs::write(&good, to_ron(&replay)).unwrap();
    let out = strategos_bin().args(["replay", good.to_str().unwrap(), "--headless", "--verify"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    let events = strategos_bin().args(["replay", good.to_str().unwrap(), "--headless", "--events"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&events.stdout);
    assert!(stdout.lines().count() > 10);
    for line in stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("one JSON object per line");
        assert!(v.get("event").is_some());
    }

    let mut tampered = replay.clone();
    tampered.commands[0] = Command::Redeploy { unit: strategos::battle::UnitId(99) };
    let bad = dir.join("bad-command.ron");
    std::fs::write(&bad, to_ron(&tampered)).unwrap();
    let out = strategos_bin().args(["replay", bad.to_str().unwrap(), "--headless", "--verify"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("bad-command.ron:8: field `commands[0]`"), "{err}");

    let mut tampered = replay.clone();
    tampered.turn_hashes[2].hash = "ffffffffffffffff".into();
    let bad = dir.join("bad-hash.ron");
    std::fs::write(&bad, to_ron(&tampered)).unwrap();
    let out = strategos_bin().args(["replay", bad.to_str().unwrap(), "--verify"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("field `turn_hashes`") && err.contains("turn hash #2 differs"), "{err}");
}

#[test]
fn forced_dice_reproduce_a_table_situation() {
    let s = common::load_bundled("thucydide-first-clash");
    let mut replay = saved_game(14);
    replay.forced_dice = vec![6, 6, 6, 5, 5, 5, 1, 2, 3, 4];
    let a = play::<Thucydide>(&s, &Replay { turn_hashes: Vec::new(), ..replay.clone() });
    // The original commands may no longer be legal once the dice differ; either way it never panics
    // and the same forced replay gives the same result twice.
    let b = play::<Thucydide>(&s, &Replay { turn_hashes: Vec::new(), ..replay });
    assert_eq!(a.is_ok(), b.is_ok());
}

const FORMAT_1: &str = include_str!("replays/format-1-hydaspes.ron");

/// Runs `strategos replay --verify` on `text` written to `name`; success and what it said.
fn verify(text: &str, name: &str) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("strategos-replay-format-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let out = strategos_bin().args(["replay", "--verify"]).arg(&path).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stderr).to_string())
}

#[test]
fn a_replay_written_before_formats_existed_still_plays_and_says_its_hashes_are_not_compared() {
    let (ok, said) = verify(FORMAT_1, "format-1.ron");
    assert!(ok, "{said}");
    assert!(said.contains("format 1 played through") && said.contains("not compared"), "{said}");
    let tampered = FORMAT_1.replacen("hash: \"", "hash: \"f", 1);
    let (ok, said) = verify(&tampered, "format-1-other-hash.ron");
    assert!(ok, "a format-1 hash is not compared: {said}");
}

#[test]
fn a_replay_from_a_newer_format_is_refused_with_the_reason() {
    let next = FORMAT + 1;
    let newer = FORMAT_1.replacen("(\n", &format!("(\n    format: {next},\n"), 1);
    let (ok, said) = verify(&newer, &format!("format-{next}.ron"));
    assert!(!ok);
    let reason = format!("format-{next}.ron:3: field `format`: replay format {next} is newer than this build's ({FORMAT})");
    assert!(said.contains(&reason), "{said}");
}

#[test]
fn a_forced_face_the_die_cannot_show_is_refused_by_its_index() {
    let mut replay = saved_game(15);
    replay.forced_dice = vec![9];
    let (ok, said) = verify(&to_ron(&replay), "forced-9.ron");
    assert!(!ok);
    assert!(said.contains("field `forced_dice[0]`: forced face 9 cannot be shown by the die of 6 faces"), "{said}");
}

#[test]
fn a_replay_taken_over_at_a_middle_turn_plays_to_the_end_against_the_computer() {
    use strategos::ai::{Ai, Level};
    use strategos::sim::play_on;
    let s = common::load_bundled("thucydide-hydaspes");
    let game = play_game::<Thucydide>(&s, 31, |_| {}).unwrap().replay;
    let played = play::<Thucydide>(&s, &game).unwrap();
    // The commands that open a player-turn; the game is taken over where the middle one leaves it.
    let log = played.app.log();
    let (mut begin, mut starts) = (0, Vec::new());
    for (i, (_, end)) in log.commands.iter().enumerate() {
        if log.events[begin..*end].iter().any(|e| matches!(e, strategos::rules::thucydide::Event::TurnStarted { .. })) {
            starts.push(i + 1);
        }
        begin = *end;
    }
    let at = starts[starts.len() / 2];
    let head = Replay { commands: game.commands[..at].to_vec(), turn_hashes: Vec::new(), ..game.clone() };
    let taken = play::<Thucydide>(&s, &head).unwrap();
    let turn = taken.app.view().turn;
    assert!(turn > 1 && at < game.commands.len(), "taken over at turn {turn}, command {at}");
    let (mut person, mut computer) = (Ai::new(Level::Easy, 5), Ai::new(Level::Normal, 6));
    let ended = play_on::<Thucydide>(&s, game.seed, taken.app, [&mut person, &mut computer], |_| {}, |_, _| {}).unwrap();
    assert!(ended.replay.commands.len() > at && ended.replay.commands[..at] == game.commands[..at]);
    assert!(play::<Thucydide>(&s, &ended.replay).is_ok_and(|p| first_divergence(&ended.replay.turn_hashes, p.app.turn_hashes()).is_none()));
}

#[test]
fn an_illegal_command_is_named_with_the_files_own_coordinates() {
    let mut replay = saved_game(16);
    let hex = strategos::hex::Offset(0, 0).to_hex();
    replay.commands.insert(0, Command::Move { unit: strategos::battle::UnitId(1), to: hex, mode: strategos::rules::thucydide::state::MoveMode::Normal });
    replay.turn_hashes.clear();
    let (ok, said) = verify(&to_ron(&replay), "illegal.ron");
    assert!(!ok);
    assert!(said.contains("field `commands[0]`") && said.contains("to:(0,0)") && said.contains("not among the legal commands"), "{said}");
}
