//! The headless subcommands behind `strategos`.

pub mod replay;
pub mod simulate;
pub mod terminal;
pub mod validate;
