//! What happens in a Black Powder battle, with the dice faces, the scores needed and the rule behind
//! every outcome, so the log can explain each result. Serialized one JSON object per event.

use super::data::{BlunderResult, BreakResult, Formation, TestLetter, Trait};
use super::order::CommandResult;
use super::state::{Phase, Response, Step};
pub use crate::battle::Factor;
use crate::battle::{Outcome, Side, UnitId};
use crate::hex::{Direction, Hex};
use serde::{Deserialize, Serialize};

/// Why a unit moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveKind {
    /// A move of an order, an initiative move or a free move.
    Move,
    Charge,
    /// A blunder's move (BP9).
    Blunder,
    Evade,
    /// "Reculé" (BP8.8–8.9).
    Retire,
    /// A melee's winner into a hex its loser left (HB-13).
    Advance,
}

/// What fired a volley: a shot of the Shooting phase, closing fire, or a unit's blows in melee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum VolleyKind {
    Shooting,
    ClosingFire,
    Melee,
}

/// One batch of dice against one target, with its saves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Volley {
    pub by: UnitId,
    pub target: UnitId,
    pub kind: VolleyKind,
    /// The dice rolled and how they were counted (B.3.5).
    pub dice: u8,
    pub dice_rules: Vec<&'static str>,
    /// To-hit modifiers (BP:L83–87, L111–118, L250–256).
    pub to_hit: Vec<Factor>,
    pub faces: Vec<u8>,
    /// Faces of the misses rolled again (Sharp shooter, Ferocious charge, Tough fighters, Bloodthirsty).
    pub rerolls: Vec<u8>,
    pub reroll_rule: Option<&'static str>,
    pub hits: u8,
    /// The save score before its modifiers (the target's Morale).
    pub morale: u8,
    pub save_factors: Vec<Factor>,
    pub saves: Vec<u8>,
    /// Failed saves rolled again (Stubborn, Crack).
    pub save_rerolls: Vec<u8>,
    pub save_reroll_rule: Option<&'static str>,
    pub casualties: u8,
    /// A natural 6 among the to-hit dice disorders the target (HB-10); shooting only.
    pub disorders: bool,
    /// The volley came from artillery (BP5.3, BP8.2).
    pub artillery: bool,
}

/// Printed by `replay --events` as every ruleset's are: one object, `"event"` naming the variant
/// (`docs/replay.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event")]
pub enum Event {
    /// A player-turn opens for `side`.
    TurnStarted { turn: u32, side: Side },
    PhaseStarted { phase: Phase },
    /// Elite rolls to lose its disorder (BP18.6).
    EliteRolled { unit: UnitId, face: u8, recovered: bool },
    /// A Shaken Brave unit rolls to rally (BP18.1, HB-15).
    BraveRolled { unit: UnitId, face: u8, rallied: bool },
    /// Units may move without orders (HB-5) or take their free move after a failed order
    /// (BP3.11–3.13, BP18.21).
    MovesGranted { units: Vec<UnitId>, moves: u8, rule: &'static str },
    /// A commander's roll for an order (HB-3): both faces, the staff rating and the modifiers.
    OrderRolled { commander: u32, units: Vec<UnitId>, faces: [u8; 2], staff: u8, factors: Vec<Factor>, result: CommandResult },
    /// A blunder's d6 (BP9), and the D3's d6 of a "Charge!".
    Blundered { commander: u32, units: Vec<UnitId>, face: u8, result: BlunderResult, d3_face: Option<u8>, moves: u8 },
    Moved {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::offsets")]
        path: Vec<Hex>,
        facing: Direction,
        kind: MoveKind,
        /// Moves the unit spends on it.
        moves: u8,
    },
    /// A change of formation, costing `moves` of the unit's moves.
    Formed { unit: UnitId, formation: Formation, moves: u8, rule: &'static str },
    /// A turn to face another hexside, costing `moves` of the unit's moves.
    Faced { unit: UnitId, facing: Direction, moves: u8, rule: &'static str },
    /// A move spent on a casualty (HB-16).
    Rallied { unit: UnitId },
    Halted { unit: UnitId },
    CommanderRode {
        commander: u32,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
        rule: &'static str,
    },
    ChargeDeclared {
        unit: UnitId,
        target: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
    },
    Responded { unit: UnitId, response: Response },
    /// The charge did not go in (the charger retired or broke under closing fire, or the target
    /// evaded out of its reach).
    ChargeStopped { unit: UnitId, reason: &'static str },
    /// The charger loses its +1 for charging (BP13.2).
    ChargeBonusLost { unit: UnitId, rule: &'static str },
    /// Freshly raised's d6 at its first shooting or melee (HB-19).
    FreshlyRaised { unit: UnitId, face: u8, becomes: Option<Trait> },
    /// An Untested unit's stamina, rolled at its first casualty (BP18.16).
    StaminaRolled { unit: UnitId, face: u8, stamina: u8 },
    Volley(Volley),
    /// The totals of one melee (HB-12): each side's casualties inflicted and result modifiers.
    MeleeResult {
        units: [Vec<UnitId>; 2],
        inflicted: [u8; 2],
        factors: [Vec<Factor>; 2],
        /// Heavy cavalry's D3 faces, read as d6 (BP18.2, RB-7).
        heavy_faces: [Vec<u8>; 2],
        totals: [i32; 2],
        winner: Option<Side>,
    },
    /// A break test (BP5, BP8): 2d6 + modifiers read on the table; `auto` when Steady passes it.
    BreakTest {
        unit: UnitId,
        test: TestLetter,
        faces: [u8; 2],
        factors: Vec<Factor>,
        total: i32,
        result: BreakResult,
        /// Passed without a roll (Steady), or the roll was taken again (Valiant).
        note: Option<&'static str>,
    },
    Disorder { unit: UnitId, on: bool, rule: &'static str },
    /// Casualties above the stamina are set back to it after a Hold or a Retire (HB-11).
    CasualtiesReset { unit: UnitId, casualties: u8 },
    /// Broke, or could not retire (BP8.6, BP8.10), or left the table shaken (BP11.1).
    Destroyed { unit: UnitId, rule: &'static str },
    /// The winner of a round, for the next (BP6.3).
    RoundWon { unit: UnitId, won: bool },
    BrigadeBroken { brigade: u32 },
    AgendaChanged { agenda: Vec<Step> },
    BattleEnded { outcome: Outcome },
}
