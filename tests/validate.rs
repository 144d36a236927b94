//! `strategos validate`: good files pass, bad ones get file, line and field, never a panic.

use std::process::Command;

fn validate(text: &str, name: &str) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("strategos-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_strategos")).args(["validate", path.to_str().unwrap()]).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stderr).to_string())
}

const GOOD: &str = include_str!("../scenarios/thucydide-first-clash.ron");

#[test]
fn bundled_scenarios_validate() {
    for (name, text) in strategos::scenario::BUNDLED {
        let (ok, err) = validate(text, name);
        assert!(ok, "{name}: {err}");
    }
}

#[test]
fn unknown_profile_names_line_and_field() {
    let bad = GOOD.replace("profile: \"archers\"", "profile: \"archerz\"");
    let (ok, err) = validate(&bad, "bad-profile.ron");
    assert!(!ok);
    assert!(err.contains("bad-profile.ron:35: field `setup.units[4].profile`: unknown profile 'archerz'"), "{err}");
}

#[test]
fn an_error_inside_the_rulesets_part_names_the_files_own_line_and_column() {
    let bad = GOOD.replace("(id: 3, side: 0, profile: \"peltasts\", at: (2, 6))", "(id: 3, side: 0, profile: \"peltasts\", at: (2, 6), morale: 3)");
    let (ok, err) = validate(&bad, "bad-field.ron");
    assert!(!ok);
    assert!(err.contains("bad-field.ron:33:") && err.contains("morale"), "{err}");

    let bad = GOOD.replace("order_tokens: (1, 1),", "order_tokens: (1, x),");
    let (ok, err) = validate(&bad, "bad-tokens.ron");
    assert!(!ok);
    assert!(err.contains("bad-tokens.ron:29:"), "{err}");

    let bad = GOOD.replace("turns: 8,", "turns: 8,\n    weather: \"rain\",");
    let (ok, err) = validate(&bad, "bad-header.ron");
    assert!(!ok);
    assert!(err.contains("bad-header.ron:8:") && err.contains("weather"), "{err}");
}

#[test]
fn hexside_features_are_read_from_the_map_and_a_bad_one_is_named() {
    let with = |hexsides: &str| GOOD.replace("        ],\n    ),\n    sides:", &format!("        ],\n        hexsides: [\n{hexsides}        ],\n    ),\n    sides:"));
    let good = with("            (at: (3, 5), side: NE, feature: Hedge),\n            (at: (3, 5), side: N, feature: Wall),\n");
    assert_ne!(good, GOOD);
    let (ok, err) = validate(&good, "hexsides.ron");
    assert!(ok, "{err}");
    let scenario = strategos::scenario::parse(&good).unwrap();
    let map = scenario.build_map().unwrap();
    let hex = strategos::hex::Offset(3, 5).to_hex();
    let north = strategos::hex::Direction::N.step(hex);
    assert_eq!(map.hexsides.between(north, hex), Some(strategos::hex::Hexside::Wall), "the same edge from the other side");

    let (ok, err) = validate(&with("            (at: (3, 5), side: NE, feature: Hedge),\n            (at: (9, 0), side: N, feature: Wall),\n"), "off-map.ron");
    assert!(!ok);
    assert!(err.contains("field `map.hexsides[1].at`") && err.contains("not between two hexes of the map"), "{err}");
}

#[test]
fn named_regions_are_read_from_the_map_and_a_bad_one_is_named() {
    let with = |regions: &str| GOOD.replace("        ],\n    ),\n    sides:", &format!("        ],\n        regions: [\n{regions}        ],\n    ),\n    sides:"));
    let good = with("            (name: \"farm\", kind: Building(size: 2), hexes: [(6, 6)]),\n            (name: \"ford\", kind: Objective, hexes: [(3, 4), (4, 4)]),\n");
    let (ok, err) = validate(&good, "regions.ron");
    assert!(ok, "{err}");
    let map = strategos::scenario::parse(&good).unwrap().build_map().unwrap();
    assert_eq!(map.region("farm").map(|r| r.kind.clone()), Some(strategos::hex::RegionKind::Building { size: 2 }));
    assert_eq!(map.region("ford").map(|r| r.hexes.len()), Some(2));

    let (ok, err) = validate(&with("            (name: \"farm\", kind: Building(size: 2), hexes: [(6, 6)]),\n            (name: \"farm\", kind: Gate, hexes: [(6, 7)]),\n"), "twice.ron");
    assert!(!ok);
    assert!(err.contains("field `map.regions[1].name`") && err.contains("used twice"), "{err}");
}

#[test]
fn syntax_error_names_line_and_column() {
    let bad = GOOD.replace("turns: 8,", "turns: eight,");
    let (ok, err) = validate(&bad, "bad-syntax.ron");
    assert!(!ok);
    assert!(err.contains("bad-syntax.ron:7:12:"), "{err}");
}

#[test]
fn bad_terrain_and_overlaps_are_named() {
    let bad = GOOD.replace("\". f f . . . . .1 .1 .\"", "\". f q . . . . .1 .1 .\"");
    let (ok, err) = validate(&bad, "bad-terrain.ron");
    assert!(!ok);
    assert!(err.contains("field `map.rows[1]`") && err.contains("unknown ground letter 'q'"), "{err}");

    let bad = GOOD.replace("at: (4, 7)", "at: (3, 7)");
    let (ok, err) = validate(&bad, "overlap.ron");
    assert!(!ok);
    assert!(err.contains("field `setup.units[1].at`") && err.contains("already holds a unit"), "{err}");

    let bad = GOOD.replace("unit: 12)", "unit: 1)");
    let (ok, err) = validate(&bad, "leader.ron");
    assert!(!ok);
    assert!(err.contains("field `setup.leaders[1].unit`"), "{err}");
}

#[test]
fn missing_file_and_garbage_do_not_panic() {
    let out = Command::new(env!("CARGO_BIN_EXE_strategos")).args(["validate", "/nonexistent/x.ron"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/x.ron: cannot read"));
    let out = Command::new(env!("CARGO_BIN_EXE_strategos")).args(["validate", "/dev/zero"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("/dev/zero: cannot read: not a plain file"), "a device is not read");
    let fifo = std::env::temp_dir().join(format!("strategos-validate-fifo-{}", std::process::id()));
    let _ = std::fs::remove_file(&fifo);
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let out = Command::new("timeout").arg("20").arg(env!("CARGO_BIN_EXE_strategos")).arg("validate").arg(&fifo).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read: not a plain file"), "a named pipe is not opened (it would wait for a writer)");
    let (ok, err) = validate("Replay(scenario: \"nope\", ruleset: \"thucydide\", seed: 1, commands: [])", "r.ron");
    assert!(!ok && err.contains("field `scenario`"), "{err}");
    let (ok, _) = validate("\u{0}\u{1}garbage", "g.ron");
    assert!(!ok);
}

#[test]
fn a_replay_the_game_wrote_validates_and_an_unknown_ruleset_is_named() {
    let dir = std::env::temp_dir().join(format!("strategos-validate-written-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_strategos"))
        .args(["simulate", "--scenario", "thucydide-first-clash", "--games", "1", "--seed", "5", "--save"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let written = std::fs::read_to_string(dir.join("thucydide-first-clash-5.ron")).unwrap();
    let (ok, err) = validate(&written, "written.ron");
    assert!(ok, "{err}");
    let (ok, err) = validate(&written.replacen("\"thucydide\"", "\"thucydides\"", 1), "other-ruleset.ron");
    assert!(!ok);
    assert!(err.contains("other-ruleset.ron:4: field `ruleset`: unknown ruleset 'thucydides'; known: thucydide"), "{err}");
    let at = written.find("hash: \"").expect("a turn hash") + "hash: \"".len();
    let flipped = if &written[at..at + 1] == "0" { "1" } else { "0" };
    let tampered = format!("{}{flipped}{}", &written[..at], &written[at + 1..]);
    let (ok, err) = validate(&tampered, "tampered.ron");
    assert!(!ok, "a turn hash that does not match the game is refused");
    assert!(err.contains("tampered.ron") && err.contains("turn_hashes") && err.contains("turn hash #0 differs"), "{err}");
}

#[test]
fn a_game_simulated_from_a_scenario_file_replays_from_that_file() {
    let dir = std::env::temp_dir().join(format!("strategos-simulate-file-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("my-clash.ron");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/thucydide-first-clash.ron"), &scenario).unwrap();
    let exe = env!("CARGO_BIN_EXE_strategos");
    let out = Command::new(exe).args(["simulate", "--games", "1", "--seed", "5", "--scenario"]).arg(&scenario).arg("--save").arg(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let replay = dir.join("thucydide-first-clash-5.ron");
    let written = std::fs::read_to_string(&replay).unwrap();
    let absolute = std::fs::canonicalize(&scenario).unwrap();
    assert!(written.contains(&format!("scenario: \"{}\"", absolute.display())), "the replay names the file it was played on: {written}");
    let out = Command::new(exe).arg("replay").arg(&replay).arg("--verify").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn every_limit_on_a_file_is_refused_with_the_file_and_the_field() {
    let limits = |text: &str, name: &str, said: &str| {
        let (ok, err) = validate(text, name);
        assert!(!ok, "{name} is refused");
        assert!(err.contains(name) && err.contains(said), "{name}: {err}");
    };
    limits(&format!("{GOOD}//{}", "x".repeat(strategos::limits::FILE_BYTES)), "huge.ron", "larger than the 4194304 bytes");
    let setup = GOOD.find("setup:").unwrap();
    limits(&format!("{}setup: {}{},\n)", &GOOD[..setup], "[".repeat(40), "]".repeat(40)), "deep.ron", "brackets nest deeper than the 32 levels");
    let wide = format!("\"{}\",", vec!["."; 101].join(" "));
    limits(&GOOD.replacen("\". . . . . . . . . .\",", &wide, 1), "wide.ron", "field `map.rows`: the map is 101x10 hexes: at most 100 a side");
    limits(&GOOD.replace("turns: 8,", "turns: 201,"), "long.ron", "field `turns`: a battle lasts from 1 to 200 turns");
    let crowd: String = (100..601).map(|id| format!("            (id: {id}, side: 0, profile: \"hoplites\", at: (0, 0)),\n")).collect();
    limits(&GOOD.replacen("units: [\n", &format!("units: [\n{crowd}"), 1), "crowd.ron", "field `setup.units[500].id`: 511 units, more than the 500");

    let replay = |commands: usize, forced: usize| {
        let faces = vec!["1"; forced].join(", ");
        format!("Replay(format: 6, scenario: \"thucydide-first-clash\", ruleset: \"thucydide\", seed: 1, forced_dice: [{faces}],\ncommands: [\n{}],\n)", "EndPhase,\n".repeat(commands))
    };
    limits(&replay(100_001, 0), "endless.ron", "field `commands`: 100001 entries, more than the 100000 a replay may hold");
    limits(&replay(1, 10_001), "loaded.ron", "field `forced_dice`: 10001 entries, more than the 10000");

    let dir = std::env::temp_dir().join(format!("strategos-validate-{}", std::process::id()));
    let latin1 = dir.join("latin1.ron");
    std::fs::write(&latin1, b"Scenario(name: \"Caf\xe9\")").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_strategos")).arg("validate").arg(&latin1).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("latin1.ron: not UTF-8 text: byte 19"), "{err}");
}
