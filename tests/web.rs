//! The game in a browser: `tools/build-web.sh` makes the page, Python serves `dist/` on
//! localhost, Debian's headless Chromium (software WebGL) opens it through `tests/web/smoke.mjs`,
//! starts a scenario of each ruleset and takes a screenshot, then watches a replay of each that the
//! native build recorded; the page must log the same final state hashes as `strategos replay
//! --verify`. Needs the tools of
//! `tools/install-web-tools.sh` and the `chromium` package (`.ci/run` installs both).
#![cfg(feature = "gui")]

mod common;

use std::io::Read;
use std::net::{Ipv4Addr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// Where the install script put the tools: `$STRATEGOS_WEB_TOOLS`, else its default.
fn tools() -> PathBuf {
    std::env::var_os("STRATEGOS_WEB_TOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache/strategos/web-tools"))
}

fn target() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("web")
}

fn run(command: &mut Command, what: &str) -> String {
    let out = command.output().unwrap_or_else(|e| panic!("{what}: {e} (run tools/install-web-tools.sh first)"));
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{what} failed: {}\n{text}", out.status);
    text
}

/// Builds the page into `<target tmp>/web/dist` with `tools/build-web.sh`, which prints each
/// step's time and the `.wasm` sizes; an unchanged game is not rebuilt.
fn build_page() -> PathBuf {
    let dist = target().join("dist");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/build-web.sh");
    println!("{}", run(Command::new(&script).arg(&dist), "tools/build-web.sh"));
    dist
}

/// The scenarios the page starts and whose native games it replays: one of each ruleset.
const SCENARIOS: [&str; 5] = ["thucydide-first-clash", "swordpoint-hastings-skirmish", "black-powder-quatre-bras", "swidenth-border-patrol", "mass-battle-field"];

/// A game the native build plays and records, with the final state hash `replay --verify` gives.
fn native_replay(scenario: &str) -> (PathBuf, String) {
    let dir = target().join("native");
    let exe = env!("CARGO_BIN_EXE_strategos");
    run(
        Command::new(exe).args(["simulate", "--scenario", scenario, "--players", "ai-easy,ai-normal", "--games", "1", "--seed", "11", "--save"]).arg(&dir),
        "strategos simulate",
    );
    let file = dir.join(format!("{scenario}-11.ron"));
    let said = run(Command::new(exe).arg("replay").arg("--verify").arg(&file), "strategos replay --verify");
    let hash = said.lines().find_map(|l| l.split("final state hash ").nth(1)).expect("a final state hash").trim().to_string();
    (file, hash)
}

/// `python3 -m http.server` on a free port of the loopback; killed when dropped.
struct Server(Child, u16);

impl Server {
    fn start(dir: &Path) -> Server {
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).and_then(|l| l.local_addr()).expect("a free port").port();
        let child = Command::new("python3")
            .args(["-m", "http.server", &port.to_string(), "--bind", "127.0.0.1", "--directory"])
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3");
        for _ in 0..100 {
            if std::net::TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_ok() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        Server(child, port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_page_starts_a_battle_and_replays_a_native_game_to_the_same_hash() {
    let dist = build_page();
    let _ = std::fs::remove_dir_all(target().join("native"));
    let replays: Vec<(PathBuf, String)> = SCENARIOS.iter().map(|s| native_replay(s)).collect();
    let server = Server::start(&dist);
    let shots: Vec<PathBuf> = SCENARIOS.iter().map(|s| target().join(format!("web-{s}.png"))).collect();
    for shot in &shots {
        let _ = std::fs::remove_file(shot);
    }
    let mut browser = Command::new("timeout")
        // The page's layout check at two sizes takes about 7 of these minutes in software WebGL.
        .args(["1500", "node"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web/smoke.mjs"))
        .arg(format!("http://127.0.0.1:{}", server.1))
        .arg(target())
        .arg(SCENARIOS.join(","))
        .args(replays.iter().map(|(file, _)| file))
        .env("PLAYWRIGHT_CORE", tools().join("npm/node_modules/playwright-core"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node");
    let mut said = String::new();
    browser.stdout.take().expect("stdout").read_to_string(&mut said).expect("the browser's output");
    let mut errors = String::new();
    browser.stderr.take().expect("stderr").read_to_string(&mut errors).expect("the browser's errors");
    let status = browser.wait().expect("node ends");
    println!("{said}{errors}");
    assert!(status.success(), "the page failed in Chromium ({status}): see the console lines above");
    for shot in &shots {
        let colours = common::distinct_colours(shot);
        assert!(colours > 20, "{} looks blank ({colours} colours)", shot.display());
    }
    #[cfg(feature = "server")]
    join_by_link(&dist);
    for (file, native_hash) in &replays {
        let name = file.file_name().unwrap().to_string_lossy();
        let page_hash = said
            .lines()
            .filter_map(|l| l.strip_prefix(&format!("page {name}: ")))
            .find_map(|l| l.split("final state hash ").nth(1))
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("the page logged no final state hash for {name}"));
        assert_eq!(page_hash, native_hash, "the page's replay of {} drifted from the native build", file.display());
    }
}

/// The page served by `strategos serve` joins an online game by its link (`?join=INVITE`): the
/// game made here through a WebSocket client, the page opened on the link in Chromium, its battle
/// started, and the server then counts both sides taken. Screenshot `web-online-join.png`.
#[cfg(feature = "server")]
fn join_by_link(dist: &Path) {
    use futures_util::{SinkExt, StreamExt};
    use strategos::online::protocol::{Reply, Request};
    use tokio_tungstenite::tungstenite::Message;
    let db = target().join("online.db");
    let _ = std::fs::remove_file(&db);
    let mut serve = Command::new(env!("CARGO_BIN_EXE_strategos"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", &format!("sqlite://{}", db.display()), "--dist"])
        .arg(dist)
        .stdout(Stdio::piped())
        .spawn()
        .expect("strategos serve");
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(serve.stdout.take().expect("stdout")), &mut line).expect("the server says where it listens");
    let port: u16 = line.split("http://127.0.0.1:").nth(1).and_then(|r| r.split_whitespace().next()).and_then(|p| p.parse().ok()).unwrap_or_else(|| panic!("no port in {line:?}"));
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let ask = |request: Request| {
        runtime.block_on(async {
            let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/play")).await.expect("a WebSocket to the server");
            ws.send(Message::Text(serde_json::to_string(&request).expect("a request").into())).await.expect("sent");
            loop {
                if let Some(Ok(Message::Text(text))) = ws.next().await {
                    return serde_json::from_str::<Reply>(&text).expect("a reply");
                }
            }
        })
    };
    let Reply::Created { token, invite, .. } = ask(Request::Create { scenario: "thucydide-first-clash".into(), side: 0, upload: None }) else { panic!("created") };
    let shot = target().join("web-online-join.png");
    let _ = std::fs::remove_file(&shot);
    let out = Command::new("timeout")
        .args(["600", "node"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web/join.mjs"))
        .arg(format!("http://127.0.0.1:{port}/?join={invite}"))
        .arg(&shot)
        .env("PLAYWRIGHT_CORE", tools().join("npm/node_modules/playwright-core"))
        .output()
        .expect("node");
    let said = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    println!("{said}");
    let games = ask(Request::MyGames { tokens: vec![token] });
    let _ = serve.kill();
    let _ = serve.wait();
    assert!(out.status.success(), "the page did not join by its link: see the console lines above");
    assert!(said.contains("joined: ") && said.contains("thucydide-first-clash"), "{said}");
    assert!(common::distinct_colours(&shot) > 20, "{} looks blank", shot.display());
    let Reply::Games { games } = games else { panic!("my games: {games:?}") };
    assert!(games.len() == 1 && games[0].joined, "the page took the other side: {games:?}");
}
