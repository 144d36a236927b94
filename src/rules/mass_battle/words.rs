//! The mass battle in words: the log line of each event (the weapon's dice, the troops, the battle
//! table's percentage with each addition and multiplier, the damage; the morale test's two d6 and
//! each modifier; a duel's blows), the rules each line applied, a command's label and its short
//! terminal code, and the status line.

use super::combat;
use super::command::Command;
use super::damage;
use super::data::{HeroSpell, Kind, Roll, tables};
use super::event::{Attack, AttackKind, Blow, Event, Term, TestKind};
use super::heroes;
use super::legal;
use super::state::{Order, Phase};
use crate::battle::{Factor, Side, Unit, UnitId};
use crate::hex::{Hex, Offset, coords};

type B = crate::battle::Battle<super::MassBattle>;
type U = Unit<super::state::UnitState>;

/// A unit's row name, with its rank among its side's units of that row when it has fellows
/// ("Orques 2"): the id order, counting units gone from the board, so a name never changes.
pub fn name(b: &B, id: UnitId) -> String {
    let Some(u) = b.unit(id) else {
        return format!("unit {}", id.0);
    };
    let row = &u.state.row().name;
    let fellows: Vec<UnitId> = b
        .units
        .iter()
        .filter(|o| o.side == u.side && o.state.row().name == *row)
        .map(|o| o.id)
        .collect();
    if fellows.len() < 2 {
        return row.clone();
    }
    let rank = fellows.iter().filter(|f| **f <= id).count();
    format!("{row} {rank}")
}

pub fn side_name(b: &B, side: Side) -> String {
    b.sides[side.index()].name.clone()
}

pub fn at(h: Hex) -> String {
    Offset::from_hex(h).to_string()
}

fn names(b: &B, ids: &[UnitId]) -> String {
    ids.iter()
        .map(|id| name(b, *id))
        .collect::<Vec<_>>()
        .join(", ")
}

fn section_name(b: &B, section: usize) -> String {
    b.global
        .siege
        .as_ref()
        .and_then(|s| s.sections.get(section))
        .map_or_else(|| format!("section {section}"), |x| x.name.clone())
}

fn besieger_name(b: &B) -> String {
    b.global
        .siege
        .as_ref()
        .map_or_else(|| "The besieger".into(), |s| side_name(b, s.besieger))
}

fn is_hero(u: Option<&U>) -> bool {
    u.is_some_and(|u| u.state.kind() == Kind::Hero)
}

pub fn order_label(b: &B, o: &Order) -> String {
    match o {
        Order::Shoot(t) => format!("shoot at {}", name(b, *t)),
        Order::Engage(t) => format!("engage {}", name(b, *t)),
        Order::Withdraw => "withdraw".into(),
        Order::Retreat => "retreat".into(),
        Order::Flee => "flee".into(),
        Order::NoAction => "no action".into(),
        Order::Rally => "rally".into(),
        Order::March(h) => format!("march to {}", at(*h)),
        Order::Hold => "hold".into(),
        Order::Duel(t) => format!("duel {}", name(b, *t)),
        Order::Cast(t) => format!("cast a blast at {}", name(b, *t)),
        Order::Officer(t) => format!("serve as {}'s officer", name(b, *t)),
        Order::Auto => "choose its own target".into(),
        Order::Bombard(h) => format!("bombard the wall at {}", at(*h)),
        Order::Ram => "ram the gate".into(),
        Order::Demolish(h) => format!("tear down the wall at {}", at(*h)),
        Order::Passwall(h) => format!("open the wall at {} by a spell", at(*h)),
    }
}

/// The seed line or house rule that offers an order (l. 25-34, 106, 121-131; H-M3, H-M6, H-M7).
fn order_rule(o: &Order) -> &'static str {
    match o {
        Order::Shoot(_) => "l. 27 (Tir)",
        Order::Engage(_) => "l. 28 (Engagement)",
        Order::Withdraw => "l. 29 (Repli)",
        Order::Retreat => "l. 31 (Retraite)",
        Order::Flee => "l. 32 (Fuite)",
        Order::NoAction => "l. 33 (Aucune action)",
        Order::Rally => "l. 34 (Rallier)",
        Order::March(_) | Order::Hold => "H-M3",
        Order::Duel(_) => "l. 121-127 (a duel of 10 rounds), H-M6",
        Order::Cast(_) => "H-M7 (a hero's blast)",
        Order::Officer(_) => "l. 129-131 (officers)",
        Order::Auto => "l. 106, H-M16 (a huge creature's own choice)",
        Order::Bombard(_) => "l. 191, 216-222 (engines breach a wall), H-M13",
        Order::Ram => "l. 194 (the ram, 2d4 sequences), H-M13",
        Order::Demolish(_) => "H-M16 (a huge creature works as a ram, l. 194)",
        Order::Passwall(_) => "l. 195 (a breach by magic), H-M7",
    }
}

/// A fraction multiplying a total: "×3", "×1/4".
fn fraction((num, den): (u32, u32)) -> String {
    if den == 1 {
        format!("×{num}")
    } else {
        format!("×{num}/{den}")
    }
}

fn additions(terms: &[Term]) -> impl Iterator<Item = String> {
    terms
        .iter()
        .filter(|t| t.percent != 0)
        .map(|t| format!("{:+}% {}", t.percent, t.what))
}

/// The multipliers of a total, each with what it is: ", ×2 lances in the charge".
fn multipliers(terms: &[Term]) -> String {
    terms
        .iter()
        .filter(|t| t.times != (1, 1))
        .map(|t| format!(", {} {}", fraction(t.times), t.what))
        .collect()
}

/// The faces of a roll and its total: "d8+3 rolled 5 +3 = 8", "2d8 rolled 3+6 = 9".
fn rolled(spec: Option<Roll>, faces: &[u8], total: i64) -> String {
    let sum: i64 = faces.iter().map(|f| i64::from(*f)).sum();
    // The bonus as written, so a total floored at 0 still shows what was added.
    let bonus = spec.map_or(total - sum, |r| i64::from(r.plus));
    let shown = faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join("+");
    let spec = spec.map_or_else(String::new, |r| format!("{r} "));
    match (faces.len(), bonus) {
        (1, 0) => format!("{spec}rolled {shown}"),
        (_, 0) => format!("{spec}rolled {shown} = {total}"),
        _ => format!("{spec}rolled {shown} {bonus:+} = {total}"),
    }
}

/// A hero's blast roll (H-M7).
fn blast_roll(u: &U) -> Option<Roll> {
    u.state.hero()?.spells.iter().find_map(|s| match s {
        HeroSpell::Blast { damage, .. } => Some(*damage),
        HeroSpell::Breach { .. } => None,
    })
}

/// A duellist's damage roll (H-M6): a hero's own, a huge creature's melee weapon.
fn duel_roll(b: &B, id: UnitId) -> Option<Roll> {
    b.unit(id)
        .and_then(heroes::duellist)
        .map(|(_, _, roll)| roll)
}

/// A huge creature's crushing (l. 106): a flat total outside the battle table, marked by a term
/// that neither adds nor multiplies, as a blast is (H-M7).
fn crushing(a: &Attack) -> bool {
    a.kind != AttackKind::Spell && a.terms.iter().any(|t| t.percent == 0 && t.times == (1, 1))
}

/// Whether the target is immune to what struck it (l. 107); a blast hurts any unit (H-M7).
fn immune(b: &B, a: &Attack) -> bool {
    match (b.unit(a.attacker), b.unit(a.target)) {
        (Some(x), Some(y)) if a.kind != AttackKind::Spell => {
            combat::immune_to(&y.state, &x.state, a.kind)
        }
        _ => false,
    }
}

/// Whether the formula's single flooring (R-M4) dropped a fraction.
fn rounded_down(a: &Attack) -> bool {
    let (num, den) = a.terms.iter().fold((1i128, 1i128), |(n, d), t| {
        (n * i128::from(t.times.0), d * i128::from(t.times.1))
    });
    let product = i128::from(a.roll.max(0))
        * i128::from(a.troops)
        * i128::from(damage::percent(a.table, &a.terms))
        * num;
    product % (100 * den) != 0
}

fn attack_line(b: &B, a: &Attack) -> String {
    let (who, whom) = (name(b, a.attacker), name(b, a.target));
    let (att, tgt) = (b.unit(a.attacker), b.unit(a.target));
    let head = match a.kind {
        AttackKind::Shot => format!("{who} shoots at {whom}"),
        AttackKind::Spell => format!("{who} casts a blast at {whom}"),
        AttackKind::Melee if crushing(a) => format!("{who} crushes {whom}"),
        AttackKind::Melee => format!("{who} strikes {whom}"),
        AttackKind::Pursuit => match tgt.and_then(|t| t.state.order.as_ref()) {
            Some(Order::Flee) => format!("{who} pursues the fleeing {whom}"),
            Some(Order::Retreat) => format!("{who} strikes the retreating {whom}"),
            Some(Order::Withdraw) => format!("{who} strikes {whom} as it withdraws (l. 30)"),
            _ => format!("{who} pursues {whom}"),
        },
    };
    if immune(b, a) {
        let what = att
            .and_then(|x| combat::weapon(&x.state, a.kind))
            .map_or_else(|| "its attack".into(), |w| format!("its {}", w.label));
        return format!("{head}: {whom} is immune to {what}: no dice, no damage");
    }
    let rounded = if rounded_down(a) {
        " (rounded down)"
    } else {
        ""
    };
    let result = format!("{} = {} damage{rounded}", multipliers(&a.terms), a.damage);
    if a.kind == AttackKind::Spell {
        let dice = rolled(att.and_then(blast_roll), &a.faces, a.roll);
        return format!("{head}: {dice}, flat{result}");
    }
    if let Some(e) = att.and_then(|x| super::engines::engine(&x.state)) {
        let dice = rolled(Some(e.damage), &a.faces, a.roll);
        return format!("{head}: {} {dice}, flat{result}", e.label);
    }
    if crushing(a) {
        let per = tables().multipliers.huge_per_hd;
        let source = att.map_or_else(
            || a.roll.to_string(),
            |x| format!("{per} × {} hit dice = {}", x.state.row().hd.dice, a.roll),
        );
        return format!("{head}: {source}, no dice{result}");
    }
    let dice = match att.and_then(|x| combat::weapon(&x.state, a.kind)) {
        Some(w) => format!("{} {}", w.label, rolled(Some(w.damage), &a.faces, a.roll)),
        None => rolled(None, &a.faces, a.roll),
    };
    let troops = if is_hero(att) {
        format!(
            "{} attack{}",
            a.troops,
            if a.troops == 1 { "" } else { "s" }
        )
    } else {
        format!("{} troops", a.troops)
    };
    let table = match (att, tgt) {
        (Some(x), Some(y)) => format!(
            "battle table {}% for HD {} against AC {}",
            a.table,
            x.state.row().hd,
            y.state.row().ac
        ),
        _ => format!("battle table {}%", a.table),
    };
    let mut why: Vec<String> = std::iter::once(table).chain(additions(&a.terms)).collect();
    let raw = i64::from(a.table) + a.terms.iter().map(|t| i64::from(t.percent)).sum::<i64>();
    if raw < 0 {
        why.push("never below 0%".into());
    }
    let percent = damage::percent(a.table, &a.terms);
    format!(
        "{head}: {dice}, × {troops} × {percent}% ({}){result}",
        why.join(", ")
    )
}

/// The modifiers of a test, each with its sign and what it is; a factor of 0 says why the test
/// cannot fail (l. 98).
fn modifiers(factors: &[Factor]) -> String {
    factors
        .iter()
        .map(|f| {
            if f.value == 0 {
                format!(" ({})", f.what)
            } else {
                format!(" {:+} {}", f.value, f.what)
            }
        })
        .collect()
}

fn test_line(
    b: &B,
    unit: UnitId,
    kind: TestKind,
    faces: (u8, u8),
    morale: u8,
    factors: &[Factor],
    passed: bool,
) -> String {
    let why = match kind {
        TestKind::Losses => "it lost troops",
        TestKind::Rally => "a rally",
        TestKind::CommanderFell => "its commander-in-chief fell",
    };
    let sum = u16::from(faces.0) + u16::from(faces.1);
    let need = if factors.iter().any(|f| f.value != 0) {
        format!(" = {}", i32::from(morale) + Factor::total(factors))
    } else {
        String::new()
    };
    format!(
        "{} tests its morale ({why}): 2d6 rolled {}+{} = {sum} against morale {morale}{}{need}: {}",
        name(b, unit),
        faces.0,
        faces.1,
        modifiers(factors),
        if passed { "passes" } else { "fails" }
    )
}

fn blow_text(b: &B, x: &Blow) -> String {
    let total = i32::from(x.d20) + x.to_hit;
    let head = format!(
        "{} d20 {} {:+} = {total} against AC {}",
        name(b, x.attacker),
        x.d20,
        x.to_hit,
        x.ac
    );
    if x.hit {
        let dice = rolled(duel_roll(b, x.attacker), &x.faces, x.damage);
        format!("{head}, hits: {dice} damage")
    } else {
        format!("{head}, misses")
    }
}

fn duel_line(b: &B, round: u8, blows: &[Blow]) -> String {
    let Some(first) = blows.first() else {
        return format!("Duel, round {round}: no blow is struck");
    };
    let pair = [first.attacker, first.target];
    let strikes: Vec<String> = blows.iter().map(|x| blow_text(b, x)).collect();
    // Damage comes off at the round's end (H-M6), so what is left reads the round as a whole.
    let left: Vec<String> = pair
        .iter()
        .map(|id| {
            let before = b.unit(*id).map_or(0, |u| u.state.pvt);
            let lost: i64 = blows
                .iter()
                .filter(|x| x.target == *id)
                .map(|x| x.damage)
                .sum();
            format!("{} {}", name(b, *id), (before - lost).max(0))
        })
        .collect();
    format!(
        "Duel of {} and {}, round {round}: {}; hit points left: {}",
        name(b, pair[0]),
        name(b, pair[1]),
        strikes.join("; "),
        left.join(", ")
    )
}

fn revealed_line(b: &B, orders: &[(UnitId, Order)], slices: &[UnitId]) -> String {
    let list: Vec<String> = orders
        .iter()
        .map(|(id, o)| format!("{} {}", name(b, *id), order_label(b, o)))
        .collect();
    let mut line = if list.is_empty() {
        "Orders revealed: none".to_string()
    } else {
        format!("Orders revealed: {}", list.join("; "))
    };
    let mut given: Vec<(UnitId, u32)> = Vec::new();
    for id in slices {
        match given.iter_mut().find(|(u, _)| u == id) {
            Some(g) => g.1 += 1,
            None => given.push((*id, 1)),
        }
    }
    if !given.is_empty() {
        let pct = tables().multipliers.slice_percent;
        let parts: Vec<String> = given
            .iter()
            .map(|(id, n)| format!("{} +{}%", name(b, *id), pct * n))
            .collect();
        line.push_str(&format!("; INT slices: {}", parts.join(", ")));
    }
    line
}

fn moved_line(b: &B, unit: UnitId, path: &[Hex]) -> Option<String> {
    let to = *path.last()?;
    let u = b.unit(unit);
    let who = name(b, unit);
    if u.and_then(|u| u.hex) == Some(to) {
        return Some(format!("{who} stays where it is"));
    }
    let verb = match u.and_then(|u| u.state.order.as_ref()) {
        Some(Order::Engage(t)) => format!("advances on {} to", name(b, *t)),
        Some(Order::March(_)) => "marches to".into(),
        Some(Order::Flee) => "flees to".into(),
        Some(Order::Retreat) => "retreats to".into(),
        Some(Order::Withdraw) => "withdraws to".into(),
        // Only a unit assigned to the attacked section moves under Hold (l. 185).
        Some(Order::Hold) => "takes its post on the walls at".into(),
        _ => "moves to".into(),
    };
    Some(format!("{who} {verb} {}", at(to)))
}

fn removed_line(who: &str, why: &str) -> String {
    match why {
        "destroyed" => format!("{who} is destroyed"),
        "killed" => format!("{who} is killed"),
        "surrendered" => format!("{who} surrenders"),
        other => format!("{who} leaves the field: {other}"),
    }
}

fn breach_line(b: &B, hex: Hex) -> String {
    let Some(s) = &b.global.siege else {
        return format!("A breach opens at {}", at(hex));
    };
    let place = if s.gates.contains(&hex) {
        format!("The gate at {} falls", at(hex))
    } else {
        match s.sections.iter().find(|x| x.walls.contains(&hex)) {
            Some(x) => format!("A breach opens in the {} at {}", x.name, at(hex)),
            None => format!("A breach opens at {}", at(hex)),
        }
    };
    let first = if s.breached_at.is_none() {
        let t = &tables().siege;
        format!(
            "; the first: the besieged take {} to this sequence's end, {} in the next, then all",
            fraction(t.intact),
            fraction(t.after_breach)
        )
    } else {
        String::new()
    };
    format!("{place}: rubble any unit may cross{first}")
}

/// The log line of an event, read against the battle before it.
pub fn event_line(b: &B, e: &Event) -> Option<String> {
    let m = &tables().morale;
    Some(match e {
        Event::SequenceStarted { sequence } => format!("Sequence {sequence} begins"),
        Event::PhaseStarted { phase } => match phase {
            Phase::Opening => return None,
            Phase::Deployment => "Deployment: each side places its units in its zone and gives its standard, in secret".into(),
            Phase::Orders => match &b.global.siege {
                Some(s) => format!(
                    "Orders: {} names the section it attacks and seals first, then {}",
                    side_name(b, s.besieger),
                    side_name(b, s.besieger.other())
                ),
                None => "Orders: both commanders give their orders in secret".into(),
            },
            Phase::Shooting => "Shooting phase".into(),
            Phase::Movement => "Movement phase".into(),
            Phase::Melee => "Melee phase".into(),
            Phase::Morale => "Morale phase: loss tests, then rallies".into(),
        },
        Event::Placed { side, unit, hex } => format!("{} places {} at {}", side_name(b, *side), name(b, *unit), at(*hex)),
        Event::StandardGiven { side, unit } => format!("{} gives its battle standard to {}", side_name(b, *side), name(b, *unit)),
        Event::DeploymentRevealed { standards, .. } => {
            let bearers: Vec<String> = standards.iter().flatten().map(|u| name(b, *u)).collect();
            match bearers.as_slice() {
                [] => "Both deployments are revealed".into(),
                _ => format!("Both deployments are revealed; the standards: {}", bearers.join(", ")),
            }
        }
        Event::OrderGiven { side, unit, order } => {
            let was = b.global.drafts[side.index()]
                .iter()
                .find(|(id, _)| id == unit)
                .map_or_else(String::new, |(_, o)| {
                    format!(" (was: {})", order_label(b, o))
                });
            format!(
                "Order for {}: {}{was}",
                name(b, *unit),
                order_label(b, order)
            )
        }
        Event::Sealed { side } if b.global.phase == Phase::Deployment => format!("{} seals its deployment", side_name(b, *side)),
        Event::Sealed { side } => format!("{} seals its orders", side_name(b, *side)),
        Event::SectionChosen { section } => {
            format!("Section to attack, sealed: {}", section_name(b, *section))
        }
        Event::SectionDeclared { section } => match section {
            Some(i) => format!("{} attacks the {}", besieger_name(b), section_name(b, *i)),
            None => format!("{} attacks no section this sequence", besieger_name(b)),
        },
        Event::Assigned { unit } => {
            let walls = b
                .global
                .siege
                .as_ref()
                .and_then(|s| s.declared)
                .map_or_else(
                    || "the walls".into(),
                    |i| format!("the {}", section_name(b, i)),
                );
            format!("{} is assigned to defend {walls}", name(b, *unit))
        }
        Event::BreachPending { section } => format!(
            "No one defends the {}: {} picks where it is breached",
            section_name(b, *section),
            besieger_name(b)
        ),
        Event::BreachOpened { hex, .. } => breach_line(b, *hex),
        Event::OrdersRevealed { orders, slices } => revealed_line(b, orders, slices),
        Event::SliceGiven { unit, .. } => format!(
            "{} gets a slice of its commander's INT: +{}% when it attacks",
            name(b, *unit),
            tables().multipliers.slice_percent
        ),
        Event::Attacked(a) => attack_line(b, a),
        Event::DamageTaken {
            unit,
            damage,
            pvt,
            troops,
        } => {
            let u = b.unit(*unit);
            let before = u.map_or(*pvt + *damage, |u| u.state.pvt);
            let who = name(b, *unit);
            if is_hero(u) {
                format!("{who} loses {damage} hit points: {before} to {pvt}")
            } else {
                let had = u.map_or(*troops, |u| u.state.troops());
                format!("{who} loses {damage} PVT: {before} to {pvt}, troops {had} to {troops}")
            }
        }
        Event::Moved { unit, path } => return moved_line(b, *unit, path),
        Event::Engaged { a, b: c } => {
            let mutual = b
                .unit(*c)
                .is_some_and(|u| u.state.order == Some(Order::Engage(*a)));
            if mutual {
                format!("{} and {} engage each other", name(b, *a), name(b, *c))
            } else {
                format!("{} engages {}", name(b, *a), name(b, *c))
            }
        }
        Event::Disengaged { a, b: c } => {
            format!("{} and {} are no longer engaged", name(b, *a), name(b, *c))
        }
        Event::Removed { unit, why } => removed_line(&name(b, *unit), why),
        Event::MoraleTest {
            unit,
            kind,
            faces,
            morale,
            factors,
            passed,
        } => test_line(b, *unit, *kind, *faces, *morale, factors, *passed),
        Event::Demoralised {
            unit,
            by_shooting,
            rule,
        } => {
            let who = name(b, *unit);
            match *rule {
                "l. 106" => format!("{who} is demoralised: it is engaged with a huge creature"),
                "l. 98" => format!("{who} is demoralised: the hero it follows has fallen"),
                _ if *by_shooting => {
                    format!("{who} is demoralised by shooting: it does nothing next sequence")
                }
                _ => format!("{who} is demoralised"),
            }
        }
        Event::Rallied { unit } => format!("{} rallies: it acts normally again", name(b, *unit)),
        Event::WillLeave { unit } => format!(
            "{} fails to rally: it leaves the field in the next movement phase",
            name(b, *unit)
        ),
        Event::StandardLost { side } => format!(
            "{} has lost its battle standard: {:+} to every morale test from now on",
            side_name(b, *side),
            m.standard_lost
        ),
        Event::RalliesOffered { side, units } => format!(
            "{} may try to rally, a morale test each: {}",
            side_name(b, *side),
            names(b, units)
        ),
        Event::RalliesDone { side } => {
            format!("{} makes no more rally attempts", side_name(b, *side))
        }
        Event::PursuitsOffered { pursuits, choosing } => {
            let offers: Vec<String> = choosing
                .iter()
                .flatten()
                .filter_map(|p| pursuits.iter().find(|(x, _)| x == p))
                .map(|(p, q)| format!("{} may strike the {} or fight on", name(b, *p), name(b, *q)))
                .collect();
            format!("Pursuit choices: {}", offers.join("; "))
        }
        Event::PursuitChosen { unit, target } if b.global.pursuits.contains(&(*unit, *target)) => {
            format!("{} goes after {}", name(b, *unit), name(b, *target))
        }
        Event::PursuitChosen { unit, target } => {
            format!("{} lets its quarry go and fights {} in the melee", name(b, *unit), name(b, *target))
        }
        Event::DuelRound { round, blows } => duel_line(b, *round, blows),
        Event::OfficerJoined { hero, unit, hp } => format!(
            "{} joins {} as its officer: +{hp} to its PVT",
            name(b, *hero),
            name(b, *unit)
        ),
        Event::OfficerAlone { unit, hero, hp } => format!(
            "{} leaves the ranks of {} and stands alone with {hp} hit points",
            name(b, *hero),
            name(b, *unit)
        ),
        Event::HeroFell { hero } => format!("{} has fallen", name(b, *hero)),
        Event::DuelMissed { hero, target } => format!("{} moved out of {}'s reach: no duel", name(b, *target), name(b, *hero)),
        Event::Cowardice { hero, side } => format!(
            "{} falls on the rank and file while a peer was his to fight: {:+} to {}'s morale \
             tests this sequence",
            name(b, *hero),
            m.coward_heroes,
            side_name(b, *side)
        ),
        Event::CommanderFell { side } => {
            let who = b.global.commanders[side.index()]
                .as_ref()
                .map_or_else(|| "The commander-in-chief".into(), |c| c.name.clone());
            format!(
                "{who}, commander-in-chief of {}, is dead: its units test at once, {:+} to every \
                 morale test from now on",
                side_name(b, *side),
                m.commander_fell
            )
        }
        Event::Surrenders { unit } => {
            format!("{} will surrender at the sequence's end", name(b, *unit))
        }
        Event::Regenerated { unit, pvt } => {
            let before = b.unit(*unit).map_or(*pvt, |u| u.state.pvt);
            format!(
                "{} regenerates {} PVT: {before} to {pvt}",
                name(b, *unit),
                pvt - before
            )
        }
        Event::WallWorked { unit, hex, points, total } => {
            let need = super::siege::points_to_fall(b, *hex);
            format!("{} bombards the {} at {}: {points} work points, {total} of {need}", name(b, *unit), wall_or_gate(b, *hex), at(*hex))
        }
        Event::RamStarted { unit, hex, faces, needs } => format!(
            "{} starts on the {} at {}: {} sequences to break it",
            name(b, *unit),
            wall_or_gate(b, *hex),
            at(*hex),
            rolled(Some(tables().siege.ram), faces, i64::from(*needs))
        ),
        Event::RamWorked { unit, hex, done, needs } => {
            format!("{} lived through a sequence at the {} at {}: {done} of {needs}", name(b, *unit), wall_or_gate(b, *hex), at(*hex))
        }
        Event::Passwall { hero, hex } => format!("{} casts Breach on the wall at {}", name(b, *hero), at(*hex)),
        Event::SequenceEnded { sequence } => format!("End of sequence {sequence}"),
        Event::BattleEnded { outcome } => match outcome.winner {
            Some(w) => format!("{} wins: {}", side_name(b, w), outcome.reason),
            None => format!("A draw: {}", outcome.reason),
        },
    })
}

/// The rules an attack applied: the formula and the table, or the flat roll that replaces them,
/// then each term's rule.
fn attack_rules(b: &B, a: &Attack) -> Vec<&'static str> {
    let mut v = vec![match a.kind {
        AttackKind::Shot => "l. 27, 48 (shots)",
        AttackKind::Melee => "l. 49 (one enemy in melee)",
        AttackKind::Spell => "H-M7",
        AttackKind::Pursuit => match b.unit(a.target).and_then(|t| t.state.order.as_ref()) {
            Some(Order::Flee) => "l. 32, 86 (the pursuer of a fleeing unit), R-M7",
            Some(Order::Withdraw) => "l. 30 (the option: a withdrawal from several enemies), R-M7",
            _ => "l. 31 (a retreating unit is attacked), R-M8",
        },
    }];
    let engine = b.unit(a.attacker).and_then(|x| super::engines::engine(&x.state)).is_some();
    if crushing(a) {
        v.extend(["l. 106", "R-M17 (10 × the monster's hit dice, no dice)"]);
    } else if engine {
        v.extend(["l. 210-224 (siege engines)", "H-M2 (indirect fire)"]);
    } else if a.kind != AttackKind::Spell {
        v.extend([
            "l. 55-59 (damage = roll × troops × table %)",
            "l. 157-171 (battle table), R-M1",
            "R-M2 (one roll for the unit)",
        ]);
        if is_hero(b.unit(a.attacker)) {
            v.push("R-M19 (a hero's attacks are his troops)");
        }
    }
    if immune(b, a) {
        v.push("l. 107 (immune)");
    }
    v.extend(a.terms.iter().map(|t| t.rule));
    v.push("R-M4 (floored once)");
    v.push("l. 53 (damage at the phase's end)");
    v
}

fn test_rules(kind: TestKind, factors: &[Factor], passed: bool) -> Vec<&'static str> {
    let mut v = vec![
        "l. 63-82 (morale test: 2d6 ≤ morale + modifiers)",
        "R-M6",
        match kind {
            TestKind::Losses => "l. 65 (it lost troops), R-M5",
            TestKind::Rally => "l. 34, 92, 100 (rally), R-M22",
            TestKind::CommanderFell => "l. 135 (the commander-in-chief fell), R-M13",
        },
    ];
    v.extend(factors.iter().map(|f| f.rule));
    if !passed {
        v.push(match kind {
            TestKind::Losses => "l. 82 (a failure demoralises)",
            TestKind::Rally => "l. 94 (a failed rally: it leaves)",
            TestKind::CommanderFell => "l. 137 (it surrenders)",
        });
    }
    v
}

fn removed_rule(why: &str) -> &'static str {
    match why {
        "killed in a duel" => "H-M6, l. 123",
        "left the field after a failed rally" => "l. 94",
        "surrendered" => "l. 137",
        "its troops are all down" => "l. 133, R-M12",
        _ => "l. 59, R-M3 (no PVT left)",
    }
}

/// The rules an event applied, as the seed (l. N), its readings (R-Mn) and the house rules (H-Mn)
/// name them.
pub fn event_rule(b: &B, e: &Event) -> Option<String> {
    let list: Vec<&str> = match e {
        Event::SequenceStarted { .. } => vec!["l. 7 (a sequence is an hour)", "l. 11-17"],
        Event::PhaseStarted { phase } => match phase {
            Phase::Opening => return None,
            Phase::Deployment => vec!["H-M10 (sealed deployment)", "l. 38 (the standard)"],
            Phase::Orders if b.global.siege.is_some() => {
                vec![
                    "l. 13, 21-23 (sealed orders)",
                    "l. 185 (the section, then its defenders)",
                ]
            }
            Phase::Orders => vec!["l. 13, 21-23 (sealed orders)"],
            Phase::Shooting => vec!["l. 14 (shooting phase)", "l. 53"],
            Phase::Movement => vec!["l. 15 (movement phase)", "H-M4"],
            Phase::Melee => vec!["l. 16 (melee phase)", "l. 53", "H-M6 (duels first)"],
            Phase::Morale => vec!["l. 17 (morale phase)", "l. 63-100"],
        },
        Event::OrderGiven { order, .. } => vec!["l. 21-23 (sealed orders)", order_rule(order)],
        Event::Sealed { .. } if b.global.phase == Phase::Deployment => vec!["H-M10 (sealed deployment)"],
        Event::Sealed { .. } => vec!["l. 21-23 (sealed orders)"],
        Event::SectionChosen { .. } | Event::SectionDeclared { .. } => {
            vec!["l. 185 (the besieger names a section)", "l. 179"]
        }
        Event::Assigned { .. } => vec!["l. 185 (the besieged assign its defenders)"],
        Event::BreachPending { .. } => vec!["l. 187 (no defenders: a breach at once)"],
        Event::BreachOpened { rule, .. } => vec![*rule, "l. 181", "H-M13 (rubble)"],
        Event::OrdersRevealed { slices, .. } => {
            let mut v = vec!["l. 21 (orders revealed together)"];
            if !slices.is_empty() {
                v.push("l. 104, R-M20 (INT slices)");
            }
            v
        }
        Event::SliceGiven { .. } => vec!["l. 104, R-M20 (INT slices)"],
        Event::Attacked(a) => attack_rules(b, a),
        Event::DamageTaken { .. } => vec![
            "l. 53, 59 (damage at the phase's end)",
            "l. 61, R-M3 (troops: PVT / PVI, rounded up)",
        ],
        Event::Moved { unit, .. } => {
            let mut v = match b.unit(*unit).and_then(|u| u.state.order.as_ref()) {
                Some(Order::Hold) => vec!["l. 185 (an assigned unit takes its post)"],
                order => order.map(order_rule).into_iter().collect(),
            };
            v.extend(["H-M1 (movement)", "H-M4 (the movement phase)"]);
            v
        }
        Event::Engaged { .. } => vec!["l. 28 (engagement)", "R-M11 (it charged)"],
        Event::Disengaged { .. } => vec!["l. 29, 31, 32 (free at the sequence's end)"],
        Event::Removed { why, .. } => vec![removed_rule(why)],
        Event::MoraleTest {
            kind,
            factors,
            passed,
            ..
        } => test_rules(*kind, factors, *passed),
        Event::Demoralised {
            rule, by_shooting, ..
        } => {
            let mut v = vec![*rule];
            match *rule {
                "l. 106" => v.push("R-M17, R-M23"),
                "l. 98" => v.push("R-M23"),
                _ => v.push("l. 84 (it flees or withdraws)"),
            }
            if *by_shooting {
                v.push("l. 33, 100, R-M24 (demoralised by shooting)");
            }
            v
        }
        Event::Rallied { .. } => vec!["l. 34, 92 (rallied)"],
        Event::WillLeave { .. } => vec!["l. 94 (a failed rally: it leaves)"],
        Event::StandardLost { .. } => vec!["l. 42 (the standard lost)"],
        Event::RalliesOffered { .. } | Event::RalliesDone { .. } => {
            vec!["l. 92, 100 (rally at the end of the flight)", "R-M22"]
        }
        Event::Placed { .. } | Event::DeploymentRevealed { .. } => vec!["H-M10 (sealed deployment)"],
        Event::StandardGiven { .. } => vec!["l. 38 (the commander gives the standard)", "H-M10"],
        Event::PursuitsOffered { .. } | Event::PursuitChosen { .. } => vec!["l. 90 (the pursuer picks its one target)", "l. 30 (the withdrawal's option)", "R-M7 (one attack)"],
        Event::DuelRound { .. } => vec!["H-M6", "l. 123-125 (10 rounds)"],
        Event::OfficerJoined { .. } => vec!["l. 129-131 (officers)", "R-M12"],
        Event::OfficerAlone { .. } => vec!["l. 133 (the officer alone)", "R-M12"],
        Event::HeroFell { .. } => vec!["l. 98, 135 (what a hero's fall brings)"],
        Event::DuelMissed { .. } => vec!["l. 121-125 (a hero seeks his peer)", "H-M6 (within his reach at the melee)"],
        Event::Cowardice { .. } => vec!["l. 119, H-M12 (cowardly heroes)"],
        Event::CommanderFell { .. } => vec!["l. 135-139 (the commander-in-chief dies)", "R-M13"],
        Event::Surrenders { .. } => vec!["l. 137 (those that fail surrender)"],
        Event::Regenerated { .. } => vec!["l. 109 (regeneration)"],
        Event::WallWorked { .. } => vec!["l. 191, 216-222 (engines breach a wall or bring down a tower)", "H-M13 (work points)"],
        Event::RamStarted { unit, .. } | Event::RamWorked { unit, .. } if b.unit(*unit).is_some_and(|u| u.state.kind() == Kind::Huge) => {
            vec!["H-M16 (a huge creature tears at a wall as a ram does)", "l. 194 (2d4 sequences)", "H-M13"]
        }
        Event::RamStarted { .. } | Event::RamWorked { .. } => vec!["l. 194 (the ram needs 2d4 sequences)", "H-M13"],
        Event::Passwall { .. } => vec!["l. 195 (Passwall, Disintegrate)", "H-M7 (once a battle)"],
        Event::SequenceEnded { .. } => vec!["l. 9 (a brief respite)"],
        Event::BattleEnded { .. } => vec!["H-M9 (victory)"],
    };
    let mut seen: Vec<&str> = Vec::new();
    for r in list {
        if !seen.contains(&r) {
            seen.push(r);
        }
    }
    Some(seen.join("; "))
}

/// What a command asks for, in a player's terms.
pub fn command_label(b: &B, c: &Command) -> String {
    match c {
        Command::Give { unit, order } => format!("{}: {}", name(b, *unit), order_label(b, order)),
        Command::Slice { unit } => {
            let pct = tables().multipliers.slice_percent;
            let side = b.unit(*unit).map(|u| u.side.index());
            let had = side.map_or(0, |s| {
                b.global.slices[s].iter().filter(|id| *id == unit).count()
            });
            let had = u32::try_from(had).unwrap_or(u32::MAX);
            let total = if had > 0 {
                format!(", +{}% in all", pct * (had + 1))
            } else {
                String::new()
            };
            format!(
                "Give {} a slice of the commander's INT (+{pct}%{total})",
                name(b, *unit)
            )
        }
        Command::Besiege { section } => format!("Attack the {}", section_name(b, *section)),
        Command::Assign { unit } => format!("Assign {} to the walls", name(b, *unit)),
        Command::Breach { hex } => format!("Breach the wall at {}", at(*hex)),
        Command::Seal if b.global.phase == Phase::Deployment => "Seal the deployment (units not placed stay where they stand)".into(),
        Command::Seal => {
            let Some(side) = legal::deciding_side(b) else {
                return "Seal the orders".into();
            };
            let drafts = &b.global.drafts[side.index()];
            let bare = b
                .on_board()
                .filter(|u| u.side == side && !u.state.leaving)
                .filter(|u| !drafts.iter().any(|(id, _)| *id == u.id))
                .count();
            match bare {
                0 => "Seal the orders".into(),
                1 => "Seal the orders (1 unit without one takes its default)".into(),
                n => format!("Seal the orders ({n} units without one take their default)"),
            }
        }
        Command::Place { unit, hex } => format!("Place {} at {}", name(b, *unit), at(*hex)),
        Command::Standard { unit } => format!("Give the battle standard to {} (l. 38)", name(b, *unit)),
        Command::Pursue { unit, target } if b.global.pursuits.contains(&(*unit, *target)) => {
            let how = match b.unit(*target).and_then(|t| t.state.order.clone()) {
                Some(Order::Flee) => ", +10%",
                _ => "",
            };
            format!("{} strikes the {} now (pursuit{how})", name(b, *unit), name(b, *target))
        }
        Command::Pursue { unit, target } => format!("{} lets its quarry go and fights {} in the melee", name(b, *unit), name(b, *target)),
        Command::Rally { unit } => format!("Try to rally {} (morale test)", name(b, *unit)),
        Command::EndRallies => "End the rally attempts".into(),
    }
}

fn order_code(o: &Order) -> String {
    match o {
        Order::Shoot(t) => format!("s {}", t.0),
        Order::Engage(t) => format!("e {}", t.0),
        Order::Withdraw => "w".into(),
        Order::Retreat => "r".into(),
        Order::Flee => "f".into(),
        Order::NoAction => "n".into(),
        Order::Rally => "y".into(),
        Order::March(h) => format!("m {}", coords::code(*h)),
        Order::Hold => "h".into(),
        Order::Duel(t) => format!("d {}", t.0),
        Order::Cast(t) => format!("c {}", t.0),
        Order::Officer(t) => format!("of {}", t.0),
        Order::Auto => "a".into(),
        Order::Bombard(h) => format!("bo {}", coords::code(*h)),
        Order::Ram => "ram".into(),
        Order::Demolish(h) => format!("de {}", coords::code(*h)),
        Order::Passwall(h) => format!("pw {}", coords::code(*h)),
    }
}

/// What stands at a hex of the fortification: a gate, a tower or a wall.
fn wall_or_gate(b: &B, hex: Hex) -> &'static str {
    match b.global.siege.as_ref() {
        Some(s) if s.gates.contains(&hex) => "gate",
        Some(s) if s.towers.iter().any(|t| t.hex == hex) => "tower",
        _ => "wall",
    }
}

/// The short code a player types at the terminal; it names everything its command holds.
pub fn command_code(c: &Command) -> String {
    match c {
        Command::Give { unit, order } => format!("o {} {}", unit.0, order_code(order)),
        Command::Slice { unit } => format!("i {}", unit.0),
        Command::Besiege { section } => format!("b {section}"),
        Command::Assign { unit } => format!("a {}", unit.0),
        Command::Breach { hex } => format!("x {}", coords::code(*hex)),
        Command::Seal => "seal".into(),
        Command::Pursue { unit, target } => format!("p {} {}", unit.0, target.0),
        Command::Place { unit, hex } => format!("pl {} {}", unit.0, coords::code(*hex)),
        Command::Standard { unit } => format!("st {}", unit.0),
        Command::Rally { unit } => format!("r {}", unit.0),
        Command::EndRallies => "e".into(),
    }
}

/// The unit a command concerns, under which the terminal lists it; the section, the breach, the
/// seal and the end of the rallies belong to the whole side.
pub fn command_unit(c: &Command) -> Option<UnitId> {
    match c {
        Command::Give { unit, .. }
        | Command::Slice { unit }
        | Command::Assign { unit }
        | Command::Rally { unit }
        | Command::Pursue { unit, .. }
        | Command::Place { unit, .. }
        | Command::Standard { unit } => Some(*unit),
        Command::Besiege { .. } | Command::Breach { .. } | Command::Seal | Command::EndRallies => {
            None
        }
    }
}

/// The status line: the sequence, the phase, the seals, the siege and each side's lasting marks.
/// The deciding side's units still without an order this sequence (each takes its default at the
/// seal, H-M3), named, the first few.
fn without_orders(b: &B) -> Option<String> {
    let side = legal::deciding_side(b).filter(|s| b.global.phase == Phase::Orders && !b.global.sealed[s.index()])?;
    let drafted = &b.global.drafts[side.index()];
    let waiting: Vec<String> = b
        .on_board()
        .filter(|u| u.side == side && !u.state.leaving && !drafted.iter().any(|(id, _)| *id == u.id) && !legal::legal_orders(b, u).is_empty())
        .map(|u| name(b, u.id))
        .collect();
    crate::battle::look::named_few("Without orders", &waiting)
}

pub fn status(b: &B) -> Vec<String> {
    let g = &b.global;
    let phase = match g.phase {
        Phase::Opening => "Setting up".to_string(),
        Phase::Deployment => "Deployment".to_string(),
        Phase::Orders => match g.siege.as_ref().and_then(|s| s.breach_pending) {
            Some(i) => format!("Orders: breach the {}", section_name(b, i)),
            None => "Orders".into(),
        },
        Phase::Shooting => "Shooting".into(),
        Phase::Movement if g.choosing.iter().any(|c| !c.is_empty()) => "Movement: pursuit choices".into(),
        Phase::Movement => "Movement".into(),
        Phase::Melee => "Melee".into(),
        Phase::Morale if g.rallies.iter().any(|r| !r.is_empty()) => "Morale: rally attempts".into(),
        Phase::Morale => "Morale".into(),
    };
    let mut out = if b.turn == 0 { vec![phase] } else { vec![format!("Sequence {}", b.turn), phase] };
    if matches!(g.phase, Phase::Orders | Phase::Deployment) {
        let sealed: Vec<String> = Side::BOTH
            .into_iter()
            .filter(|s| g.sealed[s.index()])
            .map(|s| side_name(b, s))
            .collect();
        out.push(if sealed.is_empty() {
            "No side has sealed".into()
        } else {
            format!("Sealed: {}", sealed.join(", "))
        });
        if let Some(waiting) = without_orders(b) {
            out.push(waiting);
        }
    }
    if let Some(s) = &g.siege {
        // Who besieges is in the briefing and each Orders phase's line; the bar keeps room for its buttons.
        if let Some(i) = s.declared {
            out.push(format!("Attacked: {}", section_name(b, i)));
        }
        out.push(if s.breaches.is_empty() {
            "No breach".into()
        } else {
            let hexes: Vec<String> = s.breaches.iter().map(|h| at(*h)).collect();
            format!("Breaches: {}", hexes.join(", "))
        });
        // Only supplies that run out before the last sequence are worth a place in the line.
        for side in Side::BOTH {
            if let Some(n) = s.supplies[side.index()].filter(|n| *n < b.last_turn) {
                out.push(match (n + 1).saturating_sub(b.turn) {
                    0 => format!("{}: no food, -1", side_name(b, side)),
                    left => format!("{}: food for {left}", side_name(b, side)),
                });
            }
        }
    }
    for side in Side::BOTH {
        let i = side.index();
        if g.standard_lost[i] {
            out.push(format!("{}: standard lost", side_name(b, side)));
        }
        if g.commander_fell[i] {
            out.push(format!("{}: commander fallen", side_name(b, side)));
        }
        if g.cowardice[i] == b.turn && b.turn > 0 {
            out.push(format!("{}: a hero shunned his peers", side_name(b, side)));
        }
    }
    out
}
