//! The window's and the page's connection to a referee server (`strategos serve`): one WebSocket
//! through ewebsock, natively and in the browser. Its state is always there for the screen to say;
//! lost, it reconnects by itself after a pause that grows to 15 s, and asks again what it asks on
//! every connection (opening the game it follows, which hands over everything missed).

use crate::online::protocol::{Reply, Request};
use bevy::prelude::*;
use std::collections::VecDeque;

/// The longest pause between two tries to reconnect, in seconds.
const LONGEST_PAUSE: f64 = 15.0;
/// Seconds without a word from the server after which the window takes the connection for lost:
/// the server pings every 30 s, so a connection that died without closing (a computer that slept,
/// a network that changed) is found out.
const SILENCE: f64 = 75.0;

#[derive(Clone, Debug, PartialEq)]
pub enum LinkState {
    /// No server asked for yet.
    Off,
    Connecting,
    Open,
    /// Lost or refused, with why; another try comes at `retry_at`.
    Lost(String),
}

/// What the connection is asked and has heard: plain data any system may read.
#[derive(Resource)]
pub struct Link {
    /// The server's WebSocket address (`ws://HOST:PORT/play`).
    pub address: String,
    pub state: LinkState,
    /// Requests waiting for the socket to open, in order.
    outbox: VecDeque<Request>,
    /// What the server said, in order, for the lobby and the game to take.
    pub replies: VecDeque<Reply>,
    /// Asked first on every connection: opening the game this screen follows.
    pub on_connect: Option<Request>,
    /// When to try again (seconds since the start), and how many tries failed in a row.
    retry_at: f64,
    failures: u32,
    /// A new address or a new request: connect at the next frame.
    wanted: bool,
    /// The socket is to go (another server typed).
    drop_socket: bool,
    /// When the server was last heard from (seconds since the start).
    heard_at: f64,
}

impl Link {
    pub fn new(address: String) -> Link {
        Link { address, state: LinkState::Off, outbox: VecDeque::new(), replies: VecDeque::new(), on_connect: None, retry_at: 0.0, failures: 0, wanted: false, drop_socket: false, heard_at: 0.0 }
    }

    /// Sends `request` now, or as soon as the socket opens.
    pub fn send(&mut self, request: Request) {
        self.outbox.push_back(request);
        self.wanted = true;
    }

    /// Asks `request` now, and again first on every reconnection: opening the game this screen
    /// follows, which hands over everything missed.
    pub fn follow(&mut self, request: Request) {
        if self.state == LinkState::Open {
            self.outbox.push_back(request.clone());
        }
        self.on_connect = Some(request);
        self.wanted = true;
    }

    /// Drops the socket and everything waiting (another server typed, or the game left).
    pub fn reset(&mut self, address: String) {
        *self = Link::new(address);
        self.drop_socket = true;
    }

    /// The state in a player's words.
    pub fn words(&self) -> String {
        match &self.state {
            LinkState::Off => "not connected".into(),
            LinkState::Connecting => format!("connecting to {}…", self.address),
            LinkState::Open => format!("connected to {}", self.address),
            LinkState::Lost(why) if self.on_connect.is_some() || !self.outbox.is_empty() => format!("{}: {why}; trying again…", self.address),
            LinkState::Lost(why) => format!("{}: {why}", self.address),
        }
    }
}

/// The socket itself, on the main thread (the browser's WebSocket is not `Send`).
#[derive(Default)]
pub struct Socket(Option<(ewebsock::WsSender, ewebsock::WsReceiver)>);

/// Connects when asked, sends what waits, takes in what comes, reconnects when lost.
pub fn pump(mut link: ResMut<Link>, mut socket: NonSendMut<Socket>, time: Res<Time<Real>>, wake: Option<Res<Wake>>) {
    let now = time.elapsed_secs_f64();
    if link.drop_socket {
        link.drop_socket = false;
        socket.0 = None;
    }
    if socket.0.is_none() {
        let due = link.wanted || (link.on_connect.is_some() && matches!(link.state, LinkState::Lost(_)) && now >= link.retry_at);
        if !due || link.address.is_empty() || (matches!(link.state, LinkState::Lost(_)) && now < link.retry_at) {
            return;
        }
        link.wanted = false;
        let options = ewebsock::Options { max_incoming_frame_size: 64 * crate::online::protocol::FRAME_BYTES, ..Default::default() };
        let opened = match &wake {
            Some(w) => {
                let w = w.0.clone();
                ewebsock::connect_with_wakeup(link.address.clone(), options, move || w())
            }
            None => ewebsock::connect(link.address.clone(), options),
        };
        match opened {
            Ok(s) => {
                socket.0 = Some(s);
                link.state = LinkState::Connecting;
                link.heard_at = now;
            }
            Err(e) => lost(&mut link, now, e.to_string()),
        }
        return;
    }
    let Some((sender, receiver)) = &mut socket.0 else { return };
    let mut closed = None;
    while let Some(event) = receiver.try_recv() {
        link.heard_at = now;
        match event {
            ewebsock::WsEvent::Opened => {
                link.state = LinkState::Open;
                link.failures = 0;
                if let Some(first) = link.on_connect.clone() {
                    link.outbox.push_front(first);
                }
            }
            ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => match serde_json::from_str::<Reply>(&text) {
                Ok(reply) => link.replies.push_back(reply),
                Err(e) => link.replies.push_back(Reply::Refused { message: format!("the server said something this game cannot read: {e}") }),
            },
            ewebsock::WsEvent::Message(_) => {}
            ewebsock::WsEvent::Error(e) => closed = Some(e),
            ewebsock::WsEvent::Closed => closed = Some("the server closed the connection".into()),
        }
    }
    // The browser answers pings without a word to the page: only natively are they heard.
    if cfg!(not(target_arch = "wasm32")) && link.state == LinkState::Open && now - link.heard_at > SILENCE {
        closed = Some(format!("no word from the server for {SILENCE} s"));
    }
    if link.state == LinkState::Open && closed.is_none() {
        while let Some(request) = link.outbox.pop_front() {
            sender.send(ewebsock::WsMessage::Text(serde_json::to_string(&request).expect("a request serialises")));
        }
    }
    if let Some(why) = closed {
        socket.0 = None;
        lost(&mut link, now, why);
    }
}

fn lost(link: &mut Link, now: f64, why: String) {
    link.failures += 1;
    link.retry_at = now + f64::from(1u32 << link.failures.min(4)).min(LONGEST_PAUSE);
    link.state = LinkState::Lost(why);
    // A request made while unreachable waits for the next connection.
    link.wanted = !link.outbox.is_empty();
}

/// Wakes a window at rest when something comes in (natively the window sleeps between inputs).
#[derive(Resource, Clone)]
pub struct Wake(pub std::sync::Arc<dyn Fn() + Send + Sync>);
