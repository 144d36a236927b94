//! Swordpoint's tables, read once from `assets/rules/swordpoint/*.ron` (compiled in, so the web build
//! needs no files): every number of the seed's reference sheet, each row citing its seed line (`SP:Lnn`), and the
//! numbers of the house rules (profiles, momentum pool, scale). `docs/rules/swordpoint.md` lists them.

use crate::hex::Scale;
use crate::rules::tables::{missing, rule_table};
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::sync::{Arc, OnceLock};

/// This ruleset's folder under `assets/rules/`.
const FOLDER: &str = "swordpoint";

// --- What a unit is -------------------------------------------------------------------------------

/// Troop type ("Type d'unité"). Barding is a protection, not a type: barded cavalry is `Cavalry`
/// with `Protection::Barding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Troop {
    Foot,
    Cavalry,
    Camels,
    LightChariot,
    HeavyChariot,
    ScythedChariot,
    Elephant,
}

/// Formation order: "ordre serré", "ordre lâche", "tirailleurs".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Order {
    Close,
    Loose,
    Skirmish,
}

/// Body armour, lightest first (SP:L216–218).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Armour {
    Light,
    /// Heavy armour or partial plate.
    Heavy,
    /// Full plate or cataphract.
    FullPlate,
}

/// What else changes a defence value (SP:L219–223).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Protection {
    Shield,
    /// Large shield or spara.
    LargeShield,
    /// On a horse, a camel or an elephant.
    Mounted,
    /// Barding of any type.
    Barding,
    HowdahOrChariot,
}

/// Missile weapons, as the range table names them (SP:L62–68).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Missile {
    /// Thrown by hand: stones, javelins, darts, throwing axes.
    Thrown,
    Firearm,
    LightCrossbow,
    Sling,
    Bow,
    Longbow,
    Crossbow,
}

impl Missile {
    pub const ALL: [Missile; 7] = [
        Missile::Thrown,
        Missile::Firearm,
        Missile::LightCrossbow,
        Missile::Sling,
        Missile::Bow,
        Missile::Longbow,
        Missile::Crossbow,
    ];
}

/// Close-combat weapons the tables name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeleeWeapon {
    Spear,
    /// "Lance jetée / lourde": a heavy spear thrown as the lines meet (pila).
    HeavyThrownSpear,
    Pike,
    Halberd,
    /// Two-handed sword or axe.
    TwoHanded,
    /// "Lance percutante".
    CouchedLance,
    Lance,
    Kontos,
}

/// Fighting or shooting class: "Supérieur", normal, "Inférieur".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Quality {
    Superior,
    Normal,
    Inferior,
}

/// What a profile is besides its numbers (H-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trait {
    /// "Levées": no close-order bonus (SP:L185).
    Levy,
    /// Impetuous ("Warband"): must charge or test (SP:L14); shifts its losers' row (SP:L281).
    Impetuous,
    /// Fights as a phalanx (SP:L82, L232).
    Phalanx,
    /// "Unité obstinée" (SP:L280).
    Stubborn,
    /// "Cavalerie de choc" (SP:L249, L279).
    ShockCavalry,
}

// --- Units (H-1, H-2, H-4) ------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaseRange {
    pub min: u8,
    pub max: u8,
    pub default: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    pub label: String,
    pub troop: Troop,
    pub order: Order,
    pub bases: BaseRange,
    /// Bases in the first rank unless the unit reforms.
    pub frontage: u8,
    /// H-1; an elephant's are H-3's casualty points.
    pub figures_per_base: u8,
    /// H-2.
    pub strength_per_base: u8,
    pub armour: Armour,
    #[serde(default)]
    pub protection: Vec<Protection>,
    /// H-4's value; the tests check it against `DefenceTable::value`.
    pub defence: u8,
    pub melee: Quality,
    #[serde(default)]
    pub shooting: Option<Quality>,
    #[serde(default)]
    pub missile: Option<Missile>,
    #[serde(default)]
    pub weapon: Option<MeleeWeapon>,
    #[serde(default)]
    pub traits: Vec<Trait>,
    /// The 2d6 score a cohesion test needs (H-5): lower is better.
    pub cohesion: u8,
}

impl Profile {
    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CommanderRank {
    ArmyGeneral,
    Commander,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommanderProfile {
    pub rank: CommanderRank,
    pub cohesion: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyUnit {
    pub profile: String,
    pub count: u8,
}

/// A ready-made army: one army general, `commanders` commanders and its units.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    pub name: String,
    pub label: String,
    pub commanders: u8,
    pub units: Vec<ArmyUnit>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitTable {
    pub max_ranks: u8,
    /// The bundled army lists' profiles (`armies/swordpoint-*.ron`): the table of a battle whose
    /// scenario names no other list.
    #[serde(skip)]
    pub profiles: Vec<Arc<Profile>>,
    pub commanders: Vec<CommanderProfile>,
    pub armies: Vec<Army>,
}

impl UnitTable {
    pub fn profile(&self, name: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.name == name).map(|p| &**p)
    }

    pub fn commander(&self, rank: CommanderRank) -> &CommanderProfile {
        self.commanders.iter().find(|c| c.rank == rank).unwrap_or_else(|| missing(FOLDER, "units.ron", rank))
    }
}

// --- Shooting (SP:L31–98) -------------------------------------------------------------------------

/// The shooter classes of the dice table (SP:L50–55).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shooters {
    FormedFoot,
    /// Formed cavalry, camels or chariots ("Montés", SP:L57).
    FormedMounted,
    FootSkirmishers,
    MountedSkirmishers,
    /// "Toute autre unité".
    Other,
    ElephantsAndChariots,
}

/// The weapons a row covers.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Weapons {
    /// "Toutes".
    Any,
    Only(Vec<Missile>),
}

impl Weapons {
    pub fn includes(&self, missile: Missile) -> bool {
        match self {
            Weapons::Any => true,
            Weapons::Only(list) => list.contains(&missile),
        }
    }
}

/// Which bases shoot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum ShootingBases {
    FirstRank,
    /// Every base of ranks 1 and 2.
    FirstTwoRanks,
    /// Rank 1 at the row's dice a base, plus one die per `bases_per_die` bases of rank 2 (SP3.11).
    FirstRankAndSecondRankBonus { bases_per_die: u8 },
    AllBases,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingDiceRow {
    pub shooters: Shooters,
    pub weapons: Weapons,
    pub bases: ShootingBases,
    pub dice_per_base: u8,
}

/// Short and long range, in inches; `long` is `None` for hand-thrown weapons.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeRow {
    pub weapons: Vec<Missile>,
    pub short: u8,
    pub long: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RangeBand {
    Short,
    Long,
}

/// The factors of "Modificateurs de Tir" (SP:L74–83).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShootingFactor {
    SuperiorShooters,
    InferiorShooters,
    /// Long range, except firearms (which take `FirearmLongRange`).
    LongRange,
    SkirmisherTarget,
    LightCover,
    HeavyCover,
    FirearmLongRange,
    /// "Sur Chars Légers": whose chariots is the row's `reading`.
    LightChariots,
    /// The target's front is a phalanx, a shield wall or spara.
    PhalanxFront,
    /// "Flèche du Parthe".
    ParthianShot,
}

/// who rides the light chariots of SP:L81.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LightChariotsReading {
    ShootersRide,
    TargetRides,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingModifier {
    pub factor: ShootingFactor,
    pub modifier: i8,
    /// Only on the `LightChariots` row, so that R-1 can be flipped in data.
    #[serde(default)]
    pub reading: Option<LightChariotsReading>,
}

/// Added to the target's defence value against this shooting (SP:L90–92).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveModifier {
    pub weapons: Vec<Missile>,
    pub band: RangeBand,
    pub modifier: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingTable {
    /// The troops "Montés" means (SP:L57).
    pub mounted: Vec<Troop>,
    pub dice: Vec<ShootingDiceRow>,
    pub ranges: Vec<RangeRow>,
    /// A to-hit score this high always misses (SP:L69).
    pub automatic_miss: u8,
    pub to_hit: Vec<ShootingModifier>,
    pub saves: Vec<SaveModifier>,
}

impl ShootingTable {
    pub fn is_mounted(&self, troop: Troop) -> bool {
        self.mounted.contains(&troop)
    }

    /// The dice row for a shooter class and weapon: its own class's row, else "any other unit"'s
    /// (SP:L54); `None` if the weapon cannot shoot from that class.
    pub fn dice_row(&self, shooters: Shooters, missile: Missile) -> Option<&ShootingDiceRow> {
        let of = |class: Shooters| self.dice.iter().find(|r| r.shooters == class && r.weapons.includes(missile));
        of(shooters).or_else(|| of(Shooters::Other))
    }

    /// Short and long range in inches (SP:L62–66).
    pub fn range(&self, missile: Missile) -> (u8, Option<u8>) {
        let row = self.ranges.iter().find(|r| r.weapons.contains(&missile));
        row.map(|r| (r.short, r.long)).unwrap_or_else(|| missing(FOLDER, "shooting.ron", missile))
    }

    pub fn to_hit_modifier(&self, factor: ShootingFactor) -> i8 {
        self.to_hit_row(factor).modifier
    }

    /// R-1, as the data says.
    pub fn light_chariots_reading(&self) -> Option<LightChariotsReading> {
        self.to_hit_row(ShootingFactor::LightChariots).reading
    }

    /// What this shot adds to the target's defence value; 0 for weapons the table does not name.
    pub fn save_modifier(&self, missile: Missile, band: RangeBand) -> i8 {
        let row = self.saves.iter().find(|r| r.band == band && r.weapons.contains(&missile));
        row.map_or(0, |r| r.modifier)
    }

    fn to_hit_row(&self, factor: ShootingFactor) -> &ShootingModifier {
        self.to_hit.iter().find(|r| r.factor == factor).unwrap_or_else(|| missing(FOLDER, "shooting.ron", factor))
    }
}

// --- Movement (SP:L126–146) -----------------------------------------------------------------------

/// The movers of the rate table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mover {
    /// A commander on a horse, a camel or a chariot.
    MountedCommander,
    /// A commander on foot or on an elephant.
    FootCommander,
    Cavalry,
    LightChariot,
    BardedCavalry,
    ScythedChariot,
    HeavyChariot,
    Camels,
    Elephant,
    Infantry,
    /// Close-order foot within `near_enemy` inches of an enemy.
    CloseOrderFootNearEnemy,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateRow {
    pub movers: Vec<Mover>,
    pub inches: u8,
    /// Commanders ignore the movement penalties (SP:L129–130).
    #[serde(default)]
    pub ignores_penalties: bool,
}

/// What a unit does that changes or spends its rate (SP:L135–146).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Manoeuvre {
    NotStraight,
    Face,
    SecondFace,
    ChangeOneRank,
    ChangeTwoRanks,
    DifficultTerrain,
    DifficultTerrainAndObstacles,
    Obstacle,
    ShieldWall,
}

/// The groups the rows exempt or name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveGroup {
    Skirmishers,
    FootSkirmishers,
    MountedSkirmishers,
    LooseOrder,
    LooseOrderFoot,
    UnbardedCavalry,
    Commanders,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Applies {
    All,
    AllExcept(Vec<MoveGroup>),
    Only(Vec<MoveGroup>),
}

/// A fraction of the rate, in quarters, so that all arithmetic stays in whole inches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum MoveEffect {
    /// The move goes at this many quarters of the rate.
    Speed(u8),
    /// The manoeuvre spends this many quarters of the rate; 0 is free.
    Cost(u8),
    /// The move goes at this many inches, whatever the rate.
    Inches(u8),
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManoeuvreRow {
    pub manoeuvre: Manoeuvre,
    pub applies: Applies,
    pub effect: MoveEffect,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementTable {
    pub rates: Vec<RateRow>,
    pub near_enemy: u8,
    pub manoeuvres: Vec<ManoeuvreRow>,
}

impl MovementTable {
    /// The rate in inches (SP:L129–134).
    pub fn rate(&self, mover: Mover) -> u8 {
        self.rate_row(mover).inches
    }

    pub fn rate_row(&self, mover: Mover) -> &RateRow {
        self.rates.iter().find(|r| r.movers.contains(&mover)).unwrap_or_else(|| missing(FOLDER, "movement.ron", mover))
    }

    /// The rows of one manoeuvre, in seed order (one for everyone, or one per group named).
    pub fn manoeuvre(&self, manoeuvre: Manoeuvre) -> impl Iterator<Item = &ManoeuvreRow> {
        self.manoeuvres.iter().filter(move |r| r.manoeuvre == manoeuvre)
    }
}

// --- Cohesion (SP:L18–29, L109–124) ---------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CohesionCondition {
    Demoralised,
    /// At most half its bases left.
    Exhausted,
    Fleeing,
    /// A non-fleeing enemy within `rally_enemy_radius`.
    EnemyWithin,
    /// The same, with more strength points than the fleeing unit (H-20).
    LargerEnemyWithin,
    /// The army general is within his command radius (not for skirmishers).
    GeneralInRadius,
    RecoiledLastTurn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum CohesionEffect {
    /// Added to the score needed.
    Add(i8),
    /// The test uses the army general's Cohesion.
    GeneralsCohesion,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CohesionRow {
    pub condition: CohesionCondition,
    pub effect: CohesionEffect,
}

/// The distances and counts of "Procéder à un test de Cohésion quand" and the Initial phase.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CohesionTriggers {
    pub fleeing_friend: u8,
    pub elephant_terror: u8,
    pub general_death: u8,
    pub broken_friend: u8,
    pub attempts_after_winning: u8,
    pub shooting_losses_percent: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CohesionTable {
    pub triggers: CohesionTriggers,
    /// Cohesion and break tests.
    pub modifiers: Vec<CohesionRow>,
    pub rally: Vec<CohesionRow>,
    pub rally_enemy_radius: u8,
    pub disengage: Vec<CohesionRow>,
}

impl CohesionTable {
    pub fn test_effect(&self, condition: CohesionCondition) -> Option<CohesionEffect> {
        effect(&self.modifiers, condition)
    }

    pub fn rally_effect(&self, condition: CohesionCondition) -> Option<CohesionEffect> {
        effect(&self.rally, condition)
    }

    pub fn disengage_effect(&self, condition: CohesionCondition) -> Option<CohesionEffect> {
        effect(&self.disengage, condition)
    }
}

fn effect(rows: &[CohesionRow], condition: CohesionCondition) -> Option<CohesionEffect> {
    rows.iter().find(|r| r.condition == condition).map(|r| r.effect)
}

// --- Commanders (SP:L198–205) ---------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RadiusRow {
    pub rank: CommanderRank,
    pub inches: u8,
}

/// When a commander may die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeathTest {
    /// His unit lost figures to shooting.
    Shooting,
    /// His unit lost figures in a combat it won or held.
    WonOrHeld,
    /// His unit lost figures in a combat it lost: it recoils or breaks.
    RecoiledOrBroke,
    /// He rides an elephant that lost figures.
    OnElephant,
}

/// The lowest 2d6 total that kills, per rank.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeathRow {
    pub test: DeathTest,
    pub army_general: u8,
    pub commander: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandTable {
    pub radius: Vec<RadiusRow>,
    /// Within this of the army general a unit may re-roll a break test and use his Cohesion.
    pub general_reach: u8,
    pub deaths: Vec<DeathRow>,
}

impl CommandTable {
    /// Command and rally radius in inches (SP:L200).
    pub fn radius(&self, rank: CommanderRank) -> u8 {
        let row = self.radius.iter().find(|r| r.rank == rank);
        row.map(|r| r.inches).unwrap_or_else(|| missing(FOLDER, "command.ron", rank))
    }

    /// The lowest 2d6 total that kills a commander of `rank` in this test.
    pub fn killed_on(&self, test: DeathTest, rank: CommanderRank) -> u8 {
        let row = self.deaths.iter().find(|r| r.test == test).unwrap_or_else(|| missing(FOLDER, "command.ron", test));
        match rank {
            CommanderRank::ArmyGeneral => row.army_general,
            CommanderRank::Commander => row.commander,
        }
    }
}

// --- Defence (SP:L213–223, L254–263) --------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourRow {
    pub armour: Armour,
    pub defence: u8,
    /// Protections that do not count with this armour (SP:L235).
    #[serde(default)]
    pub ignores: Vec<Protection>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProtectionRow {
    pub protection: Protection,
    pub modifier: i8,
}

/// What raises the enemy's defence value in close combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Striker {
    Weapon(MeleeWeapon),
    ScythedChariot,
    /// The beast, not its crew.
    Elephant,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StrikeCondition {
    Always,
    /// Mounted, charging or counter-charging.
    MountedCharging,
    /// Carried by infantry.
    Infantry,
    /// In the first round of the combat only.
    FirstRound,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponRow {
    pub strikers: Vec<Striker>,
    pub when: StrikeCondition,
    pub modifier: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefenceTable {
    pub armour: Vec<ArmourRow>,
    pub protection: Vec<ProtectionRow>,
    pub weapons: Vec<WeaponRow>,
}

impl DefenceTable {
    /// The defence value of `armour` with `protection` (SP5.34–5.41): the armour's value plus each
    /// protection's modifier, except those the armour ignores.
    pub fn value(&self, armour: Armour, protection: &[Protection]) -> u8 {
        let row = self.armour.iter().find(|r| r.armour == armour).unwrap_or_else(|| missing(FOLDER, "defence.ron", armour));
        let counted = protection.iter().filter(|p| !row.ignores.contains(p));
        let total = i16::from(row.defence) + counted.map(|p| i16::from(self.modifier(*p))).sum::<i16>();
        total.clamp(0, i16::from(u8::MAX)) as u8
    }

    pub fn modifier(&self, protection: Protection) -> i8 {
        let row = self.protection.iter().find(|r| r.protection == protection);
        row.map(|r| r.modifier).unwrap_or_else(|| missing(FOLDER, "defence.ron", protection))
    }

    /// The row that makes `striker` raise the enemy's defence value, if any.
    pub fn weapon_row(&self, striker: Striker) -> Option<&WeaponRow> {
        self.weapons.iter().find(|r| r.strikers.contains(&striker))
    }
}

// --- Close combat (SP:L182–196, L225–252) ---------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Matchup {
    SuperiorVsNonSuperior,
    InferiorVsSuperior,
    /// "Autres cas".
    Other,
}

impl Matchup {
    pub fn of(attacker: Quality, defender: Quality) -> Matchup {
        match (attacker, defender) {
            (Quality::Superior, d) if d != Quality::Superior => Matchup::SuperiorVsNonSuperior,
            (Quality::Inferior, Quality::Superior) => Matchup::InferiorVsSuperior,
            _ => Matchup::Other,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToHitRow {
    pub matchup: Matchup,
    pub score: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeleeFactor {
    /// Attacking troops that defend an obstacle.
    DefendedObstacle,
    /// Attacking a phalanx or a shield wall.
    PhalanxOrShieldWall,
    ElephantVsSkirmishers,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeModifier {
    pub factor: MeleeFactor,
    pub modifier: i8,
}

/// The fighters of the combat dice table (SP:L240–245).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fighter {
    Cavalry,
    Camels,
    Skirmishers,
    FormedFoot,
    LightChariot,
    HeavyChariot,
    ScythedChariot,
    /// The beast.
    Elephant,
    /// One of an elephant's crew.
    Crewman,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceRow {
    pub fighters: Vec<Fighter>,
    pub dice: u8,
    #[serde(default)]
    pub first_round_only: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BonusDice {
    HeavyThrownSpear,
    /// Shock cavalry charging or counter-charging.
    ShockCavalryCharging,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BonusRow {
    pub bonus: BonusDice,
    pub bases_per_die: u8,
}

/// "Modificateurs de Résultat de Combat" (SP:L185–196).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResultFactor {
    CloseOrderNotLevy,
    DepthBonus,
    ArmyGeneralAttached,
    HigherGround,
    FlankAttack,
    RearAttack,
    DoubleStrength,
    Demoralised,
    Nervous,
    DisorganisedAfterPursuit,
    /// At most this many momentum points.
    Momentum,
    CamelsInInfantry,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultModifier {
    pub factor: ResultFactor,
    pub modifier: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatTable {
    pub to_hit: Vec<ToHitRow>,
    pub to_hit_modifiers: Vec<MeleeModifier>,
    pub dice: Vec<DiceRow>,
    pub corner_to_corner: u8,
    /// Bases taken in flank or rear roll their dice divided by this, rounded up.
    pub flank_or_rear_divisor: u8,
    /// One die per `bases_per_die` bases, rounded up, in the first round only.
    pub bonus_dice: Vec<BonusRow>,
    pub result_modifiers: Vec<ResultModifier>,
}

impl CombatTable {
    /// The score a die needs to hit (SP:L228–230).
    pub fn to_hit(&self, attacker: Quality, defender: Quality) -> u8 {
        let matchup = Matchup::of(attacker, defender);
        let row = self.to_hit.iter().find(|r| r.matchup == matchup);
        row.map(|r| r.score).unwrap_or_else(|| missing(FOLDER, "combat.ron", matchup))
    }

    pub fn to_hit_modifier(&self, factor: MeleeFactor) -> i8 {
        let row = self.to_hit_modifiers.iter().find(|r| r.factor == factor);
        row.map(|r| r.modifier).unwrap_or_else(|| missing(FOLDER, "combat.ron", factor))
    }

    pub fn dice_row(&self, fighter: Fighter) -> &DiceRow {
        self.dice.iter().find(|r| r.fighters.contains(&fighter)).unwrap_or_else(|| missing(FOLDER, "combat.ron", fighter))
    }

    pub fn bases_per_bonus_die(&self, bonus: BonusDice) -> u8 {
        let row = self.bonus_dice.iter().find(|r| r.bonus == bonus);
        row.map(|r| r.bases_per_die).unwrap_or_else(|| missing(FOLDER, "combat.ron", bonus))
    }

    pub fn result_modifier(&self, factor: ResultFactor) -> i8 {
        let row = self.result_modifiers.iter().find(|r| r.factor == factor);
        row.map(|r| r.modifier).unwrap_or_else(|| missing(FOLDER, "combat.ron", factor))
    }
}

// --- Combat results (SP:L165–169, L265–282) -------------------------------------------------------

/// "Action du Perdant". Every row but the first also demoralises the loser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LoserAction {
    Continue,
    /// Recoils, Demoralised, and the combat goes on.
    Recoil { inches: u8 },
    /// One break test. Passed: as `Recoil`; failed: Demoralised, breaks and flees.
    BreakTest { recoil_inches: u8 },
    /// Demoralised, breaks and flees.
    Break,
}

/// Differentials `from..=to` (`to` = `None`: and above).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferentialRow {
    pub from: u8,
    pub to: Option<u8>,
    pub action: LoserAction,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleLineRow {
    pub units: u8,
    pub divisor: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShiftCause {
    FoughtOnFlankOrRear,
    AgainstElephants,
    SupportingUnit,
    FirstVictimOfShockCavalry,
    AgainstWarband,
    /// Unformed units, skirmishers included.
    Unformed,
}

/// `rows` > 0 reads that many rows lower (worse for the loser).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShiftRow {
    pub cause: ShiftCause,
    pub rows: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultTable {
    pub differential: Vec<DifferentialRow>,
    pub battle_line: Vec<BattleLineRow>,
    pub shifts: Vec<ShiftRow>,
}

impl ResultTable {
    /// The index of the row a differential reads (SP:L268–271), so that shifts can move along rows.
    pub fn differential_row(&self, differential: u8) -> usize {
        let fits = |r: &DifferentialRow| differential >= r.from && r.to.is_none_or(|to| differential <= to);
        self.differential.iter().position(fits).unwrap_or_else(|| missing(FOLDER, "results.ron", differential))
    }

    /// The differential divided by the battle line's divisor, rounded up (SP:L167–169); a lone unit
    /// keeps it whole.
    pub fn moderate(&self, differential: u8, line_units: u8) -> u8 {
        let row = self.battle_line.iter().find(|r| r.units == line_units);
        row.map_or(differential, |r| differential.div_ceil(r.divisor))
    }

    pub fn shift(&self, cause: ShiftCause) -> i8 {
        let row = self.shifts.iter().find(|r| r.cause == cause);
        row.map(|r| r.rows).unwrap_or_else(|| missing(FOLDER, "results.ron", cause))
    }
}

// --- Momentum (SP:L94–98, L148–153, L158, L284–290; H-8) -------------------------------------------

/// One row of the shooting results: losses of at least `losses_percent` of the unit's figures,
/// rounded up.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingLossRow {
    pub losses_percent: u8,
    pub demoralised: bool,
    pub cohesion_test: bool,
    pub momentum: u8,
    /// No momentum if the target is skirmishers or unformed (SP:L85).
    pub none_against_skirmishers: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Award {
    /// Charged an enemy into contact (not a counter-charge).
    ChargedIntoContact,
    /// The charged enemy fled and the charger cannot reach it.
    ChargeTargetOutOfReach,
    /// An impetuous unit charged and contacted an enemy.
    WarbandContact,
    /// Shooting put an elephant out of control.
    ElephantOutOfControl,
    /// Won a round without making the enemy recoil, or could not follow it up.
    WonRoundWithoutRecoil,
    ForcedBreakTest,
    /// Rode down in pursuit the enemy it fought, broken by a failed test.
    RodeDownBrokenOpponent,
    /// Followed up an enemy it made recoil.
    FollowedUpRecoil,
    /// Brought an enemy to half its strength points or less.
    HalvedEnemyStrength,
    /// Made an enemy break and flee.
    BrokeEnemy,
    /// Rode down a unit that fled from or evaded its charge.
    RodeDownFleeingOrEvader,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AwardRow {
    pub award: Award,
    pub points: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MomentumTable {
    pub start: u8,
    pub cap: u8,
    pub per_combat: u8,
    pub shooting: Vec<ShootingLossRow>,
    pub movement: Vec<AwardRow>,
    pub combat: Vec<AwardRow>,
}

impl MomentumTable {
    /// The points an award is worth (movement and combat tables; they are cumulative).
    pub fn points(&self, award: Award) -> u8 {
        let row = self.movement.iter().chain(&self.combat).find(|r| r.award == award);
        row.map(|r| r.points).unwrap_or_else(|| missing(FOLDER, "momentum.ron", award))
    }

    /// The shooting result row that `losses` out of `figures` reach: the highest one, or none.
    pub fn shooting_result(&self, losses: u32, figures: u32) -> Option<&ShootingLossRow> {
        let reached = |r: &&ShootingLossRow| losses >= (figures * u32::from(r.losses_percent)).div_ceil(100);
        self.shooting.iter().filter(reached).max_by_key(|r| r.losses_percent)
    }
}

// --- Loading ----------------------------------------------------------------------------------------

pub struct Tables {
    pub scale: Scale,
    pub units: UnitTable,
    pub shooting: ShootingTable,
    pub movement: MovementTable,
    pub cohesion: CohesionTable,
    pub command: CommandTable,
    pub defence: DefenceTable,
    pub combat: CombatTable,
    pub results: ResultTable,
    pub momentum: MomentumTable,
}

/// The unit table with the bundled army lists' profiles, read as a player's list is, their
/// defence reckoned with `defence`.
fn units(defence: &DefenceTable) -> UnitTable {
    let mut units: UnitTable = rule_table!("swordpoint", "units.ron");
    let lists = crate::army::bundled_for(<super::Swordpoint as crate::battle::Ruleset>::NAME);
    let rules = super::army::Rules { defence, max_ranks: units.max_ranks };
    units.profiles = super::army::profiles(&lists, &[], &rules).unwrap_or_else(|e| panic!("{}", crate::scenario::FileError::from_setup("", &e)));
    units
}

/// The compiled-in tables (`rules::tables`).
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let defence: DefenceTable = rule_table!("swordpoint", "defence.ron");
        Tables {
        scale: rule_table!("swordpoint", "scale.ron"),
        units: units(&defence),
        shooting: rule_table!("swordpoint", "shooting.ron"),
        movement: rule_table!("swordpoint", "movement.ron"),
        cohesion: rule_table!("swordpoint", "cohesion.ron"),
        command: rule_table!("swordpoint", "command.ron"),
        defence,
        combat: rule_table!("swordpoint", "combat.ron"),
        results: rule_table!("swordpoint", "results.ron"),
        momentum: rule_table!("swordpoint", "momentum.ron"),
        }
    })
}
