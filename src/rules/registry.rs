//! The one list of rulesets this build plays. Every front end (the CLI's subcommands, the terminal
//! game, the window's menu, saves and replay viewer, the page) reaches a ruleset through it, by the
//! name a scenario, save or replay file gives: adding a ruleset is adding its folder, its module
//! line in `rules/mod.rs` and its type in the `registry!` call below (see the checklist at the end
//! of `docs/architecture.md`).

use crate::ai::Judge;
use crate::battle::{Present, Ruleset};
use crate::editor::muster::Muster;

/// Work that is the same for every ruleset: its body is generic, and the registry picks `R` from
/// the name a file gives.
pub trait ForRuleset {
    type Output;
    fn run<R: Judge + Present + Muster>(self) -> Self::Output;
}

/// Work done once for every ruleset (the window installing each one's plugins, say).
pub trait ForEachRuleset {
    fn run<R: Judge + Present + Muster>(&mut self);
}

/// A name no ruleset of this build answers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleset(pub String);

impl std::fmt::Display for UnknownRuleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown ruleset '{}'; known: {}", self.0, NAMES.join(", "))
    }
}

impl std::error::Error for UnknownRuleset {}

macro_rules! registry {
    ($($ruleset:ty),+ $(,)?) => {
        /// The rulesets, by the name scenarios and replays use.
        pub const NAMES: &[&str] = &[$(<$ruleset as Ruleset>::NAME),+];

        /// The title a player reads of the ruleset called `name`.
        pub fn title(name: &str) -> Option<&'static str> {
            $(if name == <$ruleset as Ruleset>::NAME {
                return Some(<$ruleset as Ruleset>::TITLE);
            })+
            None
        }

        /// Why the menu does not offer the strong level for the ruleset called `name`
        /// (`Judge::STRONG_WITHHELD`); `None` where it does, or for no such ruleset.
        pub fn strong_withheld(name: &str) -> Option<&'static str> {
            $(if name == <$ruleset as Ruleset>::NAME {
                return <$ruleset as Judge>::STRONG_WITHHELD;
            })+
            None
        }

        /// Runs `work` with the ruleset called `name`.
        pub fn with_ruleset<W: ForRuleset>(name: &str, work: W) -> Result<W::Output, UnknownRuleset> {
            $(if name == <$ruleset as Ruleset>::NAME {
                return Ok(work.run::<$ruleset>());
            })+
            Err(UnknownRuleset(name.to_string()))
        }

        /// Runs `work` once with each ruleset, in the order above.
        pub fn for_each_ruleset(work: &mut impl ForEachRuleset) {
            $(work.run::<$ruleset>();)+
        }
    };
}

registry!(super::thucydide::Thucydide, super::swordpoint::Swordpoint, super::black_powder::BlackPowder, super::swidenth::Swidenth, super::mass_battle::MassBattle);
