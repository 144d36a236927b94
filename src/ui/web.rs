//! The page around the game in a browser (see index.html's `strategos` script): options from the
//! page's address, its local storage for saves, the notice taken down once the game draws, the
//! replay file picker and downloads.

use super::Options;
use crate::ai::Level;
use bevy::prelude::*;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
unsafe extern "C" {
    #[wasm_bindgen(js_namespace = strategos)]
    fn started();
    #[wasm_bindgen(js_namespace = strategos, js_name = pickReplay)]
    pub fn pick_replay();
    /// Battle files picked land in the storage under `strategos/battles/`, one's own battles.
    #[wasm_bindgen(js_namespace = strategos, js_name = pickBattles)]
    pub fn pick_battles();
    #[wasm_bindgen(js_namespace = strategos)]
    pub fn download(name: &str, text: &str);
    /// The page address's query, `?` included.
    #[wasm_bindgen(js_namespace = strategos)]
    fn search() -> String;
    /// The WebSocket address of the server that serves the page.
    #[wasm_bindgen(js_namespace = strategos, js_name = serverAddress)]
    pub fn server_address() -> String;
    /// The page's address joining an online game with `invite`.
    #[wasm_bindgen(js_namespace = strategos, js_name = joinLink)]
    pub fn join_link(invite: &str) -> String;
    #[wasm_bindgen(js_namespace = strategos, js_name = storageGet)]
    pub fn storage_get(key: &str) -> Option<String>;
    /// False when the storage is full or refuses.
    #[wasm_bindgen(js_namespace = strategos, js_name = storageSet)]
    pub fn storage_set(key: &str, text: &str) -> bool;
    /// False when the storage refuses.
    #[wasm_bindgen(js_namespace = strategos, js_name = storageRemove)]
    pub fn storage_remove(key: &str) -> bool;
    /// Every key of the local storage, one per line.
    #[wasm_bindgen(js_namespace = strategos, js_name = storageKeys)]
    pub fn storage_keys() -> String;
}

/// `?scenario=ID&seed=N&computer=0|1&level=easy|normal|strong|strong:MS` starts a battle at once; `?watch=NAME`
/// opens a saved game or replay from the browser's storage in the replay viewer, and `?resume=NAME`
/// goes on playing it; `?join=INVITE` opens the online lobby joining that game on the server that
/// serves the page. A value that does not read, or a key the page does not know, is said in the
/// menu (as a bad file is), and the menu opens instead of a battle.
pub fn options() -> Options {
    let mut o = Options::default();
    let mut errors = Vec::new();
    for pair in search().trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = decode(value);
        let mut refuse = |wants: &str| errors.push(format!("the page's address: {key}={value} is not {wants}"));
        match key {
            "scenario" => match super::battles::load_named(&value) {
                Ok(_) => o.scenario = Some(value),
                Err(e) => errors.push(format!("the page's address: {e}")),
            },
            "seed" => match value.parse() {
                Ok(seed) => o.seed = Some(seed),
                Err(_) => refuse("a whole number"),
            },
            "computer" => match value.parse::<u8>() {
                Ok(side) if side < 2 => o.computer = Some(side),
                _ => refuse("0 or 1 (the side the computer plays)"),
            },
            "level" => match Level::from_name(&value) {
                Ok(level) => o.level = level,
                Err(e) => errors.push(format!("the page's address: {e}")),
            },
            "watch" if !value.is_empty() => o.watch = Some(super::Watched::Save(value)),
            "resume" if !value.is_empty() => o.resume = Some(value),
            "watch" | "resume" => refuse("the name of a saved game"),
            "join" if !value.is_empty() => o.join = Some(value),
            "join" => refuse("an invite code"),
            "check" if value == "layout" => o.layout_check = true,
            "check" if value == "editor" => o.edit = Some(crate::rules::registry::NAMES[0].to_string()),
            "check" => refuse("layout (the layout check) or editor (the editor's script)"),
            _ => errors.push(format!("the page's address: '{key}' is not an option of the page (scenario, seed, computer, level, watch, resume, join, check)")),
        }
    }
    if !errors.is_empty() {
        // A battle the address asked for wrongly is not started half right: the menu says why.
        o.scenario = None;
        o.watch = None;
        o.resume = None;
    }
    o.address_errors = errors;
    o
}

/// Percent-decoding of one query value (`+` for space, `%XX` bytes).
fn decode(value: &str) -> String {
    let digit = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%' && i + 2 < bytes.len()).then(|| Some(digit(bytes[i + 1])? * 16 + digit(bytes[i + 2])?)).flatten();
        match (bytes[i], escaped) {
            (_, Some(b)) => {
                out.push(b);
                i += 2;
            }
            (b'+', _) => out.push(b' '),
            (b, _) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub struct PagePlugin;

impl Plugin for PagePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Last, tell_the_page_once);
    }
}

/// The first frame drawn takes the page's loading notice down.
fn tell_the_page_once(mut told: Local<bool>) {
    if !*told {
        *told = true;
        started();
    }
}
