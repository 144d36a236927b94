//! Frame time of the board on the largest scenario of each ruleset with every unit on screen,
//! beside an empty Bevy 2D scene drawn by the same app in the same run. It runs the real window
//! under Xvfb, so on a machine without a GPU the figures are Mesa's software renderer's (llvmpipe).
//! `cargo bench` runs it; under `cargo test` it only says so (the render test already exercises
//! the window).

use std::process::Command;

const FRAMES: &str = "300";

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("frames: measured by `cargo bench --bench frames`");
        return;
    }
    let dir = std::env::temp_dir().join("strategos-frames");
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let report = dir.join("report.txt");
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_strategos"))
        .args(["play", "--frame-bench", FRAMES])
        .arg(&report)
        .env("XDG_RUNTIME_DIR", &dir)
        .env("STRATEGOS_SAVES", dir.join("saves"))
        .status()
        .expect("xvfb-run must be installed (see .ci/run)");
    assert!(status.success(), "the frame bench window failed: {status}");
    print!("{}", std::fs::read_to_string(&report).expect("the frame bench writes its report"));
}
