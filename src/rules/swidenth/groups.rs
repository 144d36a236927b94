//! Outnumbering (l. 126-130): the groups of figures engaged with each other, the bonus of several
//! figures on a lone enemy, and the subgroups the outnumbering side splits a larger group into.

use super::data::tables;
use super::figure::{B, U};
use super::state::Subgroups;
use crate::battle::{Side, UnitId};

/// The most splits a player is offered for one group: enough for any fight the bundled scenarios
/// can bring about (five figures on three), and a bound on the list for larger brawls.
const MOST_SPLITS: usize = 96;

fn adjacent(a: &U, b: &U) -> bool {
    matches!((a.hex, b.hex), (Some(x), Some(y)) if x.unsigned_distance_to(y) == 1)
}

/// The figures engaged with `figure`, with those engaged with them, and so on: its group, in id
/// order (one entry alone when it is engaged with nobody).
pub fn group_of(b: &B, figure: UnitId) -> Vec<UnitId> {
    let mut group = vec![figure];
    let mut i = 0;
    while i < group.len() {
        let Some(u) = b.unit(group[i]) else { break };
        for e in b.on_board().filter(|e| e.side != u.side && adjacent(u, e)) {
            if !group.contains(&e.id) {
                group.push(e.id);
            }
        }
        i += 1;
    }
    group.sort();
    group
}

/// How many figures of each side a group holds.
fn counts(b: &B, group: &[UnitId]) -> [usize; 2] {
    let mut n = [0; 2];
    for u in group.iter().filter_map(|id| b.unit(*id)) {
        n[u.side.index()] += 1;
    }
    n
}

/// The side that must split this group before a combat in it (l. 128): it outnumbers the other,
/// which has more than one figure; `None` when a lone figure faces several (no split is needed)
/// or the numbers are equal (no outnumbering, R-S7).
pub fn splitter(b: &B, group: &[UnitId]) -> Option<Side> {
    let [a, z] = counts(b, group);
    (a >= 2 && z >= 2 && a != z).then_some(if a > z { Side(0) } else { Side(1) })
}

/// The split in force for a group, if the group needs one and has it.
pub fn split_in_force<'a>(b: &'a B, group: &[UnitId]) -> Option<&'a Subgroups> {
    splitter(b, group)?;
    b.global.split_of(group)
}

/// The enemies `figure` may fight: those it is engaged with, and within its subgroup once its
/// group is split (l. 130).
pub fn opponents(b: &B, figure: &U) -> Vec<UnitId> {
    let engaged: Vec<UnitId> = b.on_board().filter(|e| e.side != figure.side && adjacent(figure, e)).map(|e| e.id).collect();
    let group = group_of(b, figure.id);
    match split_in_force(b, &group) {
        Some(split) => engaged.into_iter().filter(|e| split.opponent(figure.id) == Some(*e) || split.opponent(*e) == Some(figure.id)).collect(),
        None => engaged,
    }
}

/// The Combat bonus of `figure` for being one of several on a lone enemy (l. 126): +2 a friend
/// also engaged with that enemy, in its subgroup once the group is split (l. 130).
pub fn outnumbering(b: &B, figure: &U) -> u8 {
    let group = group_of(b, figure.id);
    let [mine, theirs] = {
        let n = counts(b, &group);
        [n[figure.side.index()], n[figure.side.other().index()]]
    };
    let friends = if theirs == 1 && mine >= 2 {
        mine - 1
    } else if let Some(split) = split_in_force(b, &group) {
        split.opponent(figure.id).map_or(0, |enemy| split.with(enemy).count().saturating_sub(1))
    } else {
        0
    };
    u8::try_from(friends).unwrap_or(u8::MAX)
}

/// The +2 a friend of l. 126, as a multiple.
pub fn outnumbering_bonus(friends: u8) -> i8 {
    tables().duel.outnumber_combat.saturating_mul(i8::try_from(friends).unwrap_or(i8::MAX))
}

/// The enemies `figure` may start a combat phase with: its opponents, but where its group must
/// be split first, only those a split can put with it; a group no split can cover (two enemies
/// whose only foe is the same figure) fights unsplit.
pub fn fightable(b: &B, figure: &U) -> Vec<UnitId> {
    let all = opponents(b, figure);
    let group = group_of(b, figure.id);
    match splitter(b, &group) {
        Some(side) if b.global.split_of(&group).is_none() && !splits(b, side, &group, None).is_empty() => {
            all.into_iter().filter(|e| !splits(b, side, &group, Some((figure.id, *e))).is_empty()).collect()
        }
        _ => all,
    }
}

/// Every way `side` may split `group` (l. 128), with `pair` in one subgroup if given: each of its
/// figures with one enemy it is engaged with, every enemy with at least one; in a fixed order, at
/// most `MOST_SPLITS` of them.
pub fn splits(b: &B, side: Side, group: &[UnitId], pair: Option<(UnitId, UnitId)>) -> Vec<Vec<(UnitId, UnitId)>> {
    let units: Vec<&U> = group.iter().filter_map(|id| b.unit(*id)).collect();
    let mine: Vec<&U> = units.iter().copied().filter(|u| u.side == side).collect();
    let theirs: Vec<&U> = units.iter().copied().filter(|u| u.side != side).collect();
    let choices: Vec<Vec<UnitId>> = mine.iter().map(|m| theirs.iter().filter(|e| adjacent(m, e)).map(|e| e.id).collect()).collect();
    let together = |pairs: &[(UnitId, UnitId)]| pair.is_none_or(|pair| pairs.iter().any(|p| *p == pair || (p.1, p.0) == pair));
    let mut out = Vec::new();
    let mut pick = vec![0usize; mine.len()];
    if choices.iter().any(Vec::is_empty) {
        return out;
    }
    loop {
        let pairs: Vec<(UnitId, UnitId)> = mine.iter().zip(&pick).zip(&choices).map(|((m, k), c)| (m.id, c[*k])).collect();
        if theirs.iter().all(|e| pairs.iter().any(|p| p.1 == e.id)) && together(&pairs) {
            out.push(pairs);
            if out.len() == MOST_SPLITS {
                return out;
            }
        }
        // The next choice, as an odometer over each figure's enemies.
        let mut i = 0;
        loop {
            if i == pick.len() {
                return out;
            }
            pick[i] += 1;
            if pick[i] < choices[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}
