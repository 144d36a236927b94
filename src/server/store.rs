//! The server's database: games, the sides' tokens and every accepted entry, through sqlx on
//! SQLite (one file, made when missing) or PostgreSQL (a URL), with the same schema and queries.
//! An entry's row is the order of truth: a command is accepted when its row commits, and a game is
//! played again from its rows after a restart. Two servers on one PostgreSQL agree through the
//! primary key on game and number (one entry a number), and each tells the others of an entry it
//! accepted by a notification sent as its row commits. The entries accepted meanwhile share one
//! transaction (group commit), so one sync to disk: each is told only once it is on disk, and one
//! that fails (another server stored its number first) is written again alone and fails alone.

use crate::battle::Side;
use crate::online::protocol::Upload;
use crate::online::table::Stored;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

pub struct Store {
    pool: AnyPool,
    /// The PostgreSQL URL, whose notifications tell the other servers of each accepted entry.
    postgres: Option<String>,
    /// This server's own mark on its notifications, which it need not read back.
    server: String,
    /// The task that writes accepted entries: one transaction, so one sync to disk, for all the
    /// entries waiting (group commit), each told once its transaction commits.
    writer: mpsc::UnboundedSender<Pending>,
}

/// An entry waiting to be written, and who waits for it.
struct Pending {
    game: i64,
    entry: Stored,
    done: oneshot::Sender<Result<(), String>>,
}

/// The most entries one transaction of the writer holds.
const BATCH: usize = 512;

/// The channel a PostgreSQL store notifies of each accepted entry, with the game's id.
const CHANNEL: &str = "strategos_entries";

/// A game as stored: its scenario (a bundled id) and dice seed, and its invite code.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub scenario: String,
    pub seed: u64,
    pub invite: String,
}

const SCHEMA: [&str; 4] = [
    "CREATE TABLE IF NOT EXISTS games (id BIGINT PRIMARY KEY, scenario TEXT NOT NULL, seed TEXT NOT NULL, invite TEXT NOT NULL UNIQUE)",
    // `token` holds the token's SHA-256, never the token.
    "CREATE TABLE IF NOT EXISTS seats (token TEXT PRIMARY KEY, game BIGINT NOT NULL, side INTEGER NOT NULL, UNIQUE (game, side))",
    "CREATE TABLE IF NOT EXISTS entries (game BIGINT NOT NULL, number BIGINT NOT NULL, side INTEGER, command TEXT, faces TEXT NOT NULL, PRIMARY KEY (game, number))",
    // The battle of a game made from an uploaded one (`lists` as JSON).
    "CREATE TABLE IF NOT EXISTS uploads (game BIGINT PRIMARY KEY, battle TEXT NOT NULL, lists TEXT NOT NULL)",
];

/// What the seats table keeps of a token: its SHA-256, so that the database alone acts for no side.
fn token_hash(token: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

fn failed(what: &str) -> impl Fn(sqlx::Error) -> String + '_ {
    move |e| format!("the database could not {what}: {e}")
}

impl Store {
    /// Opens the database at `url`, making a SQLite file and the tables where missing.
    pub async fn connect(url: &str) -> Result<Store, String> {
        install_default_drivers();
        let url = if url.starts_with("sqlite:") && !url.contains("mode=") { format!("{url}{}mode=rwc", if url.contains('?') { '&' } else { '?' }) } else { url.to_string() };
        let pool = AnyPoolOptions::new().max_connections(if url.starts_with("sqlite:") { 1 } else { 8 }).connect(&url).await.map_err(|e| format!("cannot open the database {url}: {e}"))?;
        if url.starts_with("sqlite:") {
            // Every accepted entry on disk before anyone is told: the write-ahead log, synced at
            // each commit.
            for pragma in ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL"] {
                sqlx::query(pragma).execute(&pool).await.map_err(failed("be set up"))?;
            }
        }
        let mut conn = pool.acquire().await.map_err(failed("give a connection"))?;
        let postgres = url.starts_with("postgres");
        if postgres {
            // Servers starting together on one database make its tables one at a time.
            sqlx::query("SELECT pg_advisory_lock(4947)").execute(&mut *conn).await.map_err(failed("lock its tables"))?;
        }
        for table in SCHEMA {
            sqlx::query(table).execute(&mut *conn).await.map_err(failed("make its tables"))?;
        }
        if postgres {
            sqlx::query("SELECT pg_advisory_unlock(4947)").execute(&mut *conn).await.map_err(failed("unlock its tables"))?;
        }
        drop(conn);
        let mut mark = [0u8; 8];
        getrandom::fill(&mut mark).map_err(|e| format!("the system gave no random bytes: {e}"))?;
        let server = format!("{:016x}", u64::from_le_bytes(mark));
        let (writer, waiting) = mpsc::unbounded_channel();
        tokio::spawn(write_batches(pool.clone(), waiting, postgres.then(|| server.clone())));
        Ok(Store { pool, postgres: postgres.then_some(url), server, writer })
    }

    /// Whether other servers may share this database (PostgreSQL).
    pub fn shared(&self) -> bool {
        self.postgres.is_some()
    }

    /// The ids of the games other servers on this database accepted entries of, as they commit:
    /// nothing on SQLite, whose file one server holds.
    pub async fn listen(&self) -> Result<Option<tokio::sync::mpsc::UnboundedReceiver<i64>>, String> {
        let Some(url) = &self.postgres else { return Ok(None) };
        let mut listener = sqlx::postgres::PgListener::connect(url).await.map_err(failed("listen"))?;
        listener.listen(CHANNEL).await.map_err(failed("listen"))?;
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let own = self.server.clone();
        tokio::spawn(async move {
            // PgListener reconnects by itself when the connection drops.
            while let Ok(n) = listener.recv().await {
                // A notification reads "GAME SERVER"; this server's own entries are already played.
                let (game, server) = n.payload().split_once(' ').unwrap_or((n.payload(), ""));
                if server == own {
                    continue;
                }
                if let Ok(game) = game.parse::<i64>() {
                    if tx.send(game).is_err() {
                        return;
                    }
                }
            }
        });
        Ok(Some(rx))
    }

    /// Stores a new game (with its battle, when uploaded), its opening entry and the creator's
    /// seat in one transaction.
    pub async fn create(&self, game: &GameRow, upload: Option<&Upload>, token: &str, side: Side, opening: &Stored) -> Result<(), String> {
        let mut tx = self.pool.begin().await.map_err(failed("start a transaction"))?;
        sqlx::query("INSERT INTO games (id, scenario, seed, invite) VALUES ($1, $2, $3, $4)")
            .bind(game.id)
            .bind(&game.scenario)
            .bind(game.seed.to_string())
            .bind(&game.invite)
            .execute(&mut *tx)
            .await
            .map_err(failed("store the game"))?;
        if let Some(u) = upload {
            sqlx::query("INSERT INTO uploads (game, battle, lists) VALUES ($1, $2, $3)")
                .bind(game.id)
                .bind(&u.battle)
                .bind(serde_json::to_string(&u.lists).expect("file names and texts serialise"))
                .execute(&mut *tx)
                .await
                .map_err(failed("store the battle"))?;
        }
        seat(&mut tx, token, game.id, side).await?;
        insert_entries(&mut tx, &[(game.id, opening)]).await?;
        tx.commit().await.map_err(failed("commit the game"))
    }

    /// Gives the other side of a game to a new token; fails if it is taken.
    pub async fn join(&self, game: i64, token: &str, side: Side) -> Result<(), String> {
        let mut tx = self.pool.begin().await.map_err(failed("start a transaction"))?;
        seat(&mut tx, token, game, side).await?;
        tx.commit().await.map_err(failed("commit the seat"))
    }

    /// Stores an accepted entry: it is accepted once this returns. A number already stored (by
    /// another server) is refused by the primary key.
    pub async fn accept(&self, game: i64, e: &Stored) -> Result<(), String> {
        const STOPPED: &str = "the database's writer stopped";
        let (done, told) = oneshot::channel();
        self.writer.send(Pending { game, entry: e.clone(), done }).map_err(|_| STOPPED.to_string())?;
        told.await.map_err(|_| STOPPED.to_string())?
    }

    pub async fn game_by_invite(&self, invite: &str) -> Result<Option<GameRow>, String> {
        let row = sqlx::query("SELECT id, scenario, seed, invite FROM games WHERE invite = $1").bind(invite).fetch_optional(&self.pool).await.map_err(failed("read the game"))?;
        row.map(game_row).transpose()
    }

    pub async fn game(&self, id: i64) -> Result<Option<GameRow>, String> {
        let row = sqlx::query("SELECT id, scenario, seed, invite FROM games WHERE id = $1").bind(id).fetch_optional(&self.pool).await.map_err(failed("read the game"))?;
        row.map(game_row).transpose()
    }

    /// The battle uploaded with game `id`, if it was.
    pub async fn upload(&self, id: i64) -> Result<Option<Upload>, String> {
        let row = sqlx::query("SELECT battle, lists FROM uploads WHERE game = $1").bind(id).fetch_optional(&self.pool).await.map_err(failed("read the game's battle"))?;
        row.map(|r| {
            let lists: String = r.get(1);
            Ok(Upload { battle: r.get(0), lists: serde_json::from_str(&lists).map_err(|e| format!("game {id}'s stored army lists: {e}"))? })
        })
        .transpose()
    }

    /// The game and side a token holds.
    pub async fn seat(&self, token: &str) -> Result<Option<(i64, Side)>, String> {
        let row = sqlx::query("SELECT game, side FROM seats WHERE token = $1").bind(token_hash(token)).fetch_optional(&self.pool).await.map_err(failed("read the seat"))?;
        Ok(row.map(|r| (r.get::<i64, _>(0), Side(u8::try_from(r.get::<i32, _>(1)).unwrap_or(0)))))
    }

    /// The sides of a game taken so far.
    pub async fn taken(&self, game: i64) -> Result<Vec<Side>, String> {
        let rows = sqlx::query("SELECT side FROM seats WHERE game = $1").bind(game).fetch_all(&self.pool).await.map_err(failed("read the seats"))?;
        Ok(rows.iter().map(|r| Side(u8::try_from(r.get::<i32, _>(0)).unwrap_or(0))).collect())
    }

    /// Every entry of a game, in order.
    pub async fn entries(&self, game: i64) -> Result<Vec<Stored>, String> {
        self.entries_from(game, 0).await
    }

    /// A game's entries from number `from` on, in order.
    pub async fn entries_from(&self, game: i64, from: usize) -> Result<Vec<Stored>, String> {
        let from = i64::try_from(from).map_err(|e| e.to_string())?;
        let rows = sqlx::query("SELECT number, side, command, faces FROM entries WHERE game = $1 AND number >= $2 ORDER BY number")
            .bind(game)
            .bind(from)
            .fetch_all(&self.pool)
            .await
            .map_err(failed("read the entries"))?;
        rows.iter()
            .map(|r| {
                let number = usize::try_from(r.get::<i64, _>(0)).map_err(|e| e.to_string())?;
                let side = r.get::<Option<i32>, _>(1).map(|s| Side(u8::try_from(s).unwrap_or(0)));
                let faces: String = r.get(3);
                let faces = faces.split(',').filter(|f| !f.is_empty()).map(|f| f.parse::<u8>().map_err(|e| format!("entry {number}: a face '{f}': {e}"))).collect::<Result<_, _>>()?;
                Ok(Stored { number, side, command: r.get(2), faces })
            })
            .collect()
    }
}

/// Writes the entries sent to it, as many as wait in one transaction; should the transaction fail,
/// each entry of it again in a transaction of its own, so that one bad entry fails alone.
async fn write_batches(pool: AnyPool, mut waiting: mpsc::UnboundedReceiver<Pending>, notify: Option<String>) {
    while let Some(first) = waiting.recv().await {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match waiting.try_recv() {
                Ok(p) => batch.push(p),
                Err(_) => break,
            }
        }
        let entries: Vec<(i64, &Stored)> = batch.iter().map(|p| (p.game, &p.entry)).collect();
        if write(&pool, &entries, notify.as_deref()).await.is_ok() {
            for p in batch {
                let _ = p.done.send(Ok(()));
            }
            continue;
        }
        for p in batch {
            let result = write(&pool, &[(p.game, &p.entry)], notify.as_deref()).await;
            let _ = p.done.send(result);
        }
    }
}

/// Writes `entries` in one transaction; on PostgreSQL (`notify`, this server's mark) the other
/// servers are told of each game's new entries as it commits (`pg_notify` is delivered at the
/// commit, and only then).
async fn write(pool: &AnyPool, entries: &[(i64, &Stored)], notify: Option<&str>) -> Result<(), String> {
    let mut tx = pool.begin().await.map_err(failed("start a transaction"))?;
    insert_entries(&mut tx, entries).await?;
    // The notifications too in one statement.
    if let Some(server) = notify {
        let mut games: Vec<i64> = entries.iter().map(|(g, _)| *g).collect();
        games.sort_unstable();
        games.dedup();
        let values: Vec<String> = (0..games.len()).map(|i| format!("(${})", i + 2)).collect();
        let sql = format!("SELECT pg_notify($1, t.payload) FROM (VALUES {}) AS t(payload)", values.join(", "));
        let mut notifies = sqlx::query(&sql).bind(CHANNEL);
        for game in games {
            notifies = notifies.bind(format!("{game} {server}"));
        }
        notifies.execute(&mut *tx).await.map_err(failed("notify the other servers"))?;
    }
    tx.commit().await.map_err(failed("commit the entries"))
}

fn game_row(r: sqlx::any::AnyRow) -> Result<GameRow, String> {
    let seed: String = r.get(2);
    Ok(GameRow { id: r.get(0), scenario: r.get(1), seed: seed.parse().map_err(|e| format!("a stored seed '{seed}': {e}"))?, invite: r.get(3) })
}

async fn seat(tx: &mut sqlx::Transaction<'_, sqlx::Any>, token: &str, game: i64, side: Side) -> Result<(), String> {
    sqlx::query("INSERT INTO seats (token, game, side) VALUES ($1, $2, $3)").bind(token_hash(token)).bind(game).bind(i32::from(side.0)).execute(&mut **tx).await.map_err(failed("give the seat"))?;
    Ok(())
}

/// Inserts `entries` in one statement: each statement is a round trip to the database.
async fn insert_entries(tx: &mut sqlx::Transaction<'_, sqlx::Any>, entries: &[(i64, &Stored)]) -> Result<(), String> {
    let rows: Vec<String> = (0..entries.len()).map(|i| format!("(${}, ${}, ${}, ${}, ${})", 5 * i + 1, 5 * i + 2, 5 * i + 3, 5 * i + 4, 5 * i + 5)).collect();
    let sql = format!("INSERT INTO entries (game, number, side, command, faces) VALUES {}", rows.join(", "));
    let mut insert = sqlx::query(&sql);
    for (game, e) in entries {
        let faces: Vec<String> = e.faces.iter().map(u8::to_string).collect();
        insert = insert.bind(*game).bind(i64::try_from(e.number).map_err(|e| e.to_string())?).bind(e.side.map(|s| i32::from(s.0))).bind(e.command.clone()).bind(faces.join(","));
    }
    insert.execute(&mut **tx).await.map_err(failed("store the entry"))?;
    Ok(())
}
