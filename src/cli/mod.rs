//! The headless subcommands behind `strategos`.

#[cfg(all(feature = "server", not(target_arch = "wasm32")))]
pub mod remote;
pub mod new;
pub mod replay;
#[cfg(not(target_arch = "wasm32"))]
pub mod simulate;
pub mod terminal;
pub mod validate;
