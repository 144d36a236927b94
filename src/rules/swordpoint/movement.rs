//! Swordpoint's movement geometry at 4" a hex ("Capacités de Mouvement", SP:L126–146; A.3.1, A.3.4):
//! the remaining moves and reforms a unit may make, the charges it may declare and their paths
//! (H-10), and the compulsory moves: flight (H-12), evasion and riding down (H-11), pursuit
//! (H-13), disengagement (H-15), recoil (H-27), the return from off the table (H-18) and where a
//! commander may ride (H-22). Pure functions of the battle; budgets and costs are whole inches.

use super::Swordpoint;
use super::data::{Applies, Manoeuvre, MoveEffect, MoveGroup, Mover, Order, Troop, tables};
use crate::battle::sight;
use super::state::UnitState;
use super::unit::{SpUnit, enemies, move_rate};
use crate::battle::{Battle, Side, UnitId};
use crate::hex::path::{Reachable, StepRules, reachable};
use crate::hex::{Arc, BoardEdge, Direction, Ground, Hex, HexMap, Hexside, Sector, hex_key};

type B = Battle<Swordpoint>;

/// H-18: a unit comes back on an edge hex at most this many hexes from where it left.
const RETURN_REACH: u32 = 2;

/// Where a unit that must flee or evade ends.
#[derive(Clone, Debug, PartialEq)]
pub enum Flight {
    /// It moves along `path` (start excluded) and ends facing `facing`.
    Moves { path: Vec<Hex>, facing: Direction },
    /// It reaches its own edge with moves to spare and leaves the table from the last hex of
    /// `path` (its start when the path is empty).
    OffTable { path: Vec<Hex> },
    /// It cannot move at all.
    Trapped,
}

// --- Costs (SP4.18–4.35, from the table rows) ----------------------------------------------------

/// Whether a unit belongs to a group the movement rows name (SP:L135–146).
fn in_group(s: &UnitState, group: MoveGroup) -> bool {
    let order = s.profile().order;
    match group {
        MoveGroup::Skirmishers => s.skirmishers(),
        MoveGroup::FootSkirmishers => s.skirmishers() && s.is_foot(),
        MoveGroup::MountedSkirmishers => s.skirmishers() && !s.is_foot(),
        MoveGroup::LooseOrder => order == Order::Loose,
        MoveGroup::LooseOrderFoot => order == Order::Loose && s.is_foot(),
        MoveGroup::UnbardedCavalry => s.profile().troop == Troop::Cavalry && !s.barded(),
        // Commanders are markers riding with a unit (H-22): a unit is never one.
        MoveGroup::Commanders => false,
    }
}

fn applies(rule: &Applies, s: &UnitState) -> bool {
    match rule {
        Applies::All => true,
        Applies::AllExcept(groups) => !groups.iter().any(|g| in_group(s, *g)),
        Applies::Only(groups) => groups.iter().any(|g| in_group(s, *g)),
    }
}

/// The effect of a manoeuvre on this unit: the first row of the table that applies to it.
fn effect(s: &UnitState, manoeuvre: Manoeuvre) -> Option<MoveEffect> {
    tables().movement.manoeuvre(manoeuvre).find(|r| applies(&r.applies, s)).map(|r| r.effect)
}

/// `quarters` quarters of `rate` inches (every rate is a multiple of 4", so this is exact).
fn share(rate: u32, quarters: u8) -> u32 {
    rate * u32::from(quarters) / 4
}

/// What a manoeuvre spends of the rate (SP4.25, SP4.34): nothing where no row applies.
fn spent(s: &UnitState, manoeuvre: Manoeuvre, rate: u32) -> u32 {
    match effect(s, manoeuvre) {
        Some(MoveEffect::Cost(q)) => share(rate, q),
        _ => 0,
    }
}

/// The budget a manoeuvre leaves of the rate (SP4.24): the full rate where no row applies.
fn speed(s: &UnitState, manoeuvre: Manoeuvre, rate: u32) -> u32 {
    match effect(s, manoeuvre) {
        Some(MoveEffect::Speed(q)) => share(rate, q),
        Some(MoveEffect::Inches(n)) => u32::from(n),
        Some(MoveEffect::Cost(q)) => rate.saturating_sub(share(rate, q)),
        None => rate,
    }
}

/// H-23: the difficult grounds.
fn difficult(ground: Ground) -> bool {
    matches!(ground, Ground::Forest | Ground::Marsh | Ground::Rocky | Ground::Buildings | Ground::Stream)
}

/// A hex of difficult ground (SP4.31–4.33): ¼ speed costs 4 times the hex, ½ twice; foot
/// skirmishers' 8" is their normal speed. Never cheaper than open ground.
fn difficult_cost(s: &UnitState, rate: u32, per_hex: u32) -> Option<u32> {
    let row = effect(s, Manoeuvre::DifficultTerrain).or_else(|| effect(s, Manoeuvre::DifficultTerrainAndObstacles));
    let cost = match row {
        None => per_hex,
        Some(MoveEffect::Speed(q)) => (per_hex * 4).checked_div(u32::from(q))?,
        Some(MoveEffect::Inches(n)) => (per_hex * rate).checked_div(u32::from(n))?,
        Some(MoveEffect::Cost(q)) => per_hex + share(rate, q),
    };
    Some(cost.max(per_hex))
}

/// Whether a unit may stand in the hex at all: on the map, and not a river without a road (H-23).
pub fn passable(b: &B, hex: Hex) -> bool {
    b.map.terrain(hex).is_some_and(|t| t.ground != Ground::River || t.road)
}

/// A fortification's wall on the hexside: no field move crosses it (a reading: H-23 names only
/// hedges, fences, walls, stakes and ditches as obstacles).
fn walled(b: &B, from: Hex, to: Hex) -> bool {
    b.map.hexsides.between(from, to) == Some(Hexside::Fortification)
}

/// What entering `to` from its neighbour `from` costs a unit moving at `rate` (A.3.1): 4" a hex,
/// more in difficult ground (SP4.31–4.33), plus half the rate across an obstacle hexside
/// (SP4.34); `None` where it may not go. Roads change nothing.
fn entry_cost(b: &B, s: &UnitState, rate: u32, from: Hex, to: Hex) -> Option<u32> {
    if !passable(b, to) || walled(b, from, to) {
        return None;
    }
    let per_hex = tables().scale.per_hex;
    let ground = if difficult(b.map.at(to).ground) { difficult_cost(s, rate, per_hex)? } else { per_hex };
    let obstacle = if b.map.hexsides.between(from, to).is_some() { spent(s, Manoeuvre::Obstacle, rate) } else { 0 };
    Some(ground + obstacle)
}

// --- Who stands where ----------------------------------------------------------------------------

/// The board as one unit moving on it sees it, gathered once per search.
struct Field<'a> {
    b: &'a B,
    side: Side,
    /// Per hex of the board (row-major): the side of the unit there, the moving unit left out.
    occupant: Vec<Option<Side>>,
    /// Per hex of the board: next to an enemy of the moving unit.
    near: Vec<bool>,
}

impl<'a> Field<'a> {
    fn new(b: &'a B, mover: &SpUnit) -> Field<'a> {
        let mut occupant = vec![None; b.map.len()];
        let mut near = vec![false; b.map.len()];
        for u in b.on_board().filter(|u| u.id != mover.id) {
            let Some(hex) = u.hex else { continue };
            if let Some(i) = b.map.index(hex) {
                occupant[i] = Some(u.side);
            }
            if u.side != mover.side {
                b.map.neighbours(hex).filter_map(|n| b.map.index(n)).for_each(|i| near[i] = true);
            }
        }
        Field { b, side: mover.side, occupant, near }
    }

    fn occupant(&self, hex: Hex) -> Option<Side> {
        self.b.map.index(hex).and_then(|i| self.occupant[i])
    }
    fn occupied(&self, hex: Hex) -> bool {
        self.occupant(hex).is_some()
    }
    fn enemy_at(&self, hex: Hex) -> bool {
        self.occupant(hex).is_some_and(|s| s != self.side)
    }
    fn near_enemy(&self, hex: Hex) -> bool {
        self.b.map.index(hex).is_some_and(|i| self.near[i])
    }

    /// A.3.4 width (SP5.87): the step's hexside has enemies in both hexes touching its two ends.
    fn squeezed(&self, from: Hex, to: Hex) -> bool {
        Direction::between(from, to).is_some_and(|d| self.enemy_at(d.turned(-1).step(from)) && self.enemy_at(d.turned(1).step(from)))
    }
}

/// What a path may do next to enemies.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Contact {
    /// Never enter a hex next to an enemy (A.3.3: only charges, pursuits and follow-ups contact).
    Avoid,
    /// A hex next to an enemy ends the path (H-10).
    Ends,
    /// A hex next to an enemy may only end the path, next to this hex (H-11, H-13).
    EndsNextTo(Hex),
    /// Hexes next to enemies may be crossed (H-15: the way out of a combat).
    Ignore,
}

/// One search's step rules: the hexsides it steps through and what it may spend.
struct Steps<'a> {
    field: &'a Field<'a>,
    state: &'a UnitState,
    rate: u32,
    dirs: Vec<Direction>,
    contact: Contact,
}

impl StepRules for Steps<'_> {
    /// No unit is passed through, friend or enemy (one unit a hex; the simplest reading).
    fn step_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let side = Direction::between(from, to)?;
        if !self.dirs.contains(&side) || self.field.occupied(to) || self.field.squeezed(from, to) {
            return None;
        }
        let near = self.field.near_enemy(to);
        let allowed = match self.contact {
            Contact::Avoid => !near,
            Contact::Ends | Contact::Ignore => true,
            Contact::EndsNextTo(goal) => !near || to.unsigned_distance_to(goal) <= 1,
        };
        entry_cost(self.field.b, self.state, self.rate, from, to).filter(|_| allowed)
    }

    fn may_continue_from(&self, hex: Hex) -> bool {
        self.contact == Contact::Ignore || !self.field.near_enemy(hex)
    }
    fn may_end_in(&self, hex: Hex) -> bool {
        !self.field.occupied(hex)
    }
}

/// The direction of the last step of a path from `start`.
fn last_step(start: Hex, path: &[Hex]) -> Option<Direction> {
    let (last, before) = path.split_last()?;
    Direction::between(before.last().copied().unwrap_or(start), *last)
}

/// The hexside of `at` that looks most straight at `goal` (the first of equals, clockwise from N).
fn facing_to(at: Hex, goal: Hex) -> Direction {
    Direction::ALL.into_iter().min_by_key(|d| d.step(at).unsigned_distance_to(goal)).unwrap_or(Direction::N)
}

fn nearest_elephant(b: &B, side: Side, at: Hex) -> Option<u32> {
    enemies(b, side).filter(|e| e.state.is_elephant()).filter_map(|e| e.hex).map(|h| h.unsigned_distance_to(at)).min()
}

// --- Remaining moves (SP4.18–4.35, A.3.4, H-26) --------------------------------------------------

/// How the steps of a move go (A.3.4).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Every step through the facing hexside, at 100% of the rate (SP4.24).
    Straight,
    /// Steps through the front arc at 75%, free to end facing the last step (a 60° wheel).
    NotStraight,
    /// Skirmishers: any hexside at the full rate, any facing at the end.
    AllRound,
    /// H-26: one hex through the facing hexside whatever it costs, nothing else done.
    Minimum,
    /// A face and no step (SP4.25).
    InPlace,
}

fn directions(mode: Mode, facing: Direction) -> Vec<Direction> {
    match mode {
        Mode::AllRound => Direction::ALL.to_vec(),
        Mode::NotStraight => vec![facing.turned(-1), facing, facing.turned(1)],
        Mode::Straight | Mode::Minimum | Mode::InPlace => vec![facing],
    }
}

/// One way to spend a remaining move.
struct Way {
    to: Hex,
    facing: Direction,
    path: Vec<Hex>,
    mode: Mode,
    /// What the face made first cost, if one was.
    face: Option<u32>,
    /// Inches the steps cost, of `budget`.
    spent: u32,
    budget: u32,
}

/// A unit about to make its remaining move.
struct Start<'a> {
    field: Field<'a>,
    state: &'a UnitState,
    at: Hex,
    facing: Direction,
    rate: u32,
}

impl Start<'_> {
    fn steps(&self, dirs: Vec<Direction>) -> Steps<'_> {
        Steps { field: &self.field, state: self.state, rate: self.rate, dirs, contact: Contact::Avoid }
    }

    /// The ways of one search: facing `face` first if given (with its cost), then stepping.
    fn add(&self, face: Option<(Direction, u32)>, mode: Mode, budget: u32, out: &mut Vec<Way>) {
        let facing = face.map_or(self.facing, |(d, _)| d);
        let steps = self.steps(directions(mode, facing));
        let map: &HexMap = &self.field.b.map;
        let found = reachable(map, self.at, budget, &steps);
        let face = face.map(|(_, cost)| cost);
        for r in &found.reach {
            let Some(path) = found.path(map, r.hex) else { continue };
            let way = |facing: Direction, path: Vec<Hex>, spent: u32| Way { to: r.hex, facing, path, mode, face, spent, budget };
            match mode {
                Mode::AllRound => out.extend(Direction::ALL.map(|f| way(f, path.clone(), r.cost))),
                Mode::NotStraight => {
                    out.push(way(facing, path, r.cost));
                    for wheel in [facing.turned(-1), facing.turned(1)] {
                        if let Some((path, spent)) = self.wheeled(&found, &steps, r.hex, wheel, budget) {
                            out.push(way(wheel, path, spent));
                        }
                    }
                }
                Mode::Straight | Mode::Minimum | Mode::InPlace => out.push(way(facing, path, r.cost)),
            }
        }
    }

    /// A not-straight path to `to` whose last step goes through `last`, so that the unit may end
    /// facing it: the cheapest way to the hex behind, then that step.
    fn wheeled(&self, found: &Reachable, steps: &Steps, to: Hex, last: Direction, budget: u32) -> Option<(Vec<Hex>, u32)> {
        let map: &HexMap = &self.field.b.map;
        let before = last.opposite().step(to);
        let cost = Some(found.cost(map, before)? + steps.step_cost(before, to)?).filter(|c| *c <= budget)?;
        let mut path = if before == self.at { Vec::new() } else { found.path(map, before)? };
        path.push(to);
        Some((path, cost))
    }

    /// H-26: one hex through the facing hexside, even over the budget.
    fn minimum(&self, out: &mut Vec<Way>) {
        let ahead = self.facing.step(self.at);
        if let Some(cost) = self.steps(vec![self.facing]).step_cost(self.at, ahead) {
            out.push(Way { to: ahead, facing: self.facing, path: vec![ahead], mode: Mode::Minimum, face: None, spent: cost, budget: self.rate });
        }
    }
}

/// On the table, steady, out of combat, not yet moved nor charged this turn.
fn free_to_move(b: &B, u: &SpUnit) -> bool {
    u.hex.is_some() && u.state.steady() && !u.state.moved && !u.state.charged && b.global.combat_of(u.id).is_none()
}

/// Every way the unit may make its remaining move, the preferred way to each pose first:
/// straight, not straight, the minimum move, a face then straight, a face then not straight, a
/// face in place (A.3.4: faces come first, then the steps with what is left). With `wanted`, the
/// search stops once a way to that pose is listed: the ways before it are all the first one needs.
fn ways(b: &B, unit: UnitId, wanted: Option<(Hex, Direction)>) -> Vec<Way> {
    let Some(u) = b.unit(unit).filter(|u| free_to_move(b, u)) else { return Vec::new() };
    let Some(at) = u.hex else { return Vec::new() };
    let s = &u.state;
    let rate = u32::from(move_rate(b, u));
    let start = Start { field: Field::new(b, u), state: s, at, facing: u.facing, rate };
    let oblique = speed(s, Manoeuvre::NotStraight, rate);
    let face = spent(s, Manoeuvre::Face, rate);
    let found = |out: &[Way]| wanted.is_some_and(|(to, facing)| out.iter().any(|w| w.to == to && w.facing == facing));
    // H-16: no nearer an enemy elephant than it started. It judges the end hex alone, so a wanted
    // pose it strikes out has no other way either.
    let terrified = |mut out: Vec<Way>| {
        if s.terrified {
            let from = nearest_elephant(b, u.side, at);
            out.retain(|w| nearest_elephant(b, u.side, w.to) >= from);
        }
        out
    };
    let mut out = Vec::new();
    if s.skirmishers() {
        start.add(None, Mode::AllRound, oblique, &mut out);
    } else {
        start.add(None, Mode::Straight, rate, &mut out);
        if found(&out) {
            return terrified(out);
        }
        start.add(None, Mode::NotStraight, oblique, &mut out);
    }
    start.minimum(&mut out);
    if found(&out) {
        return terrified(out);
    }
    let turns: Vec<Direction> = Direction::ALL.into_iter().filter(|d| *d != u.facing && face <= rate).collect();
    if !s.skirmishers() {
        for &g in &turns {
            start.add(Some((g, face)), Mode::Straight, rate - face, &mut out);
            if face <= oblique {
                start.add(Some((g, face)), Mode::NotStraight, oblique - face, &mut out);
            }
            if found(&out) {
                return terrified(out);
            }
        }
    }
    out.extend(turns.into_iter().map(|g| Way { to: at, facing: g, path: Vec::new(), mode: Mode::InPlace, face: Some(face), spent: face, budget: rate }));
    terrified(out)
}

/// Remaining-move end poses of `unit` (SP4.18–4.35, A.3.4, H-26): every (hex, facing) it may end
/// in, the start hex with a new facing included (a face), the unchanged start pose excluded.
/// Empty when the unit may not move now: not on the table, fleeing, in a combat, already moved,
/// or charged. Sorted by hex key, then facing.
pub fn moves(b: &B, unit: UnitId) -> Vec<(Hex, Direction)> {
    let mut out: Vec<(Hex, Direction)> = ways(b, unit, None).into_iter().map(|w| (w.to, w.facing)).collect();
    out.sort_by_key(|(h, f)| (hex_key(*h), *f));
    out.dedup();
    out
}

/// Whether `moves` is not empty, without tracing every way when a face in place is open (`ways`
/// offers the five other facings whenever the face costs no more than the rate).
pub fn may_move(b: &B, unit: UnitId) -> bool {
    let Some(u) = b.unit(unit).filter(|u| u.hex.is_some() && free_to_move(b, u)) else { return false };
    let rate = u32::from(move_rate(b, u));
    spent(&u.state, Manoeuvre::Face, rate) <= rate || !ways(b, unit, None).is_empty()
}

/// The hexes stepped through (start excluded; empty for a face in place) for one of `moves`.
pub fn move_path(b: &B, unit: UnitId, to: Hex, facing: Direction) -> Option<Vec<Hex>> {
    ways(b, unit, Some((to, facing))).into_iter().find(|w| w.to == to && w.facing == facing).map(|w| w.path)
}

/// A share of the rate in a player's words.
fn share_words(e: Option<MoveEffect>, none: &str) -> String {
    match e {
        Some(MoveEffect::Speed(q) | MoveEffect::Cost(q)) => match q {
            0 => "free".to_string(),
            1 => "¼".to_string(),
            2 => "½".to_string(),
            q => format!("{}%", u32::from(q) * 25),
        },
        Some(MoveEffect::Inches(n)) => format!("{n}\""),
        None => none.to_string(),
    }
}

/// A player's words for that move's cost: "straight: 8 of 8 inches", "not straight (75%): 6 of 6
/// inches", "face (½, 4 inches), then straight: 4 of 4 inches"; `None` if not a legal move.
pub fn describe_move(b: &B, unit: UnitId, to: Hex, facing: Direction) -> Option<String> {
    let s = &b.unit(unit)?.state;
    let w = ways(b, unit, Some((to, facing))).into_iter().find(|w| w.to == to && w.facing == facing)?;
    let face = share_words(effect(s, Manoeuvre::Face), "free");
    let (spent, budget) = (w.spent, w.budget);
    let steps = match w.mode {
        Mode::Straight => format!("straight: {spent} of {budget} inches"),
        Mode::NotStraight => format!("not straight ({}): {spent} of {budget} inches", share_words(effect(s, Manoeuvre::NotStraight), "100%")),
        Mode::AllRound => format!("skirmishers, any way: {spent} of {budget} inches"),
        Mode::Minimum => format!("minimum move (H-26): one hex ahead, {spent} inches on a budget of {budget}"),
        Mode::InPlace => return Some(format!("face ({face}): {spent} of {budget} inches")),
    };
    Some(match w.face {
        Some(cost) => format!("face ({face}, {cost} inches), then {steps}"),
        None => steps,
    })
}

/// Frontages (bases per rank) the unit may reform to in its remaining move (SP4.28–4.30): at most
/// `max_ranks` ranks, a shape other than the one it has, a change of one rank or two (a change of
/// frontage that keeps the number of ranks counts as one). Empty if it may not move now.
pub fn reforms(b: &B, unit: UnitId) -> Vec<u8> {
    let Some(u) = b.unit(unit).filter(|u| free_to_move(b, u)) else { return Vec::new() };
    let s = &u.state;
    let bases = s.bases();
    let now = s.frontage.min(bases).max(1);
    let ranks_now = bases.div_ceil(now);
    let affordable = |change: u8| {
        let manoeuvre = match change {
            0 | 1 => Manoeuvre::ChangeOneRank,
            2 => Manoeuvre::ChangeTwoRanks,
            _ => return false,
        };
        // The whole move is the reform, so it may spend up to 100% of the rate.
        !matches!(effect(s, manoeuvre), Some(MoveEffect::Cost(q)) if q > 4)
    };
    (1..=bases).filter(|f| *f != now && bases.div_ceil(*f) <= tables().units.max_ranks && affordable(bases.div_ceil(*f).abs_diff(ranks_now))).collect()
}

// --- Charges (H-10, H-11, SP3.7) -----------------------------------------------------------------

/// The two searches of a charge (H-10): straight at the full rate, and oblique through the front
/// arc at 75%; the SP4.23 4" limit does not apply. A hex next to an enemy ends the path.
struct ChargeReach {
    start: Hex,
    facing: Direction,
    straight: Reachable,
    oblique: Reachable,
}

fn charge_reach(b: &B, u: &SpUnit) -> Option<ChargeReach> {
    let start = u.hex?;
    let field = Field::new(b, u);
    let rate = u32::from(u.state.rate());
    let search = |mode: Mode, budget: u32| {
        let steps = Steps { field: &field, state: &u.state, rate, dirs: directions(mode, u.facing), contact: Contact::Ends };
        reachable(&b.map, start, budget, &steps)
    };
    let straight = search(Mode::Straight, rate);
    let oblique = search(Mode::NotStraight, speed(&u.state, Manoeuvre::NotStraight, rate));
    Some(ChargeReach { start, facing: u.facing, straight, oblique })
}

impl ChargeReach {
    /// The way to `to` (start excluded), straight if it can, and its cost.
    fn way(&self, map: &HexMap, to: Hex) -> Option<(Vec<Hex>, u32)> {
        if to == self.start {
            return Some((Vec::new(), 0));
        }
        [&self.straight, &self.oblique].into_iter().find_map(|r| Some((r.path(map, to)?, r.cost(map, to)?)))
    }

    /// The hexes next to `target` the charger can reach with the target across a hexside of its
    /// front arc, so that the free last wheel ("closing the door") puts it across the facing.
    fn contacts(&self, map: &HexMap, target: Hex) -> Vec<Hex> {
        let front = |d: &Direction| self.facing.arc_of(d.opposite()) == Arc::Front;
        let mut out: Vec<Hex> = Direction::ALL.into_iter().filter(front).map(|d| d.step(target)).filter(|h| self.way(map, *h).is_some()).collect();
        out.sort_by_key(|h| hex_key(*h));
        out
    }
}

/// The charges `unit` may declare now (H-10): each (target, end hex). The charger is steady, out
/// of combat, not yet moved; the target an enemy on the table in its front sector at the start,
/// in line of sight, reachable; a terrified unit does not charge an elephant (H-16). Sorted by
/// (target id, hex key).
pub fn charges(b: &B, unit: UnitId) -> Vec<(UnitId, Hex)> {
    let Some(u) = b.unit(unit) else { return Vec::new() };
    let Some(at) = u.hex else { return Vec::new() };
    if !u.state.steady() || u.state.moved || b.global.combat_of(unit).is_some() {
        return Vec::new();
    }
    let Some(reach) = charge_reach(b, u) else { return Vec::new() };
    let mut out = Vec::new();
    for t in enemies(b, u.side).filter(|t| !t.state.destroyed) {
        let Some(th) = t.hex else { continue };
        let shy = u.state.terrified && t.state.is_elephant();
        if shy || u.facing.sector(at, th) != Some(Sector::Front) || !sight::line_clear(b, at, th) {
            continue;
        }
        out.extend(reach.contacts(&b.map, th).into_iter().map(|h| (t.id, h)));
    }
    out.sort_by_key(|(t, h)| (*t, hex_key(*h)));
    out
}

/// The path (start excluded) and the facing on arrival (toward the target) of a charge to `to`
/// against `target`, as the board stands now.
pub fn charge_path(b: &B, unit: UnitId, target: UnitId, to: Hex) -> Option<(Vec<Hex>, Direction)> {
    let u = b.unit(unit)?;
    let th = b.unit(target)?.hex?;
    let reach = charge_reach(b, u)?;
    if !reach.contacts(&b.map, th).contains(&to) {
        return None;
    }
    let (path, _) = reach.way(&b.map, to)?;
    Some((path, Direction::between(to, th)?))
}

/// SP3.7, A.3.3 "able to charge": `unit` is not fleeing, not in combat, has `target` in its front
/// sector and an H-10 path to contact within its rate, counting units as they stand.
pub fn able_to_charge(b: &B, unit: UnitId, target: UnitId) -> bool {
    let (Some(u), Some(t)) = (b.unit(unit), b.unit(target)) else { return false };
    let (Some(at), Some(th)) = (u.hex, t.hex) else { return false };
    if u.side == t.side || u.state.fleeing || b.global.combat_of(unit).is_some() || u.facing.sector(at, th) != Some(Sector::Front) {
        return false;
    }
    charge_reach(b, u).is_some_and(|r| !r.contacts(&b.map, th).is_empty())
}

/// H-11: after the target of a charge fled or evaded, the cheapest charge path (straight or
/// oblique, full rate) to any hex next to the target's new hex, and the facing toward it; `None`
/// if it cannot reach.
pub fn ride_down(b: &B, charger: UnitId, target: UnitId) -> Option<(Vec<Hex>, Direction)> {
    let u = b.unit(charger)?;
    let th = b.unit(target)?.hex?;
    let reach = charge_reach(b, u)?;
    let ends = Direction::ALL.into_iter().map(|d| d.step(th)).filter_map(|h| reach.way(&b.map, h).map(|(path, cost)| (cost, hex_key(h), path, h)));
    let (_, _, path, to) = ends.min_by_key(|(cost, key, ..)| (*cost, *key))?;
    Some((path, Direction::between(to, th)?))
}

/// Full rate toward `goal` (H-11 a charger whose target got away; H-13 a pursuer following the
/// flight path), stepping through any hexside: the path (maybe empty) that ends nearest `goal`
/// (then cheapest, then lowest hex key), entering no occupied hex and no hex next to an enemy
/// except to end next to `goal`; the facing of its last step, else the current facing.
pub fn toward(b: &B, unit: UnitId, goal: Hex) -> (Vec<Hex>, Direction) {
    let Some(u) = b.unit(unit) else { return (Vec::new(), Direction::N) };
    let Some(start) = u.hex else { return (Vec::new(), u.facing) };
    let field = Field::new(b, u);
    let rate = u32::from(u.state.rate());
    let steps = Steps { field: &field, state: &u.state, rate, dirs: Direction::ALL.to_vec(), contact: Contact::EndsNextTo(goal) };
    let found = reachable(&b.map, start, rate, &steps);
    let best = found.reach.iter().min_by_key(|r| (r.hex.unsigned_distance_to(goal), r.cost, hex_key(r.hex)));
    match best {
        Some(r) if r.hex.unsigned_distance_to(goal) < start.unsigned_distance_to(goal) => {
            let path = found.path(&b.map, r.hex).unwrap_or_default();
            let facing = last_step(start, &path).unwrap_or(u.facing);
            (path, facing)
        }
        _ => (Vec::new(), u.facing),
    }
}

// --- Compulsory moves (H-11, H-12, H-15, H-27) ---------------------------------------------------

/// Whether a flight or an evasion may step from `from` into `to`: passable, no enemy in it, not
/// between two enemies, no fortification wall. Friends are passed through (H-12).
fn crossable(field: &Field, from: Hex, to: Hex) -> bool {
    passable(field.b, to) && !field.enemy_at(to) && !field.squeezed(from, to) && !walled(field.b, from, to)
}

/// A flight or an evasion is counted in hexes, its full rate over 4" a hex: a rout, not a
/// manoeuvre, so ground does not slow it (a reading).
fn run_hexes(u: &SpUnit) -> usize {
    tables().scale.hexes_for(u32::from(u.state.rate())) as usize
}

/// The best path a compulsory-move search found: lowest rank, the first found among equals.
struct Best<K: Ord> {
    rank: Option<K>,
    path: Vec<Hex>,
    off: bool,
}

impl<K: Ord> Best<K> {
    fn new() -> Self {
        Best { rank: None, path: Vec::new(), off: false }
    }
    fn offer(&mut self, rank: K, path: &[Hex], off: bool) {
        if self.rank.as_ref().is_none_or(|r| rank < *r) {
            self.rank = Some(rank);
            self.path = path.to_vec();
            self.off = off;
        }
    }
    fn into_flight(self, facing: Direction) -> Flight {
        match self.rank {
            None => Flight::Trapped,
            Some(_) if self.off => Flight::OffTable { path: self.path },
            Some(_) => Flight::Moves { path: self.path, facing },
        }
    }
}

/// H-12's search: every path of up to `hexes` steps through the hexsides that lead to the edge.
struct Flee<'a> {
    field: &'a Field<'a>,
    edge: BoardEdge,
    hexes: usize,
    /// Off the table first (fewest hexes next to enemies, then shortest); else the longest path
    /// ending in an empty hex, then the fewest hexes next to enemies.
    best: Best<(u8, usize, usize)>,
}

impl Flee<'_> {
    fn explore(&mut self, at: Hex, path: &mut Vec<Hex>, exposed: usize) {
        let field = self.field;
        let left = self.hexes.saturating_sub(path.len());
        if left > 0 && field.b.map.on_edge(at, self.edge) {
            self.best.offer((0, exposed, path.len()), path.as_slice(), true);
            return;
        }
        if !path.is_empty() && !field.occupied(at) {
            self.best.offer((1, left, exposed), path.as_slice(), false);
        }
        if left == 0 {
            return;
        }
        for d in self.edge.directions() {
            let next = d.step(at);
            if crossable(field, at, next) {
                path.push(next);
                self.explore(next, path, exposed + usize::from(field.near_enemy(next)));
                path.pop();
            }
        }
    }
}

/// H-12 flight: the full rate toward the unit's own edge, avoiding hexes next to enemies where it
/// can, through friends but ending in an empty hex, facing its edge. Standing on its edge, or
/// reaching it with moves left, it leaves the table; unable to move at all, it is trapped.
pub fn flight(b: &B, unit: UnitId) -> Flight {
    let Some(u) = b.unit(unit) else { return Flight::Trapped };
    let Some(start) = u.hex else { return Flight::Trapped };
    let edge = b.edge(u.side);
    let field = Field::new(b, u);
    let mut search = Flee { field: &field, edge, hexes: run_hexes(u), best: Best::new() };
    search.explore(start, &mut Vec::new(), 0);
    search.best.into_flight(edge.facing_away().opposite())
}

/// H-11's evasion search: every path of up to `hexes` steps, each farther from `from`.
struct Evasion<'a> {
    field: &'a Field<'a>,
    edge: BoardEdge,
    hexes: usize,
    from: Hex,
    /// A hex far along the line from `from` through the start: among equally distant ends, the
    /// nearest to it is the most directly away.
    far: Hex,
    /// An empty hex next to no enemy first (farthest, then most direct); then off the table by
    /// its own edge; then an empty hex next to an enemy.
    best: Best<(u8, u32, u32)>,
}

impl Evasion<'_> {
    fn explore(&mut self, at: Hex, path: &mut Vec<Hex>) {
        let field = self.field;
        let here = at.unsigned_distance_to(self.from);
        if !path.is_empty() && !field.occupied(at) {
            let class = if field.near_enemy(at) { 2 } else { 0 };
            self.best.offer((class, u32::MAX - here, at.unsigned_distance_to(self.far)), path.as_slice(), false);
        }
        if path.len() >= self.hexes {
            return;
        }
        for d in Direction::ALL {
            let next = d.step(at);
            if next.unsigned_distance_to(self.from) <= here {
                continue;
            }
            if !field.b.map.contains(next) {
                if field.b.map.on_edge(at, self.edge) && self.edge.directions().contains(&d) {
                    self.best.offer((1, 0, path.len() as u32), path.as_slice(), true);
                }
            } else if crossable(field, at, next) {
                path.push(next);
                self.explore(next, path);
                path.pop();
            }
        }
    }
}

/// H-11 evade: skirmishers move their full rate directly away from `from` (every step farther),
/// ending in an empty hex not next to an enemy if they can, facing `from`.
pub fn evade(b: &B, unit: UnitId, from: Hex) -> Flight {
    let Some(u) = b.unit(unit) else { return Flight::Trapped };
    let Some(start) = u.hex else { return Flight::Trapped };
    let hexes = run_hexes(u);
    let field = Field::new(b, u);
    let far = start + (start - from) * i32::try_from(hexes).unwrap_or(0);
    let mut search = Evasion { field: &field, edge: b.edge(u.side), hexes, from, far, best: Best::new() };
    search.explore(start, &mut Vec::new());
    let end = search.best.path.last().copied().unwrap_or(start);
    search.best.into_flight(facing_to(end, from))
}

/// H-27 recoil of 1 hex (4"): through the F+3 hexside, else F+2, else F+4, into an empty,
/// passable hex of the map next to no enemy but those of its own combat; it keeps its facing.
/// `None` when blocked.
pub fn recoil_hex(b: &B, unit: UnitId) -> Option<Hex> {
    let u = b.unit(unit)?;
    let at = u.hex?;
    let combat: Vec<UnitId> = b.global.combat_of(unit).map(|c| c.units.clone()).unwrap_or_default();
    let threatened = |h: Hex| enemies(b, u.side).any(|e| !combat.contains(&e.id) && e.hex.is_some_and(|eh| eh.unsigned_distance_to(h) == 1));
    let open = |h: &Hex| passable(b, *h) && !walled(b, at, *h) && b.unit_at(*h).is_none() && !threatened(*h);
    [3, 2, 4].into_iter().map(|k| u.facing.turned(k).step(at)).find(open)
}

/// H-15 disengagement: up to the full rate straight back through the F+2, F+3 and F+4 hexsides,
/// keeping its facing, ending next to no enemy: the path with the fewest hexes (start excluded);
/// `None` if there is none.
pub fn disengage_path(b: &B, unit: UnitId) -> Option<Vec<Hex>> {
    let u = b.unit(unit)?;
    let start = u.hex?;
    let field = Field::new(b, u);
    let rate = u32::from(u.state.rate());
    let dirs = [2, 3, 4].map(|k| u.facing.turned(k)).to_vec();
    let steps = Steps { field: &field, state: &u.state, rate, dirs, contact: Contact::Ignore };
    let found = reachable(&b.map, start, rate, &steps);
    found.reach.iter().filter(|r| !field.near_enemy(r.hex)).filter_map(|r| found.path(&b.map, r.hex)).min_by_key(|p| p.len())
}

/// H-18: the empty hexes of the unit's own edge within 2 hexes of where it left, next to no
/// enemy, passable. Sorted by hex key.
pub fn return_hexes(b: &B, unit: UnitId) -> Vec<Hex> {
    let Some(u) = b.unit(unit).filter(|u| u.hex.is_none() && !u.state.destroyed) else { return Vec::new() };
    let Some(left) = u.state.off_table else { return Vec::new() };
    let edge = b.edge(u.side);
    let field = Field::new(b, u);
    let free = |h: &Hex| passable(b, *h) && !field.occupied(*h) && !field.near_enemy(*h);
    let mut out: Vec<Hex> = b.map.hexes().filter(|h| b.map.on_edge(*h, edge) && h.unsigned_distance_to(left) <= RETURN_REACH).filter(free).collect();
    out.sort_by_key(|h| hex_key(*h));
    out
}

/// H-22 as the lead reads it, once a turn: the units of the commander's side on the table, not fleeing, other
/// than his own, within his move of his unit's hex: 16" (4 hexes) riding with a mounted unit, else
/// 12" (SP4.18–4.19; an elephant counts as foot). Commanders ignore terrain (SP:L129–130), so the
/// move is counted in hexes. Sorted by id.
pub fn attach_options(b: &B, commander: u32) -> Vec<UnitId> {
    let Some(c) = b.global.commanders.iter().find(|c| c.id == commander && !c.rode) else { return Vec::new() };
    let Some(now) = c.unit.and_then(|id| b.unit(id)) else { return Vec::new() };
    let Some(at) = now.hex else { return Vec::new() };
    let t = tables();
    let mover = if now.state.mounted() { Mover::MountedCommander } else { Mover::FootCommander };
    let reach = t.scale.hexes_for(u32::from(t.movement.rate(mover)));
    let near = |f: &&SpUnit| f.hex.is_some_and(|h| h.unsigned_distance_to(at) <= reach);
    b.on_board().filter(|f| f.side == c.side && f.id != now.id && !f.state.fleeing).filter(near).map(|f| f.id).collect()
}
