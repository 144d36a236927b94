//! Where a push back sends the loser (l. 105, l. 182; R-S5, A4): one hex straight away from the
//! winner, or after a shot the next hex the line from the shooter through it enters; the one or two
//! allies right behind it giving way along the same step, or nobody moving and the loser stunned.

use crate::hex::Hex;
use crate::hex::coords::{centre, hex_at};

/// The hexes a push back may send the loser to: the hex behind it, away from `from`. After a blow
/// (`from` next to the loser) there is one; after a shot, the next hex the line from the shooter's
/// centre through the loser's enters, or the two where the line leaves by a corner (the shooter
/// picks, A4).
pub fn behind(from: Hex, loser: Hex) -> Vec<Hex> {
    let n = from.unsigned_distance_to(loser);
    if n == 0 {
        return Vec::new();
    }
    if n == 1 {
        return vec![loser + (loser - from)];
    }
    let (x0, y0) = centre(from);
    let (x1, y1) = centre(loser);
    let (dx, dy) = ((x1 - x0) / f64::from(n), (y1 - y0) / f64::from(n));
    let len = (dx * dx + dy * dy).sqrt();
    // Three quarters of a step past the loser's centre lies in the hex the line enters next;
    // nudged to either side, as sight is, to find both hexes where it leaves by a corner.
    let (px, py) = (-dy / len * 1e-6, dx / len * 1e-6);
    let (x, y) = (x1 + dx * 0.75, y1 + dy * 0.75);
    let mut out: Vec<Hex> = [hex_at(x + px, y + py), hex_at(x - px, y - py)].into_iter().filter(|h| h.unsigned_distance_to(loser) == 1).collect();
    out.dedup();
    out
}

/// What stands in a hex, for a push back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    Empty,
    /// A friend of the loser; `engaged` when an enemy touches it.
    Ally { engaged: bool },
    Enemy,
}

/// What a push back comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Push {
    /// Each figure's step, the loser's first, then the allies behind it, nearest first.
    Moves(Vec<(Hex, Hex)>),
    /// The way is shut (an obstacle, an enemy, an engaged ally, a third figure): nobody moves and the
    /// loser is stunned (l. 105).
    Blocked,
}

/// The loser steps from `loser` to `to`, a neighbour; an ally in its way steps on by the same step,
/// and a second ally behind that one too; a third figure, an enemy, an engaged ally or a hex it
/// cannot enter (`open`) blocks the whole push (R-S5: allies that can give way always do).
pub fn push(loser: Hex, to: Hex, occupant: impl Fn(Hex) -> Occupant, open: impl Fn(Hex) -> bool) -> Push {
    let step = to - loser;
    let mut moves = vec![(loser, to)];
    let mut at = to;
    loop {
        if !open(at) {
            return Push::Blocked;
        }
        match occupant(at) {
            Occupant::Empty => return Push::Moves(moves),
            Occupant::Enemy | Occupant::Ally { engaged: true } => return Push::Blocked,
            Occupant::Ally { engaged: false } if moves.len() == 3 => return Push::Blocked,
            Occupant::Ally { engaged: false } => {
                moves.push((at, at + step));
                at = at + step;
            }
        }
    }
}
