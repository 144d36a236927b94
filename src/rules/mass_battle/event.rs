//! What happens in a mass battle, with every die, the battle table's percentage, each addition and
//! multiplier with its rule, and the damage, so the log can explain each number. Serialized one
//! JSON object per event.

use super::state::{Order, Phase};
pub use crate::battle::Factor;
use crate::battle::{Outcome, Side, UnitId};
use crate::hex::Hex;
use serde::Serialize;

/// Where an attack was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AttackKind {
    Shot,
    /// On a fleeing or retreating unit, in the movement phase (l. 29-31, 86-90).
    Pursuit,
    Melee,
    /// A hero's blast (H-M7).
    Spell,
}

/// One blow of a duel (H-M6): d20 + to-hit against the AC, then the damage.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Blow {
    pub attacker: UnitId,
    pub target: UnitId,
    pub d20: u8,
    pub to_hit: i32,
    pub ac: i32,
    pub hit: bool,
    pub faces: Vec<u8>,
    pub damage: i64,
}

/// Something that changed the percentage (l. 88, 104, 147) or multiplied the total (R-M4).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Term {
    pub rule: &'static str,
    pub what: &'static str,
    /// An addition to the percentage, or a fraction multiplying the total.
    pub percent: i32,
    pub times: (u32, u32),
}

/// One attack, as the formula of l. 55 reads it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Attack {
    pub kind: AttackKind,
    pub attacker: UnitId,
    pub target: UnitId,
    pub faces: Vec<u8>,
    /// The weapon's roll: faces plus its bonus.
    pub roll: i64,
    pub troops: u32,
    /// The battle table's percentage (l. 157), then the additions.
    pub table: u32,
    pub terms: Vec<Term>,
    pub damage: i64,
}

/// A morale test: two d6 at most the morale plus the modifiers (l. 67).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TestKind {
    /// It lost troops this sequence (l. 65).
    Losses,
    /// A rally (l. 34, 92, 100).
    Rally,
    /// The commander-in-chief fell: every unit of his side, at -2 (l. 135).
    CommanderFell,
}

/// Printed by `replay --events` as every ruleset's are: one object, `"event"` naming the variant,
/// hexes as `[column, row]` (`docs/replay.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event")]
pub enum Event {
    SequenceStarted {
        sequence: u32,
    },
    PhaseStarted {
        phase: Phase,
    },
    /// A side's order for one unit: only that side sees it before the reveal.
    OrderGiven {
        side: Side,
        unit: UnitId,
        order: Order,
    },
    Sealed {
        side: Side,
    },
    /// The besieger's section for this sequence, drafted (only he sees it) or revealed when he
    /// seals (l. 185).
    SectionChosen {
        section: usize,
    },
    SectionDeclared {
        section: Option<usize>,
    },
    /// A besieged unit assigned to the declared section: only its side sees it.
    Assigned {
        unit: UnitId,
    },
    /// The declared section has no defender: the besieger picks where it is breached (l. 187).
    BreachPending {
        section: usize,
    },
    /// A wall hex or gate falls, and may be crossed as rubble (l. 181-196, H-M13).
    BreachOpened {
        #[serde(with = "crate::hex::coords::as_offset")]
        hex: Hex,
        rule: &'static str,
    },
    /// Both sides' orders, forced and default ones included, in unit order (l. 21).
    OrdersRevealed {
        orders: Vec<(UnitId, Order)>,
        /// The units given a slice of their commander's INT bonus, once per slice (l. 104).
        slices: Vec<UnitId>,
    },
    /// A slice of the commander's INT bonus for a unit: only its side sees it before the reveal.
    SliceGiven {
        side: Side,
        unit: UnitId,
    },
    Attacked(Attack),
    /// Damage dealt in the phase comes off at its end (l. 53, 59).
    DamageTaken {
        unit: UnitId,
        damage: i64,
        pvt: i64,
        troops: u32,
    },
    Moved {
        unit: UnitId,
        #[serde(serialize_with = "crate::hex::coords::offsets::serialize")]
        path: Vec<Hex>,
    },
    Engaged {
        a: UnitId,
        b: UnitId,
    },
    Disengaged {
        a: UnitId,
        b: UnitId,
    },
    /// Destroyed (PVT 0), or gone from the field after a failed rally (l. 94) or a surrender.
    Removed {
        unit: UnitId,
        why: &'static str,
    },
    MoraleTest {
        unit: UnitId,
        kind: TestKind,
        faces: (u8, u8),
        morale: u8,
        factors: Vec<Factor>,
        passed: bool,
    },
    /// By a failed test (l. 82) or without one (l. 106), as `rule` says.
    Demoralised {
        unit: UnitId,
        by_shooting: bool,
        rule: &'static str,
    },
    Rallied {
        unit: UnitId,
    },
    /// Failed its rally: it leaves the field in the next movement phase (l. 94).
    WillLeave {
        unit: UnitId,
    },
    /// The standard's unit is gone: -1 to every morale test from now on (l. 42).
    StandardLost {
        side: Side,
    },
    /// The units this side may still try to rally (R-M22).
    RalliesOffered {
        side: Side,
        units: Vec<UnitId>,
    },
    RalliesDone {
        side: Side,
    },
    /// A side places a unit in its zone, sealed until both deployments are revealed (H-M10).
    Placed {
        side: Side,
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        hex: Hex,
    },
    /// A side gives its battle standard to a unit at deployment (l. 38, H-M10).
    StandardGiven {
        side: Side,
        unit: UnitId,
    },
    /// Both sides have sealed their deployment: where every unit stands, who carries each standard.
    DeploymentRevealed {
        placements: Vec<super::state::Placement>,
        standards: [Option<UnitId>; 2],
    },
    /// Pursuers engaged with other enemies too choose their one target (l. 90): the phase's
    /// pursuits, (pursuer, quarry), and the pursuers each side chooses for.
    PursuitsOffered {
        pursuits: Vec<(UnitId, UnitId)>,
        choosing: [Vec<UnitId>; 2],
    },
    /// A pursuer's choice (l. 90): its quarry, struck now, or another enemy, fought in the melee.
    PursuitChosen {
        unit: UnitId,
        target: UnitId,
    },
    /// A duel's round (H-M6): every blow, damage counted at its end.
    DuelRound {
        round: u8,
        blows: Vec<Blow>,
    },
    /// A hero serves as a unit's officer, his hit points added to its own (l. 131).
    OfficerJoined {
        hero: UnitId,
        unit: UnitId,
        hp: i64,
    },
    /// The unit's troops are all down: its officer stands alone with these hit points (R-M12).
    OfficerAlone {
        unit: UnitId,
        hero: UnitId,
        hp: i64,
    },
    HeroFell {
        hero: UnitId,
    },
    /// The hero a duel sought moved out of the seeker's reach: no duel (H-M6, l. 123).
    DuelMissed {
        hero: UnitId,
        target: UnitId,
    },
    /// A hero strikes the rank and file while an enemy hero or huge creature was his to fight:
    /// -1 to his side's morale tests this sequence (l. 119, H-M12).
    Cowardice {
        hero: UnitId,
        side: Side,
    },
    /// -2 to every morale test of this side from now on (l. 139).
    CommanderFell {
        side: Side,
    },
    /// Failed its test after the commander fell: it surrenders at the sequence's end (l. 137).
    Surrenders {
        unit: UnitId,
    },
    /// Hit points back at the sequence's end (l. 109).
    Regenerated {
        unit: UnitId,
        pvt: i64,
    },
    /// An engine's stones on a wall hex: `points` more, `total` so far (l. 191, H-M13).
    WallWorked {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        hex: Hex,
        points: u32,
        total: u32,
    },
    /// A ram starts on a gate, or a huge creature on a wall hex: 2d4 sequences to break it (l. 194,
    /// H-M13, H-M16).
    RamStarted {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        hex: Hex,
        faces: Vec<u8>,
        needs: u8,
    },
    /// A ram, or a huge creature, lived through a sequence of work at its gate or wall (l. 194,
    /// H-M13, H-M16).
    RamWorked {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        hex: Hex,
        done: u8,
        needs: u8,
    },
    /// A hero casts his Breach spell on a wall hex (l. 195, H-M7).
    Passwall {
        hero: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        hex: Hex,
    },
    SequenceEnded {
        sequence: u32,
    },
    BattleEnded { outcome: Outcome },
}
