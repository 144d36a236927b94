//! The real window, without a physical display: the app runs under Xvfb (Mesa's software Vulkan),
//! a script takes it from the menu into a battle, selects a unit, hovers a target and attacks, is
//! asked before ending a phase, opens the help, takes a decision, plays the battle out to its victory
//! window, opens the saved game in the replay viewer and shows the hotseat hand-off, and each step's
//! screenshot must exist and show something (`<target>/screenshots/*.png`; the largest scenario's in
//! `<target>/screenshots-hydaspes/`, Swordpoint's in `<target>/screenshots-swordpoint/`, Black Powder's in
//! `<target>/screenshots-black-powder/`, Swidenth's in `<target>/screenshots-swidenth/`, the mass battle's in
//! `<target>/screenshots-mass-battle/`). The default scenario's computer plays at the strong level, whose
//! choices the window makes on its task pool, and its menu shows the thinking time's slider.
#![cfg(feature = "gui")]

mod common;

use common::distinct_colours as colours;
use std::path::{Path, PathBuf};
use std::process::Command;

const SHOTS: [&str; 12] = [
    "01-menu.png",
    "02-battle.png",
    "03-selected.png",
    "04-target.png",
    "05-combat.png",
    "06-after.png",
    "07-replay.png",
    "08-handoff.png",
    "09-decision.png",
    "10-end-phase.png",
    "11-help.png",
    "12-victory.png",
];

fn screenshots_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots")
}

#[test]
fn the_window_goes_from_menu_to_an_attack_and_every_screenshot_shows_it() {
    script(None, &screenshots_dir(), &["--level", "strong:20"]);
}

/// The largest bundled scenario, fitted to the window, through the same script: its counters are
/// drawn compact (symbol and numbers, no name), and every step still shows.
#[test]
fn the_largest_scenario_goes_through_the_same_script() {
    script(Some("thucydide-hydaspes"), &Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots-hydaspes"), &[]);
}

/// The second ruleset through the same script: its sheets, charges, combats and victory window.
#[test]
fn swordpoint_goes_through_the_same_script() {
    script(Some("swordpoint-hastings-skirmish"), &Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots-swordpoint"), &[]);
}

/// The third ruleset through the same script: orders, charges and their answers, shooting, melee.
#[test]
fn black_powder_goes_through_the_same_script() {
    script(Some("black-powder-quatre-bras"), &Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots-black-powder"), &[]);
}

/// The fourth ruleset through the same script: a leader's phase and its bubble, figures' actions,
/// a combat's opposed d20s and the push back it may give.
#[test]
fn swidenth_goes_through_the_same_script() {
    script(Some("swidenth-border-patrol"), &Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots-swidenth"), &[]);
}

/// The fifth ruleset through the same script: orders given unit by unit and sealed, the
/// expected damage of an order, the rally attempts of the morale phase, and the curtain between
/// two players' envelopes.
#[test]
fn mass_battle_goes_through_the_same_script() {
    script(Some("mass-battle-siege"), &Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots-mass-battle"), &[]);
}

/// Runs the scripted window on `scenario` (the default one if none), saving its screenshots in
/// `dir`, with more of `play`'s options, and checks them.
fn script(scenario: Option<&str>, dir: &Path, options: &[&str]) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let tag = scenario.unwrap_or("default");
    let runtime = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("xdg-runtime-{tag}"));
    std::fs::create_dir_all(&runtime).unwrap();
    let saves = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("render-saves-{tag}"));
    let status = Command::new("timeout")
        .args(["600", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_strategos"))
        .args(["play", "--autopilot"])
        .arg(dir)
        .args(scenario.map(|s| ["--scenario", s]).into_iter().flatten())
        .args(options)
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("STRATEGOS_SAVES", &saves)
        .status()
        .expect("xvfb-run and timeout must be installed (.ci/run installs xvfb and mesa-vulkan-drivers)");
    assert!(status.success(), "the scripted window run failed: {status}");
    for name in SHOTS {
        let path = dir.join(name);
        assert!(path.exists(), "missing screenshot {}", path.display());
        let n = colours(&path);
        assert!(n > 20, "{} looks blank ({n} colours)", path.display());
    }
    // A decision's buttons keep their place whether the pointer is off the board or over the
    // combat's hexes (whose cards fill the panel).
    let places = std::fs::read_to_string(dir.join("decision-places.txt")).expect("the script notes where the decision's buttons were");
    let places: Vec<&str> = places.lines().collect();
    assert_eq!(places.len(), 2, "{places:?}");
    assert!(places[0].starts_with("Some"), "a decision's button was drawn: {places:?}");
    assert_eq!(places[0], places[1], "the decision's first button moved when the pointer moved");
}

/// Every control of the menu and of a battle's top bar lies inside the window, for every bundled
/// battle, at a laptop's size and at 1024x768, and "Start the battle" stays put when hotseat is
/// chosen; a screenshot of each menu and battle at each size
/// (`<target>/screenshots-layout-WxH/`).
#[test]
fn every_control_lies_inside_the_window_at_1024x768_and_1280x800() {
    let ids: Vec<String> = strategos::scenario::all_bundled().map(|s| s.id).collect();
    for (w, h) in [(1024, 768), (1280, 800)] {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("../screenshots-layout-{w}x{h}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let runtime = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("xdg-runtime-layout-{w}"));
        std::fs::create_dir_all(&runtime).unwrap();
        let status = Command::new("timeout")
            .args(["600", "xvfb-run", "-a", "-s", &format!("-screen 0 {w}x{h}x24")])
            .arg(env!("CARGO_BIN_EXE_strategos"))
            .args(["play", "--layout-check", "--size", &format!("{w}x{h}"), "--autopilot"])
            .arg(&dir)
            .env("XDG_RUNTIME_DIR", &runtime)
            .env("STRATEGOS_SAVES", Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("layout-saves-{w}")))
            .status()
            .expect("xvfb-run and timeout must be installed");
        let report = std::fs::read_to_string(dir.join("layout.txt")).unwrap_or_default();
        assert!(status.success(), "{w}x{h}: the layout check failed ({status}):\n{report}");
        assert!(report.contains(&format!("{} battles checked", ids.len())), "{w}x{h}: {report}");
        for id in &ids {
            for screen in ["menu", "battle"] {
                let path = dir.join(format!("{screen}-{id}.png"));
                assert!(path.exists() && colours(&path) > 20, "{w}x{h}: {} is missing or blank", path.display());
            }
        }
    }
}

/// A window at rest (the menu, nothing moving) costs almost no processor time.
#[test]
fn an_idle_window_draws_nothing() {
    let runtime = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xdg-runtime-idle");
    std::fs::create_dir_all(&runtime).unwrap();
    let mut child = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_strategos"))
        .arg("play")
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("STRATEGOS_SAVES", Path::new(env!("CARGO_TARGET_TMPDIR")).join("idle-saves"))
        .spawn()
        .expect("xvfb-run must be installed");
    // Wait for the game's own process under xvfb-run, then for its window to settle.
    let game = (0..100).find_map(|_| {
        std::thread::sleep(std::time::Duration::from_millis(200));
        game_process(child.id())
    });
    let game = game.expect("the game started under xvfb-run");
    std::thread::sleep(std::time::Duration::from_secs(6));
    let before = cpu_ticks(game);
    std::thread::sleep(std::time::Duration::from_secs(5));
    let spent = cpu_ticks(game).saturating_sub(before);
    let _ = Command::new("kill").arg(game.to_string()).status();
    let _ = child.wait();
    // Clock ticks are hundredths of a second: a window drawing every frame spends about 500 here.
    assert!(spent < 60, "the idle menu used {spent} hundredths of a second of processor time in 5 s");
}

/// The `strategos` process below `parent` (xvfb-run starts it through a shell).
fn game_process(parent: u32) -> Option<u32> {
    let children = std::fs::read_to_string(format!("/proc/{parent}/task/{parent}/children")).ok()?;
    children.split_whitespace().filter_map(|c| c.parse::<u32>().ok()).find_map(|c| {
        let name = std::fs::read_to_string(format!("/proc/{c}/comm")).unwrap_or_default();
        if name.trim() == "strategos" { Some(c) } else { game_process(c) }
    })
}

/// User and system time of a process so far, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces) start at the last ')'.
    let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
    let field = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    // utime and stime are the 14th and 15th fields, the 12th and 13th after the name.
    field(11) + field(12)
}

/// The battle editor's script, for each ruleset: from the menu's "New battle" window it draws a
/// field (a wood, a river and a road across it, a hill, a building, a hedge), places a second unit a
/// side (one of a profile of the battle's own army list), outlines a building and an objective,
/// faces a unit, saves the battle among one's battles, plays it hotseat and comes back to the
/// editor (`<target>/screenshots-editor-RULESET/`). The battle saved validates and plays computer
/// against computer to its end.
#[test]
fn the_editor_draws_a_battle_of_each_ruleset_that_validates_and_plays() {
    const EDITOR_SHOTS: [&str; 9] = ["editor-01-new-battle.png", "editor-02-new.png", "editor-03-field.png", "editor-04-unit.png", "editor-05-saved.png", "editor-06-play.png", "editor-07-back.png", "editor-08-save-as.png", "editor-09-rules.png"];
    for ruleset in strategos::rules::registry::NAMES {
        let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let dir = tmp.join(format!("../screenshots-editor-{ruleset}"));
        let battles = tmp.join(format!("editor-battles-{ruleset}"));
        for d in [&dir, &battles] {
            let _ = std::fs::remove_dir_all(d);
            std::fs::create_dir_all(d).unwrap();
        }
        let runtime = tmp.join(format!("xdg-runtime-editor-{ruleset}"));
        std::fs::create_dir_all(&runtime).unwrap();
        let status = Command::new("timeout")
            .args(["600", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24"])
            .arg(env!("CARGO_BIN_EXE_strategos"))
            .args(["play", "--autopilot"])
            .arg(&dir)
            .args(["--edit", ruleset])
            .env("XDG_RUNTIME_DIR", &runtime)
            .env("STRATEGOS_BATTLES", &battles)
            .env("STRATEGOS_SAVES", tmp.join(format!("editor-saves-{ruleset}")))
            .status()
            .expect("xvfb-run and timeout must be installed");
        let failed = std::fs::read_to_string(dir.join("failed.txt")).unwrap_or_default();
        assert!(status.success(), "{ruleset}: the editor's script failed ({status}): {failed}");
        for name in EDITOR_SHOTS {
            let path = dir.join(name);
            assert!(path.exists() && colours(&path) > 20, "{ruleset}: {} is missing or blank", path.display());
        }
        let saved = battles.join(std::fs::read_to_string(dir.join("saved.txt")).expect("the script names the file it saved"));
        let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_strategos")).args(args).arg(&saved).output().expect("strategos runs");
        let validated = run(&["validate"]);
        assert!(validated.status.success(), "{ruleset}: {}", String::from_utf8_lossy(&validated.stderr));
        let played = Command::new(env!("CARGO_BIN_EXE_strategos")).args(["simulate", "--players", "ai-easy,ai-easy", "--games", "1", "--scenario"]).arg(&saved).output().expect("strategos runs");
        let said = String::from_utf8_lossy(&played.stdout);
        assert!(played.status.success() && said.contains("average turns"), "{ruleset}: {said}{}", String::from_utf8_lossy(&played.stderr));
        let text = std::fs::read_to_string(&saved).unwrap();
        let own = saved.with_file_name(format!("{}-army.ron", saved.file_stem().unwrap().to_string_lossy()));
        let list = std::fs::read_to_string(&own).unwrap_or_else(|e| panic!("{ruleset}: the battle's own list {}: {e}", own.display()));
        assert!(list.contains("(mine)") && text.contains("(mine)"), "{ruleset}: a unit of the battle's own profile:\n{list}\n{text}");
        assert!(list.contains(": \"Mine\""), "{ruleset}: the own profile's text changed in its form:\n{list}");
        assert!(text.contains("at: (6, 8)") && !text.contains("at: (5, 8)"), "{ruleset}: the unit placed at (5, 8) dragged to (6, 8):\n{text}");
        // Saved as a file elsewhere, with its own list beside it: the same battle.
        let elsewhere = dir.join("elsewhere").join(saved.file_name().unwrap());
        let validated = Command::new(env!("CARGO_BIN_EXE_strategos")).arg("validate").arg(&elsewhere).output().expect("strategos runs");
        assert!(validated.status.success(), "{ruleset}: saved as {}: {}", elsewhere.display(), String::from_utf8_lossy(&validated.stderr));
        assert_eq!(std::fs::read_to_string(&elsewhere).unwrap(), text, "{ruleset}: saved as elsewhere, the same battle");
        assert!(text.contains("w=") && text.contains("Hedge") && text.contains("b ") && text.contains("Building(size: 4)") && text.contains("Objective"), "{ruleset}: the river's bridge, the hedge, the building and the regions are in the file:\n{text}");
    }
}
