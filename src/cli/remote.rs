//! `strategos simulate --server URL`: the batch played through a referee server (`strategos
//! serve`), both sides of every game as its WebSocket clients, all the games at once on tokio (they
//! begin 10 ms apart), each side drawing at random among what its copy offers, after a pause. It is the server's load test:
//! it prints the games ended, the commands accepted a second, and each command's round trip (from
//! sending it to the arrival of the delivery that holds it, before the copy plays it): median,
//! 99th percentile, worst.

use crate::battle::Side;
use crate::online::protocol::{Reply, Request};
use crate::online::table::{PlayerCopy, copy};
use crate::scenario::Scenario;
use crate::sim::RandomPlayer;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use futures_util::{SinkExt, StreamExt};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How `simulate --server` plays.
pub struct Options<'a> {
    pub server: &'a str,
    pub games: u32,
    pub seed: u64,
    /// Each player's pause before a command, on average: each pause is drawn between half and one
    /// and a half of it, so that the games do not send their commands in step.
    pub think: Duration,
    pub save: Option<&'a Path>,
}

/// What the batch came to.
#[derive(Debug)]
pub struct Figures {
    pub games: u32,
    pub commands: u64,
    pub seconds: f64,
    /// Every command's round trip, in milliseconds, sorted.
    pub round_trips: Vec<f64>,
}

impl Figures {
    /// The round trip under which `share` of them lie.
    pub fn percentile(&self, share: f64) -> f64 {
        let n = self.round_trips.len();
        if n == 0 {
            return 0.0;
        }
        self.round_trips[((n as f64 * share).ceil() as usize).clamp(1, n) - 1]
    }
}

/// How the games' beginnings are spread: this much apart, over at most `RAMP`.
const RAMP_A_GAME: Duration = Duration::from_millis(10);
const RAMP: Duration = Duration::from_secs(5);

/// A reply's wait before the game is given up.
const PATIENCE: Duration = Duration::from_secs(120);

struct Connection(WebSocketStream<MaybeTlsStream<TcpStream>>);

impl Connection {
    async fn open(url: &str) -> Result<Connection, String> {
        // Small reads, each request sent at once (as the server's connections are set).
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(crate::server::socket::READ_BUFFER);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true).await.map_err(|e| format!("cannot reach {url}: {e}"))?;
        Ok(Connection(ws))
    }

    async fn send(&mut self, request: &Request) -> Result<(), String> {
        let text = serde_json::to_string(request).expect("a request serialises");
        self.0.send(Message::Text(text.into())).await.map_err(|e| format!("the server's connection broke: {e}"))
    }

    /// The next reply; a refusal is an error, with the server's words.
    async fn reply(&mut self) -> Result<Reply, String> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.0.next()).await.map_err(|_| format!("no answer from the server in {} s", PATIENCE.as_secs()))?;
            match message {
                Some(Ok(Message::Text(text))) => {
                    return match serde_json::from_str(&text).map_err(|e| format!("a reply that does not read: {e}"))? {
                        Reply::Refused { message } => Err(format!("the server refused: {message}")),
                        reply => Ok(reply),
                    };
                }
                Some(Ok(Message::Close(_))) | None => return Err("the server closed the connection".into()),
                Some(Err(e)) => return Err(format!("the server's connection broke: {e}")),
                Some(Ok(_)) => continue,
            }
        }
    }
}

/// One side of a game: its connection, token and copy, and the replay once handed over.
struct Seat {
    connection: Connection,
    token: String,
    copy: Box<dyn PlayerCopy>,
    replay: Option<String>,
}

impl Seat {
    /// Reads until a delivery, which the copy takes in; when it came.
    async fn delivery(&mut self) -> Result<Instant, String> {
        loop {
            match self.connection.reply().await? {
                Reply::Delivery { delivery, .. } => {
                    let came = Instant::now();
                    return self.copy.receive(delivery).map(|()| came);
                }
                Reply::Ended { replay, .. } => self.replay = Some(replay),
                _ => {}
            }
        }
    }

    async fn replay(&mut self) -> Result<String, String> {
        while self.replay.is_none() {
            if let Reply::Ended { replay, .. } = self.connection.reply().await? {
                self.replay = Some(replay);
            }
        }
        Ok(self.replay.clone().unwrap_or_default())
    }
}

/// Plays the batch and prints its figures.
pub fn run(name: &str, options: Options) -> Result<Figures, String> {
    let scenario = crate::scenario::find_bundled(name).ok_or_else(|| format!("{name}: --server plays the bundled battles, the only ones a server holds"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|e| format!("cannot start the client's runtime: {e}"))?;
    let figures = runtime.block_on(batch(Arc::new(scenario), &options))?;
    println!(
        "through {}: {} games of {name} at once, a pause of {} ms before each command; all ended in {:.1} s",
        options.server,
        figures.games,
        options.think.as_millis(),
        figures.seconds
    );
    println!(
        "commands: {} accepted, {:.0} a second; round trip median {:.1} ms, 99th percentile {:.1} ms, worst {:.1} ms",
        figures.commands,
        figures.commands as f64 / figures.seconds.max(1e-9),
        figures.percentile(0.5),
        figures.percentile(0.99),
        figures.percentile(1.0)
    );
    Ok(figures)
}

async fn batch(scenario: Arc<Scenario>, options: &Options<'_>) -> Result<Figures, String> {
    let start = Instant::now();
    let mut tasks = Vec::new();
    for g in 0..options.games {
        let (url, scenario, think) = (options.server.to_string(), scenario.clone(), options.think);
        let seed = options.seed.wrapping_add(u64::from(g));
        // The games begin one by one, over 10 ms a game (5 s at most), as players arrive: not
        // all in the same instant, which would measure a storm no server meets.
        let arrives = RAMP_A_GAME.saturating_mul(g).min(RAMP);
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(arrives).await;
            game(&url, &scenario, seed, think).await
        }));
    }
    let (mut commands, mut round_trips) = (0, Vec::new());
    for (g, task) in tasks.into_iter().enumerate() {
        let (n, trips, replay) = task.await.map_err(|e| format!("game {g}: {e}"))?.map_err(|e| format!("game {g}: {e}"))?;
        commands += n;
        round_trips.extend(trips);
        if let Some(dir) = options.save {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let file = dir.join(format!("{}-{:04}.ron", scenario.id, g));
            std::fs::write(&file, replay).map_err(|e| format!("{}: {e}", file.display()))?;
        }
    }
    round_trips.sort_by(f64::total_cmp);
    Ok(Figures { games: options.games, commands, seconds: start.elapsed().as_secs_f64(), round_trips })
}

/// A game's pauses, drawn apart from its players' choices, so that a game plays the same
/// commands whatever the pause.
struct Pauses(ChaCha8Rng);

impl Pauses {
    fn new(seed: u64) -> Pauses {
        Pauses(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A pause between half and one and a half of `think`.
    fn next(&mut self, think: Duration) -> Duration {
        think.mul_f64(self.0.random_range(0.5..1.5))
    }
}

/// One whole game: made by side 0's client, joined by side 1's, played to its end. Its commands,
/// their round trips in milliseconds, and the replay both sides were handed.
async fn game(url: &str, scenario: &Scenario, seed: u64, think: Duration) -> Result<(u64, Vec<f64>, String), String> {
    let mut maker = Connection::open(url).await?;
    maker.send(&Request::Create { scenario: scenario.id.clone(), side: 0, upload: None }).await?;
    let Reply::Created { token, invite, .. } = maker.reply().await? else { return Err("no game made".into()) };
    let mut joiner = Connection::open(url).await?;
    joiner.send(&Request::Join { invite }).await?;
    let Reply::Joined { token: other, .. } = joiner.reply().await? else { return Err("the game not joined".into()) };
    let mut seats = [
        Seat { connection: maker, token, copy: copy(scenario, Side(0))?, replay: None },
        Seat { connection: joiner, token: other, copy: copy(scenario, Side(1))?, replay: None },
    ];
    for seat in &mut seats {
        seat.connection.send(&Request::Open { token: seat.token.clone() }).await?;
        seat.delivery().await?;
    }
    let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed.wrapping_mul(31).wrapping_add(7))];
    let (mut commands, mut trips) = (0, Vec::new());
    let mut pauses = Pauses::new(seed);
    while let Some(side) = seats[0].copy.waiting_for() {
        tokio::time::sleep(pauses.next(think)).await;
        let seat = &mut seats[side.index()];
        let command = players[side.index()].choose(&seat.copy.random_choices()).ok_or("no command offered")?;
        let sent = Instant::now();
        seat.connection.send(&Request::Command { token: seat.token.clone(), number: seat.copy.next_entry(), command }).await?;
        let came = seat.delivery().await?;
        trips.push(came.duration_since(sent).as_secs_f64() * 1000.0);
        seats[side.other().index()].delivery().await?;
        commands += 1;
    }
    let replay = seats[0].replay().await?;
    if seats[1].replay().await? != replay {
        return Err("the two sides were handed different replays".into());
    }
    Ok((commands, trips, replay))
}
