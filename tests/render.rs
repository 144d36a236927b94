//! The real window, without a physical display: the app runs under Xvfb (Mesa's software Vulkan),
//! a script takes it from the menu into a battle, selects a unit, hovers a target and attacks, opens
//! the saved game in the replay viewer and shows the hotseat hand-off, and
//! each step's screenshot must exist and show something (`<target>/screenshots/*.png`).
#![cfg(feature = "gui")]

mod common;

use common::distinct_colours as colours;
use std::path::{Path, PathBuf};
use std::process::Command;

const SHOTS: [&str; 8] = [
    "01-menu.png",
    "02-battle.png",
    "03-selected.png",
    "04-target.png",
    "05-combat.png",
    "06-after.png",
    "07-replay.png",
    "08-handoff.png",
];

fn screenshots_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots")
}

#[test]
fn the_window_goes_from_menu_to_an_attack_and_every_screenshot_shows_it() {
    let dir = screenshots_dir();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let runtime = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xdg-runtime");
    std::fs::create_dir_all(&runtime).unwrap();
    let saves = Path::new(env!("CARGO_TARGET_TMPDIR")).join("render-saves");
    let status = Command::new("timeout")
        .args(["600", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_strategos"))
        .args(["play", "--autopilot"])
        .arg(&dir)
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
}
