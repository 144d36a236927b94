//! The rule tables each ruleset compiles in from `assets/rules/<ruleset>/*.ron` (so the web build
//! needs no files): reading one, and naming the file when a lookup finds no row. They are part of
//! the program and checked by the tests, so a failure is a build defect, not bad user input.

use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// The table in `assets/rules/<folder>/<file>`, compiled in and parsed.
macro_rules! rule_table {
    ($folder:literal, $file:literal) => {
        $crate::rules::tables::parse($folder, $file, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/rules/", $folder, "/", $file)))
    };
}
pub(crate) use rule_table;

/// Parses the text of `assets/rules/<folder>/<file>`.
pub fn parse<T: DeserializeOwned>(folder: &str, file: &str, text: &str) -> T {
    ron::from_str(text).unwrap_or_else(|e| panic!("assets/rules/{folder}/{file}: {e}"))
}

/// A lookup in `assets/rules/<folder>/<file>` found no row for `key`.
pub fn missing(folder: &str, file: &str, key: impl Debug) -> ! {
    panic!("assets/rules/{folder}/{file}: no row for {key:?}")
}
