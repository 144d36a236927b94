//! Black Powder's part of the battle state: per unit (profile, brigade, formation, casualties, the
//! seed's markers and the traits used once) and for the whole battle (phase, brigades, commanders,
//! the decisions waiting on the agenda and the outcome).

use super::data::{BlunderCharge, BlunderDirection, BreakResult, Formation, Profile, TestLetter, Trait, Troop, tables};
use super::event::MoveKind;
use crate::battle::{AppState, Outcome, Side, UnitId};
use crate::hex::{Direction, Hex};
use bevy::prelude::SubStates;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// Index into the battle's table of profiles (the army lists its scenario names).
    pub profile: u16,
    /// That profile, at hand: the state's hash holds its index only, as it holds none of the map.
    #[serde(skip, default = "stand_in")]
    pub kind: Arc<Profile>,
    /// The scenario's name for it ("1/42nd Highlanders"), or the profile's label; shared, so the
    /// computer's thousands of copies of a battle do not copy it.
    pub name: Arc<str>,
    /// Index into `Global::brigades`.
    pub brigade: u8,
    pub formation: Formation,
    /// Casualties taken; above the stamina until the next break test (HB-11).
    pub casualties: u8,
    /// `None` for an Untested unit before its first casualty (BP18.16, HB-18).
    pub stamina: Option<u8>,
    /// "En désordre" (BP10): ends at the end of its own side's player-turn (HB-14).
    pub disordered: bool,
    /// Broke, or was removed (BP8.6); `Unit.hex` is then `None`.
    pub destroyed: bool,
    /// Moves it may still make this Command phase (an order's, an initiative move, a free move).
    pub moves_left: u8,
    /// Moves made this turn (shooting after more than one is barred, HB-10).
    pub moves_made: u8,
    /// Received an order, a free move or an initiative move this turn (HB-3, HB-5).
    pub ordered: bool,
    /// The targets it shot at this Shooting phase (a square or a building shoots at several).
    pub shot_at: Vec<UnitId>,
    /// Charged or counter-charged this turn (BP6.2, BP18.2).
    pub charged: bool,
    /// Won the last round of its continuing melee (BP6.3).
    pub won_last_round: bool,
    /// Has fought a round of melee in this battle (Bloodthirsty, RB-9).
    pub fought: bool,
    /// Has shot in this battle (First fire, BP18.18).
    pub has_shot: bool,
    /// Has taken a break test in this battle (Steady, BP18.20).
    pub tested: bool,
    /// Freshly raised: its test is taken (HB-19).
    pub fresh_tested: bool,
    /// What Freshly raised made it (Wavering or Steady), for the rest of the battle.
    pub gained: Option<Trait>,
    /// Horse artillery's changes of formation this turn that cost no move (BP14.1: limber, then
    /// unlimber). Left out of the state's text while 0, so the hashes of states that never had
    /// it are unchanged.
    #[serde(default, skip_serializing_if = "crate::scenario::is_default")]
    pub free_limbers: u8,
}

impl UnitState {
    /// A unit as it deploys: `kind`, the profile at `index` of the battle's table, whole, in
    /// formation `formation`, with no marker.
    pub fn deployed(index: u16, kind: Arc<Profile>, name: Arc<str>, brigade: u8, formation: Formation) -> UnitState {
        let untested = kind.traits.contains(&Trait::Untested);
        let stamina = if untested { None } else { Some(kind.stamina) };
        UnitState {
            profile: index,
            kind,
            name,
            brigade,
            formation,
            casualties: 0,
            stamina,
            disordered: false,
            destroyed: false,
            moves_left: 0,
            moves_made: 0,
            ordered: false,
            shot_at: Vec::new(),
            charged: false,
            won_last_round: false,
            fought: false,
            has_shot: false,
            tested: false,
            fresh_tested: false,
            gained: None,
            free_limbers: 0,
        }
    }

    pub fn profile(&self) -> &Profile {
        &self.kind
    }

    pub fn troop(&self) -> Troop {
        self.profile().troop
    }

    /// Whether it has `wanted`, from its profile, through a trait that combines it (Fanatics), or
    /// gained from Freshly raised.
    pub fn has(&self, wanted: Trait) -> bool {
        self.gained == Some(wanted) || tables().traits.grants(&self.profile().traits, wanted)
    }

    /// "Ébranlé" (HB-11): as many casualties as its stamina.
    pub fn shaken(&self) -> bool {
        self.stamina.is_some_and(|s| self.casualties >= s)
    }

    /// The hits it can still take before it is Shaken (the counter's number).
    pub fn strength(&self) -> u8 {
        let stamina = self.stamina.unwrap_or(self.profile().stamina);
        stamina.saturating_sub(self.casualties)
    }

    pub fn skirmishing(&self) -> bool {
        self.formation == Formation::Skirmish
    }

    pub fn is_artillery(&self) -> bool {
        self.troop() == Troop::Artillery
    }
}

/// A brigade: its units move on its commander's orders (HB-4) and it breaks as a body (HB-21).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Brigade {
    pub id: u32,
    pub side: Side,
    pub name: Arc<str>,
    /// Units it started with.
    pub start_units: u8,
    /// More than half its units destroyed or shaken (HB-21): no order may bring them closer.
    pub broken: bool,
}

/// A commander: a marker on the board that gives orders (HB-2). Brigade commanders order their own
/// brigade; the commander-in-chief (`brigade: None`) any unit of his side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Commander {
    pub id: u32,
    pub side: Side,
    pub name: Arc<str>,
    /// Staff rating (HB-2).
    pub staff: u8,
    /// Index into `Global::brigades`, or `None` for the commander-in-chief.
    pub brigade: Option<u8>,
    #[serde(with = "crate::hex::coords::as_offset")]
    pub hex: Hex,
    /// A failed order or a blunder ends his orders this turn (HB-3).
    pub done: bool,
    /// Has made his own move this turn (once a turn, HB-2).
    pub moved: bool,
}

/// How a charged unit answers (HB-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Response {
    Stand,
    /// Shoots at the charger before contact (BP:L114, RB-4).
    ClosingFire,
    /// Moves a full move away (BP12).
    Evade,
    /// Cavalry: counts as charging too (BP13).
    CounterCharge,
    /// Infantry charged by cavalry forms square (BP18.9).
    FormSquare,
    /// Cavalry turns to face the charger (BP13.1).
    ChangeFacing,
}

/// Black Powder's sequence of a player-turn (B.4); also the Bevy sub-state of `AppState::Battle`
/// while a Black Powder battle is on. The start of the Command phase (Elite and Brave rolls) and
/// the end of the player-turn are automatic and have no phase of their own.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[source(AppState = AppState::Battle)]
pub enum Phase {
    /// Set up, before the first player-turn opens.
    #[default]
    Opening,
    /// Units with an enemy within 12" move without orders (HB-5).
    Initiative,
    /// Commanders give orders and the ordered units move (HB-3, HB-4).
    Orders,
    Shooting,
    /// Every melee, both sides' units, fought at once (BP1.4).
    HandToHand,
}

/// Something the rules must still do; the top of the agenda goes first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// The charged unit's owner answers (HB-8); then the charger goes in.
    Respond {
        charger: UnitId,
        target: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
        /// The inches the charge may cover: one move, or a blunder's D3 moves (BP9.6).
        budget: u32,
    },
    /// A blunder's move (BP9), unit by unit in the order's list. Where a charge is possible
    /// (BP9.3–9.5) the unit's owner charges or picks the move's end; on a "Charge!" (BP9.6) the
    /// unit charges if it can; else it moves.
    Blunder {
        unit: UnitId,
        way: BlunderDirection,
        /// The inches of the blunder's move.
        budget: u32,
        charge: BlunderCharge,
    },
    /// A move the rules constrain whose end the unit's owner picks (B.4's `RetirePath`,
    /// `EvadePath`, `BlunderMove`): among the ends it reaches at the greatest distance, the rules'
    /// own preference first.
    Path { unit: UnitId, kind: MoveKind, ends: Vec<PathEnd> },
    /// A Valiant unit's owner keeps the test's result or takes the test again (BP18.23).
    Valiant { unit: UnitId, letter: TestLetter, artillery: bool, first: BreakResult },
    /// A break test still to take (BP5), in the order a melee or a shot calls for them.
    Test { unit: UnitId, letter: TestLetter, artillery: bool },
    /// The E tests of the supports of each listed unit that its test removed (BP8.10, BP17),
    /// once every test of the melee is carried out.
    SupportTests { of: Vec<(UnitId, Vec<UnitId>)> },
    /// After a Terrifying charge's test (HB-9): the target answers if it still stands in `at`.
    AfterTerror {
        charger: UnitId,
        target: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
        budget: u32,
        #[serde(with = "crate::hex::coords::as_offset")]
        at: Hex,
    },
    /// After the answer, its tests included: the charger goes in if it still stands in `from`
    /// (HB-7, HB-8); an infantry charger counter-charged by cavalry loses its bonus (BP13.2).
    GoIn {
        charger: UnitId,
        target: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
        budget: u32,
        #[serde(with = "crate::hex::coords::as_offset")]
        from: Hex,
        loses_bonus: bool,
    },
    /// After a melee's tests: its winner `unit`, still in `from`, may advance into one of `hexes`,
    /// where the losers it touched stood, if one is left empty (HB-13).
    Advance {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        from: Hex,
        #[serde(with = "crate::hex::coords::offsets")]
        hexes: Vec<Hex>,
    },
    /// A melee still to fight in this Hand-to-hand phase (BP1.4).
    Melee { group: Vec<UnitId> },
    /// The player-turn ends once every melee is fought.
    EndPlayerTurn,
}

impl Step {
    /// Whether a player decides it (an answer, a blunder's charge, a path, Valiant's re-roll);
    /// the others the rules carry out by themselves.
    pub fn is_decision(&self) -> bool {
        match self {
            Step::Blunder { charge, .. } => *charge == BlunderCharge::Allowed,
            Step::Respond { .. } | Step::Path { .. } | Step::Valiant { .. } => true,
            _ => false,
        }
    }
}

/// One end a constrained move may take: the hex, the path there and the facing it ends in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathEnd {
    #[serde(with = "crate::hex::coords::as_offset")]
    pub to: Hex,
    #[serde(with = "crate::hex::coords::offsets")]
    pub path: Vec<Hex>,
    pub facing: Direction,
}

/// The scenario's house-rule switches (`docs/rules/black-powder.md`, "Switches"), set at the
/// start and never changed: in the state's hash only where one is not its default, so that a
/// replay of a battle played under another switch fails at its first hash.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Switches {
    /// HB-10: only the closest enemy may be shot at.
    pub nearest_target_only: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Global {
    #[serde(default, skip_serializing_if = "crate::scenario::is_default")]
    pub switches: Switches,
    pub phase: Phase,
    /// The side that plays first in each game turn.
    pub first: Side,
    pub brigades: Vec<Brigade>,
    /// By id.
    pub commanders: Vec<Commander>,
    pub agenda: Vec<Step>,
    pub outcome: Option<Outcome>,
}

impl Global {
    pub fn commander(&self, id: u32) -> Option<&Commander> {
        self.commanders.iter().find(|c| c.id == id)
    }

    /// The commander of a brigade.
    pub fn brigade_commander(&self, brigade: u8) -> Option<&Commander> {
        self.commanders.iter().find(|c| c.brigade == Some(brigade))
    }

    /// Brigades of a side that are broken, and how many it has.
    pub fn broken_brigades(&self, side: Side) -> (usize, usize) {
        let of_side = self.brigades.iter().filter(|b| b.side == side);
        (of_side.clone().filter(|b| b.broken).count(), of_side.count())
    }
}

/// What a state read back from its written form holds for the profile it does not write, until
/// the battle it is read into carries the real one over (`Ruleset::carry_unwritten`).
fn stand_in() -> Arc<Profile> {
    super::data::tables().units.profiles[0].clone()
}
