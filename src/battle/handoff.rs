//! When hotseat play hides the screen between the two players: where the decision passes to the
//! other player and either a player-turn changes hands or the two sides may not see the same
//! battle (a sealed order, a bid, a secret deployment). An answer asked of the other side in the
//! open (a charge's response in Black Powder) is given at the same screen, without a curtain.

use super::hash::state_hash;
use super::ids::Side;
use super::model::Battle;
use super::ruleset::Ruleset;

/// Whether the screen, last shown to `at_screen`, must be hidden before `deciding` decides.
pub fn hand_off_needed<R: Ruleset>(b: &Battle<R>, at_screen: Side, deciding: Side) -> bool {
    at_screen != deciding && (b.active == deciding || keeps_secrets(b, at_screen, deciding))
}

/// Whether the battle as one side may know it differs from the other's.
pub fn keeps_secrets<R: Ruleset>(b: &Battle<R>, one: Side, other: Side) -> bool {
    state_hash(&b.seen_by(one)) != state_hash(&b.seen_by(other))
}
