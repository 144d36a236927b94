//! The games in play on this server: for each, its referee (played again from the store when it is
//! first needed after a start) and the connections following each side. A game's commands are
//! taken one at a time: checked by the referee, stored, and only then pushed to every follower of
//! each side, each getting what its side may see.

use super::store::{GameRow, Store};
use crate::battle::Side;
use crate::online::protocol::{GameLine, Reply, Upload, side};
use crate::online::table::{self, Table};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, Notify, mpsc};

/// Where a connection's replies go, and how a game has it closed: a follower that cannot keep up,
/// or whose game is played again from the store, is closed rather than forgotten, so its client
/// reconnects, opens its side again and catches up.
#[derive(Clone)]
pub struct Outbox {
    pub replies: mpsc::Sender<Reply>,
    closing: Arc<Notify>,
}

impl Outbox {
    pub fn new(replies: mpsc::Sender<Reply>, closing: Arc<Notify>) -> Outbox {
        Outbox { replies, closing }
    }

    fn try_send(&self, reply: Reply) -> Result<(), mpsc::error::TrySendError<Reply>> {
        self.replies.try_send(reply)
    }

    fn close(&self) {
        self.closing.notify_one();
    }
}

const HOUR: Duration = Duration::from_secs(3600);
/// Tokens whose sides are kept in memory, at most (forgotten all at once past it).
const SEATS_KEPT: usize = 100_000;

/// Replies queued for a connection that reads none are dropped with the connection.
pub const QUEUED: usize = 256;

struct Game {
    row: GameRow,
    /// The battle, when it was uploaded with the game rather than bundled.
    upload: Option<Upload>,
    /// Its battle's ruleset, as `opened` names it.
    ruleset: String,
    table: Box<dyn Table>,
    followers: [Vec<Outbox>; 2],
}

impl Game {
    /// Pushes what each side may see of entries `from[side]..` to its followers, and the replay
    /// once the game is over; followers that are gone are forgotten.
    fn push(&mut self, from: [usize; 2]) {
        let ended = self.table.replay_text();
        for viewer in Side::BOTH {
            let delivery = Reply::Delivery { game: self.row.id, delivery: self.table.delivery(viewer, from[viewer.index()]) };
            self.followers[viewer.index()].retain(|out| {
                let sent = out.try_send(delivery.clone()).is_ok();
                let kept = sent && ended.as_ref().is_none_or(|replay| out.try_send(Reply::Ended { game: self.row.id, replay: replay.clone() }).is_ok());
                if !kept {
                    out.close();
                }
                kept
            });
        }
    }

    /// Closes every follower's connection: the game is to be played again from the store.
    fn close_followers(&mut self) {
        for out in self.followers.iter().flatten() {
            out.close();
        }
        self.followers = [Vec::new(), Vec::new()];
    }
}

pub struct Hub {
    store: Store,
    games: Mutex<HashMap<i64, Arc<Mutex<Game>>>>,
    /// The games each address made in the last hour, and how many it may.
    made: std::sync::Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
    games_an_hour: usize,
    /// The sides of the tokens seen lately.
    seats: std::sync::Mutex<HashMap<String, (i64, Side)>>,
}

/// A game's battle: the one uploaded with it, read with the limits and checks of one's own battle
/// files, or the bundled one of that id.
fn scenario_of(id: &str, upload: Option<&Upload>) -> Result<crate::scenario::Scenario, String> {
    match upload {
        Some(u) => crate::battles::from_upload(u),
        None => crate::scenario::find_bundled(id).ok_or_else(|| {
            let known: Vec<String> = crate::scenario::all_bundled().map(|s| s.id).collect();
            format!("no bundled scenario '{id}' (the bundled ones are {}), and no battle sent with it", known.join(", "))
        }),
    }
}

/// A random secret: `bytes` bytes from the system, as lower-case hex.
fn secret(bytes: usize) -> Result<String, String> {
    let mut b = vec![0u8; bytes];
    getrandom::fill(&mut b).map_err(|e| format!("the system gave no random bytes: {e}"))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

fn random_u64() -> Result<u64, String> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_err(|e| format!("the system gave no random bytes: {e}"))?;
    Ok(u64::from_le_bytes(b))
}

impl Hub {
    pub fn new(store: Store, games_an_hour: usize) -> Hub {
        Hub { store, games: Mutex::new(HashMap::new()), made: std::sync::Mutex::new(HashMap::new()), games_an_hour, seats: std::sync::Mutex::new(HashMap::new()) }
    }

    /// Whether `address` may make one more game now (there are no accounts: the bound on games
    /// is each address's), counting it if so.
    pub fn may_create(&self, address: IpAddr) -> bool {
        let now = Instant::now();
        let mut made = self.made.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        made.retain(|_, times| {
            while times.front().is_some_and(|t| now.duration_since(*t) > HOUR) {
                times.pop_front();
            }
            !times.is_empty()
        });
        let times = made.entry(address).or_default();
        if times.len() >= self.games_an_hour {
            return false;
        }
        times.push_back(now);
        true
    }

    pub fn too_many_games(&self) -> String {
        format!("{} games made from this address in the last hour already: wait, or play those", self.games_an_hour)
    }

    /// The game `id`, its referee played again from the store if this server does not hold it.
    async fn game(&self, id: i64) -> Result<Arc<Mutex<Game>>, String> {
        let mut games = self.games.lock().await;
        if let Some(g) = games.get(&id) {
            return Ok(g.clone());
        }
        let row = self.store.game(id).await?.ok_or_else(|| format!("no game {id}"))?;
        let entries = self.store.entries(id).await?;
        let upload = self.store.upload(id).await?;
        let scenario = scenario_of(&row.scenario, upload.as_ref()).map_err(|e| format!("game {id}: {e}"))?;
        let table = table::open(&scenario, row.seed, &entries).map_err(|e| format!("game {id} does not play again from its entries: {e}"))?;
        let game = Arc::new(Mutex::new(Game { row, upload, ruleset: scenario.ruleset, table, followers: [Vec::new(), Vec::new()] }));
        games.insert(id, game.clone());
        Ok(game)
    }

    /// The game and side a token holds.
    async fn seat(&self, token: &str) -> Result<(i64, Side), String> {
        // A token's side never changes once given: read once, then from memory.
        if let Some(seat) = self.seats.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(token) {
            return Ok(*seat);
        }
        let seat = self.store.seat(token).await?.ok_or_else(|| "this token holds no side of any game on this server".to_string())?;
        let mut seats = self.seats.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if seats.len() >= SEATS_KEPT {
            seats.clear();
        }
        seats.insert(token.to_string(), seat);
        Ok(seat)
    }

    /// A new game of a bundled scenario or of the battle uploaded, the creator on `side`.
    pub async fn create(&self, scenario: &str, side_asked: u8, upload: Option<Upload>) -> Result<Reply, String> {
        let side = side(side_asked)?;
        let s = scenario_of(scenario, upload.as_ref())?;
        if s.id != scenario {
            return Err(format!("the battle sent is '{}', not '{scenario}'", s.id));
        }
        // Ids a JavaScript number holds exactly.
        let row = GameRow { id: i64::try_from(random_u64()? >> 11).unwrap_or(1), scenario: s.id.clone(), seed: random_u64()?, invite: secret(6)? };
        let table = table::open(&s, row.seed, &[])?;
        let opening = table.stored(0).ok_or("a game without its opening")?;
        let token = secret(16)?;
        self.store.create(&row, upload.as_ref(), &token, side, &opening).await?;
        let reply = Reply::Created { game: row.id, side: side.0, token, invite: row.invite.clone() };
        self.games.lock().await.insert(row.id, Arc::new(Mutex::new(Game { row, upload, ruleset: s.ruleset, table, followers: [Vec::new(), Vec::new()] })));
        Ok(reply)
    }

    /// The side of the invite's game not yet taken.
    pub async fn join(&self, invite: &str) -> Result<Reply, String> {
        let row = self.store.game_by_invite(invite).await?.ok_or_else(|| format!("no game has the invite '{invite}'"))?;
        let taken = self.store.taken(row.id).await?;
        let side = Side::BOTH.into_iter().find(|s| !taken.contains(s)).ok_or("both sides of this game are taken")?;
        let token = secret(16)?;
        self.store.join(row.id, &token, side).await?;
        Ok(Reply::Joined { game: row.id, side: side.0, token })
    }

    /// Follows a side: the game's scenario, everything the side may see so far, then each entry.
    pub async fn open(&self, token: &str, out: Outbox) -> Result<(), String> {
        let (id, side) = self.seat(token).await?;
        let game = self.game(id).await?;
        let mut g = game.lock().await;
        let gone = |_| "the connection is gone".to_string();
        out.try_send(Reply::Opened { game: id, side: side.0, scenario: g.row.scenario.clone(), ruleset: g.ruleset.clone(), upload: g.upload.clone() }).map_err(gone)?;
        out.try_send(Reply::Delivery { game: id, delivery: g.table.delivery(side, 0) }).map_err(gone)?;
        if let Some(replay) = g.table.replay_text() {
            out.try_send(Reply::Ended { game: id, replay }).map_err(gone)?;
        }
        // A connection opening its side again (after a copy went wrong) follows it once.
        g.followers[side.index()].retain(|o| !o.replies.same_channel(&out.replies));
        g.followers[side.index()].push(out);
        Ok(())
    }

    /// Takes in the entries another server stored for game `id`, if this one follows it: played
    /// by its referee as they were accepted there, then pushed to its followers.
    pub async fn caught_up(&self, id: i64) {
        let Some(game) = self.games.lock().await.get(&id).cloned() else { return };
        let mut g = game.lock().await;
        let next = g.table.next_entry();
        let Ok(entries) = self.store.entries_from(id, next).await else { return };
        if entries.is_empty() {
            return;
        }
        let from = Side::BOTH.map(|v| g.table.first_withheld(v).unwrap_or(next).min(next));
        for e in &entries {
            let command: Option<Value> = e.command.as_deref().and_then(|c| serde_json::from_str(c).ok());
            let played = match (e.side, command) {
                (Some(side), Some(command)) => g.table.submit(side, e.number, &command).ok().filter(|s| s == e),
                _ => None,
            };
            if played.is_none() {
                // The store and this referee disagree: it is played again from the store when next
                // needed, and its followers open their sides again.
                g.close_followers();
                drop(g);
                self.games.lock().await.remove(&id);
                return;
            }
        }
        g.push(from);
    }

    /// A side's command: checked, stored, then pushed to both sides' followers.
    pub async fn command(&self, token: &str, number: usize, command: &Value) -> Result<(), String> {
        let (id, side) = self.seat(token).await?;
        if self.store.shared() {
            // Entries another server stored and has not told of yet come first.
            self.caught_up(id).await;
        }
        let game = self.game(id).await?;
        let mut g = game.lock().await;
        let from = Side::BOTH.map(|v| g.table.first_withheld(v).unwrap_or(number).min(number));
        let stored = g.table.submit(side, number, command).map_err(|r| r.to_string())?;
        if let Err(e) = self.store.accept(id, &stored).await {
            // Not stored, so not accepted (another server may have stored that number first): the
            // referee goes back to what the store holds, and the followers, closed, open their side again.
            g.close_followers();
            drop(g);
            self.games.lock().await.remove(&id);
            return Err(format!("{e}; the command was not accepted: open the game again"));
        }
        g.push(from);
        Ok(())
    }

    /// Each token's game and whose decision it waits for.
    pub async fn my_games(&self, tokens: &[String]) -> Result<Reply, String> {
        let mut games = Vec::new();
        for token in tokens.iter().take(100) {
            let Ok((id, side)) = self.seat(token).await else { continue };
            let game = self.game(id).await?;
            let g = game.lock().await;
            let joined = self.store.taken(id).await?.len() == 2;
            games.push(GameLine { game: id, scenario: g.row.scenario.clone(), side: side.0, waiting_for: g.table.waiting_for().map(|s| s.0), joined });
        }
        Ok(Reply::Games { games })
    }
}
