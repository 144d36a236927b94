//! Thucydide's tables, read once from `assets/rules/thucydide/*.ron` and the bundled army list
//! `armies/thucydide-antiquity.ron` (compiled in, so the web build needs no file access): unit
//! profiles, terrain effects, command radii.

use crate::hex::Ground;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// Troop type. "Troupe montée" (mounted troops) is cavalry, camelry and chariots; elephants are
/// their own type (seed, "Avantages tactiques", note under the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Class {
    Infantry,
    Cavalry,
    Camelry,
    Chariots,
    Elephants,
    Artillery,
}

/// Armour colour, lightest first (seed, "Résumé des touches selon l'armure").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Armour {
    Yellow,
    Green,
    Blue,
    Red,
    Black,
}

impl Armour {
    /// "Armure inversée": black counts as yellow and back, red as green and back.
    pub fn reversed(self) -> Armour {
        match self {
            Armour::Yellow => Armour::Black,
            Armour::Green => Armour::Red,
            Armour::Blue => Armour::Blue,
            Armour::Red => Armour::Green,
            Armour::Black => Armour::Yellow,
        }
    }

    /// Light ("légère", green) or very light ("très légère", yellow) troops.
    pub fn is_light(self) -> bool {
        self <= Armour::Green
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trait {
    /// "d'élite": may refuse a compulsory follow-up (infantry may follow up at all).
    Elite,
    /// "Fanatiques": always follow up; a tactical advantage against them by infantry on mounted.
    Fanatic,
    /// "Changeants": always follow up.
    Fickle,
    /// "Insaisissable": a tactical advantage against them is a morale hit.
    Elusive,
    /// The unit has camels: the camel effect on animals next to it.
    Camels,
    /// "chevaux arabes": immune to the camel effect.
    ArabHorses,
    /// "chevaux indiens": immune to the elephant effect.
    IndianHorses,
    /// Carried or drawn by one elephant (transport or traction): the elephant panics at the first loss.
    ElephantBorne,
    /// "Artillerie à poudre".
    PowderArtillery,
    /// "Fusées": tactical advantages are morale hits.
    Rockets,
    /// Uses fire: tactical advantages are morale hits, animals facing it lose a die.
    Fire,
    /// The target's armour does not count: every hit face hits.
    IgnoresArmour,
    /// "Armure inversée".
    ReversedArmour,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub name: String,
    pub label: String,
    pub class: Class,
    pub armour: Armour,
    pub fire: u8,
    pub range: u8,
    pub assault: u8,
    pub melee: u8,
    #[serde(rename = "move")]
    pub movement: u8,
    pub strength: u8,
    #[serde(default)]
    pub traits: Vec<Trait>,
    #[serde(default)]
    pub retreat_per_flag: Option<u8>,
    /// Mounted infantry: may make a mounted move (+1 hex) after which it cannot fight.
    #[serde(default)]
    pub mounted_move: bool,
    /// The profile the unit takes once its transport or traction elephant has panicked.
    #[serde(default)]
    pub dismounted: Option<String>,
}

impl Profile {
    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }

    /// "Troupe montée": cavalry, camelry and chariots.
    pub fn is_mounted(&self) -> bool {
        matches!(self.class, Class::Cavalry | Class::Camelry | Class::Chariots)
    }

    /// A unit with animals (horses, camels, elephants), subject to the camel, elephant and fire
    /// effects: mounted troops, elephants, and infantry that rides (camels, or horses for a mounted
    /// move) or is carried by an elephant.
    pub fn has_animals(&self) -> bool {
        self.is_mounted() || self.has_elephants() || self.has(Trait::Camels) || self.mounted_move
    }

    pub fn has_camels(&self) -> bool {
        self.has(Trait::Camels) || self.class == Class::Camelry
    }

    pub fn has_elephants(&self) -> bool {
        self.class == Class::Elephants || self.has(Trait::ElephantBorne)
    }

    /// Hexes of retreat per validated morale hit: 1 for infantry, elephants and artillery, 2 for
    /// mounted troops, unless the profile says otherwise (seed, "Repli").
    pub fn retreat_hexes(&self) -> u8 {
        self.retreat_per_flag.unwrap_or(if self.is_mounted() { 2 } else { 1 })
    }

    pub fn mobility(&self) -> Mobility {
        match self.class {
            Class::Infantry => Mobility::Foot,
            Class::Cavalry | Class::Camelry | Class::Chariots => Mobility::Mounted,
            Class::Elephants => Mobility::Elephant,
            Class::Artillery => Mobility::Artillery,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mobility {
    Foot,
    Mounted,
    Elephant,
    Artillery,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroundRule {
    pub ground: Ground,
    pub foot: Option<u8>,
    pub mounted: Option<u8>,
    pub elephant: Option<u8>,
    pub artillery: Option<u8>,
    pub dice_limit: Option<u8>,
    /// Defending in this ground counts as being supported (seed example: "défendant des bâtiments").
    pub defender_supported: bool,
    /// "Terrain accidenté" (seed: forest, marsh, rocky ground, buildings).
    pub rough: bool,
    /// Masks a line of sight by itself (woods and buildings).
    pub blocks_sight: bool,
}

impl GroundRule {
    pub fn cost(&self, mobility: Mobility) -> Option<u8> {
        match mobility {
            Mobility::Foot => self.foot,
            Mobility::Mounted => self.mounted,
            Mobility::Elephant => self.elephant,
            Mobility::Artillery => self.artillery,
        }
    }
}

/// Ranks of "personnages de commandement".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rank {
    CommanderInChief,
    SubGeneral,
    Historical,
    SeniorOfficer,
}

impl Rank {
    pub fn parse(s: &str) -> Option<Rank> {
        match s {
            "commander-in-chief" => Some(Rank::CommanderInChief),
            "sub-general" => Some(Rank::SubGeneral),
            "historical" => Some(Rank::Historical),
            "senior-officer" => Some(Rank::SeniorOfficer),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CommandRadius {
    pub rank: Rank,
    pub radius: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainTable {
    pub grounds: Vec<GroundRule>,
    pub road_cost: u8,
    pub climb_cost: u8,
    pub road_march_bonus: u8,
    pub mounted_move_bonus: u8,
    pub command_radius: Vec<CommandRadius>,
    pub max_order_tokens: u8,
    pub half_strength_penalty: u8,
    pub panic_dice: u8,
}

impl TerrainTable {
    pub fn ground(&self, ground: Ground) -> &GroundRule {
        self.grounds.iter().find(|g| g.ground == ground).unwrap_or(&self.grounds[0])
    }

    pub fn radius(&self, rank: Rank) -> u8 {
        self.command_radius.iter().find(|c| c.rank == rank).map_or(0, |c| c.radius)
    }
}

pub struct Tables {
    /// The bundled army lists' profiles, then the rules' own: the table of a battle whose
    /// scenario names no army list.
    pub profiles: Vec<Arc<Profile>>,
    /// The profiles the rules create (`assets/rules/thucydide/units.ron`), last in every battle's table.
    pub rules_own: Vec<Arc<Profile>>,
    pub terrain: TerrainTable,
}

impl Tables {
    pub fn profile_index(&self, name: &str) -> Option<u16> {
        index_of(&self.profiles, name)
    }

    pub fn profile(&self, index: u16) -> &Profile {
        &self.profiles[usize::from(index)]
    }
}

/// A profile's place in a battle's table, by name.
pub fn index_of(profiles: &[Arc<Profile>], name: &str) -> Option<u16> {
    profiles.iter().position(|p| p.name == name).map(|i| i as u16)
}

/// The compiled-in tables. They are part of the program, checked by the tests, so a failure to
/// parse them is a build defect, not bad user input.
/// "Terrain accidenté", from the terrain table.
pub fn rough(ground: Ground) -> bool {
    tables().terrain.ground(ground).rough
}

/// Ground that masks a line of sight by itself, from the terrain table.
pub fn blocks_sight(ground: Ground) -> bool {
    tables().terrain.ground(ground).blocks_sight
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let rules_own: Vec<Profile> = crate::rules::tables::rule_table!("thucydide", "units.ron");
        let rules_own: Vec<Arc<Profile>> = rules_own.into_iter().map(Arc::new).collect();
        let lists = crate::army::bundled_for(<super::Thucydide as crate::battle::Ruleset>::NAME);
        let profiles = super::army::profiles(&lists, &[], &rules_own).unwrap_or_else(|e| panic!("{}", crate::scenario::FileError::from_setup("", &e)));
        Tables {
            profiles,
            rules_own,
            terrain: crate::rules::tables::rule_table!("thucydide", "terrain.ron"),
        }
    })
}
