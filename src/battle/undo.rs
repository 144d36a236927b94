//! Which command a person may take back: the last one, while nothing random came of it (the
//! ruleset says so), only by the person who gave it, and only while that side is the one
//! deciding. A command of the other side stands even in hotseat: the player answering a charge
//! cannot take the charge back, a loser cannot take back the push the winner chose, and no undo
//! reaches across a hand-off.

use super::ecs::EventLog;
use super::ids::Side;
use super::model::Battle;
use super::present::Present;

/// Whether the last command of `log` may be taken back now, where `person` says which sides a
/// person plays.
pub fn may_take_back<R: Present>(log: &EventLog<R>, now: &Battle<R>, person: impl Fn(Side) -> bool) -> bool {
    let Some(last) = log.commands.len().checked_sub(1) else { return false };
    if R::taken_back_by(now, &log.commands[last].0, log.events_of(last)).is_none() {
        return false;
    }
    log.giver(last).is_some_and(|side| person(side) && R::deciding_side(now) == Some(side))
}
