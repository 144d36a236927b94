//! `strategos serve`: the referee server. Players' clients speak `online::protocol` over a
//! WebSocket at `/play`; the server keeps every game in a database (`store`), holds a referee for
//! each game in play (`hub`), and serves the page (`dist/`) beside it, so one command hosts
//! everything and the opponent needs only a browser. Native only; rulesets never know of it.

mod hub;
pub mod socket;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// How `serve` runs.
pub struct Options {
    pub addr: SocketAddr,
    /// `sqlite://FILE` (made when missing) or `postgres://...`.
    pub db: String,
    /// The page to serve at `/`, when there is one.
    pub dist: Option<PathBuf>,
    /// Games one address may make in an hour.
    pub games_an_hour: usize,
}

/// The default database: `server.db` beside the saves folder.
pub fn default_db() -> String {
    let dir = crate::saves::dir();
    let file = dir.parent().map_or_else(|| PathBuf::from("server.db"), |p| p.join("server.db"));
    format!("sqlite://{}", file.display())
}

/// Serves until the process is stopped; says where on standard output once it listens.
pub fn run(options: Options) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(serve(options))
}

async fn serve(options: Options) -> Result<(), String> {
    let store = store::Store::connect(&options.db).await?;
    let entries = store.listen().await?;
    let hub = Arc::new(hub::Hub::new(store, options.games_an_hour));
    if let Some(mut entries) = entries {
        let hub = hub.clone();
        tokio::spawn(async move {
            while let Some(game) = entries.recv().await {
                hub.caught_up(game).await;
            }
        });
    }
    let listener = tokio::net::TcpListener::bind(options.addr).await.map_err(|e| format!("cannot listen on {}: {e}", options.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    // Each reply goes at once: Nagle's algorithm would hold a small frame written after another
    // until the peer's delayed acknowledgement (up to 40 ms on Linux).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let mut app = axum::Router::new().route("/play", axum::routing::get(socket::upgrade)).with_state(hub);
    if let Some(dist) = &options.dist {
        app = app.fallback_service(tower_http::services::ServeDir::new(dist));
    }
    println!("strategos: serving on http://{addr} (games in {})", options.db);
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await.map_err(|e| format!("the server stopped: {e}"))
}
