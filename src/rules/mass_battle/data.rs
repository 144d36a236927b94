//! The mass battle's tables, read once from `assets/rules/mass-battle/*.ron` (compiled in, so the web
//! build needs no files): the seed's battle table, morale modifiers and siege engines, each row
//! citing its line (`l. N`), and the house rules' numbers (movement, ranges, weapons, the
//! multipliers' sizes); the sample armies are the bundled army lists (`armies/`). `docs/rules/mass-battle.md` lists them.

use crate::rules::tables::{missing, rule_table};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// This ruleset's folder under `assets/rules/`.
const FOLDER: &str = "mass-battle";

/// A roll of dice plus a bonus, written as the seed and the house rules write it: "d8", "2d8",
/// "d8+3", "10d10".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Roll {
    pub count: u8,
    pub sides: u8,
    pub plus: i16,
}

impl Roll {
    /// Throws the roll: its faces in the order drawn, and their sum with the bonus, never below 0.
    pub fn throw(self, dice: &mut crate::battle::Dice) -> (Vec<u8>, i64) {
        let faces: Vec<u8> = (0..self.count).map(|_| dice.roll(self.sides)).collect();
        let total = (faces.iter().map(|f| i64::from(*f)).sum::<i64>() + i64::from(self.plus)).max(0);
        (faces, total)
    }
}

impl TryFrom<String> for Roll {
    type Error = String;

    fn try_from(text: String) -> Result<Roll, String> {
        let bad = || format!("'{text}' is not a roll such as d8, 2d6 or d8+3");
        let (dice, plus) = match text.find(['+', '-']) {
            Some(at) => (
                &text[..at],
                text[at..]
                    .trim_start_matches('+')
                    .parse::<i16>()
                    .map_err(|_| bad())?,
            ),
            None => (text.as_str(), 0),
        };
        let (count, sides) = dice.split_once('d').ok_or_else(bad)?;
        let count = if count.is_empty() {
            1
        } else {
            count.parse().map_err(|_| bad())?
        };
        let sides: u8 = sides.parse().map_err(|_| bad())?;
        if count == 0 || sides < 2 {
            return Err(bad());
        }
        Ok(Roll { count, sides, plus })
    }
}

impl From<Roll> for String {
    fn from(r: Roll) -> String {
        r.to_string()
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count > 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "d{}", self.sides)?;
        match self.plus {
            0 => Ok(()),
            p if p > 0 => write!(f, "+{p}"),
            p => write!(f, "{p}"),
        }
    }
}

/// Hit dice (DV), read as l. 157's rows need them (B1 item 68): "level0" for a level-0 human,
/// "1/2", "1-1", "1", "4+1", "12".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct HitDice {
    pub dice: u8,
    pub plus: i8,
    /// Under one die ("1/2").
    pub half: bool,
    pub level0_human: bool,
}

impl TryFrom<String> for HitDice {
    type Error = String;

    fn try_from(text: String) -> Result<HitDice, String> {
        let bad = || format!("'{text}' is not hit dice such as level0, 1/2, 1-1, 2 or 4+1");
        if text == "level0" {
            return Ok(HitDice {
                dice: 0,
                plus: 0,
                half: false,
                level0_human: true,
            });
        }
        if text == "1/2" {
            return Ok(HitDice {
                dice: 0,
                plus: 0,
                half: true,
                level0_human: false,
            });
        }
        let (dice, plus) = match text.find(['+', '-']) {
            Some(at) => (
                &text[..at],
                text[at..]
                    .trim_start_matches('+')
                    .parse::<i8>()
                    .map_err(|_| bad())?,
            ),
            None => (text.as_str(), 0),
        };
        Ok(HitDice {
            dice: dice.parse().map_err(|_| bad())?,
            plus,
            half: false,
            level0_human: false,
        })
    }
}

impl From<HitDice> for String {
    fn from(h: HitDice) -> String {
        h.to_string()
    }
}

impl fmt::Display for HitDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.level0_human, self.half, self.plus) {
            (true, _, _) => f.write_str("level0"),
            (_, true, _) => f.write_str("1/2"),
            (_, _, 0) => write!(f, "{}", self.dice),
            (_, _, p) if p > 0 => write!(f, "{}+{p}", self.dice),
            (_, _, p) => write!(f, "{}{p}", self.dice),
        }
    }
}

/// One row of the battle table (l. 157-171): up to which hit dice it reads, and its percentages
/// from AC 10 to AC 22.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleRow {
    pub label: String,
    /// The row "Humain niv 0".
    #[serde(default)]
    pub level0_human: bool,
    /// "X+ à Y" (and "1 et moins") read up to Y dice; `None` for "15 et plus".
    #[serde(default)]
    pub upto: Option<u8>,
    pub cells: Vec<u32>,
}

/// The battle table (l. 155-171, B1 items 67-68).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleTable {
    /// The AC of the first column; each next column is one more.
    pub first_ac: u8,
    pub rows: Vec<BattleRow>,
}

impl BattleTable {
    /// The row the attacker's hit dice read (B1 item 68).
    pub fn row(&self, hd: HitDice) -> &BattleRow {
        let found = if hd.level0_human {
            self.rows.iter().find(|r| r.level0_human)
        } else {
            self.rows
                .iter()
                .filter(|r| !r.level0_human)
                .find(|r| match r.upto {
                    Some(y) => hd.half || hd.dice < y || (hd.dice == y && hd.plus <= 0),
                    None => true,
                })
        };
        found.unwrap_or_else(|| missing(FOLDER, "battle-table.ron", hd))
    }

    /// The multiplier percentage of an attacker with `hd` against AC `ac` (R-M1); an AC off the
    /// table reads its nearest column (house, B1 item 68).
    pub fn percent(&self, hd: HitDice, ac: u8) -> u32 {
        let cells = &self.row(hd).cells;
        let column = usize::from(ac.saturating_sub(self.first_ac)).min(cells.len() - 1);
        cells[column]
    }
}

/// The morale test (l. 63-100): 2d6 at most the unit's morale, with these modifiers (l. 73-80) and
/// those of the standard (l. 40-42), the fallen commander (l. 135-139) and the siege (l. 189).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleTable {
    pub dice: Roll,
    pub never_tests: u8,
    pub free: i8,
    pub against_double: i8,
    pub against_triple: i8,
    pub lost_half: i8,
    pub lost_three_quarters: i8,
    pub immune_enemy: i8,
    pub native_land: i8,
    pub native_town: i8,
    pub standard_rally: i8,
    pub standard_lost: i8,
    pub commander_fell: i8,
    pub besieged: i8,
    pub out_of_supplies: i8,
    pub coward_heroes: i8,
}

/// The sizes of the additions to the percentage and of the multipliers (R-M4).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Multipliers {
    /// The pursuer of a fleeing unit (l. 88).
    pub pursuit_percent: u32,
    /// The bonus an INT or SAG score gives from each score on (l. 104).
    pub bonus_bands: Vec<(u8, u8)>,
    /// Each slice of the commander's INT bonus, and each point of his SAG bonus (l. 104).
    pub slice_percent: u32,
    /// H-M11.
    pub envelopment_percent: u32,
    pub rear_percent: u32,
    pub lance: u32,
    pub polearm: u32,
    pub flier: u32,
    pub hero: u32,
    pub special_attack: u32,
    pub immune: u32,
    /// Damage per hit die of a huge creature on a standard unit (l. 106).
    pub huge_per_hd: u32,
    /// PVT back per point of regeneration rate and individual (l. 109).
    pub regeneration: u32,
}

impl Multipliers {
    /// The bonus of an INT or SAG score (l. 104, R-M20).
    pub fn bonus(&self, score: u8) -> u8 {
        self.bonus_bands
            .iter()
            .filter(|(from, _)| score >= *from)
            .map(|(_, b)| *b)
            .max()
            .unwrap_or(0)
    }
}

/// The house rules' numbers for the sequence and victory (H-M9).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct House {
    pub sequences: u32,
    pub siege_sequences: u32,
    /// A difference in the share of PVT lost, in points of a hundred, under which a battle at
    /// its limit is drawn.
    pub draw_below: u32,
    /// The depth of a side's deployment zone, in rows (H-M10).
    pub deployment_rows: u8,
    /// A hero's duel, in rounds (l. 123).
    pub duel_rounds: u8,
}

/// How a unit moves (H-M1): hexes a sequence per troop type, and the ground's costs.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementTable {
    pub allowances: Vec<(String, u8)>,
    pub open: u8,
    pub rough: u8,
    pub rough_mounted: u8,
    pub stream: u8,
    pub climb: u8,
    pub rubble: u8,
}

impl MovementTable {
    pub fn allowance(&self, kind: &str) -> u8 {
        self.allowances
            .iter()
            .find(|(k, _)| k == kind)
            .map_or_else(|| missing(FOLDER, "movement.ron", kind), |(_, n)| *n)
    }
}

/// What a weapon's damage is good against (H-M15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tag {
    Magic,
    Silver,
    Fire,
}

/// A weapon (H-M14) and, for a missile, its range in hexes (H-M2).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub label: String,
    pub damage: Roll,
    #[serde(default)]
    pub range: Option<u8>,
    #[serde(default)]
    pub tags: Vec<Tag>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponTable {
    pub weapons: Vec<Weapon>,
}

impl WeaponTable {
    pub fn find(&self, name: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.name == name)
    }
}

/// Standard units, huge creatures and heroes (H-M15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    #[default]
    Standard,
    Huge,
    Hero,
}

/// What sets a unit apart (l. 84, 98, 105-109, 149-153; H-M13, H-M15).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trait {
    Elite,
    Mounted,
    Lance,
    Polearm,
    Flying,
    /// Followers of this hero, a cleric or paladin (l. 98).
    Followers(String),
    /// PVT back at each sequence's end, at this rate (l. 109).
    Regeneration(u32),
    /// Equipped against regenerating creatures (l. 109).
    AntiRegeneration,
    /// Immune to every attack without one of these tags (l. 107).
    ImmuneUnless(Vec<Tag>),
    /// Poison, petrification, level drain (l. 105).
    SpecialAttack,
    /// Ladders or towers: may engage defenders on a wall (H-M13).
    Escalade,
    Ram,
}

/// A unit's profile (H-M8), as its army list writes it (`army.rs`) with its weapons and engine
/// read from the tables or written in the list.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitRow {
    pub name: String,
    /// The letters on its counter.
    pub mark: String,
    pub kind: Kind,
    pub troops: u32,
    pub hd: HitDice,
    pub pvi: u32,
    pub ac: u8,
    pub weapon: Option<Weapon>,
    pub missile: Option<Weapon>,
    pub morale: u8,
    /// Its troop type in `movement.ron`.
    pub moves_as: String,
    pub traits: Vec<Trait>,
    /// The siege engine its crew serves, of `siege.ron` (l. 208-224).
    pub engine: Option<Engine>,
    /// The symbol on its counter where its troop type's would not say what it is (a creature:
    /// `Orcs`, `Spiders`...); by default the troop type's.
    pub symbol: Option<crate::battle::look::Troop>,
    /// The hero this counter is (H-M6).
    pub hero: Option<HeroRow>,
}

impl UnitRow {
    pub fn has(&self, t: &Trait) -> bool {
        self.traits.contains(t)
    }
}

/// A hero's spell (H-M7): once a battle.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum HeroSpell {
    /// Flat damage to one unit in range, in the shooting phase.
    Blast { damage: Roll, range: u8 },
    /// A breach in a wall hex within `range` (Disintegrate, Passwall, Horn of Blasting, l. 195).
    Breach { range: u8 },
}

/// A hero of an army (l. 113-139; H-M6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeroRow {
    pub name: String,
    pub mark: String,
    pub hd: HitDice,
    pub hp: u32,
    pub ac: u8,
    pub to_hit: i8,
    pub damage: Roll,
    pub attacks: u8,
    pub tags: Vec<Tag>,
    pub commander: bool,
    pub int: u8,
    pub sag: u8,
    pub mounted: bool,
    pub spells: Vec<HeroSpell>,
}

impl HeroRow {
    /// His blows, as a weapon.
    fn weapon(&self) -> Weapon {
        Weapon {
            name: format!("hero:{}", self.name),
            label: format!("{}'s blows", self.name),
            damage: self.damage,
            range: None,
            tags: self.tags.clone(),
        }
    }

    /// The hero as a counter of his army (H-M6): one individual of his hit points and AC, making
    /// his attacks a round; he never tests morale (the seed's tests are units').
    pub fn as_unit(&self) -> UnitRow {
        UnitRow {
            name: self.name.clone(),
            mark: self.mark.clone(),
            kind: Kind::Hero,
            troops: 1,
            hd: self.hd,
            pvi: self.hp,
            ac: self.ac,
            weapon: Some(self.weapon()),
            missile: None,
            morale: 12,
            moves_as: if self.mounted { "hero-mounted" } else { "hero" }.into(),
            traits: if self.mounted { vec![Trait::Mounted] } else { Vec::new() },
            engine: None,
            symbol: None,
            hero: Some(self.clone()),
        }
    }
}

/// An army: one army list (`armies/*.ron`), its units and heroes; each hero also stands among
/// the units as a counter of one.
#[derive(Clone, Debug, PartialEq)]
pub struct Army {
    pub name: String,
    pub label: String,
    pub units: Vec<Arc<UnitRow>>,
    pub heroes: Vec<Arc<HeroRow>>,
}

impl Army {
    pub fn unit(&self, name: &str) -> Option<&Arc<UnitRow>> {
        self.units.iter().find(|u| u.name == name)
    }

    pub fn hero(&self, name: &str) -> Option<&HeroRow> {
        self.heroes.iter().find(|h| h.name == name).map(|h| &**h)
    }
}

/// The bundled armies, read once from the bundled army lists.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyTable {
    /// Shared with every battle that fields just them, uncopied.
    pub armies: Arc<Vec<Army>>,
}

/// A siege engine (l. 208-224) with the house rule's work points (H-M13).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Engine {
    pub name: String,
    pub label: String,
    /// Its flat damage to a unit (R-M15).
    pub damage: Roll,
    pub range: u8,
    #[serde(default)]
    pub min_range: u8,
    /// Work points a sequence on a wall or tower; 0 for an engine that cannot hurt a fortress.
    pub work: u32,
}

/// Sieges' numbers (l. 173-224; H-M13).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiegeTable {
    pub engines: Vec<Engine>,
    pub wall_points: u32,
    pub medium_tower_points: u32,
    pub large_tower_points: u32,
    pub ram: Roll,
    pub breach_throughput: u8,
    pub ammo: u8,
    pub engine_ammo: u8,
    /// The damage the besieged take while the walls stand, and in the sequence after a breach, as
    /// fractions (l. 183, 202).
    pub intact: (u32, u32),
    pub after_breach: (u32, u32),
}

impl SiegeTable {
}

pub struct Tables {
    pub battle: BattleTable,
    pub morale: MoraleTable,
    pub multipliers: Multipliers,
    pub house: House,
    pub movement: MovementTable,
    pub weapons: WeaponTable,
    /// The bundled army lists' armies.
    pub armies: ArmyTable,
    pub siege: SiegeTable,
}

impl Tables {
    /// The tables an army list's profiles are read from.
    pub fn gear(&self) -> super::army::Gear<'_> {
        super::army::Gear { weapons: &self.weapons, siege: &self.siege, movement: &self.movement }
    }

    /// Every bundled unit and hero, the profiles a list's `base` may name besides its own.
    pub fn samples(&self) -> (Vec<Arc<UnitRow>>, Vec<Arc<HeroRow>>) {
        let units = self.armies.armies.iter().flat_map(|a| a.units.iter().filter(|u| u.hero.is_none()).cloned()).collect();
        let heroes = self.armies.armies.iter().flat_map(|a| a.heroes.iter().cloned()).collect();
        (units, heroes)
    }
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let weapons: WeaponTable = rule_table!("mass-battle", "weapons.ron");
        let siege: SiegeTable = rule_table!("mass-battle", "siege.ron");
        let movement: MovementTable = rule_table!("mass-battle", "movement.ron");
        let lists = crate::army::bundled_for(<super::MassBattle as crate::battle::Ruleset>::NAME);
        let gear = super::army::Gear { weapons: &weapons, siege: &siege, movement: &movement };
        let armies = super::army::armies(&lists, &(Vec::new(), Vec::new()), &gear).unwrap_or_else(|e| panic!("{}", crate::scenario::FileError::from_setup("", &e)));
        Tables {
            battle: rule_table!("mass-battle", "battle-table.ron"),
            morale: rule_table!("mass-battle", "morale.ron"),
            multipliers: rule_table!("mass-battle", "multipliers.ron"),
            house: rule_table!("mass-battle", "house.ron"),
            movement,
            weapons,
            armies: ArmyTable { armies: Arc::new(armies) },
            siege,
        }
    })
}
