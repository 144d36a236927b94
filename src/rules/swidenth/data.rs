//! Swidenth's tables, read once from `assets/rules/swidenth/*.ron` (compiled in, so the web build needs no
//! files): the seed's numbers, each row citing its line (`l. N`), and the house rules' (weapons, spells,
//! scale), with the bundled warbands of `armies/`. `docs/rules/swidenth.md` lists them.

use crate::hex::Scale;
use crate::rules::tables::{missing, rule_table};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// This ruleset's folder under `assets/rules/`.
const FOLDER: &str = "swidenth";

/// A figure's characteristics (l. 7-26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Characteristics {
    pub mouv: i8,
    pub combat: i8,
    pub tir: i8,
    pub defence: i8,
    pub bravoure: i8,
    pub psychisme: i8,
    pub vitalite: i8,
}

/// The three range bands' bonuses (l. 152).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeBonus {
    pub short: i8,
    pub medium: i8,
    pub long: i8,
}

/// Cover's bonuses to the target (l. 164).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverBonus {
    pub over_a_third: i8,
    pub over_two_thirds: i8,
}

/// The allies of a figure struck by a horrible wound in melee who test (l. 116).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeHorror {
    pub within_paces_below: u8,
    pub difficulty: i8,
}

/// The allies' test after a horrible wound from a shot (l. 196).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotHorror {
    pub difficulty: i8,
}

/// The house rules' numbers where the seed gives none (H-S4, H-S5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseNumbers {
    pub chief_down_difficulty: i8,
    pub rout_difficulty: i8,
    pub terror_difficulty: i8,
    pub points_figure: u32,
    pub points_leader: u32,
    pub points_horrible: u32,
}

/// The numbers of the rolls (`duel.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuelTable {
    pub base_human: Characteristics,
    pub initiative_side_0_from: u8,
    pub chief_bubble_below: u8,
    pub champion_bubble_below: u8,
    pub stun_penalty: i8,
    pub stun_turns: u8,
    pub wound_above: i8,
    pub horrible_above: i8,
    pub critical_damage: i8,
    pub concentrate_combat: i8,
    pub charge_damage: i8,
    pub outnumber_combat: i8,
    pub aim: i8,
    pub camouflage: i8,
    pub range_bonus: RangeBonus,
    pub cover_bonus: CoverBonus,
    pub ally_hit_from: u8,
    pub horrible_in_melee: MeleeHorror,
    pub horrible_from_shot: ShotHorror,
    pub house: HouseNumbers,
}

/// A melee weapon's class, which decides what it gives as a second weapon (l. 134-136).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponClass {
    Light,
    Medium,
    Heavy,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub label: String,
    /// A melee weapon's class; `None` for a missile weapon alone.
    #[serde(default)]
    pub class: Option<WeaponClass>,
    pub hands: u8,
    pub damage: i8,
    /// A missile weapon's range in paces: its long range, 3 x p (l. 144-146).
    #[serde(default)]
    pub range: Option<u8>,
    #[serde(default)]
    pub reload: bool,
    /// Shots a shooting phase (l. 168).
    #[serde(default = "one")]
    pub shots: u8,
    /// Claws and the like: the figure is not unarmed (H-S17).
    #[serde(default)]
    pub natural: bool,
}

fn one() -> u8 {
    1
}

impl Weapon {
    /// Short range p: a third of the range (l. 144-148).
    pub fn short_range(&self) -> Option<u8> {
        self.range.map(|r| r / 3)
    }
}

/// What fighting unarmed costs (l. 138).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unarmed {
    pub combat: i8,
    pub damage: i8,
}

/// What a second melee weapon of a class gives (l. 134-136).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecondWeapon {
    pub class: WeaponClass,
    pub combat: i8,
    pub damage: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armour {
    pub name: String,
    pub label: String,
    pub defence: i8,
    #[serde(default)]
    pub hands: u8,
    #[serde(default)]
    pub mouv: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponTable {
    pub unarmed: Unarmed,
    pub second_weapon: Vec<SecondWeapon>,
    pub weapons: Vec<Weapon>,
    pub armour: Vec<Armour>,
}

impl WeaponTable {
    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.name == name)
    }

    pub fn armour(&self, name: &str) -> Option<&Armour> {
        self.armour.iter().find(|a| a.name == name)
    }

    /// What a second melee weapon of `class` gives; nothing for a heavy one, which cannot be paired (R-S12).
    pub fn second(&self, class: WeaponClass) -> Option<&SecondWeapon> {
        self.second_weapon.iter().find(|s| s.class == class)
    }
}

/// A figure's rank: the leaders of l. 36, or a henchman.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rank {
    Chief,
    Champion,
    #[default]
    Henchman,
}

/// A figure's special rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trait {
    /// Who would engage it tests Bravoure 8 first (H-S4c).
    Terrifying,
    /// « Tir en cloche »: may shoot at a target partly covered by an ally, at the ally's risk (l. 166).
    Arcing,
    /// « Gigantesque »: may shoot while engaged (l. 202).
    Gigantic,
}

/// A figure of a warband (H-S2), as its army list gives it (`army.rs`): the characteristics with
/// its armour counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureRow {
    pub name: String,
    /// The few letters on its token, telling the figures apart on the board.
    pub mark: String,
    pub rank: Rank,
    /// How many figures of the row the warband fields.
    pub count: u8,
    pub mouv: i8,
    pub combat: i8,
    pub tir: i8,
    pub defence: i8,
    pub bravoure: i8,
    pub psychisme: i8,
    pub vitalite: i8,
    /// Its weapons as read: rows of `weapons.ron`, or its own written whole.
    pub weapons: Vec<Weapon>,
    pub armour: Vec<String>,
    pub spells: Vec<String>,
    pub traits: Vec<Trait>,
    /// The name of its warband (its army list), for its card.
    pub warband: String,
}

/// A warband: one army list (`armies/`), its id the name a scenario places its figures by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Band {
    pub name: String,
    pub figures: Vec<Arc<FigureRow>>,
}

/// The bundled warbands, the table of a battle whose scenario names no other list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandTable {
    pub bands: Vec<Band>,
}

impl BandTable {
    pub fn band(&self, name: &str) -> Option<&Band> {
        self.bands.iter().find(|b| b.name == name)
    }
}

/// The bundled warbands, read from their army lists as a player's are, their gear from `gear`.
fn bands(gear: &super::army::Gear) -> BandTable {
    let lists = crate::army::bundled_for(<super::Swidenth as crate::battle::Ruleset>::NAME);
    let bands = super::army::bands(&lists, &[], gear).unwrap_or_else(|e| panic!("{}", crate::scenario::FileError::from_setup("", &e)));
    BandTable { bands }
}

/// How a spell's roll is made (H-S3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum SpellRoll {
    /// As a shot, with Psychisme for Tir.
    Shot,
    /// d20 + Psychisme against the target's d20 + Psychisme.
    Opposed,
    /// d20 + Psychisme at least this.
    Fixed(i8),
}

/// What a spell does (H-S3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum SpellEffect {
    /// A shot's damage of this weapon damage.
    Damage(i8),
    /// One stun token.
    Stun,
    /// Every stun token of one figure, or 1 Vitalité back.
    Heal,
    /// Défense up to the end of the next turn.
    Defence(i8),
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    pub name: String,
    pub label: String,
    pub roll: SpellRoll,
    /// In paces, by the gap rule.
    pub range: u8,
    pub effect: SpellEffect,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellTable {
    pub concentrate: i8,
    pub spells: Vec<Spell>,
}

impl SpellTable {
    pub fn spell(&self, name: &str) -> &Spell {
        self.spells.iter().find(|s| s.name == name).unwrap_or_else(|| missing(FOLDER, "spells.ron", name))
    }
}

pub struct Tables {
    pub scale: Scale,
    pub duel: DuelTable,
    pub weapons: WeaponTable,
    pub bands: BandTable,
    pub spells: SpellTable,
}

impl Tables {
    /// Every sample figure, which a warband of one's own may start a figure from.
    pub fn samples(&self) -> Vec<Arc<FigureRow>> {
        self.bands.bands.iter().flat_map(|b| b.figures.iter().cloned()).collect()
    }
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let weapons: WeaponTable = rule_table!("swidenth", "weapons.ron");
        let spells: SpellTable = rule_table!("swidenth", "spells.ron");
        Tables {
            scale: rule_table!("swidenth", "scale.ron"),
            duel: rule_table!("swidenth", "duel.ron"),
            bands: bands(&super::army::Gear { weapons: &weapons, spells: &spells }),
            weapons,
            spells,
        }
    })
}
