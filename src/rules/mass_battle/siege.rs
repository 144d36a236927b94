//! Sieges (l. 173-206; H-M13, R-M14, R-M16): the fortification's sections are the map's `Section`
//! regions and its gates the `Gate` regions; the besieger names the section he attacks in his
//! sealed orders, then the besieged assign its defenders (l. 185); an undefended section is
//! breached at once, at the wall hex the besieger picks (l. 187). Only defenders stand on walls;
//! besiegers need ladders (escalade) to engage them there; the besieged take a quarter of the
//! damage while the walls stand and half in the sequence after a breach (l. 183, 202), and have +2
//! morale (l. 189). Demoralised defenders open their section at the sequence's end (l. 189), and a
//! sortie that comes back through its gate while engaged opens it, unless it is mounted or elite
//! (l. 206). The besieged cross their walls only at their gates and breaches (B4).

use super::data::{Trait, tables};
use super::event::Term;
use super::state::Siege;
use crate::battle::{Battle, Side, Unit, UnitId};
use crate::hex::Hex;

type B = Battle<super::MassBattle>;
type U = Unit<super::state::UnitState>;

pub fn siege(b: &B) -> Option<&Siege> {
    b.global.siege.as_ref()
}

/// A wall or gate hex still standing: only the besieged may enter it.
pub fn standing_wall(b: &B, hex: Hex) -> bool {
    siege(b).is_some_and(|s| {
        !s.breaches.contains(&hex)
            && (s.gates.contains(&hex) || s.sections.iter().any(|x| x.walls.contains(&hex)))
    })
}

/// The work points that bring down a wall hex, or the tower on it (l. 216, H-M13).
pub fn points_to_fall(b: &B, hex: Hex) -> u32 {
    let tower = siege(b).and_then(|s| s.towers.iter().find(|t| t.hex == hex));
    tower.map_or(tables().siege.wall_points, |t| t.size.points())
}

/// A breach: rubble anyone may cross (H-M13).
pub fn breach(b: &B, hex: Hex) -> bool {
    siege(b).is_some_and(|s| s.breaches.contains(&hex))
}

/// Within the fortification: on its walls, its gates or inside them.
pub fn within(b: &B, hex: Hex) -> bool {
    siege(b).is_some_and(|s| {
        s.inside.contains(&hex)
            || s.gates.contains(&hex)
            || s.sections.iter().any(|x| x.walls.contains(&hex))
    })
}

/// The besieged side, in a siege.
pub fn besieged(b: &B) -> Option<Side> {
    siege(b).map(|s| s.besieger.other())
}

/// A besieged unit sheltered by the fortification (l. 183, 189; R-M16): within it.
pub fn sheltered(b: &B, u: &U) -> bool {
    besieged(b) == Some(u.side) && u.hex.is_some_and(|h| within(b, h))
}

/// The fortification's share of a besieger's damage to a sheltered unit (l. 183, 202; R-M14): a
/// quarter until the sequence after the first breach starts, half in it, whole after.
pub fn shelter(b: &B, attacker: &U, target: &U) -> Option<Term> {
    let s = siege(b)?;
    if attacker.side != s.besieger || !sheltered(b, target) {
        return None;
    }
    let t = &tables().siege;
    match s.breached_at {
        Some(at) if b.turn > at + 1 => None,
        Some(at) if b.turn == at + 1 => Some(super::damage::times(
            "l. 202, R-M14",
            "the sequence after the breach: half",
            t.after_breach.0,
            t.after_breach.1,
        )),
        _ => Some(super::damage::times(
            "l. 183",
            "the walls stand: a quarter",
            t.intact.0,
            t.intact.1,
        )),
    }
}

/// Whether a besieger needs ladders to strike `target` from `from`: the target stands on a wall
/// still standing and `from` is outside the fortification (H-M13). From within (in by a breach,
/// l. 198), the wall's stairs serve; fliers need no ladders.
fn climbs(b: &B, attacker: &U, target: &U, from: Option<Hex>) -> bool {
    let on_wall = target.hex.is_some_and(|h| standing_wall(b, h));
    let besieger = siege(b).is_some_and(|s| attacker.side == s.besieger);
    on_wall && besieger && !attacker.state.flies() && !from.is_some_and(|h| within(b, h))
}

/// Whether a besieger may engage `target`: on a standing wall, with ladders or towers (H-M13), or
/// from within once a breach lets it in (l. 198).
pub fn may_assault(b: &B, attacker: &U, target: &U) -> bool {
    let breached = siege(b).is_some_and(|s| !s.breaches.is_empty());
    !climbs(b, attacker, target, attacker.hex) || attacker.state.has(&Trait::Escalade) || breached
}

/// Whether `attacker` standing at `from` reaches `target`: next to it, and up the wall by ladders
/// or from within (H-M13, l. 198).
pub fn strikes_from(b: &B, attacker: &U, target: &U, from: Hex) -> bool {
    target.hex.is_some_and(|t| t.unsigned_distance_to(from) == 1)
        && (!climbs(b, attacker, target, Some(from)) || attacker.state.has(&Trait::Escalade))
}

/// The free wall hexes of `section` `id` can reach this sequence, nearest first.
pub fn posts(b: &B, id: UnitId, section: usize) -> Vec<Hex> {
    let Some(walls) = siege(b)
        .and_then(|s| s.sections.get(section))
        .map(|x| &x.walls)
    else {
        return Vec::new();
    };
    let Some(r) = super::movement::reach(b, id) else {
        return Vec::new();
    };
    let here = b.unit(id).and_then(|u| u.hex);
    let mut out: Vec<Hex> = r
        .reach
        .iter()
        .map(|x| x.hex)
        .filter(|h| walls.contains(h))
        .collect();
    if let Some(h) = here.filter(|h| walls.contains(h)) {
        out.insert(0, h);
    }
    out
}

/// Whether a wall hex of `section` still stands, to be breached.
pub fn has_standing_wall(b: &B, section: usize) -> bool {
    siege(b)
        .and_then(|s| s.sections.get(section))
        .is_some_and(|x| x.walls.iter().any(|h| standing_wall(b, *h)))
}

/// Whether a besieged unit stands on, or is assigned to, the declared section.
pub fn defended(b: &B, section: usize) -> bool {
    let Some(s) = siege(b) else { return true };
    let walls = s
        .sections
        .get(section)
        .map(|x| x.walls.clone())
        .unwrap_or_default();
    !s.assigned.is_empty()
        || b.on_board()
            .any(|u| u.side != s.besieger && u.hex.is_some_and(|h| walls.contains(&h)))
}

/// Whether a besieged unit holds the fortification (H-M9): a unit of troops or a huge creature,
/// fit to fight, within it. A hero alone does not hold it: the line cannot engage him (H-M6), so
/// he would make the town untakable.
pub fn holds(b: &B, u: &U) -> bool {
    besieged(b) == Some(u.side)
        && u.state.kind() != super::data::Kind::Hero
        && u.state.demoralised.is_none()
        && !u.state.surrendering
        && !u.state.leaving
        && u.hex.is_some_and(|h| within(b, h))
}

/// The siege's end (H-M9): the besiegers win at the end of a sequence with a breach open and no
/// besieged unit holding the fortification; the besieged win if they hold to the last sequence.
pub fn outcome(b: &B) -> Option<(Side, String)> {
    let s = siege(b)?;
    let holding = b.on_board().any(|u| holds(b, u));
    if !s.breaches.is_empty() && !holding {
        return Some((
            s.besieger,
            "the walls are breached and no defender holds them (H-M9)".into(),
        ));
    }
    (b.turn >= b.last_turn).then(|| {
        (
            s.besieger.other(),
            format!("the besieged hold after {} sequences (H-M9)", b.turn),
        )
    })
}

/// A gate hex, standing or not.
pub fn gate(b: &B, hex: Hex) -> bool {
    siege(b).is_some_and(|s| s.gates.contains(&hex))
}

/// The gate a sortie opens as it comes back (l. 206, H-M13): a besieged unit outside, engaged,
/// that neither rides nor is elite and whose disengaging `path` takes it in through a standing
/// gate; a flier comes back over the walls.
pub fn sortie_breach(b: &B, id: UnitId, path: &[Hex]) -> Option<Hex> {
    let u = b.unit(id)?;
    let outside = u.hex.is_some_and(|h| !within(b, h));
    // Fliers come back over the walls, not by the gate (l. 108).
    let bold = u.state.has(&Trait::Mounted) || u.state.has(&Trait::Elite) || u.state.flies();
    if besieged(b) != Some(u.side) || !outside || bold || b.global.is_free(id) {
        return None;
    }
    path.iter()
        .copied()
        .find(|h| gate(b, *h) && standing_wall(b, *h))
}

/// At the sequence's end, a declared section whose defenders on its walls are all demoralised is
/// breached where the first of them stands (l. 189: the besieger "may"; he always does).
pub(super) fn demoralised_defenders(run: &mut super::sequence::Run) {
    let b = &run.b;
    let Some(s) = siege(b) else { return };
    let Some(walls) = s.declared.and_then(|i| s.sections.get(i)).map(|x| x.walls.clone()) else {
        return;
    };
    let defenders: Vec<&U> = b
        .on_board()
        .filter(|u| u.side != s.besieger && u.hex.is_some_and(|h| walls.contains(&h) && standing_wall(b, h)))
        .collect();
    if defenders.is_empty() || defenders.iter().any(|u| u.state.demoralised.is_none()) {
        return;
    }
    if let Some(hex) = defenders.first().and_then(|u| u.hex) {
        run.emit(super::event::Event::BreachOpened { hex, rule: "l. 189" });
    }
}

/// A side whose supplies ran out: the sequences they last are over (l. 177, H-M13).
pub fn out_of_supplies(b: &B, side: Side) -> bool {
    siege(b).and_then(|s| s.supplies[side.index()]).is_some_and(|n| b.turn > n)
}
