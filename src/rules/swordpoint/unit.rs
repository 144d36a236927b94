//! What a unit's figures and profile make of it (A.3.2, H-1, H-2, H-20): bases, ranks, strength
//! points, its class for each table, its rate of move and the Cohesion it tests with.

use super::Swordpoint;
use super::data::{CommanderRank, Fighter, Mover, Order, Profile, Protection, Shooters, Trait, Troop, tables};
use super::state::UnitState;
use crate::battle::{Battle, Side, Unit, UnitId};
use crate::hex::Hex;

pub type SpUnit = Unit<UnitState>;

impl UnitState {
    /// Bases left: a base goes with its last figure (H-1).
    pub fn bases(&self) -> u8 {
        self.figures.div_ceil(self.profile().figures_per_base.max(1))
    }

    /// Ranks of bases (A.3.2).
    pub fn ranks(&self) -> u8 {
        self.bases().div_ceil(self.frontage.max(1))
    }

    /// Bases in the first rank: casualties come off the rear, so it stays full while it can.
    pub fn first_rank(&self) -> u8 {
        self.bases().min(self.frontage)
    }

    /// Bases in the second rank.
    pub fn second_rank(&self) -> u8 {
        self.bases().saturating_sub(self.frontage).min(self.frontage)
    }

    /// Strength points (H-2): ceil(figures × SP per base / figures per base).
    pub fn strength(&self) -> u32 {
        let p = self.profile();
        (u32::from(self.figures) * u32::from(p.strength_per_base)).div_ceil(u32::from(p.figures_per_base.max(1)))
    }

    pub fn start_strength(&self) -> u32 {
        let p = self.profile();
        (u32::from(self.start_figures) * u32::from(p.strength_per_base)).div_ceil(u32::from(p.figures_per_base.max(1)))
    }

    /// Exhausted: half its starting bases or fewer (SP2.7, H-20).
    pub fn exhausted(&self) -> bool {
        2 * u32::from(self.bases()) <= u32::from(self.start_bases)
    }

    /// Formed: every unit but skirmishers (H-20).
    pub fn formed(&self) -> bool {
        self.profile().order != Order::Skirmish
    }

    pub fn skirmishers(&self) -> bool {
        self.profile().order == Order::Skirmish
    }

    /// Close order: formed and not loose (H-20).
    pub fn close_order(&self) -> bool {
        self.profile().order == Order::Close
    }

    /// Depth bonus: formed with two full ranks (H-20).
    pub fn depth(&self) -> bool {
        self.formed() && self.bases() >= 2 * self.frontage
    }

    /// "Montés" (SP3.17): cavalry, camels and chariots.
    pub fn mounted(&self) -> bool {
        tables().shooting.is_mounted(self.profile().troop)
    }

    pub fn is_elephant(&self) -> bool {
        self.profile().troop == Troop::Elephant
    }

    pub fn is_foot(&self) -> bool {
        self.profile().troop == Troop::Foot
    }

    pub fn has(&self, t: Trait) -> bool {
        self.profile().has(t)
    }

    pub fn barded(&self) -> bool {
        self.profile().protection.contains(&Protection::Barding)
    }

    /// Its row of "Capacités de Mouvement" (SP4.20–4.22), without the 4" near an enemy.
    pub fn mover(&self) -> Mover {
        match self.profile().troop {
            Troop::Foot => Mover::Infantry,
            Troop::Cavalry if self.barded() => Mover::BardedCavalry,
            Troop::Cavalry => Mover::Cavalry,
            Troop::Camels => Mover::Camels,
            Troop::LightChariot => Mover::LightChariot,
            Troop::HeavyChariot => Mover::HeavyChariot,
            Troop::ScythedChariot => Mover::ScythedChariot,
            Troop::Elephant => Mover::Elephant,
        }
    }

    /// Its full rate in inches (SP4.20–4.22), which charges, flights and pursuits use.
    pub fn rate(&self) -> u8 {
        tables().movement.rate(self.mover())
    }

    /// Its class in the shooting dice table (SP:L50–55).
    pub fn shooters(&self) -> Shooters {
        let p = self.profile();
        match (p.troop, p.order) {
            (Troop::Elephant | Troop::LightChariot | Troop::HeavyChariot | Troop::ScythedChariot, _) => Shooters::ElephantsAndChariots,
            (Troop::Foot, Order::Skirmish) => Shooters::FootSkirmishers,
            (_, Order::Skirmish) => Shooters::MountedSkirmishers,
            (Troop::Foot, _) => Shooters::FormedFoot,
            _ => Shooters::FormedMounted,
        }
    }

    /// Its class in the combat dice table (SP:L240–245).
    pub fn fighter(&self) -> Fighter {
        let p = self.profile();
        match (p.troop, p.order) {
            (_, Order::Skirmish) => Fighter::Skirmishers,
            (Troop::Foot, _) => Fighter::FormedFoot,
            (Troop::Cavalry, _) => Fighter::Cavalry,
            (Troop::Camels, _) => Fighter::Camels,
            (Troop::LightChariot, _) => Fighter::LightChariot,
            (Troop::HeavyChariot, _) => Fighter::HeavyChariot,
            (Troop::ScythedChariot, _) => Fighter::ScythedChariot,
            (Troop::Elephant, _) => Fighter::Elephant,
        }
    }

    /// On the table, not fleeing, not destroyed.
    pub fn steady(&self) -> bool {
        !self.fleeing && !self.destroyed && self.off_table.is_none()
    }
}

/// The profile of a unit.
pub fn profile(u: &SpUnit) -> &Profile {
    u.state.profile()
}

/// Hex distance.
pub fn distance(a: Hex, b: Hex) -> u32 {
    a.unsigned_distance_to(b)
}

/// Whether `d` hexes is within `inches` (the gap rule, 0.3).
pub fn within(d: u32, inches: u8) -> bool {
    tables().scale.within(d, u32::from(inches))
}

/// Enemies of `side` on the table, in id order.
pub fn enemies(b: &Battle<Swordpoint>, side: Side) -> impl Iterator<Item = &SpUnit> {
    b.on_board().filter(move |u| u.side != side)
}

/// Friends of `side` on the table, in id order.
pub fn friends(b: &Battle<Swordpoint>, side: Side) -> impl Iterator<Item = &SpUnit> {
    b.on_board().filter(move |u| u.side == side)
}

/// Whether a non-fleeing enemy of `unit` stands within `inches`.
pub fn enemy_within(b: &Battle<Swordpoint>, unit: &SpUnit, inches: u8) -> bool {
    let Some(at) = unit.hex else { return false };
    enemies(b, unit.side).any(|e| !e.state.fleeing && e.hex.is_some_and(|h| within(distance(at, h), inches)))
}

/// The rate a unit moves at in its remaining move: 4" for close-order foot within 8" of an enemy
/// (SP4.23), else its full rate.
pub fn move_rate(b: &Battle<Swordpoint>, unit: &SpUnit) -> u8 {
    let t = tables();
    if unit.state.is_foot() && unit.state.close_order() && enemy_within(b, unit, t.movement.near_enemy) {
        t.movement.rate(Mover::CloseOrderFootNearEnemy)
    } else {
        unit.state.rate()
    }
}

/// The Cohesion a unit tests with: its own, an attached commander's if better (SP5.8), or the army
/// general's when he is within 12" (SP5.30, SP4.11) and the unit is not skirmishers (R-4). Lower
/// is better (H-5). Returns the value and the rule that gave it.
pub fn cohesion(b: &Battle<Swordpoint>, unit: &SpUnit) -> (u8, &'static str) {
    let t = tables();
    let mut best = (unit.state.profile().cohesion, "H-4 (the unit's Cohesion)");
    for c in b.global.commanders_with(unit.id) {
        let value = t.units.commander(c.rank).cohesion;
        if value < best.0 {
            best = (value, "SP:L176 (an attached commander's Cohesion)");
        }
    }
    if !unit.state.skirmishers() {
        if let Some(g) = b.global.general(unit.side) {
            let near = general_hex(b, unit.side).zip(unit.hex).is_some_and(|(gh, h)| within(distance(gh, h), t.command.general_reach));
            let value = t.units.commander(CommanderRank::ArmyGeneral).cohesion;
            if near && value < best.0 && g.unit.is_some() {
                best = (value, "SP:L205 (the army general within 12\")");
            }
        }
    }
    best
}

/// Where a commander stands: his unit's hex.
pub fn commander_hex(b: &Battle<Swordpoint>, id: u32) -> Option<Hex> {
    let c = b.global.commanders.iter().find(|c| c.id == id)?;
    b.unit(c.unit?)?.hex
}

/// Where a side's army general stands, if he lives and his unit is on the table.
pub fn general_hex(b: &Battle<Swordpoint>, side: Side) -> Option<Hex> {
    let g = b.global.general(side)?;
    b.unit(g.unit?)?.hex
}

/// Whether `unit` stands within the command radius of a commander of its side (SP5.25).
pub fn in_command(b: &Battle<Swordpoint>, unit: &SpUnit) -> bool {
    let t = tables();
    let Some(at) = unit.hex else { return false };
    b.global.commanders.iter().filter(|c| c.side == unit.side).any(|c| {
        c.unit.and_then(|u| b.unit(u)).and_then(|u| u.hex).is_some_and(|h| within(distance(h, at), t.command.radius(c.rank)))
    })
}

/// Whether the army general of the unit's side is attached to it.
pub fn general_attached(b: &Battle<Swordpoint>, unit: UnitId) -> bool {
    b.global.commanders_with(unit).any(|c| c.rank == CommanderRank::ArmyGeneral)
}

/// A side's strength points on the table and not fleeing (H-25 counts the rest as lost).
pub fn standing_strength(b: &Battle<Swordpoint>, side: Side) -> u32 {
    b.on_board().filter(|u| u.side == side && !u.state.fleeing).map(|u| u.state.strength()).sum()
}
