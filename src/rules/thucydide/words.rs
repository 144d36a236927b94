//! The names a player reads for Thucydide's faces, traits, ranks, phases and grounds (never an
//! enum's name), and counted nouns in the singular or the plural.

use super::data::{Class, Rank, Trait};
use super::die::Face;
use super::state::{MoveMode, Phase};
use crate::hex::Ground;

pub fn face(f: Face) -> &'static str {
    match f {
        Face::GreenHit => "green hit",
        Face::Flag => "flag",
        Face::BlueHit => "blue hit",
        Face::OrderLetter => "order letter",
        Face::RedHit => "red hit",
        Face::TacticalAdvantage => "tactical advantage",
    }
}

pub fn class(c: Class) -> &'static str {
    match c {
        Class::Infantry => "infantry",
        Class::Cavalry => "cavalry",
        Class::Camelry => "camelry",
        Class::Chariots => "chariots",
        Class::Elephants => "elephants",
        Class::Artillery => "artillery",
    }
}

pub fn trait_name(t: Trait) -> &'static str {
    match t {
        Trait::Elite => "elite",
        Trait::Fanatic => "fanatics",
        Trait::Fickle => "fickle",
        Trait::Elusive => "elusive",
        Trait::Camels => "camels",
        Trait::ArabHorses => "Arab horses",
        Trait::IndianHorses => "Indian horses",
        Trait::ElephantBorne => "carried or drawn by an elephant",
        Trait::PowderArtillery => "powder artillery",
        Trait::Rockets => "rockets",
        Trait::Fire => "fire weapons",
        Trait::IgnoresArmour => "ignores armour",
        Trait::ReversedArmour => "reversed armour",
    }
}

pub fn rank(r: Rank) -> &'static str {
    match r {
        Rank::CommanderInChief => "commander-in-chief",
        Rank::SubGeneral => "sub-general",
        Rank::Historical => "historical leader",
        Rank::SeniorOfficer => "senior officer",
    }
}

pub fn phase(p: Phase) -> &'static str {
    match p {
        Phase::Redeploy => "Redeployment",
        Phase::Movement => "Movement",
        Phase::Combat => "Combat",
    }
}

pub fn move_mode(m: MoveMode) -> &'static str {
    match m {
        MoveMode::Normal => "moved",
        MoveMode::RoadMarch => "road-marched",
        MoveMode::Mounted => "moved mounted",
    }
}

pub fn ground(g: Ground) -> &'static str {
    match g {
        Ground::Open => "Open ground",
        Ground::Forest => "Forest",
        Ground::Marsh => "Marsh",
        Ground::Rocky => "Rocky ground",
        Ground::Buildings => "Buildings",
        Ground::Fortification => "Fortification",
        Ground::River => "River",
        Ground::Stream => "Stream",
    }
}

/// `n` and the noun, singular for one: `count(1, "die", "dice")` is "1 die".
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A rule's explanation and its reference to the seed: the closing parenthesis when it names a
/// heading (capitalised), a step, an annex or a house rule ("fire factor (Déroulement, step 3)").
pub fn split_rule(rule: &str) -> (&str, Option<&str>) {
    let Some(open) = rule.strip_suffix(')').and_then(|r| r.rfind('(')) else { return (rule, None) };
    let reference = &rule[open + 1..rule.len() - 1];
    let cites = reference.starts_with(char::is_uppercase) || ["step", "house rule", "annex"].iter().any(|w| reference.starts_with(w));
    if cites { (rule[..open].trim_end(), Some(reference)) } else { (rule, None) }
}
