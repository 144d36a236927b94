//! Whether a figure may shoot at an enemy or cast at it, and on what terms (l. 142-170, 200-202;
//! A4): the range band, the target's cover, and the shooter's ally standing in the way.

use super::data::Trait;
use super::duel::{self, Band};
use super::figure::{self, B, U};
use super::sight;
use crate::hex::Hex;

/// The terms of a shot that may be taken.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub band: Band,
    /// Cover points (A4); `duel::cover` gives the bonus.
    pub cover: u8,
    /// The shooter's ally partly covering the target, for a shooter that may shoot past it (l. 166).
    pub ally: Option<crate::battle::UnitId>,
}

/// The shut doors, which block sight as walls do (H-S15).
pub fn shut_doors(b: &B) -> Vec<Hex> {
    b.global.doors.iter().filter(|d| !d.open).map(|d| d.hex).collect()
}

/// Whether `shooter` may shoot or cast a bolt at `target` at a range of `range` paces, and how:
/// not while engaged, unless gigantic (l. 202); not at an enemy engaged with a friend (l. 200);
/// in sight (H-S8) and range (l. 144-148); not past a friend on the line, unless it shoots in an
/// arc (l. 166).
pub fn line(b: &B, shooter: &U, target: &U, range: u8) -> Option<Line> {
    let (from, to) = (shooter.hex?, target.hex?);
    if target.side == shooter.side || (figure::is_engaged(b, shooter) && !shooter.state.has(Trait::Gigantic)) {
        return None;
    }
    if figure::engaged(b, target).any(|f| f.side == shooter.side) {
        return None;
    }
    let band = duel::band(from.unsigned_distance_to(to), range)?;
    let shut = shut_doors(b);
    let friend_at = |h: Hex| b.on_board().any(|u| u.hex == Some(h) && u.side == shooter.side && u.id != shooter.id);
    let stranger_at = |h: Hex| b.on_board().any(|u| u.hex == Some(h) && u.side != shooter.side && u.id != target.id);
    let cover = sight::cover_points(&b.map, &shut, from, to, stranger_at)?;
    let ally = if sight::ally_in_the_way(from, to, friend_at) {
        if !shooter.state.has(Trait::Arcing) {
            return None;
        }
        // The friend nearest the target is the one a stray shot strikes.
        b.on_board()
            .filter(|u| u.side == shooter.side && u.id != shooter.id && u.hex.is_some_and(|h| sight::ally_in_the_way(from, to, |x| x == h)))
            .min_by_key(|u| (u.hex.map_or(u32::MAX, |h| h.unsigned_distance_to(to)), u.id))
            .map(|u| u.id)
    } else {
        None
    };
    Some(Line { band, cover, ally })
}

/// Whether `caster` sees `target` within `range` paces (spells other than a bolt, H-S3).
pub fn within_sight(b: &B, caster: &U, target: &U, range: u8) -> bool {
    let (Some(from), Some(to)) = (caster.hex, target.hex) else { return false };
    let d = from.unsigned_distance_to(to);
    let scale = super::data::tables().scale;
    scale.within(d, u32::from(range)) && (d == 0 || sight::sees(&b.map, &shut_doors(b), from, to))
}
