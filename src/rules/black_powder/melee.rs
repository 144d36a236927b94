//! Hand-to-hand (BP6, BP16, BP17, HB-12, HB-13): the melees are the groups of enemies in contact,
//! fought in the order of their lowest id; each unit strikes the enemies touching it, the sides add
//! the casualties they inflicted and their result modifiers, the loser tests (C), a shaken unit in
//! a draw tests (D), and the supports of a unit that broke test (E).

use super::breaking::Ctx;
use super::data::{Roll, TestLetter, Trait, Troop, tables};
use super::dice::melee_dice;
use super::event::{Event, Factor, VolleyKind};
use super::hits::{Melee, melee_factors, result_factors};
use super::state::{PathEnd, Step};
use super::unit::{self, B, U, contacts, engaged_flank_or_rear, in_building, supports};
use super::volley::{self, Aim};
use crate::battle::{Side, UnitId};
use crate::hex::{Direction, Hex};

/// The melees now: each a list of the units in it, both sides, ascending; melees in the order of
/// their lowest id (B.0 5).
pub fn melees(b: &B) -> Vec<Vec<UnitId>> {
    let mut seen: Vec<UnitId> = Vec::new();
    let mut out = Vec::new();
    for u in b.on_board() {
        if seen.contains(&u.id) || !unit::engaged(b, u) {
            continue;
        }
        let mut group = vec![u.id];
        let mut i = 0;
        while i < group.len() {
            if let Some(x) = b.unit(group[i]) {
                for e in contacts(b, x) {
                    if !group.contains(&e) {
                        group.push(e);
                    }
                }
            }
            i += 1;
        }
        group.sort();
        seen.extend(group.iter().copied());
        out.push(group);
    }
    out
}

/// The to-hit modifiers of `u` striking in melee (BP6.2–6.6, BP13.2).
fn to_hit(b: &B, u: &U) -> Vec<Factor> {
    melee_factors(&Melee {
        charging: u.state.charged,
        shaken_or_disordered: u.state.shaken() || u.state.disordered,
        won_last_round: u.state.won_last_round,
        skirmishers: u.state.skirmishing(),
        engaged_flank_or_rear: engaged_flank_or_rear(b, u),
    })
}

/// The blows of `u` on each enemy touching it (HB-12), as volleys to roll.
pub fn blows(b: &B, u: &U) -> Vec<Aim> {
    let Some(at) = u.hex else { return Vec::new() };
    let enemies = contacts(b, u);
    let p = u.state.profile();
    let dice = melee_dice(p.hth, p.size, u.state.formation, in_building(b, at), &enemies);
    dice.into_iter()
        .filter_map(|(enemy, n)| b.unit(enemy).map(|e| (e, n)))
        .map(|(e, n)| {
            let mut saves = Vec::new();
            if u.state.charged && u.state.has(Trait::Lancers) {
                let value = tables().traits.lancers_save(e.state.troop());
                if value != 0 {
                    saves.push(Factor { rule: "BP:L324", what: "charged by lancers", value });
                }
            }
            Aim {
                by: u.id,
                target: e.id,
                kind: VolleyKind::Melee,
                dice: n,
                dice_rules: vec!["HB-12 (its hand-to-hand dice, shared among the enemies touching it)"],
                to_hit: to_hit(b, u),
                hit_reroll: volley::reroll(&u.state, Roll::MeleeHits, u.state.charged),
                save_factors: saves,
                target_casualties: Some(e.state.casualties),
                artillery: false,
            }
        })
        .collect()
}

/// The result modifiers of one side's units in a melee (BP6.7–6.10, BP16).
fn result_bonus(b: &B, units: &[UnitId]) -> Vec<Factor> {
    let mut out = Vec::new();
    for u in units.iter().filter_map(|id| b.unit(*id)) {
        let Some(at) = u.hex else { continue };
        let (rear, flanks) = supports(b, u);
        let cavalry_against = contacts(b, u).iter().filter_map(|id| b.unit(*id)).any(|e| e.state.troop() == Troop::Cavalry);
        out.extend(result_factors(rear, flanks, u.state.formation == super::data::Formation::Square && cavalry_against));
        if in_building(b, at) {
            let bonus = tables().buildings.bonus(u.state.troop(), u.state.profile().size);
            if bonus != 0 {
                out.push(Factor { rule: "BP:L282–288", what: "in a building", value: bonus });
            }
        }
    }
    out
}

/// The friends supporting `u` (BP17, B.3.3), for their E tests.
fn supporters(b: &B, u: &U) -> Vec<UnitId> {
    let Some(at) = u.hex else { return Vec::new() };
    let (rear, flanks) = supports(b, u);
    if !rear && flanks == 0 {
        return Vec::new();
    }
    let f = u.facing;
    let mut out: Vec<UnitId> = [3, -1, -2, 1, 2]
        .into_iter()
        .map(|turn| Direction::turned(f, turn).step(at))
        .flat_map(|h| b.units_at(h).filter(|x| x.side == u.side && unit::may_support(b, x)).map(|x| x.id).collect::<Vec<_>>())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Fights one melee (HB-12) and carries out its tests.
pub fn fight(ctx: &mut Ctx, group: &[UnitId]) {
    let present: Vec<UnitId> = group.iter().copied().filter(|id| ctx.b.unit(*id).is_some_and(|u| unit::engaged(&ctx.b, u))).collect();
    let side_of = |b: &B, id: UnitId| b.unit(id).map(|u| u.side);
    let sides: [Vec<UnitId>; 2] = [0, 1].map(|s| present.iter().copied().filter(|id| side_of(&ctx.b, *id) == Some(Side(s))).collect());
    if sides.iter().any(Vec::is_empty) {
        return;
    }
    for id in &present {
        volley::freshly_raised(ctx, *id);
    }
    // Blows are struck at once: every unit's dice are counted before any casualty lands (HB-12).
    let aims: Vec<(Side, Aim)> = present.iter().filter_map(|id| ctx.b.unit(*id)).flat_map(|u| blows(&ctx.b, u).into_iter().map(|a| (u.side, a)).collect::<Vec<_>>()).collect();
    let mut inflicted = [0u8; 2];
    let mut took: Vec<UnitId> = Vec::new();
    for (side, aim) in aims {
        let target = aim.target;
        let casualties = volley::fire(ctx, aim);
        inflicted[side.index()] = inflicted[side.index()].saturating_add(casualties);
        if casualties > 0 {
            took.push(target);
        }
    }
    let factors: [Vec<Factor>; 2] = [0, 1].map(|s| result_bonus(&ctx.b, &sides[s]));
    let mut heavy_faces: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for id in &present {
        let Some(u) = ctx.b.unit(*id) else { continue };
        if u.state.charged && u.state.has(Trait::HeavyCavalry) {
            let side = u.side.index();
            heavy_faces[side].push(ctx.dice.roll(6));
        }
    }
    let total = |s: usize| i32::from(inflicted[s]) + Factor::total(&factors[s]) + heavy_faces[s].iter().map(|f| i32::from(f.div_ceil(2))).sum::<i32>();
    let totals = [total(0), total(1)];
    let winner = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(Side(0)),
        std::cmp::Ordering::Less => Some(Side(1)),
        std::cmp::Ordering::Equal => None,
    };
    ctx.emit(Event::MeleeResult { units: sides.clone(), inflicted, factors, heavy_faces, totals, winner });
    for id in &present {
        let won = ctx.b.unit(*id).is_some_and(|u| Some(u.side) == winner);
        if ctx.b.unit(*id).is_some_and(|u| u.state.won_last_round != won) {
            ctx.emit(Event::RoundWon { unit: *id, won });
        }
    }
    // The tests, in ascending id, then the E tests of the supports of the units they removed; as
    // steps, so that a Valiant unit's owner may decide between them (BP18.23).
    let mut tests = Vec::new();
    let mut supported = Vec::new();
    for id in &present {
        let Some(u) = ctx.b.unit(*id).cloned() else { continue };
        if u.hex.is_none() {
            continue;
        }
        let wavering = u.state.has(Trait::Wavering) && took.contains(id);
        let letter = match winner {
            Some(w) if w != u.side => Some(TestLetter::C),
            None if u.state.shaken() => Some(TestLetter::D),
            // RB-8: a Wavering unit tests whenever it takes casualties, on the melee row.
            _ if wavering => Some(TestLetter::C),
            _ => None,
        };
        if winner == Some(u.side) {
            // HB-11: a winner drops its excess first; a Wavering winner then tests.
            discard_excess(ctx, *id);
        }
        if let Some(letter) = letter {
            supported.push((*id, supporters(&ctx.b, &u)));
            tests.push(Step::Test { unit: *id, letter, artillery: false });
        }
    }
    tests.push(Step::SupportTests { of: supported });
    // HB-13: then each winner, in ascending id, may take the ground of a loser it touched; not
    // artillery, nor a square, which moves only by the one move of a failed order (BP:L42).
    if let Some(w) = winner {
        for id in &sides[w.index()] {
            let Some(u) = ctx.b.unit(*id).filter(|u| !u.state.is_artillery() && u.state.formation != super::data::Formation::Square) else { continue };
            let Some(from) = u.hex else { continue };
            let hexes: Vec<Hex> = contacts(&ctx.b, u).into_iter().filter_map(|e| ctx.b.unit(e).and_then(|e| e.hex)).collect();
            if !hexes.is_empty() {
                tests.push(Step::Advance { unit: *id, from, hexes });
            }
        }
    }
    ctx.push_in_order(tests);
}

/// HB-13: a winner still where it fought and in contact no more may stay, or step into a hex a
/// loser it touched has left, if it could enter it and no other enemy touches it (HB-6: only a
/// charge ends in contact); its owner picks (staying is the rules' default).
pub fn advance(ctx: &mut Ctx, unit: UnitId, from: Hex, hexes: &[Hex]) {
    let Some(u) = ctx.b.unit(unit).cloned() else { return };
    let Some(at) = u.hex.filter(|h| *h == from) else { return };
    if unit::engaged(&ctx.b, &u) {
        return;
    }
    let step = u32::from(tables().movement.steps.forward);
    let mut ends = vec![PathEnd { to: at, path: Vec::new(), facing: u.facing }];
    for h in hexes {
        let empty = ctx.b.units_at(*h).next().is_none() && !ctx.b.enemy_next_to(u.side, *h);
        let within = at.unsigned_distance_to(*h) <= u32::from(tables().melee.advance_hexes);
        if empty && within && super::movement::terrain_cost(&ctx.b, &u, at, *h, step).is_some() {
            ends.push(PathEnd { to: *h, path: vec![*h], facing: u.facing });
        }
    }
    if ends.len() > 1 {
        ctx.push(Step::Path { unit, kind: super::event::MoveKind::Advance, ends });
    }
}

/// The E tests of the supports of the units their tests removed (BP8.10, BP17), in ascending id.
pub fn support_tests(ctx: &mut Ctx, of: &[(UnitId, Vec<UnitId>)]) {
    let mut broke: Vec<UnitId> = of.iter().filter(|(id, _)| ctx.b.unit(*id).is_some_and(|u| u.hex.is_none())).flat_map(|(_, s)| s.iter().copied()).collect();
    broke.sort();
    broke.dedup();
    broke.retain(|id| ctx.b.unit(*id).is_some_and(|u| u.hex.is_some()));
    ctx.push_in_order(broke.into_iter().map(|unit| Step::Test { unit, letter: TestLetter::E, artillery: false }).collect());
}

/// HB-11: a winner drops its casualties above its stamina without a test.
fn discard_excess(ctx: &mut Ctx, unit: UnitId) {
    let Some(u) = ctx.b.unit(unit) else { return };
    let stamina = u.state.stamina.unwrap_or(u.state.profile().stamina);
    if u.state.casualties > stamina {
        ctx.emit(Event::CasualtiesReset { unit, casualties: stamina });
    }
}
