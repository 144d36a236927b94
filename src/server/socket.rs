//! One player's WebSocket at `/play`: requests read one frame at a time and answered in order, the
//! game's pushes sent as they come. Hostile input is refused with a message and the game goes on;
//! a connection that keeps sending what is refused, or floods, is told so and closed.

use super::hub::{Hub, Outbox, QUEUED};
use crate::online::protocol::{FRAME_BYTES, Reply, Request};
use axum::extract::{ConnectInfo, State};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Notify, mpsc};

/// Refusals in a row after which the connection is closed.
const REFUSALS: u32 = 20;
/// Requests a second a connection may send, on average, and in one burst.
const RATE: f64 = 50.0;
const BURST: f64 = 200.0;
/// Games one connection may create.
const CREATES: u32 = 20;
/// How often the server pings, and how long a silent connection is kept.
const PING: Duration = Duration::from_secs(30);
const IDLE: Duration = Duration::from_secs(75);
/// Each connection's read buffer, grown for a larger frame: tungstenite's 128 KiB by default is
/// zeroed again at each read and held by every connection, a game's two among them.
pub const READ_BUFFER: usize = 8 * 1024;
/// How long a closing connection waits for its last replies to go, and then for the peer's close.
const LINGER: Duration = Duration::from_secs(2);

pub async fn upgrade(ws: WebSocketUpgrade, State(hub): State<Arc<Hub>>, ConnectInfo(peer): ConnectInfo<SocketAddr>) -> Response {
    ws.max_message_size(FRAME_BYTES).max_frame_size(FRAME_BYTES).read_buffer_size(READ_BUFFER).on_upgrade(move |socket| serve(socket, hub, peer.ip()))
}

async fn serve(socket: WebSocket, hub: Arc<Hub>, peer: IpAddr) {
    let (mut sink, mut stream) = socket.split();
    let (replies, mut outgoing) = mpsc::channel::<Reply>(QUEUED);
    let closing = Arc::new(Notify::new());
    let out = Outbox::new(replies, closing.clone());
    let writer = tokio::spawn(async move {
        let mut ping = tokio::time::interval(PING);
        loop {
            let message = tokio::select! {
                reply = outgoing.recv() => match reply {
                    Some(reply) => Message::Text(serde_json::to_string(&reply).expect("a reply serialises").into()),
                    None => return Some(sink),
                },
                _ = ping.tick() => Message::Ping(Vec::new().into()),
            };
            if sink.send(message).await.is_err() {
                return None;
            }
        }
    });
    let (mut refusals, mut creates) = (0, 0);
    let (mut bucket, mut last) = (BURST, Instant::now());
    loop {
        // A peer silent past the idle time (a browser and tungstenite answer each ping) is gone;
        // a game that dropped this connection as a follower closes it.
        let message = tokio::select! {
            m = tokio::time::timeout(IDLE, stream.next()) => m,
            _ = closing.notified() => break,
        };
        let Ok(Some(Ok(message))) = message else { break };
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => "binary".into(),
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        let now = Instant::now();
        bucket = (bucket + now.duration_since(last).as_secs_f64() * RATE).min(BURST);
        last = now;
        if bucket < 1.0 {
            let _ = out.replies.send(Reply::Refused { message: format!("more than {RATE} requests a second: the connection is closed") }).await;
            break;
        }
        bucket -= 1.0;
        let result = match Request::read(&text) {
            Ok(Request::Create { .. }) if creates >= CREATES => Err(format!("{CREATES} games made on this connection already")),
            Ok(Request::Create { .. }) if !hub.may_create(peer) => Err(hub.too_many_games()),
            Ok(request) => {
                creates += u32::from(matches!(request, Request::Create { .. }));
                answer(&hub, request, &out).await
            }
            Err(e) => Err(e),
        };
        match result {
            Ok(()) => refusals = 0,
            Err(message) => {
                refusals += 1;
                let closes = refusals >= REFUSALS;
                let message = if closes { format!("{message}; {REFUSALS} refusals in a row: the connection is closed") } else { message };
                if out.replies.send(Reply::Refused { message }).await.is_err() || closes {
                    break;
                }
            }
        }
    }
    // The games this connection followed forget it at their next push.
    drop(out);
    let Ok(Ok(Some(mut sink))) = tokio::time::timeout(LINGER, writer).await else { return };
    // Closed by the WebSocket's handshake, reading what the peer still sends meanwhile: a socket
    // closed with frames unread is reset, and the peer may then lose the replies before it (the
    // last one says why the connection is closed).
    let _ = tokio::time::timeout(LINGER, async {
        let _ = sink.close().await;
        while let Some(Ok(_)) = stream.next().await {}
    })
    .await;
}

async fn answer(hub: &Hub, request: Request, out: &Outbox) -> Result<(), String> {
    let reply = match request {
        Request::Create { scenario, side, upload } => hub.create(&scenario, side, upload).await?,
        Request::Join { invite } => hub.join(&invite).await?,
        Request::Open { token } => return hub.open(&token, out.clone()).await,
        Request::Command { token, number, command } => return hub.command(&token, number, &command).await,
        Request::MyGames { tokens } => hub.my_games(&tokens).await?,
    };
    out.replies.send(reply).await.map_err(|_| "the connection is gone".to_string())
}
