//! What happens in a Swidenth battle, with every d20 face, each modifier and the rule behind it,
//! the margin, the damage and the result read against Défense, so the log can explain each
//! outcome. Serialized one JSON object per event.

use super::duel::Harm;
use super::state::{Phase, Step, Subgroups};
pub use crate::battle::Factor;
use crate::battle::{Outcome, Side, UnitId};
use crate::hex::Hex;
use serde::Serialize;

/// What an opposed roll was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum DuelKind {
    /// A combat phase (l. 87-99): Combat against Combat.
    Melee,
    /// A shot (l. 154-170): Tir against Combat.
    Shot,
    /// Trait de feu (H-S3): Psychisme against Combat, as a shot.
    FireBolt,
    /// The shot that strikes the shooter's ally instead (l. 166, R-S13).
    AllyStruck,
}

impl DuelKind {
    /// A shot of any kind: the target wins ties (l. 174) and only the shooter can hurt.
    pub fn ranged(self) -> bool {
        self != DuelKind::Melee
    }
}

/// One side of an opposed roll: the d20, the characteristic and the modifiers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Roll {
    pub figure: UnitId,
    pub die: u8,
    /// Combat, Tir or Psychisme.
    pub base: i8,
    pub factors: Vec<Factor>,
}

impl Roll {
    pub fn total(&self) -> i32 {
        i32::from(self.die) + i32::from(self.base) + Factor::total(&self.factors)
    }
}

/// An opposed roll and its result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Duel {
    pub kind: DuelKind,
    /// The figure that performs the combat phase, or the shooter.
    pub acting: Roll,
    pub opposing: Roll,
    /// The winner; `None` for a tie in melee (l. 99) or a missed shot (l. 174).
    pub winner: Option<UnitId>,
    pub margin: i32,
    /// The winner's damage added to the margin (l. 103, 118, 124, 136, 138).
    pub damage: Vec<Factor>,
    /// The loser's Défense then (l. 105).
    pub defence: i8,
    pub harm: Option<Harm>,
}

impl Duel {
    /// Margin plus damage, read against the loser's Défense.
    pub fn result(&self) -> i32 {
        self.margin + Factor::total(&self.damage)
    }

    pub fn loser(&self) -> Option<UnitId> {
        let w = self.winner?;
        Some(if w == self.acting.figure { self.opposing.figure } else { self.acting.figure })
    }
}

/// A d20 + Bravoure test (R-S4), and why it was taken.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Test {
    pub figure: UnitId,
    pub die: u8,
    pub bravoure: i8,
    pub factors: Vec<Factor>,
    pub difficulty: i8,
    pub passed: bool,
    pub rule: &'static str,
}

/// Which hand a fumble's d20 chose (H-S12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Hand {
    Main,
    Off,
}

/// A special action's deed, or a first action that is not a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Deed {
    Concentrated,
    Reloaded,
    Waited,
    Rested,
    Camouflaged,
    PickedUp,
    Unlocked(u8),
    Pulled(u8),
}

/// Printed by `replay --events` as every ruleset's are: one object, `"event"` naming the variant,
/// hexes as `[column, row]` (`docs/replay.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event")]
pub enum Event {
    TurnStarted { turn: u32 },
    /// A band half down tests before the initiative (H-S4b).
    RoutTest { side: Side, test: Test },
    /// The d20 of l. 30: 11+ gives side 0 the initiative.
    Initiative { die: u8, side: Side },
    /// A phase opens for `side`; a leader's with the figures in his bubble at its start (l. 58-60).
    PhaseStarted { phase: Phase, side: Side, leader: Option<UnitId>, eligible: Vec<UnitId> },
    /// A figure's move: a first-action move or a run (l. 66, 73), engaging `engaged` (l. 80).
    Moved {
        figure: UnitId,
        #[serde(serialize_with = "crate::hex::coords::offsets::serialize")]
        path: Vec<Hex>,
        run: bool,
        engaged: Vec<UnitId>,
    },
    /// The test before engaging a terrifying creature (H-S4c); failed, the move stopped short.
    TerrorTest { of: UnitId, test: Test },
    /// A first action other than a move, or a special action.
    Acted { figure: UnitId, deed: Deed },
    /// The outnumbering side's subgroups (l. 128).
    Split(Subgroups),
    Duel(Duel),
    /// A natural 1 (l. 120): the hand's d20 and what fell, if that hand held anything.
    Fumble { figure: UnitId, die: u8, hand: Hand, dropped: Option<String> },
    /// The d20 of l. 166 after a missed shot past the shooter's ally: 8+ strikes the ally.
    StrayRoll { ally: UnitId, die: u8, strikes: bool },
    /// A push back (l. 105): each figure's step, the loser's first.
    Pushed {
        #[serde(serialize_with = "steps_as_offsets")]
        moves: Vec<(UnitId, Hex, Hex)>,
    },
    /// The winner chose not to push the loser back: it stays where it stands (l. 105).
    LeftStanding { figure: UnitId },
    /// A stun token until the end of turn `until` (l. 107), and why.
    Stunned { figure: UnitId, until: u32, rule: &'static str },
    /// A Vitalité lost (l. 111, 114); `by_enemy` unless a friend's stray shot did it (l. 166).
    Wounded { figure: UnitId, left: i8, horrible: bool, by_enemy: bool },
    /// Hors de combat (l. 111-114).
    OutOfAction { figure: UnitId, horrible: bool, by_enemy: bool },
    BravoureTest(Test),
    /// A spell's roll against a fixed score or the target's Psychisme (H-S3).
    Spell { caster: UnitId, spell: String, target: UnitId, roll: Roll, against: Option<Roll>, needed: Option<i8>, works: bool },
    /// Soin: stun tokens removed, or a Vitalité back.
    Healed { figure: UnitId, stuns: u8, vitalite: i8 },
    /// Bouclier mystique: Défense up to the end of turn `until`.
    Shielded { figure: UnitId, until: u32 },
    /// A figure's activation ends (its second action taken, or the phase over).
    ActivationEnded { figure: UnitId },
    /// Stun tokens whose time ran out at the end of the turn (l. 107).
    StunsWornOff { figure: UnitId, tokens: u8 },
    TurnEnded { turn: u32 },
    BattleEnded { outcome: Outcome, points: [u32; 2] },
    /// The agenda as the command left it.
    AgendaChanged { agenda: Vec<Step> },
}

/// A push's steps as `[figure, [column, row], [column, row]]`, as files write hexes.
fn steps_as_offsets<S: serde::Serializer>(moves: &[(UnitId, Hex, Hex)], s: S) -> Result<S::Ok, S::Error> {
    use crate::hex::Offset;
    moves.iter().map(|&(figure, from, to)| (figure, Offset::from_hex(from), Offset::from_hex(to))).collect::<Vec<_>>().serialize(s)
}
