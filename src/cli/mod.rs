//! The headless subcommands behind `strategos`.

pub mod play;
pub mod replay;
pub mod simulate;
pub mod validate;
