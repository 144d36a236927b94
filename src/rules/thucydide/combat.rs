//! Who may fight whom, how many dice, and what each die does (seed, "Phase de Combats" from
//! "Ordre des combats" to "Avantages tactiques").

use super::Thucydide;
use super::data::{Armour, Class, Profile, Trait, rough, tables};
use super::die::Face;
use super::event::{DiceStep, DieResult, Effect};
use super::sight::Sight;
use super::state::{Combat, CombatKind, MoveMode, Role};
use crate::battle::{Battle, Dice, Side, Unit, UnitId};
use crate::hex::{Ground, Hex};

type B = Battle<Thucydide>;
type U = Unit<super::state::UnitState>;

/// Step 1: why this unit may not start a combat now, if it may not.
pub fn cannot_attack(b: &B, unit: &U) -> Option<&'static str> {
    let s = &unit.state;
    if s.panicked {
        Some("a panicking elephant obeys no one")
    } else if !s.activated {
        Some("only an activated unit may attack (Ordre des combats)")
    } else if s.fought {
        Some("a unit attacks once a turn, pursuit excepted (Ordre des combats)")
    } else {
        movement_ban(b, unit)
    }
}

/// "Rappel des interdictions liées aux mouvements": the unit cannot fight at all, so neither attack
/// nor riposte. A road march or mounted move bans combat until the unit's side starts its next
/// turn (house reading of "qui vient d'effectuer").
pub fn movement_ban(b: &B, unit: &U) -> Option<&'static str> {
    let hex = unit.hex?;
    let s = &unit.state;
    if s.moved == Some(MoveMode::RoadMarch) {
        Some("no combat after a road march (Rappel des interdictions)")
    } else if s.moved == Some(MoveMode::Mounted) {
        Some("no combat after a mounted move of mounted infantry (Rappel des interdictions)")
    } else if s.profile().class == Class::Artillery && b.map.at(hex).road && rough(b.map.at(hex).ground) {
        Some("artillery on a road through rough ground cannot fight (Rappel des interdictions)")
    } else {
        None
    }
}

/// The enemies of `side` next to `hex`.
pub fn enemies_adjacent<'a>(b: &'a B, side: Side, hex: Hex) -> impl Iterator<Item = &'a U> + 'a {
    b.map.neighbours(hex).filter_map(move |n| b.unit_at(n)).filter(move |u| u.side != side)
}

/// Step 2: the targets a unit may attack from where it stands, melee or fire. With an enemy
/// adjacent only melee is possible ("Choix des cibles").
pub fn targets(b: &B, sight: &Sight, unit: &U) -> Vec<(UnitId, CombatKind)> {
    let Some(hex) = unit.hex else { return Vec::new() };
    let p = unit.state.profile();
    let adjacent: Vec<UnitId> = enemies_adjacent(b, unit.side, hex).map(|u| u.id).collect();
    if !adjacent.is_empty() {
        if p.assault == 0 && p.melee == 0 {
            return Vec::new();
        }
        return adjacent.into_iter().map(|id| (id, CombatKind::Melee)).collect();
    }
    if p.fire == 0 || p.range < 2 {
        return Vec::new();
    }
    b.on_board()
        .filter(|e| e.side != unit.side)
        .filter(|e| {
            let d = e.hex.map_or(u32::MAX, |h| hex.unsigned_distance_to(h));
            d >= 2 && d <= u32::from(p.range) && sight.clear(hex, e.hex.unwrap_or(hex))
        })
        .map(|e| (e.id, CombatKind::Fire))
        .collect()
}

/// House rule ("soutenu" is not defined in the excerpt): a unit is supported when a friendly unit
/// that is not panicking stands on one of the hexes behind it (toward its own board edge); a
/// defender in buildings or a fortification is supported by the ground itself (seed example C).
pub fn supported(b: &B, unit: &U, defending: bool) -> bool {
    supported_by(b, unit, defending, |h| b.unit_at(h))
}

/// `supported`, with the unit standing in a hex looked up by `unit_at` (a caller weighing many
/// positions keeps its own index of who stands where).
pub fn supported_by<'a>(b: &B, unit: &U, defending: bool, unit_at: impl Fn(Hex) -> Option<&'a U>) -> bool {
    let Some(hex) = unit.hex else { return false };
    if defending && tables().terrain.ground(b.map.at(hex).ground).defender_supported {
        return true;
    }
    b.edge(unit.side).directions().iter().any(|d| {
        unit_at(d.step(hex))
            .is_some_and(|f| f.side == unit.side && !f.state.panicked)
    })
}

/// House rule for "sauf si celui-ci lui est interdit par les circonstances": no assault factor out
/// of or into rough ground, a fortification, a river or a stream.
fn assault_forbidden(b: &B, a: Hex, d: Hex) -> bool {
    [a, d].iter().any(|h| {
        let g = b.map.at(*h).ground;
        rough(g) || matches!(g, Ground::Fortification | Ground::River | Ground::Stream)
    })
}

fn adjacent_any(b: &B, hex: Hex, pred: impl Fn(&U) -> bool) -> bool {
    b.map.neighbours(hex).filter_map(|n| b.unit_at(n)).any(pred)
}

/// Steps 3 to 5: the number of dice, each change named by the rule that made it.
pub fn dice_pool(b: &B, c: &Combat) -> (u8, Vec<DiceStep>) {
    let (Some(att), Some(def)) = (b.unit(c.attacker), b.unit(c.defender)) else { return (0, Vec::new()) };
    let (a, d) = (att.state.profile(), def.state.profile());
    let t = &tables().terrain;
    let mut steps = Vec::new();
    let mut dice: u8;
    let mut push = |dice: u8, rule: &'static str| steps.push(super::event::DiceStep { rule, dice });
    if c.role == Role::Panic {
        dice = t.panic_dice;
        push(dice, "panicking elephant: 3 dice (Eléphant en panique)");
        return (dice, steps);
    }
    match c.kind {
        CombatKind::Fire => {
            dice = a.fire;
            push(dice, "fire factor (Déroulement, step 3)");
        }
        CombatKind::Melee if c.role == Role::Riposte => {
            dice = a.melee;
            push(dice, "melee factor: a riposte never uses assault (Riposte)");
        }
        CombatKind::Melee if assault_forbidden(b, c.attacker_hex, c.defender_hex) => {
            dice = a.melee;
            push(dice, "melee factor: assault forbidden by rough ground, fortification or water (house rule)");
        }
        CombatKind::Melee if a.assault == 0 => {
            dice = a.melee;
            push(dice, "melee factor: the unit has no assault factor (Les mêlées)");
        }
        CombatKind::Melee => {
            dice = a.assault;
            push(dice, "assault factor of the attacker (Les mêlées)");
        }
    }
    if dice == 0 {
        return (0, steps);
    }
    if u16::from(att.state.strength) * 2 <= u16::from(att.state.full_strength) && att.state.full_strength > 1 {
        dice = dice.saturating_sub(t.half_strength_penalty);
        push(dice, "half strength or less: one die fewer (house rule)");
    }
    let hex = c.attacker_hex;
    if a.has_animals() && !a.has_camels() && !a.has(Trait::ArabHorses) && adjacent_any(b, hex, |u| u.state.profile().has_camels()) {
        dice = dice.saturating_sub(1);
        push(dice, "camel effect: animals next to camels (Effets complémentaires)");
    }
    if a.has_animals() && !a.has_elephants() && !a.has(Trait::IndianHorses) && adjacent_any(b, hex, |u| u.state.profile().has_elephants()) {
        dice = dice.saturating_sub(1);
        push(dice, "elephant effect: animals next to elephants (Effets complémentaires)");
    }
    if a.has_animals() && d.has(Trait::Fire) {
        dice = dice.saturating_sub(1);
        push(dice, "fire effect: animals facing an enemy using fire (Effets complémentaires)");
    }
    if dice == 0 {
        dice = 1;
        push(dice, "at least one die (house rule)");
    }
    let limit = match c.kind {
        CombatKind::Fire => t.ground(b.map.at(c.defender_hex).ground).dice_limit,
        CombatKind::Melee => [c.attacker_hex, c.defender_hex]
            .iter()
            .filter_map(|h| t.ground(b.map.at(*h).ground).dice_limit)
            .min(),
    };
    if let Some(limit) = limit.filter(|l| dice > *l) {
        dice = limit;
        push(dice, "terrain limit on combat dice (step 3, annex 1 house table)");
    }
    if c.attack_order {
        dice += 1;
        push(dice, "attack order: one die more, beyond the terrain limit (step 4)");
    }
    if c.defence_order && dice > 1 {
        dice -= 1;
        push(dice, "defence order: one die fewer for the attacker (step 5, house rule)");
    }
    (dice, steps)
}

/// The armour a die reads against: reversed for weapons with "armure inversée" (seed, "Résultat des
/// dés", and the armour summary: black counts as yellow and the reverse, red as green).
pub fn effective_armour(attacker: &Profile, defender: &Profile) -> Armour {
    if attacker.has(Trait::ReversedArmour) { defender.armour.reversed() } else { defender.armour }
}

/// What a tactical-advantage face does (seed, "Avantages tactiques"). The seed's note under the
/// table sets the order: a compulsory miss first; then, "si 2 résultats possibles, d'abord coup
/// touché puis coup au moral", any hit line (general or by type) before any morale line.
pub fn tactical_advantage(b: &B, c: &Combat) -> (Effect, &'static str) {
    let (Some(att), Some(def)) = (b.unit(c.attacker), b.unit(c.defender)) else {
        return (Effect::Miss, "no combatant");
    };
    let (a, d): (&Profile, &Profile) = (att.state.profile(), def.state.profile());
    let rough = |h: Hex| rough(b.map.at(h).ground);
    if a.is_mounted() && (rough(c.attacker_hex) || rough(c.defender_hex)) {
        return (Effect::Miss, "TA missed: mounted attacker in or against rough ground");
    }
    let covered = matches!(b.map.at(c.defender_hex).ground, Ground::Forest | Ground::Buildings | Ground::Fortification);
    if c.kind == CombatKind::Fire && a.class != Class::Artillery && covered {
        return (Effect::Miss, "TA missed: shooter other than artillery against forest, buildings or fortification");
    }
    if effective_armour(a, d) == Armour::Yellow {
        return (Effect::Hit, "TA hit: defender very light (yellow)");
    }
    if a.class == Class::Elephants {
        return (Effect::Hit, "TA hit: attacker elephant");
    }
    let by_type = type_line(b, c, att, def);
    if by_type.0 == Effect::Hit {
        return by_type;
    }
    if d.has(Trait::Elusive) {
        return (Effect::MoraleHit, "TA morale hit: defender elusive (insaisissable)");
    }
    if a.has(Trait::Rockets) || a.has(Trait::Fire) {
        return (Effect::MoraleHit, "TA morale hit: attacker with rockets or fire");
    }
    by_type
}

/// The table by attacker and defender type.
fn type_line(b: &B, c: &Combat, att: &U, def: &U) -> (Effect, &'static str) {
    let (a, d): (&Profile, &Profile) = (att.state.profile(), def.state.profile());
    let sup_a = supported(b, att, false);
    let sup_d = supported(b, def, true);
    let friend_next_to_defender = |pred: &dyn Fn(&Profile) -> bool| {
        adjacent_any(b, c.defender_hex, |u| u.side == att.side && !u.state.panicked && pred(u.state.profile()))
    };
    match (a.class, d.class) {
        (Class::Infantry, Class::Infantry) => {
            if sup_a && !sup_d {
                (Effect::Hit, "TA hit: infantry on infantry, attacker supported and defender not")
            } else if friend_next_to_defender(&|p| p.is_mounted()) {
                (Effect::Hit, "TA hit: infantry on infantry, defender next to the attacker's mounted troops")
            } else if sup_a {
                (Effect::MoraleHit, "TA morale hit: infantry on infantry, attacker supported")
            } else {
                (Effect::Miss, "TA missed: infantry on infantry, attacker not supported")
            }
        }
        (Class::Infantry, _) if d.is_mounted() => {
            if d.has(Trait::Fanatic) {
                (Effect::Hit, "TA hit: infantry on fanatic mounted troops")
            } else {
                (Effect::Miss, "TA missed: infantry on mounted troops")
            }
        }
        (Class::Infantry, Class::Artillery) => (Effect::Hit, "TA hit: infantry on artillery"),
        (_, Class::Infantry) if a.is_mounted() => {
            if sup_a {
                (Effect::Hit, "TA hit: mounted on infantry, attacker supported")
            } else if friend_next_to_defender(&|p| p.class == Class::Infantry) {
                (Effect::Hit, "TA hit: mounted on infantry next to the attacker's infantry")
            } else {
                (Effect::Miss, "TA missed: mounted on infantry, not supported")
            }
        }
        (_, Class::Artillery) if a.is_mounted() => (Effect::Hit, "TA hit: mounted on artillery"),
        (Class::Artillery, _) if a.has(Trait::PowderArtillery) => {
            if c.attacker_hex.unsigned_distance_to(c.defender_hex) <= 2 {
                (Effect::Hit, "TA hit: powder artillery at 2 hexes or less")
            } else {
                (Effect::Miss, "TA missed: powder artillery beyond 2 hexes")
            }
        }
        _ => (Effect::Miss, "TA missed: no line of the table applies"),
    }
}

/// Step 6: roll the dice and read each face against the defender.
pub fn roll(b: &B, c: &Combat, dice: u8, roller: &mut Dice) -> Vec<DieResult> {
    let (Some(att), Some(def)) = (b.unit(c.attacker), b.unit(c.defender)) else { return Vec::new() };
    let (a, d) = (att.state.profile(), def.state.profile());
    let armour = effective_armour(a, d);
    let ignores = a.has(Trait::IgnoresArmour);
    (0..dice)
        .map(|_| {
            let face = Face::roll(roller);
            let (effect, rule) = match face {
                Face::Flag => (Effect::MoraleHit, "flag: morale hit"),
                Face::OrderLetter => (Effect::OrderToken, "order letter: one order token"),
                Face::TacticalAdvantage => tactical_advantage(b, c),
                _ if ignores => (Effect::Hit, "hit: this weapon ignores armour"),
                _ if face.hits(armour) => (Effect::Hit, hit_rule(face)),
                _ => (Effect::Miss, "no hit against this armour"),
            };
            let mut confirmation = None;
            let mut result = (effect, rule);
            if effect == Effect::Hit && armour == Armour::Black && !ignores {
                let second = Face::roll(roller);
                confirmation = Some(second);
                result = if second.confirms() {
                    (Effect::Hit, "hit on very heavy (black) troops, confirmed")
                } else {
                    (Effect::Miss, "hit on very heavy (black) troops not confirmed")
                };
            }
            DieResult {
                face,
                confirmation,
                effect: result.0,
                rule: result.1,
            }
        })
        .collect()
}

fn hit_rule(face: Face) -> &'static str {
    match face {
        Face::GreenHit => "green hit: hits light and very light troops",
        Face::BlueHit => "blue hit: hits medium, light and very light troops",
        _ => "red hit: hits heavy and lighter troops",
    }
}
