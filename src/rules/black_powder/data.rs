//! Black Powder's tables, read once from `assets/rules/black-powder/*.ron` (compiled in, so the web build
//! needs no files): every number of the seed's reference sheet, each row citing its seed line (`BP:Lnn`), and
//! the numbers of the house rules (profiles, staff ratings, scale). `docs/rules/black-powder.md` lists them.

use crate::hex::Scale;
use crate::rules::tables::{missing, rule_table};
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::sync::{Arc, OnceLock};

/// This ruleset's folder under `assets/rules/`.
const FOLDER: &str = "black-powder";

// --- What a unit is -------------------------------------------------------------------------------

/// Troop type, the three columns of the break-test table (BP:L67): "Infanterie", "Cavalerie", "Artillerie".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Troop {
    Infantry,
    Cavalry,
    Artillery,
}

/// Unit size (BP:L120–124).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Size {
    /// "Grande unité".
    Large,
    Standard,
    /// "Petite unité".
    Small,
    /// "Unité réduite": a tiny unit.
    Reduced,
}

/// Formations (B.3.2). Artillery is `Limbered` ("attelée") or `Unlimbered` (deployed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Formation {
    Line,
    /// "Colonne d'attaque".
    AttackColumn,
    /// "Colonne de marche".
    MarchColumn,
    /// "Formation mixte", "ordre mixte".
    MixedOrder,
    /// "Carré".
    Square,
    /// "Tirailleurs".
    Skirmish,
    /// "En bandes".
    Band,
    /// "Artillerie attelée".
    Limbered,
    /// Deployed artillery.
    Unlimbered,
}

/// Weapons, as the range table names them (BP:L98–109).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Weapon {
    /// "Pistolets".
    Pistol,
    /// "Armes de jet".
    Thrown,
    /// "Arc et flèches".
    Bow,
    /// "Carabines à âme lisse".
    SmoothboreCarbine,
    /// "Mousquets à âme lisse".
    SmoothboreMusket,
    /// "Mousquetons à âme rayée".
    RifledCarbine,
    /// "Mousquets à âme rayée".
    RifledMusket,
    /// "Carabines à chargement par la culasse".
    BreechLoadingCarbine,
    /// "Fusils à chargement par la culasse".
    BreechLoadingRifle,
    /// "Carabines à levier d'action".
    LeverActionCarbine,
    /// "Fusil à levier d'action".
    LeverActionRifle,
    /// "Artillerie légère à âme lisse".
    LightSmoothboreArtillery,
    /// "Artillerie à âme lisse".
    SmoothboreArtillery,
}

impl Weapon {
    pub const ALL: [Weapon; 13] = [
        Weapon::Pistol,
        Weapon::Thrown,
        Weapon::Bow,
        Weapon::SmoothboreCarbine,
        Weapon::SmoothboreMusket,
        Weapon::RifledCarbine,
        Weapon::RifledMusket,
        Weapon::BreechLoadingCarbine,
        Weapon::BreechLoadingRifle,
        Weapon::LeverActionCarbine,
        Weapon::LeverActionRifle,
        Weapon::LightSmoothboreArtillery,
        Weapon::SmoothboreArtillery,
    ];

    /// Whether the weapon is a gun, which shoots by range bands (BP:L242–266).
    pub fn is_artillery(self) -> bool {
        matches!(self, Weapon::LightSmoothboreArtillery | Weapon::SmoothboreArtillery)
    }
}

/// The 24 unit traits ("Caractéristiques des unités", BP:L310–336), named by the seed's v.o. column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trait {
    /// "Courageux".
    Brave,
    /// "Cavalerie lourde".
    HeavyCavalry,
    /// "Charge féroce".
    FerociousCharge,
    /// "Charge terrifiante".
    TerrifyingCharge,
    /// "Acharné".
    ToughFighters,
    Elite,
    /// "Fanatique".
    Fanatics,
    /// "Fiable".
    Reliable,
    /// "Former le carré".
    FormSquare,
    /// "Hésitant".
    Wavering,
    /// "Impétueux".
    DeterminedCharge,
    /// "Lanciers".
    Lancers,
    /// "Conscrits".
    FreshlyRaised,
    /// "Maraudeurs".
    Marauders,
    /// "Mal entraîné".
    Unreliable,
    /// "Bleusaille".
    Untested,
    /// "Obstiné".
    Stubborn,
    /// "Premier feu".
    FirstFire,
    /// "Sanguinaire".
    Bloodthirsty,
    /// "Stable".
    Steady,
    /// "Supérieurement entraîné".
    SuperblyDrilled,
    /// "Tireur d'élite".
    SharpShooter,
    /// "Vaillant".
    Valiant,
    /// "Vétéran".
    Crack,
}

impl Trait {
    /// In the seed's order.
    pub const ALL: [Trait; 24] = [
        Trait::Brave,
        Trait::HeavyCavalry,
        Trait::FerociousCharge,
        Trait::TerrifyingCharge,
        Trait::ToughFighters,
        Trait::Elite,
        Trait::Fanatics,
        Trait::Reliable,
        Trait::FormSquare,
        Trait::Wavering,
        Trait::DeterminedCharge,
        Trait::Lancers,
        Trait::FreshlyRaised,
        Trait::Marauders,
        Trait::Unreliable,
        Trait::Untested,
        Trait::Stubborn,
        Trait::FirstFire,
        Trait::Bloodthirsty,
        Trait::Steady,
        Trait::SuperblyDrilled,
        Trait::SharpShooter,
        Trait::Valiant,
        Trait::Crack,
    ];
}

/// What a unit is, or what it is in, as the skirmishers' and supports' lists name it (BP:L274–308).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Circumstance {
    Artillery,
    Skirmishers,
    /// In this formation (limbered artillery is `Formation(Limbered)`).
    Formation(Formation),
    InBuilding,
    /// Engaged in its flank or its rear ("engagées par le flanc ou l'arrière").
    EngagedInFlankOrRear,
    /// Already engaged, and charged in its flank or its rear ("par l'arrière / le flanc des unités déjà engagées").
    FlankOrRearOfEngaged,
}

/// A modifier row: a factor the seed names and what it adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modifier<F> {
    pub factor: F,
    pub modifier: i8,
}

fn modifier_of<F: Copy + PartialEq + Debug>(file: &str, rows: &[Modifier<F>], factor: F) -> i8 {
    rows.iter().find(|r| r.factor == factor).map(|r| r.modifier).unwrap_or_else(|| missing(FOLDER, file, factor))
}

// --- Units (HB-1) ---------------------------------------------------------------------------------

/// A profile's shooting value: dice, or for artillery the attacks of each range band (RB-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum ShootingValue {
    Dice(u8),
    Bands { short: u8, medium: u8, long: u8 },
}

impl ShootingValue {
    /// The dice it shoots at a target in `band`; infantry and cavalry shoot the same dice at any range.
    pub fn dice(self, band: ArtilleryBand) -> u8 {
        match (self, band) {
            (ShootingValue::Dice(n), _) => n,
            (ShootingValue::Bands { short, .. }, ArtilleryBand::Short) => short,
            (ShootingValue::Bands { medium, .. }, ArtilleryBand::Medium) => medium,
            (ShootingValue::Bands { long, .. }, ArtilleryBand::Long) => long,
        }
    }
}

/// A unit's profile, as the army lists give it (`army.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    pub name: String,
    pub label: String,
    pub troop: Troop,
    /// Hand-to-hand dice.
    pub hth: u8,
    pub shooting: ShootingValue,
    /// The save score ("Moral", BP:L48): a save succeeds on this or more.
    pub morale: u8,
    /// The casualties it takes before it is Shaken.
    pub stamina: u8,
    pub weapon: Option<Weapon>,
    pub size: Size,
    /// The formations it may take; the first is the one it deploys in.
    pub formations: Vec<Formation>,
    pub traits: Vec<Trait>,
    /// Horse artillery (BP:L28, L218, L238).
    pub horse_artillery: bool,
}

impl Profile {
    /// Whether the profile lists this trait (Fanatics' two: `TraitTable::grants`).
    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }

    /// Whether the unit may take this formation.
    pub fn may_form(&self, formation: Formation) -> bool {
        self.formations.contains(&formation)
    }
}

/// The bundled army lists' profiles (`armies/black-powder-*.ron`): the table of a battle whose
/// scenario names no other list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitTable {
    pub profiles: Vec<Arc<Profile>>,
}

impl UnitTable {
    /// The profile of this name.
    pub fn profile(&self, name: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.name == name).map(|p| &**p)
    }
}

/// The unit table read from the bundled army lists, as a player's list is.
fn units() -> UnitTable {
    let lists = crate::army::bundled_for(<super::BlackPowder as crate::battle::Ruleset>::NAME);
    let profiles = super::army::profiles(&lists, &[]).unwrap_or_else(|e| panic!("{}", crate::scenario::FileError::from_setup("", &e)));
    UnitTable { profiles }
}

// --- Command (BP:L13–21; HB-2 to HB-5, HB-16) -----------------------------------------------------

/// "Modificateurs de commandement" (BP:L17–21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CommandFactor {
    /// Per full `distance_step` inches between the commander and the unit.
    DistanceFromCommander,
    /// An enemy within `enemy_within` inches of the unit receiving the order.
    EnemyNear,
    AttackColumn,
    /// A march column or limbered artillery, off roads.
    MarchColumnOffRoad,
    /// A march column or limbered artillery, on roads.
    MarchColumnOnRoad,
}

/// A commander's quality (HB-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StaffQuality {
    Poor,
    Average,
    Good,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaffRow {
    pub quality: StaffQuality,
    pub rating: u8,
}

/// An order whose 2d6 is `margin` or more under the effective rating grants `moves` (HB-3).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovesRow {
    pub margin: u8,
    pub moves: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandTable {
    pub modifiers: Vec<Modifier<CommandFactor>>,
    pub distance_step: u8,
    pub enemy_within: u8,
    pub staff: Vec<StaffRow>,
    /// The qualities a commander-in-chief may have.
    pub commander_in_chief: Vec<StaffQuality>,
    pub moves: Vec<MovesRow>,
    /// Both dice showing this blunder.
    pub blunder_double: u8,
    /// A brigade order's units are each within this many hexes of another (HB-4).
    pub brigade_chain_hexes: u8,
    /// An enemy within this many inches allows an initiative move (HB-5).
    pub initiative_enemy_within: u8,
    /// Casualties a move spent rallying removes (HB-16).
    pub rally_per_move: u8,
}

impl CommandTable {
    /// A command modifier (BP:L17–21); `DistanceFromCommander`'s is per `distance_step`.
    pub fn command_modifier(&self, factor: CommandFactor) -> i8 {
        modifier_of("command.ron", &self.modifiers, factor)
    }

    /// The distance modifier for a commander `d` hexes from the unit (BP:L17): one step per full
    /// `distance_step` of gap, so at 6" a hex `-floor((d - 1) / 2)` (B.3.1); 0 in the same hex.
    pub fn distance_modifier(&self, scale: Scale, d: u32) -> i8 {
        let gap = d.saturating_sub(1) * scale.per_hex;
        let steps = i64::from(gap / u32::from(self.distance_step));
        let total = steps * i64::from(self.command_modifier(CommandFactor::DistanceFromCommander));
        total.clamp(i64::from(i8::MIN), i64::from(i8::MAX)) as i8
    }

    /// The Staff rating of a commander of this quality (HB-2).
    pub fn staff_rating(&self, quality: StaffQuality) -> u8 {
        let row = self.staff.iter().find(|r| r.quality == quality);
        row.map(|r| r.rating).unwrap_or_else(|| missing(FOLDER, "command.ron", quality))
    }

    /// The moves an order grants for a 2d6 `roll` against the effective `rating` (HB-3); 0 if it fails.
    /// A blunder is `is_blunder`'s, whatever this says.
    pub fn moves_granted(&self, roll: u8, rating: i32) -> u8 {
        let margin = rating - i32::from(roll);
        let reached = self.moves.iter().filter(|r| i32::from(r.margin) <= margin);
        reached.max_by_key(|r| r.margin).map_or(0, |r| r.moves)
    }

    /// Whether the two dice of a command roll are a blunder (HB-3: a double 6).
    pub fn is_blunder(&self, first: u8, second: u8) -> bool {
        first == self.blunder_double && second == self.blunder_double
    }
}

// --- Movement (BP:L23–42, L214–232; HB-6) ---------------------------------------------------------

/// The movers of the rate table (BP:L27–32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mover {
    Infantry,
    /// "Artillerie attelée".
    LimberedArtillery,
    /// "Chariot".
    Wagon,
    Cavalry,
    /// "Artillerie à cheval attelée".
    LimberedHorseArtillery,
    /// "Artillerie déplacée à bras d'hommes".
    ManhandledArtillery,
    /// "Art. d'un bataillon à bras d'hommes".
    ManhandledBattalionGun,
    FootCommander,
    MountedCommander,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateRow {
    pub movers: Vec<Mover>,
    pub inches: u8,
}

/// The terrain the movement modifiers name (BP:L36–39).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveTerrain {
    /// "Bois".
    Woods,
    /// "Terrain difficile".
    DifficultTerrain,
    /// "Obstacle à franchir".
    Obstacle,
    /// "Entrer dans un bâtiment".
    EnterBuilding,
}

/// The groups the movement rows name; a unit belongs to each that describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveGroup {
    /// Infantry in skirmish order.
    SkirmishingInfantry,
    /// Any unit in skirmish order, on foot or mounted.
    Skirmishers,
    /// Infantry not in skirmish order.
    FormedInfantry,
    /// Cavalry not in skirmish order.
    FormedCavalry,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Applies {
    All,
    AllExcept(Vec<MoveGroup>),
    Only(Vec<MoveGroup>),
}

impl Applies {
    /// Whether the row applies to a unit of these groups.
    pub fn includes(&self, groups: &[MoveGroup]) -> bool {
        match self {
            Applies::All => true,
            Applies::AllExcept(list) => !groups.iter().any(|g| list.contains(g)),
            Applies::Only(list) => groups.iter().any(|g| list.contains(g)),
        }
    }
}

/// What terrain does to a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum MoveEffect {
    Normal,
    /// "1/2 distance": each hex costs twice its inches.
    Half,
    /// The step costs this many inches more ("pénalité").
    Penalty(u8),
    /// May not enter (RB-2).
    Impassable,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainRow {
    pub terrain: MoveTerrain,
    pub applies: Applies,
    pub effect: MoveEffect,
}

/// The moves a unit in `formation` makes when its order fails (BP:L40–42).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FailedOrderRow {
    pub formation: Formation,
    pub moves: u8,
}

/// The units that may evade a charge (BP:L218–222).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Evader {
    Cavalry,
    HorseArtillery,
    /// "Tirailleurs (à pied)".
    FootSkirmishers,
    /// "Tirailleurs (à cheval)".
    MountedSkirmishers,
}

/// The chargers the evasion rows name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChargerClass {
    Infantry,
    /// "Infanterie formée": not in skirmish order.
    FormedInfantry,
    /// "Cavalerie formée": not in skirmish order.
    FormedCavalry,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvasionRow {
    pub evaders: Vec<Evader>,
    pub chargers: ChargerClass,
}

/// The inches a step costs on open ground (HB-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepCosts {
    /// Through F or F±1.
    pub forward: u8,
    /// Through F±2, keeping facing.
    pub lateral: u8,
    /// Through F+3.
    pub backward: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementTable {
    pub rates: Vec<RateRow>,
    pub terrain: Vec<TerrainRow>,
    pub failed_order: Vec<FailedOrderRow>,
    pub evasion: Vec<EvasionRow>,
    /// The troops that may counter-charge or turn to face a charge (BP:L230).
    pub counter_charge: Vec<Troop>,
    pub steps: StepCosts,
    pub minimum_move_hexes: u8,
}

impl MovementTable {
    /// The inches of one move (BP:L27–32).
    pub fn rate(&self, mover: Mover) -> u8 {
        let row = self.rates.iter().find(|r| r.movers.contains(&mover));
        row.map(|r| r.inches).unwrap_or_else(|| missing(FOLDER, "movement.ron", mover))
    }

    /// What `terrain` does to a unit of these groups (BP:L36–39): the first row that applies, or `None`
    /// where the seed says nothing for it.
    pub fn terrain_effect(&self, terrain: MoveTerrain, groups: &[MoveGroup]) -> Option<MoveEffect> {
        let row = self.terrain.iter().find(|r| r.terrain == terrain && r.applies.includes(groups));
        row.map(|r| r.effect)
    }

    /// The moves a unit in `formation` makes when its order fails (BP:L40–42); 0 for the others.
    pub fn failed_order_moves(&self, formation: Formation) -> u8 {
        self.failed_order.iter().find(|r| r.formation == formation).map_or(0, |r| r.moves)
    }

    /// Whether a unit of these evader classes may evade a charger of these classes (BP:L218–222).
    pub fn may_evade(&self, evader: &[Evader], charger: &[ChargerClass]) -> bool {
        let fits = |r: &EvasionRow| r.evaders.iter().any(|e| evader.contains(e)) && charger.contains(&r.chargers);
        self.evasion.iter().any(fits)
    }

    /// Whether this troop type may counter-charge or turn to face a charge (BP:L230).
    pub fn may_counter_charge(&self, troop: Troop) -> bool {
        self.counter_charge.contains(&troop)
    }
}

// --- Saves (BP:L44–55) ----------------------------------------------------------------------------

/// "Modificateurs de sauvegarde" (BP:L50–55), against shooting only (RB-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SaveFactor {
    /// Infantry in attack column, except against artillery fire.
    AttackColumnInfantry,
    /// "Couvert léger": woods, hedges...
    LightCover,
    /// "Couvert lourd": buildings, fortifications...
    HeavyCover,
    /// The target is in march column.
    MarchColumn,
    /// Hit by artillery at long range.
    ArtilleryLongRange,
    /// Hit by artillery at short or medium range.
    ArtilleryShortOrMediumRange,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleTable {
    /// The save most units have (BP:L48).
    pub default_save: u8,
    /// A natural roll this low always fails (HB-10).
    pub always_fails: u8,
    pub modifiers: Vec<Modifier<SaveFactor>>,
}

impl MoraleTable {
    /// A save modifier (BP:L50–55): positive makes the save easier.
    pub fn save_modifier(&self, factor: SaveFactor) -> i8 {
        modifier_of("morale.ron", &self.modifiers, factor)
    }
}

// --- Break tests (BP:L57–77, L140–152) ------------------------------------------------------------

/// "Modificateurs de test de Rupture" (BP:L61–63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BreakFactor {
    /// Per casualty above the unit's stamina.
    CasualtyAboveStamina,
    /// "En désordre".
    Disordered,
    /// It took casualties from artillery (tests A or B).
    ArtilleryCasualties,
}

/// The result of a break test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BreakResult {
    /// "Lâche": breaks, counts as destroyed and is removed (BP:L148).
    Break,
    /// "Reculé": retires a full move (BP:L152).
    Retire,
    /// "Tient": holds and stays in place (BP:L150).
    Hold,
}

/// The "Type Combat" column of the result table (BP:L67).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CombatKind {
    /// "Tirs".
    Shooting,
    /// "Corps à corps".
    Melee,
}

/// The totals a row of the result table covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Totals {
    /// "n ou -".
    AtMost(i8),
    Exactly(i8),
    /// "n ou +".
    AtLeast(i8),
}

impl Totals {
    /// Whether the row covers this total.
    pub fn contains(self, total: i32) -> bool {
        match self {
            Totals::AtMost(n) => total <= i32::from(n),
            Totals::Exactly(n) => total == i32::from(n),
            Totals::AtLeast(n) => total >= i32::from(n),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BreakRow {
    pub totals: Totals,
    pub combat: CombatKind,
    pub infantry: BreakResult,
    pub cavalry: BreakResult,
    pub artillery: BreakResult,
}

impl BreakRow {
    /// The row's result for this troop type.
    pub fn result(&self, troop: Troop) -> BreakResult {
        match troop {
            Troop::Infantry => self.infantry,
            Troop::Cavalry => self.cavalry,
            Troop::Artillery => self.artillery,
        }
    }
}

/// The lettered break tests ("Conditions de test", BP:L140–146).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TestLetter {
    A,
    B,
    /// Printed as a second "B" by the seed (BP8.3).
    C,
    D,
    E,
}

/// When a unit takes a lettered test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TestTrigger {
    /// A: its casualties went past its stamina after shooting.
    CasualtiesPastStamina,
    /// B: it is Shaken, or takes casualties from artillery at point-blank range (RB-4: closing fire).
    ShakenOrArtilleryClosingFire,
    /// C: it lost a melee.
    LostMelee,
    /// D: it is Shaken and its melee was drawn.
    ShakenInDrawnMelee,
    /// E: it supports a unit that broke and fled.
    SupportedUnitBroke,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestRow {
    pub test: TestLetter,
    pub trigger: TestTrigger,
    /// The rows of the result table it reads.
    pub reads: CombatKind,
}

/// "Reculé" (BP:L152): the moves of a retire, and of one that was blocked (then Disordered).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetireRow {
    pub moves: u8,
    pub blocked_moves: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BreakTestTable {
    pub modifiers: Vec<Modifier<BreakFactor>>,
    pub results: Vec<BreakRow>,
    pub tests: Vec<TestRow>,
    pub retire: RetireRow,
}

impl BreakTestTable {
    /// A break-test modifier (BP:L61–63), added to the 2d6.
    pub fn break_modifier(&self, factor: BreakFactor) -> i8 {
        modifier_of("break_test.ron", &self.modifiers, factor)
    }

    /// The result of a break test whose 2d6 + modifiers is `total` (BP:L67–75).
    pub fn break_result(&self, total: i32, troop: Troop, combat: CombatKind) -> BreakResult {
        let row = self.results.iter().find(|r| r.combat == combat && r.totals.contains(total));
        row.map(|r| r.result(troop)).unwrap_or_else(|| missing(FOLDER, "break_test.ron", (total, combat)))
    }

    /// The trigger and row of a lettered test (BP:L142–146).
    pub fn test(&self, test: TestLetter) -> &TestRow {
        self.tests.iter().find(|r| r.test == test).unwrap_or_else(|| missing(FOLDER, "break_test.ron", test))
    }

    /// The rows a lettered test reads (BP:L77: an E test reads the melee row).
    pub fn reads(&self, test: TestLetter) -> CombatKind {
        self.test(test).reads
    }
}

// --- Hand-to-hand (BP:L79–92) ---------------------------------------------------------------------

/// "Modificateurs pour toucher" in hand-to-hand (BP:L85–87).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeleeFactor {
    Charging,
    /// "Ebranlée ou En désordre".
    ShakenOrDisordered,
    /// Won the previous round of this melee.
    WonLastRound,
    /// The unit fights in skirmish order.
    Skirmishers,
    /// An enemy of its combat touches its flank or rear.
    EngagedFlankOrRear,
}

/// "Modificateurs du résultat" (BP:L91–92; the building's is `BuildingTable::bonus`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResultFactor {
    RearSupport,
    /// A square fighting cavalry.
    SquareAgainstCavalry,
    /// Each of a left and a right support.
    FlankSupport,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeTable {
    /// The score a die needs to hit (BP:L83).
    pub to_hit: u8,
    pub to_hit_modifiers: Vec<Modifier<MeleeFactor>>,
    pub result_modifiers: Vec<Modifier<ResultFactor>>,
    /// Hexes a winner may advance into a hex the loser vacated (HB-13).
    pub advance_hexes: u8,
}

impl MeleeTable {
    /// A hand-to-hand to-hit modifier (BP:L85–87), added to the die.
    pub fn to_hit_modifier(&self, factor: MeleeFactor) -> i8 {
        modifier_of("melee.ron", &self.to_hit_modifiers, factor)
    }

    /// A melee result modifier (BP:L91–92).
    pub fn result_modifier(&self, factor: ResultFactor) -> i8 {
        modifier_of("melee.ron", &self.result_modifiers, factor)
    }
}

// --- Shooting (BP:L94–118; HB-10) -----------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeRow {
    pub weapons: Vec<Weapon>,
    pub inches: u8,
}

/// "Modificateurs de tirs" (BP:L113–118).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShootingFactor {
    /// Artillery shooting at a column or a square.
    ArtilleryAtColumnOrSquare,
    /// Short range (6"), point-blank (closing fire), or the shooters are skirmishers: one +1 (RB-3).
    CloseRange,
    /// The shooting unit is Shaken or Disordered.
    ShooterShakenOrDisordered,
    /// The target is skirmishers, deployed artillery, or partially visible: one −1.
    HardTarget,
    /// Artillery shooting beyond half its range.
    ArtilleryBeyondHalfRange,
    /// Artillery shooting over units.
    ArtilleryOverUnits,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingTable {
    /// The score a die needs to hit (HB-10).
    pub to_hit: u8,
    /// A natural roll this high always hits (HB-10).
    pub always_hits: u8,
    /// A natural roll this low always misses (HB-10).
    pub always_misses: u8,
    /// A natural roll of this on any to-hit die disorders the target (HB-10).
    pub disorders_on: u8,
    /// Only the closest enemy may be shot at (HB-10's switch).
    pub nearest_target_only: bool,
    pub ranges: Vec<RangeRow>,
    /// Short range, in inches (BP:L114).
    pub short_range: u8,
    pub to_hit_modifiers: Vec<Modifier<ShootingFactor>>,
}

impl ShootingTable {
    /// The weapon's range in inches (BP:L98–109).
    pub fn range(&self, weapon: Weapon) -> u8 {
        let row = self.ranges.iter().find(|r| r.weapons.contains(&weapon));
        row.map(|r| r.inches).unwrap_or_else(|| missing(FOLDER, "shooting.ron", weapon))
    }

    /// A shooting to-hit modifier (BP:L113–118), added to the die.
    pub fn to_hit_modifier(&self, factor: ShootingFactor) -> i8 {
        modifier_of("shooting.ron", &self.to_hit_modifiers, factor)
    }
}

// --- Dice counts (BP:L120–138) --------------------------------------------------------------------

/// What a row does to a count of dice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum DiceRule {
    #[default]
    Unchanged,
    /// This many dice more (fewer if negative).
    Add(i8),
    /// This many dice, whatever the profile ("1 dé seulement"; 0: "pas de tir", "pas de combat").
    Fixed(u8),
    /// This many dice on each side ("par côté"): against each target or enemy (B.3.3).
    PerSide(u8),
    /// The dice multiplied ("dés x 2").
    Times(u8),
}

impl DiceRule {
    /// The dice after this rule from `dice`; for `PerSide`, the dice of one side.
    pub fn apply(self, dice: u8) -> u8 {
        match self {
            DiceRule::Unchanged => dice,
            DiceRule::Add(n) => (i16::from(dice) + i16::from(n)).clamp(0, i16::from(u8::MAX)) as u8,
            DiceRule::Fixed(n) | DiceRule::PerSide(n) => n,
            DiceRule::Times(n) => dice.saturating_mul(n),
        }
    }
}

/// A row's rules for the shooting dice and the hand-to-hand dice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiceRules {
    pub shooting: DiceRule,
    pub melee: DiceRule,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeDice {
    pub size: Size,
    #[serde(default)]
    pub shooting: DiceRule,
    #[serde(default)]
    pub melee: DiceRule,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormationDice {
    pub formation: Formation,
    #[serde(default)]
    pub shooting: DiceRule,
    #[serde(default)]
    pub melee: DiceRule,
}

/// "Modificateurs liés à la situation tactique" (BP:L136–138).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Situation {
    /// Shooting at infantry in enfilade.
    EnfiladedInfantry,
    /// Shooting at artillery in enfilade.
    EnfiladedArtillery,
    /// The unit is in a building.
    InBuilding,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SituationDice {
    pub situation: Situation,
    #[serde(default)]
    pub shooting: DiceRule,
    #[serde(default)]
    pub melee: DiceRule,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceTable {
    pub size: Vec<SizeDice>,
    pub formation: Vec<FormationDice>,
    pub situation: Vec<SituationDice>,
}

impl DiceTable {
    /// What the unit's size does to its dice (BP:L122–124); a standard unit's are unchanged.
    pub fn size_rules(&self, size: Size) -> DiceRules {
        let row = self.size.iter().find(|r| r.size == size);
        row.map_or_else(DiceRules::default, |r| DiceRules { shooting: r.shooting, melee: r.melee })
    }

    /// What the unit's formation does to its dice (BP:L128–132); unchanged for formations not listed.
    pub fn formation_rules(&self, formation: Formation) -> DiceRules {
        let row = self.formation.iter().find(|r| r.formation == formation);
        row.map_or_else(DiceRules::default, |r| DiceRules { shooting: r.shooting, melee: r.melee })
    }

    /// What a tactical situation does to the dice (BP:L136–138).
    pub fn situation_rules(&self, situation: Situation) -> DiceRules {
        let row = self.situation.iter().find(|r| r.situation == situation);
        row.map(|r| DiceRules { shooting: r.shooting, melee: r.melee }).unwrap_or_else(|| missing(FOLDER, "dice.ron", situation))
    }
}

// --- Blunders (BP:L156–182) -----------------------------------------------------------------------

/// "Résultats de la Bourde".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BlunderResult {
    /// "Retraite rapide".
    RapidRetreat,
    /// "Retraite".
    Retreat,
    /// "Mouvement à gauche".
    MoveLeft,
    /// "Mouvement à droite".
    MoveRight,
    /// "Mouvement vers l'avant".
    MoveForward,
    /// "Chargez!".
    Charge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BlunderDirection {
    /// Away from the nearest enemy.
    AwayFromEnemy,
    Left,
    Right,
    Forward,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum BlunderMoves {
    Moves(u8),
    /// 1D3 moves (rolled as a d6, 0.4).
    D3,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BlunderCharge {
    Never,
    /// "Charge possible".
    Allowed,
    /// "En essayant de charger": it tries to charge.
    Attempt,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlunderRow {
    pub roll: u8,
    pub result: BlunderResult,
    pub direction: BlunderDirection,
    pub moves: BlunderMoves,
    pub charge: BlunderCharge,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlunderTable {
    pub results: Vec<BlunderRow>,
}

impl BlunderTable {
    /// The row of a blunder's d6 (BP:L160–182).
    pub fn blunder(&self, roll: u8) -> &BlunderRow {
        self.results.iter().find(|r| r.roll == roll).unwrap_or_else(|| missing(FOLDER, "blunder.ron", roll))
    }
}

// --- Artillery (BP:L234–266) ----------------------------------------------------------------------

/// An artillery range band (BP:L250–256).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArtilleryBand {
    Short,
    Medium,
    Long,
}

/// How far a band reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum BandReach {
    Inches(u8),
    /// Half the weapon's range ("jusqu'à la moitié de la portée").
    HalfRange,
    /// The weapon's range.
    FullRange,
}

impl BandReach {
    /// The band's reach in inches, for a weapon of `range` inches.
    pub fn inches(self, range: u8) -> u8 {
        match self {
            BandReach::Inches(n) => n,
            BandReach::HalfRange => range / 2,
            BandReach::FullRange => range,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BandRow {
    pub band: ArtilleryBand,
    pub reach: BandReach,
    /// To-hit modifier (the same as BP:L114, L117).
    pub to_hit: i8,
    /// The target's save modifier ("Morale"; the same as BP:L54–55).
    pub save: i8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArtilleryKind {
    Foot,
    Horse,
}

/// The moves spent to limber or to unlimber.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimberRow {
    pub kind: ArtilleryKind,
    pub moves: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryTable {
    pub bands: Vec<BandRow>,
    pub limbering: Vec<LimberRow>,
}

impl ArtilleryTable {
    /// A band's row (BP:L250–266).
    pub fn band_row(&self, band: ArtilleryBand) -> &BandRow {
        self.bands.iter().find(|r| r.band == band).unwrap_or_else(|| missing(FOLDER, "artillery.ron", band))
    }

    /// The band of a target `d` hexes away from a gun of `range` inches (gap rule); `None` out of range.
    pub fn band(&self, scale: Scale, range: u8, d: u32) -> Option<ArtilleryBand> {
        let row = self.bands.iter().find(|r| scale.within(d, u32::from(r.reach.inches(range))));
        row.map(|r| r.band)
    }

    /// The moves artillery of this kind spends to limber or unlimber (BP:L238–240).
    pub fn moves_to_limber(&self, kind: ArtilleryKind) -> u8 {
        let row = self.limbering.iter().find(|r| r.kind == kind);
        row.map(|r| r.moves).unwrap_or_else(|| missing(FOLDER, "artillery.ron", kind))
    }
}

// --- Skirmishers, buildings, supports (BP:L268–308) -----------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkirmisherTable {
    /// Whether skirmishers may give closing fire (BP:L272).
    pub closing_fire: bool,
    pub may_not_charge: Vec<Circumstance>,
    /// Wins over `may_not_charge`.
    pub may_charge: Vec<Circumstance>,
}

impl SkirmisherTable {
    /// Whether skirmishers may charge a target these circumstances describe (BP:L274–276).
    pub fn may_charge(&self, target: &[Circumstance]) -> bool {
        target.iter().any(|c| self.may_charge.contains(c)) || !target.iter().any(|c| self.may_not_charge.contains(c))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildingBonusRow {
    pub sizes: Vec<Size>,
    pub bonus: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildingTable {
    pub result_bonus: Vec<BuildingBonusRow>,
    pub artillery_bonus: i8,
    /// Whether a unit in a building supports or is supported (BP:L290).
    pub supports: bool,
    /// Only "Lâche" applies of a break test in a building (BP:L292).
    pub only_break_counts: bool,
}

impl BuildingTable {
    /// The melee result bonus of a unit in a building (BP:L282–288, L92).
    pub fn bonus(&self, troop: Troop, size: Size) -> i8 {
        if troop == Troop::Artillery {
            return self.artillery_bonus;
        }
        let row = self.result_bonus.iter().find(|r| r.sizes.contains(&size));
        row.map(|r| r.bonus).unwrap_or_else(|| missing(FOLDER, "buildings.ron", size))
    }

    /// A break-test result for a unit in a building (BP:L292): anything but Break holds.
    pub fn result_in_building(&self, result: BreakResult) -> BreakResult {
        if self.only_break_counts && result != BreakResult::Break {
            BreakResult::Hold
        } else {
            result
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupportTable {
    pub cannot_support: Vec<Circumstance>,
    pub cannot_be_supported: Vec<Circumstance>,
}

impl SupportTable {
    /// Whether a unit these circumstances describe may support (BP:L296).
    pub fn may_support(&self, unit: &[Circumstance]) -> bool {
        !unit.iter().any(|c| self.cannot_support.contains(c))
    }

    /// Whether a unit these circumstances describe may be supported (BP:L298–308).
    pub fn may_be_supported(&self, unit: &[Circumstance]) -> bool {
        !unit.iter().any(|c| self.cannot_be_supported.contains(c))
    }
}

// --- Traits (BP:L310–336) -------------------------------------------------------------------------

/// The dice a re-roll takes again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Roll {
    MeleeHits,
    ShootingHits,
    Save,
    BreakTest,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RerollCount {
    One,
    /// Every failed die.
    AllFailed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RerollWhen {
    Always,
    Charging,
    /// The unit's first round of melee in the game (RB-9).
    FirstMelee,
    /// The unit has no casualties.
    NoCasualties,
}

/// Freshly raised's d6 (HB-19): faces `from..=to` make it `becomes`, or nothing.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FreshlyRaisedRow {
    pub from: u8,
    pub to: u8,
    pub becomes: Option<Trait>,
}

/// Untested's d6 (BP:L328): faces `from..=to` give this stamina.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaminaRow {
    pub from: u8,
    pub to: u8,
    pub stamina: u8,
}

/// What a trait does.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum TraitEffect {
    /// Brave: Shaken, it rallies on `score`+ with no enemy within `no_enemy_within` inches, losing
    /// `casualties_removed` (BP:L313, RB-12, HB-15).
    Rally { score: u8, no_enemy_within: u8, casualties_removed: u8 },
    /// Heavy cavalry: a D3 added to its melee result when charging or counter-charging (BP:L314, RB-7).
    ChargeResultD3,
    /// Re-rolls failed dice.
    Reroll { roll: Roll, count: RerollCount, when: RerollWhen },
    /// Terrifying charge: the charged unit takes a break test (BP:L316, HB-9).
    ChargedUnitTests,
    /// Elite: sheds its disorder on `score`+ in its Command phase (BP:L318, HB-14).
    ShedDisorder { score: u8 },
    /// Fanatics: these traits together (BP:L319).
    Combines(Vec<Trait>),
    /// Reliable: added to its command rating (BP:L320).
    CommandModifier(i8),
    /// Form square: must form square when charged by cavalry (BP:L321).
    MustFormSquareAgainstCavalry,
    /// Wavering: a break test whenever it takes casualties (BP:L322, RB-8).
    BreakTestOnCasualties,
    /// Determined charge: must charge an enemy within reach (BP:L323).
    MustCharge,
    /// Lancers: the save modifier of the unit it charges, by that unit's type (BP:L324).
    ChargedSave { cavalry: i8, infantry: i8 },
    /// Freshly raised: a d6 before its first shooting or melee dice (BP:L325, HB-19).
    FirstDiceTest(Vec<FreshlyRaisedRow>),
    /// Marauders: ignores the command-distance modifier (BP:L326).
    IgnoresCommandDistance,
    /// Unreliable: does not move if the command roll is a double (BP:L327).
    NoMoveOnDouble,
    /// Untested: its stamina is rolled on a d6 (BP:L328, HB-18).
    RolledStamina(Vec<StaminaRow>),
    /// First fire: this many more dice at its first shooting of the battle (BP:L330).
    FirstShootingDice(u8),
    /// Steady: passes its first break test of the battle (BP:L332).
    PassesFirstBreakTest,
    /// Superbly drilled: this many free moves when its order fails (BP:L333).
    FreeMovesOnFailedOrder(u8),
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitRow {
    pub name: Trait,
    pub effect: TraitEffect,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitTable {
    pub traits: Vec<TraitRow>,
}

impl TraitTable {
    /// What a trait does (BP:L313–336).
    pub fn effect(&self, t: Trait) -> &TraitEffect {
        self.traits.iter().find(|r| r.name == t).map(|r| &r.effect).unwrap_or_else(|| missing(FOLDER, "traits.ron", t))
    }

    /// Whether a unit with `traits` has `wanted`, itself or through a trait that combines it (Fanatics).
    pub fn grants(&self, traits: &[Trait], wanted: Trait) -> bool {
        traits.iter().any(|&t| t == wanted || matches!(self.effect(t), TraitEffect::Combines(list) if list.contains(&wanted)))
    }

    /// Untested's stamina for a d6 face (BP:L328).
    pub fn untested_stamina(&self, face: u8) -> u8 {
        let TraitEffect::RolledStamina(rows) = self.effect(Trait::Untested) else {
            missing(FOLDER, "traits.ron", Trait::Untested)
        };
        let row = rows.iter().find(|r| (r.from..=r.to).contains(&face));
        row.map(|r| r.stamina).unwrap_or_else(|| missing(FOLDER, "traits.ron", face))
    }

    /// What Freshly raised's d6 makes the unit (HB-19): a trait, or nothing.
    pub fn freshly_raised(&self, face: u8) -> Option<Trait> {
        let TraitEffect::FirstDiceTest(rows) = self.effect(Trait::FreshlyRaised) else {
            missing(FOLDER, "traits.ron", Trait::FreshlyRaised)
        };
        let row = rows.iter().find(|r| (r.from..=r.to).contains(&face));
        row.map(|r| r.becomes).unwrap_or_else(|| missing(FOLDER, "traits.ron", face))
    }

    /// The save modifier of a unit of type `charged` that lancers charge (BP:L324); 0 for artillery,
    /// which the seed does not name.
    pub fn lancers_save(&self, charged: Troop) -> i8 {
        let TraitEffect::ChargedSave { cavalry, infantry } = self.effect(Trait::Lancers) else {
            missing(FOLDER, "traits.ron", Trait::Lancers)
        };
        match charged {
            Troop::Cavalry => *cavalry,
            Troop::Infantry => *infantry,
            Troop::Artillery => 0,
        }
    }
}

// --- The battle (HB-21, HB-22) --------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleTable {
    /// Turns when a scenario sets none (HB-21).
    pub turn_limit: u8,
    /// Inches from one's own edge a side deploys within (HB-22).
    pub deployment_depth: u8,
}

// --- Loading ----------------------------------------------------------------------------------------

pub struct Tables {
    pub scale: Scale,
    pub units: UnitTable,
    pub command: CommandTable,
    pub movement: MovementTable,
    pub morale: MoraleTable,
    pub break_test: BreakTestTable,
    pub melee: MeleeTable,
    pub shooting: ShootingTable,
    pub dice: DiceTable,
    pub blunder: BlunderTable,
    pub artillery: ArtilleryTable,
    pub skirmishers: SkirmisherTable,
    pub buildings: BuildingTable,
    pub supports: SupportTable,
    pub traits: TraitTable,
    pub battle: BattleTable,
}

/// The compiled-in tables (`rules::tables`).
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables {
        scale: rule_table!("black-powder", "scale.ron"),
        units: units(),
        command: rule_table!("black-powder", "command.ron"),
        movement: rule_table!("black-powder", "movement.ron"),
        morale: rule_table!("black-powder", "morale.ron"),
        break_test: rule_table!("black-powder", "break_test.ron"),
        melee: rule_table!("black-powder", "melee.ron"),
        shooting: rule_table!("black-powder", "shooting.ron"),
        dice: rule_table!("black-powder", "dice.ron"),
        blunder: rule_table!("black-powder", "blunder.ron"),
        artillery: rule_table!("black-powder", "artillery.ron"),
        skirmishers: rule_table!("black-powder", "skirmishers.ron"),
        buildings: rule_table!("black-powder", "buildings.ron"),
        supports: rule_table!("black-powder", "supports.ron"),
        traits: rule_table!("black-powder", "traits.ron"),
        battle: rule_table!("black-powder", "battle.ron"),
    })
}
