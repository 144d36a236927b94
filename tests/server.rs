//! The referee server over the loopback, with a real WebSocket client, on a real SQLite file and
//! on the real PostgreSQL server the test script starts (`$STRATEGOS_TEST_POSTGRES`): two clients
//! play whole games through `strategos serve` and end on the hash of the replay the server hands
//! both, which `strategos replay --verify` confirms; the server killed (SIGKILL) and started again
//! mid-game resumes it from its database while the clients reconnect; two servers on one
//! PostgreSQL play a game with a player on each; hostile requests are refused with a message and
//! the game plays on.
#![cfg(feature = "server")]

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use strategos::battle::{Ruleset, Side};
use strategos::rules::thucydide::Thucydide;
use strategos::online::protocol::{Reply, Request, Upload};
use strategos::online::table::{PlayerCopy, copy};
use strategos::sim::RandomPlayer;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("server").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The databases a test runs on: a SQLite file in `dir`, and the test script's PostgreSQL.
fn databases(dir: &Path) -> Vec<String> {
    let mut out = vec![format!("sqlite://{}", dir.join("games.db").display())];
    match std::env::var("STRATEGOS_TEST_POSTGRES") {
        Ok(url) => out.push(url),
        Err(_) => eprintln!("STRATEGOS_TEST_POSTGRES is not set: SQLite only (tools/test.sh starts a PostgreSQL server)"),
    }
    out
}

/// `strategos serve` on a port of the loopback (0: a free one) and database `db`; killed when
/// dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(db: &str, port: u16) -> Server {
        Server::start_with(db, port, &[])
    }

    /// With more of `serve`'s options.
    fn start_with(db: &str, port: u16, options: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_strategos"))
            .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db", db, "--dist", "no-page-here"])
            .args(options)
            .stdout(Stdio::piped())
            .spawn()
            .expect("strategos serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("the server says where it listens");
        let port = line.split("http://127.0.0.1:").nth(1).and_then(|rest| rest.split_whitespace().next()).and_then(|p| p.parse().ok()).unwrap_or_else(|| panic!("no port in {line:?}"));
        Server { child, port }
    }

    fn kill(&mut self) {
        // SIGKILL: nothing of the server's gets to run.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    async fn connect(port: u16) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/play")).await.expect("a WebSocket to the server");
        Client { ws }
    }

    async fn send(&mut self, request: &Request) {
        self.send_text(&serde_json::to_string(request).expect("a request serialises")).await;
    }

    async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.expect("sent");
    }

    /// The next reply, or `None` once the server closed the connection.
    async fn next(&mut self) -> Option<Reply> {
        loop {
            let message = tokio::time::timeout(std::time::Duration::from_secs(60), self.ws.next()).await.expect("the server answers within a minute");
            match message {
                Some(Ok(Message::Text(text))) => return Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    async fn reply(&mut self) -> Reply {
        self.next().await.expect("a reply")
    }
}

/// One side at the table: its connection, token and copy of the game.
struct Seat {
    client: Client,
    token: String,
    copy: Box<dyn PlayerCopy>,
    replay: Option<String>,
}

impl Seat {
    /// Follows its side, reading what the server sends first.
    async fn open(port: u16, token: String, scenario: &str, side: Side) -> Seat {
        Seat::open_battle(port, token, &strategos::scenario::find_bundled(scenario).expect("bundled"), side).await.0
    }

    /// Follows its side of a game of `battle`, and the battle the server handed with it.
    async fn open_battle(port: u16, token: String, battle: &strategos::scenario::Scenario, side: Side) -> (Seat, Option<Upload>) {
        let mut client = Client::connect(port).await;
        client.send(&Request::Open { token: token.clone() }).await;
        let Reply::Opened { upload, .. } = client.reply().await else { panic!("opened") };
        let mut seat = Seat { client, token, copy: copy(battle, side).expect("a copy"), replay: None };
        seat.take_delivery().await;
        (seat, upload)
    }

    /// Reads replies until a delivery, which the copy takes in (an end's replay is kept).
    async fn take_delivery(&mut self) {
        loop {
            match self.client.reply().await {
                Reply::Delivery { delivery, .. } => {
                    self.copy.receive(delivery).unwrap_or_else(|e| panic!("{e}"));
                    return;
                }
                Reply::Ended { replay, .. } => self.replay = Some(replay),
                other => panic!("expected a delivery: {other:?}"),
            }
        }
    }
}

/// A new game of `scenario` made on the server at `ports[0]` and joined at `ports[1]`: both
/// seats taken and following, each on its own server.
async fn new_game(ports: [u16; 2], scenario: &str) -> [Seat; 2] {
    let mut creator = Client::connect(ports[0]).await;
    creator.send(&Request::Create { scenario: scenario.into(), side: 0, upload: None }).await;
    let Reply::Created { token, invite, side: 0, .. } = creator.reply().await else { panic!("created") };
    let mut joiner = Client::connect(ports[1]).await;
    joiner.send(&Request::Join { invite }).await;
    let Reply::Joined { token: other, side: 1, .. } = joiner.reply().await else { panic!("joined") };
    [Seat::open(ports[0], token, scenario, Side(0)).await, Seat::open(ports[1], other, scenario, Side(1)).await]
}

/// Plays `moves` commands (or to the end), each side drawing among its copy's choices.
async fn play(seats: &mut [Seat; 2], players: &mut [RandomPlayer; 2], moves: usize) -> bool {
    for _ in 0..moves {
        let Some(side) = seats[0].copy.waiting_for() else { return true };
        let seat = &mut seats[side.index()];
        let command = players[side.index()].choose(&seat.copy.random_choices()).expect("a command offered");
        let request = Request::Command { token: seat.token.clone(), number: seat.copy.next_entry(), command };
        seat.client.send(&request).await;
        for s in seats.iter_mut() {
            s.take_delivery().await;
        }
    }
    seats[0].copy.waiting_for().is_none()
}

/// The final state hash `strategos replay --verify` gives of `replay`.
fn verified_hash(replay: &str, dir: &Path) -> String {
    let file = dir.join("game.ron");
    std::fs::write(&file, replay).expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_strategos")).args(["replay", "--verify"]).arg(&file).output().expect("strategos replay");
    let said = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    said.lines().find_map(|l| l.split("final state hash ").nth(1)).expect("a final hash").split_whitespace().next().expect("a hash").to_string()
}

/// A whole game of `scenario` through the server on database `db`, killed and started again every
/// `kill_every` commands (never, for 0).
async fn whole_game(db: &str, dir: &Path, scenario: &str, seed: u64, kill_every: usize) {
    let mut server = Server::start(db, 0);
    let port = server.port;
    let mut seats = new_game([port, port], scenario).await;
    let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed + 1)];
    let chunk = if kill_every == 0 { usize::MAX } else { kill_every };
    while !play(&mut seats, &mut players, chunk).await {
        server.kill();
        server = Server::start(db, port);
        let tokens = [seats[0].token.clone(), seats[1].token.clone()];
        let old = [seats[0].copy.hash(), seats[1].copy.hash()];
        seats = [Seat::open(port, tokens[0].clone(), scenario, Side(0)).await, Seat::open(port, tokens[1].clone(), scenario, Side(1)).await];
        assert_eq!([seats[0].copy.hash(), seats[1].copy.hash()], old, "every command told was kept");
    }
    ended_alike(&mut seats, dir).await;
}

/// Both sides get the same replay at the end, which verifies to the hash their copies reached.
async fn ended_alike(seats: &mut [Seat; 2], dir: &Path) {
    for seat in seats.iter_mut() {
        if seat.replay.is_none() {
            let Some(Reply::Ended { replay, .. }) = seat.client.next().await else { panic!("the replay at the end") };
            seat.replay = Some(replay);
        }
    }
    assert_eq!(seats[0].replay, seats[1].replay, "both sides get the same replay");
    let hash = verified_hash(seats[0].replay.as_deref().expect("a replay"), dir);
    for seat in seats.iter() {
        assert_eq!(seat.copy.hash(), hash, "a side's copy ends on the replay's hash");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_a_whole_game_of_each_ruleset_through_the_server() {
    let dir = scratch("whole");
    for db in databases(&dir) {
        for (scenario, seed) in [("thucydide-first-clash", 1), ("swordpoint-hastings-skirmish", 2), ("black-powder-quatre-bras", 3), ("swidenth-border-patrol", 4), ("mass-battle-field", 5)] {
            whole_game(&db, &dir, scenario, seed, 0).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_mid_game_resumes_it_from_its_database() {
    let dir = scratch("killed");
    for db in databases(&dir) {
        whole_game(&db, &dir, "swordpoint-hastings-skirmish", 7, 13).await;
        whole_game(&db, &dir, "mass-battle-field", 8, 17).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgresql_play_a_game_with_a_player_on_each() {
    let Ok(db) = std::env::var("STRATEGOS_TEST_POSTGRES") else {
        eprintln!("STRATEGOS_TEST_POSTGRES is not set: no PostgreSQL to share (tools/test.sh starts one)");
        return;
    };
    let dir = scratch("two-servers");
    let servers = [Server::start(&db, 0), Server::start(&db, 0)];
    for (scenario, seed) in [("swordpoint-hastings-skirmish", 9), ("mass-battle-field", 10)] {
        let mut seats = new_game([servers[0].port, servers[1].port], scenario).await;
        let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed + 1)];
        assert!(play(&mut seats, &mut players, usize::MAX).await);
        ended_alike(&mut seats, &dir).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_requests_are_refused_and_the_game_plays_on() {
    let dir = scratch("hostile");
    let server = Server::start(&databases(&dir)[0], 0);
    let mut seats = new_game([server.port, server.port], "thucydide-first-clash").await;
    let refused = |reply: Option<Reply>| match reply {
        Some(Reply::Refused { message }) => message,
        other => panic!("refused: {other:?}"),
    };
    let side = seats[0].copy.waiting_for().expect("the battle waits");
    let (mine, theirs) = (side.index(), 1 - side.index());
    let command = seats[mine].copy.legal()[0].clone();
    let number = seats[mine].copy.next_entry();
    let attempts: [(usize, Request, &str); 5] = [
        (mine, Request::Command { token: "0123".into(), number, command: command.clone() }, "holds no side"),
        (theirs, Request::Command { token: seats[theirs].token.clone(), number, command: command.clone() }, "not your side's decision"),
        (mine, Request::Command { token: seats[mine].token.clone(), number: number + 5, command: command.clone() }, "is not the next one"),
        (mine, Request::Command { token: seats[mine].token.clone(), number, command: Value::String("Fly".into()) }, "not a command of this battle's rules"),
        (mine, Request::Join { invite: "nope".into() }, "no game has the invite"),
    ];
    for (seat, request, says) in attempts {
        seats[seat].client.send(&request).await;
        let message = refused(seats[seat].client.next().await);
        assert!(message.contains(says), "{request:?}: {message}");
    }
    seats[mine].client.send_text("{\"ask\": \"nothing\"").await;
    assert!(refused(seats[mine].client.next().await).contains("not a request"));
    // The game plays on after all of them.
    let mut players = [RandomPlayer::new(1), RandomPlayer::new(2)];
    play(&mut seats, &mut players, 5).await;
    // A frame larger than the limit closes that connection; a flood of refused requests too.
    let mut big = Client::connect(server.port).await;
    big.send_text(&"x".repeat(strategos::online::protocol::FRAME_BYTES + 1)).await;
    assert!(!matches!(big.next().await, Some(Reply::Delivery { .. })));
    let mut flood = Client::connect(server.port).await;
    for _ in 0..25 {
        flood.send(&Request::Open { token: "bad".into() }).await;
    }
    let mut said = Vec::new();
    while let Some(reply) = flood.next().await {
        said.push(refused(Some(reply)));
    }
    assert!(said.last().is_some_and(|m| m.contains("the connection is closed")), "{said:?}");
    play(&mut seats, &mut players, 5).await;
    // An address makes only so many games an hour, whatever its connections.
    let bounded = Server::start_with(&format!("sqlite://{}", dir.join("bounded.db").display()), 0, &["--games-an-hour", "2"]);
    for n in 0..3 {
        let mut maker = Client::connect(bounded.port).await;
        maker.send(&Request::Create { scenario: "thucydide-first-clash".into(), side: 0, upload: None }).await;
        match maker.reply().await {
            Reply::Created { .. } => assert!(n < 2, "a third game made"),
            Reply::Refused { message } => assert!(n == 2 && message.contains("games made from this address in the last hour"), "{message}"),
            other => panic!("{other:?}"),
        }
    }
    // The database keeps no token, only its hash: a copy of the file acts for no side.
    for file in ["games.db", "games.db-wal"] {
        let bytes = std::fs::read(dir.join(file)).unwrap_or_default();
        for seat in &seats {
            assert!(!bytes.windows(seat.token.len()).any(|w| w == seat.token.as_bytes()), "{file} holds a token");
        }
    }
}

/// The window plays online: under Xvfb, `strategos play --server URL --join INVITE` joins the
/// game this test made and plays its side as a person would (the commands the server offers, sent
/// through the person's inbox, shown on the board, which must be the side's copy of the game),
/// while this client plays the other side. Both end on the replay's hash, and the window saved
/// the same replay. In Thucydide the maker plays a whole turn before the window joins, which then
/// opens a game under way; in the mass battle the window's copy lacks the other side's sealed
/// orders until they are revealed. Screenshots in `<target>/screenshots-online-<scenario>/`: the
/// lobby, the battle and its end.
#[cfg(feature = "gui")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_window_joins_by_invite_and_plays_whole_games_through_the_server() {
    window_game("thucydide-first-clash", true).await;
    window_game("mass-battle-field", false).await;
}

/// Kills the window when the test fails before it ends.
#[cfg(feature = "gui")]
struct Window(Option<Child>);

#[cfg(feature = "gui")]
impl Drop for Window {
    fn drop(&mut self) {
        if let Some(child) = &mut self.0 {
            let _ = child.kill();
        }
    }
}

#[cfg(feature = "gui")]
async fn window_game(scenario: &str, moves_first: bool) {
    let dir = scratch(&format!("window-{scenario}"));
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("../screenshots-online-{scenario}"));
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).expect("a screenshots folder");
    let runtime = dir.join("xdg-runtime");
    std::fs::create_dir_all(&runtime).expect("a runtime folder");
    let saves = dir.join("saves");
    let server = Server::start(&format!("sqlite://{}", dir.join("games.db").display()), 0);
    let mut creator = Client::connect(server.port).await;
    creator.send(&Request::Create { scenario: scenario.into(), side: 0, upload: None }).await;
    let Reply::Created { token, invite, side: 0, .. } = creator.reply().await else { panic!("created") };
    let mut seat = Seat::open(server.port, token, scenario, Side(0)).await;
    let mut player = RandomPlayer::new(5);
    let mut turn = async |seat: &mut Seat| {
        let command = player.choose(&seat.copy.random_choices()).expect("a command offered");
        seat.client.send(&Request::Command { token: seat.token.clone(), number: seat.copy.next_entry(), command }).await;
        seat.take_delivery().await;
    };
    while moves_first && seat.copy.waiting_for() == Some(Side(0)) {
        turn(&mut seat).await;
    }
    let mut window = Window(Some(
        Command::new("timeout")
            .args(["600", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24"])
            .arg(env!("CARGO_BIN_EXE_strategos"))
            .args(["play", "--server", &format!("ws://127.0.0.1:{}/play", server.port), "--join", &invite, "--autopilot"])
            .arg(&shots)
            .env("XDG_RUNTIME_DIR", &runtime)
            .env("STRATEGOS_SAVES", &saves)
            .spawn()
            .expect("xvfb-run and timeout must be installed (.ci/run installs xvfb and mesa-vulkan-drivers)"),
    ));
    while let Some(side) = seat.copy.waiting_for() {
        if side == Side(0) {
            turn(&mut seat).await;
        } else {
            // The window's commands come as they are played.
            seat.take_delivery().await;
        }
    }
    if seat.replay.is_none() {
        let Some(Reply::Ended { replay, .. }) = seat.client.next().await else { panic!("the replay at the end") };
        seat.replay = Some(replay);
    }
    let replay = seat.replay.clone().expect("a replay");
    assert_eq!(seat.copy.hash(), verified_hash(&replay, &dir), "this side's copy ends on the replay's hash");
    let child = window.0.take().expect("the window");
    let status = tokio::task::spawn_blocking(move || {
        let mut child = child;
        child.wait()
    })
    .await
    .expect("joined")
    .expect("the window ran");
    assert!(status.success(), "the window's online game of {scenario} failed: {status}");
    let kept = std::fs::read_dir(&saves).expect("the window's saves").filter_map(Result::ok).find(|e| e.file_name().to_string_lossy().starts_with("online-")).expect("the window saved the game's replay");
    assert_eq!(std::fs::read_to_string(kept.path()).expect("read"), replay, "the window saved the replay the server handed over");
    for name in ["online-lobby.png", "online-battle.png", "online-end.png"] {
        assert!(shots.join(name).exists(), "missing screenshot {name} of {scenario}");
    }
}

/// A battle of one's own sent with a new game is read with the limits and checks of `validate`,
/// handed to the other player with the game, and played to its end; a broken one is refused with
/// its line and field, and one that names another id than the game's too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_uploaded_battle_is_played_and_a_broken_one_refused() {
    let dir = scratch("upload");
    let server = Server::start(&format!("sqlite://{}", dir.join("games.db").display()), 0);
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/thucydide-first-clash.ron")).expect("a bundled battle's file");
    let upload = Upload { battle: text.replacen("\"thucydide-first-clash\"", "\"my-ford\"", 1), lists: Vec::new() };
    let battle = strategos::battles::from_upload(&upload).expect("the battle reads");
    assert_eq!(battle.id, "my-ford");
    let mut maker = Client::connect(server.port).await;
    for (id, broken, says) in [
        ("my-ford", upload.battle.replacen("turns:", "turnz:", 1), "turnz"),
        ("not-my-ford", upload.battle.clone(), "not 'not-my-ford'"),
    ] {
        maker.send(&Request::Create { scenario: id.into(), side: 0, upload: Some(Upload { battle: broken, lists: Vec::new() }) }).await;
        match maker.reply().await {
            Reply::Refused { message } => assert!(message.contains(says), "{message}"),
            other => panic!("a broken battle accepted: {other:?}"),
        }
    }
    maker.send(&Request::Create { scenario: "my-ford".into(), side: 0, upload: Some(upload.clone()) }).await;
    let Reply::Created { token, invite, .. } = maker.reply().await else { panic!("created") };
    let mut joiner = Client::connect(server.port).await;
    joiner.send(&Request::Join { invite }).await;
    let Reply::Joined { token: other, .. } = joiner.reply().await else { panic!("joined") };
    let (first, _) = Seat::open_battle(server.port, token, &battle, Side(0)).await;
    let (second, handed) = Seat::open_battle(server.port, other, &battle, Side(1)).await;
    assert_eq!(handed.as_ref(), Some(&upload), "the other player is handed the battle");
    let mut seats = [first, second];
    let mut players = [RandomPlayer::new(8), RandomPlayer::new(9)];
    assert!(play(&mut seats, &mut players, usize::MAX).await, "the game ended");
    let mut last = String::new();
    for seat in &mut seats {
        let replay = match seat.replay.take() {
            Some(r) => r,
            None => match seat.client.next().await {
                Some(Reply::Ended { replay, .. }) => replay,
                other => panic!("the replay at the end: {other:?}"),
            },
        };
        assert!(replay.contains("my-ford"), "the replay names the battle sent");
        last = replay;
    }
    // The player who did not make the battle keeps it among their battles at the end, so that the
    // replay opens there too; a list of the same name that differs keeps it from being kept.
    let shelf = strategos::battles::Folder(dir.join("joiner-battles"));
    std::fs::create_dir_all(&shelf.0).expect("a battles folder");
    let files = strategos::battles::to_keep(&shelf, &upload, "my-ford").expect("kept");
    assert_eq!(files, vec![("my-ford.ron".to_string(), upload.battle.clone())]);
    for (name, text) in &files {
        std::fs::write(shelf.0.join(name), text).expect("written");
    }
    let kept = strategos::battles::find(&shelf, "my-ford").expect("found by its id").expect("it reads");
    let replay: strategos::replay::Replay<<Thucydide as Ruleset>::Command> = strategos::limits::from_ron(&last).expect("the replay reads");
    let played = strategos::replay::play::<Thucydide>(&kept, &replay).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(played.app.turn_hashes(), replay.turn_hashes.as_slice(), "the replay verifies on the battle kept");
    assert!(strategos::battles::to_keep(&shelf, &upload, "my-ford").expect("kept already").is_empty());
    let with_list = Upload { battle: upload.battle.clone(), lists: vec![("greeks.ron".into(), "ArmyList(one)".into())] };
    let other_list = [("greeks.ron".to_string(), "ArmyList(another)".to_string())];
    let refused = strategos::battles::to_keep(&strategos::battles::Memory(&other_list), &with_list, "my-ford").expect_err("another list of that name");
    assert!(refused.contains("greeks.ron"), "{refused}");
    let same_list = [("greeks.ron".to_string(), "ArmyList(one)".to_string())];
    let files = strategos::battles::to_keep(&strategos::battles::Memory(&same_list), &with_list, "my-ford").expect("the same list");
    assert_eq!(files.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), ["my-ford.ron"]);
}

/// `strategos simulate --server` plays its batch through the server, both sides as its clients,
/// all games at once, and prints the load figures; the replays it saves verify.
#[test]
fn simulate_plays_its_batch_through_the_server() {
    let dir = scratch("simulate");
    let server = Server::start(&format!("sqlite://{}", dir.join("games.db").display()), 0);
    let replays = dir.join("replays");
    let out = Command::new(env!("CARGO_BIN_EXE_strategos"))
        .args(["simulate", "--scenario", "thucydide-first-clash", "--games", "3", "--seed", "4", "--think", "0"])
        .args(["--server", &format!("ws://127.0.0.1:{}/play", server.port), "--save"])
        .arg(&replays)
        .output()
        .expect("strategos simulate");
    let said = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("3 games of thucydide-first-clash at once") && said.contains("99th percentile"), "{said}");
    let files: Vec<_> = std::fs::read_dir(&replays).expect("the replays").filter_map(Result::ok).collect();
    assert_eq!(files.len(), 3, "{said}");
    for f in files {
        let text = std::fs::read_to_string(f.path()).expect("read");
        verified_hash(&text, &dir);
    }
    let refused = Command::new(env!("CARGO_BIN_EXE_strategos"))
        .args(["simulate", "--scenario", "thucydide-first-clash", "--players", "ai-easy,random", "--server", "ws://127.0.0.1:1/play"])
        .output()
        .expect("strategos simulate");
    assert!(!refused.status.success() && String::from_utf8_lossy(&refused.stderr).contains("through a server the players are random"));
}
