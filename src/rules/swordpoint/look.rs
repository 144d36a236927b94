//! How Swordpoint's pieces look: the counter (formation band, troop symbol, bases × ranks, figures
//! left, facing, attached commanders, state marks, flight), the unit card with its profile and the
//! modifiers that apply now, the terrain card, the status line, the losses, and the odds shown
//! before a shot, a charge or momentum put into a combat.

use super::Swordpoint;
use super::combat::{self, CombatOdds};
use super::command::Command;
use super::data::{Applies, CohesionCondition, CohesionEffect, CommanderRank, Manoeuvre, MoveEffect, MoveGroup, Order, Profile, ResultFactor, ShootingFactor, Trait, tables};
use super::describe::{name, side_name};
use super::shooting;
use super::state::Phase;
use super::unit::{self, SpUnit};
use super::words::{self, count};
use crate::battle::look::{Counter, Line, Preview, Rgb, Symbol, Tag, Troop};
use crate::battle::{Battle, Ruleset, Side, UnitId};
use crate::hex::{Direction, Ground, Hex, Hexside, Offset};

type B = Battle<Swordpoint>;

pub const DEMORALISED: Tag = Tag::Dot(Rgb(255, 140, 0));
pub const EXHAUSTED: Tag = Tag::Dot(Rgb(150, 150, 150));
pub const DISORGANISED: Tag = Tag::Cross(Rgb(240, 220, 60));
pub const IN_COMBAT: Tag = Tag::Cross(Rgb(255, 255, 255));
pub const CHARGED: Tag = Tag::Cross(Rgb(230, 60, 50));
pub const MUST_CHARGE: Tag = Tag::Dot(Rgb(220, 60, 200));
pub const TERRIFIED: Tag = Tag::Cross(Rgb(170, 110, 230));
pub const MOVED: Tag = Tag::Dot(Rgb(190, 215, 255));
pub const FLEEING: Rgb = Rgb(255, 70, 40);
pub const GENERAL_DISC: Rgb = Rgb(222, 180, 60);
pub const COMMANDER_DISC: Rgb = Rgb(190, 195, 205);

/// The band across a counter: its formation order.
pub fn order_colour(o: Order) -> Rgb {
    match o {
        Order::Close => Rgb(178, 40, 40),
        Order::Loose => Rgb(222, 170, 40),
        Order::Skirmish => Rgb(70, 160, 80),
    }
}

/// The troop type's map symbol.
pub fn troop_symbol(t: super::data::Troop) -> Troop {
    use super::data::Troop as T;
    match t {
        T::Foot => Troop::Infantry,
        T::Cavalry => Troop::Cavalry,
        T::Camels => Troop::Camelry,
        T::LightChariot | T::HeavyChariot | T::ScythedChariot => Troop::Chariots,
        T::Elephant => Troop::Elephants,
    }
}

pub fn rank_letter(r: CommanderRank) -> &'static str {
    match r {
        CommanderRank::ArmyGeneral => "G",
        CommanderRank::Commander => "C",
    }
}

/// The phases both sides decide at once, on sealed sheets (A.4).
pub fn sealed(p: Phase) -> bool {
    matches!(p, Phase::ShootingDeclare | Phase::Initiative | Phase::CombatMomentum)
}

/// The terminal's letter: infantry I (skirmishers S), cavalry C (skirmishers L), camels K,
/// chariots H, elephants E; a capital for side 0.
pub fn glyph(u: &SpUnit) -> char {
    use super::data::Troop as T;
    let p = u.state.profile();
    let letter = match (p.troop, p.order) {
        (T::Foot, Order::Skirmish) => 's',
        (T::Foot, _) => 'i',
        (T::Cavalry, Order::Skirmish) => 'l',
        (T::Cavalry, _) => 'c',
        (T::Camels, _) => 'k',
        (T::LightChariot | T::HeavyChariot | T::ScythedChariot, _) => 'h',
        (T::Elephant, _) => 'e',
    };
    if u.side.0 == 0 { letter.to_ascii_uppercase() } else { letter }
}

pub fn counter(b: &B, u: &SpUnit) -> Counter {
    let s = &u.state;
    let p = s.profile();
    let marks = [
        (s.demoralised, DEMORALISED),
        (s.exhausted(), EXHAUSTED),
        (s.disorganised, DISORGANISED),
        (b.global.combat_of(u.id).is_some(), IN_COMBAT),
        (s.charged, CHARGED),
        (s.must_charge, MUST_CHARGE),
        (s.terrified, TERRIFIED),
        (s.moved, MOVED),
    ];
    let generals = b.global.commanders_with(u.id).filter(|c| c.rank == CommanderRank::ArmyGeneral).count();
    let commanders = b.global.commanders_with(u.id).count() - generals;
    let letters = rank_letter(CommanderRank::ArmyGeneral).repeat(generals) + &rank_letter(CommanderRank::Commander).repeat(commanders);
    let disc = if generals > 0 { GENERAL_DISC } else { COMMANDER_DISC };
    Counter {
        band: Some(order_colour(p.order)),
        symbol: Some(Symbol { troop: troop_symbol(p.troop), shoots: p.missile.is_some() }),
        monogram: None,
        name: p.label.clone(),
        factors: format!("{}×{}", s.bases(), s.ranks()),
        badge: s.figures.to_string(),
        corner: (!letters.is_empty()).then_some((disc, letters)),
        tags: marks.into_iter().filter(|(on, _)| *on).map(|(_, tag)| tag).collect(),
        alert: s.fleeing.then(|| (FLEEING, "FLEEING".to_string())),
        facing: Some(u.facing),
    }
}

pub fn unit_card(b: &B, id: UnitId) -> Vec<Line> {
    let Some(u) = b.unit(id) else { return Vec::new() };
    let (s, p, t) = (&u.state, u.state.profile(), tables());
    let mut lines = vec![
        Line::plain(format!("■ {} · {}", words::troop(p.troop), words::order(p.order))).coloured(order_colour(p.order)),
        Line::heading(format!("{} #{} · {}", p.label, id.0, side_name(b, u.side))),
        Line::plain(format!(
            "{} of {} ({} of {} figures) · {} wide, {} · {} strength points",
            count(s.bases(), "base", "bases"),
            s.start_bases,
            s.figures,
            s.start_figures,
            s.frontage,
            count(s.ranks(), "rank", "ranks"),
            s.strength()
        )),
        Line::plain(defence_line(p)),
        Line::plain(format!(
            "Melee {}{} · {} a base",
            words::quality(p.melee),
            p.weapon.map_or(String::new(), |w| format!(" with {}", words::weapon(w))),
            count(t.combat.dice_row(s.fighter()).dice, "die", "dice")
        )),
    ];
    if let Some(m) = p.missile {
        let (short, long) = t.shooting.range(m);
        let hexes = |inches: u8| t.scale.reach(u32::from(inches));
        let reach = match long {
            Some(l) => format!("{short}\" / {l}\" (to {} / {} hexes)", hexes(short), hexes(l)),
            None => format!("{short}\" (to {} hexes)", hexes(short)),
        };
        lines.push(Line::plain(format!("Shooting {} with {}: {reach}", p.shooting.map_or("normal", words::quality), words::missile(m))));
    }
    let rate = if u.hex.is_some() { unit::move_rate(b, u) } else { s.rate() };
    let slowed = if rate < s.rate() { format!(", slowed from {}\" near the enemy (SP:L134)", s.rate()) } else { String::new() };
    lines.push(Line::plain(format!("Cohesion {}: a test needs 2d6 ≥ {} + modifiers · Move {rate}\"{slowed}", p.cohesion, p.cohesion)));
    if !p.traits.is_empty() {
        lines.push(Line::plain(format!("Traits: {}", p.traits.iter().map(|tr| words::trait_name(*tr)).collect::<Vec<_>>().join(", "))));
    }
    for c in b.global.commanders_with(id) {
        lines.push(Line::plain(format!("With {}, {} (Cohesion {})", c.name, words::rank(c.rank), t.units.commander(c.rank).cohesion)));
    }
    let now = modifiers_now(b, u);
    if !now.is_empty() {
        lines.push(Line::small("Now:"));
        lines.extend(now.into_iter().map(Line::small));
    }
    lines
}

fn defence_line(p: &Profile) -> String {
    let worn: Vec<&str> = std::iter::once(words::armour(p.armour)).chain(p.protection.iter().map(|x| words::protection(*x))).collect();
    format!("Defence {} ({}): saves on {}+", p.defence, worn.join(", "), p.defence)
}

/// The modifiers and states that apply to the unit now, each with its rule.
fn modifiers_now(b: &B, u: &SpUnit) -> Vec<String> {
    let (s, t) = (&u.state, tables());
    let add = |e: Option<CohesionEffect>| match e {
        Some(CohesionEffect::Add(v)) => v,
        _ => 0,
    };
    let result = |f: ResultFactor| t.combat.result_modifier(f);
    let mut out = Vec::new();
    if s.fleeing {
        out.push(format!("fleeing: rallies only within a commander's radius, {:+} to the test (SP:L112)", add(t.cohesion.rally_effect(CohesionCondition::Fleeing))));
    }
    if s.demoralised {
        out.push(format!(
            "demoralised: {:+} to tests (SP:L28), {:+} to the combat result (SP:L192)",
            add(t.cohesion.test_effect(CohesionCondition::Demoralised)),
            result(ResultFactor::Demoralised)
        ));
    }
    if s.exhausted() {
        out.push(format!("exhausted, half its bases or fewer: {:+} to tests (SP:L29)", add(t.cohesion.test_effect(CohesionCondition::Exhausted))));
    }
    if s.disorganised {
        out.push(format!("disorganised after a pursuit: {:+} to the combat result (SP:L194)", result(ResultFactor::DisorganisedAfterPursuit)));
    }
    if s.close_order() && !s.has(Trait::Levy) {
        out.push(format!("close order: {:+} to the combat result (SP:L185)", result(ResultFactor::CloseOrderNotLevy)));
    }
    if s.depth() {
        out.push(format!("two full ranks, depth: {:+} to the combat result (SP:L186)", result(ResultFactor::DepthBonus)));
    }
    if unit::general_attached(b, u.id) {
        out.push(format!("army general attached: {:+} to the combat result (SP:L187)", result(ResultFactor::ArmyGeneralAttached)));
    }
    let (cohesion, rule) = unit::cohesion(b, u);
    if cohesion != s.profile().cohesion {
        out.push(format!("tests with Cohesion {cohesion}: {}", words::reason(rule).unwrap_or_default()));
    }
    if u.hex.is_some() {
        let command = if unit::in_command(b, u) { "in a commander's radius: may rally (SP:L200)" } else { "out of every commander's radius" };
        out.push(command.to_string());
    }
    let flags = [
        (s.charged, "charged this turn: strikes early (SP:L162)".to_string()),
        (s.must_charge, "must charge this turn (H-19)".to_string()),
        (s.terrified, "terrified: no charge at an elephant, no move closer to one (H-16)".to_string()),
        (s.recoiled_last_turn, format!("recoiled last turn: {:+} to disengage (SP:L122)", add(t.cohesion.disengage_effect(CohesionCondition::RecoiledLastTurn)))),
        (s.pursued_into_last_turn, "caught by a pursuer last turn: may not disengage (SP:L121)".to_string()),
        (s.shot_losses > 0, format!("lost {} to shooting this turn (SP:L24)", count(s.shot_losses, "figure", "figures"))),
        (s.moved, "has moved this turn".to_string()),
        (s.off_table.is_some(), "off the table: tests to come back in each Initial phase (H-18)".to_string()),
        (s.destroyed, "destroyed".to_string()),
    ];
    out.extend(flags.into_iter().filter(|(on, _)| *on).map(|(_, text)| text));
    if let Some(c) = b.global.combat_of(u.id) {
        let enemies: Vec<String> = c.units.iter().filter(|e| b.unit(**e).is_some_and(|e| e.side != u.side)).map(|e| name(b, *e)).collect();
        out.push(format!("in combat with {}", enemies.join(" and ")));
    }
    out
}

pub fn terrain_card(b: &B, hex: Hex) -> Vec<Line> {
    let (ground, t) = (b.map.at(hex), tables());
    let hill = if ground.level > 0 { format!(", hill level {}", ground.level) } else { String::new() };
    let mut lines = vec![Line::heading(format!("{}{}{hill} at {}", words::ground(ground.ground), if ground.road { ", road" } else { "" }, Offset::from_hex(hex)))];
    match ground.ground {
        Ground::River if ground.road => lines.push(Line::plain("A bridge: passable along the road (H-23)")),
        Ground::River => lines.push(Line::plain("Impassable (H-23)")),
        Ground::Forest | Ground::Marsh | Ground::Rocky | Ground::Buildings | Ground::Stream => lines.push(Line::plain(difficult_line())),
        Ground::Open | Ground::Fortification => {}
    }
    match ground.ground {
        Ground::Forest => lines.push(Line::plain(format!("Light cover: {:+} to hit a unit here (SP:L78)", t.shooting.to_hit_modifier(ShootingFactor::LightCover)))),
        Ground::Buildings | Ground::Fortification => lines.push(Line::plain(format!("Heavy cover: {:+} to hit a unit here (SP:L79)", t.shooting.to_hit_modifier(ShootingFactor::HeavyCover)))),
        _ => {}
    }
    if matches!(ground.ground, Ground::Forest | Ground::Buildings) {
        lines.push(Line::plain("Blocks the line of sight across it (H-23)"));
    }
    if ground.level > 0 {
        lines.push(Line::plain(format!("Higher ground: {:+} to the combat result against a lower enemy (SP:L188)", t.combat.result_modifier(ResultFactor::HigherGround))));
    }
    for d in Direction::ALL {
        if let Some(f) = b.map.hexsides.get(hex, d) {
            lines.push(Line::small(format!("{} on the {} side: {}", hexside_words(f).0, words::direction(d), hexside_words(f).1)));
        }
    }
    lines
}

/// SP4.31–4.33 as the table has them: who moves at what speed in difficult ground.
fn difficult_line() -> String {
    let m = &tables().movement;
    let rows = m.manoeuvre(Manoeuvre::DifficultTerrain).chain(m.manoeuvre(Manoeuvre::DifficultTerrainAndObstacles));
    let parts: Vec<String> = rows.map(|r| format!("{} {}", applies(&r.applies), effect(r.effect))).collect();
    format!("Difficult ground (SP:L142–144): {}", parts.join("; "))
}

fn applies(a: &Applies) -> String {
    match a {
        Applies::All => "everyone".into(),
        Applies::AllExcept(g) => format!("all but {}", groups(g)),
        Applies::Only(g) => groups(g),
    }
}

fn groups(g: &[MoveGroup]) -> String {
    g.iter().map(|x| group(*x)).collect::<Vec<_>>().join(" and ")
}

fn group(g: MoveGroup) -> &'static str {
    match g {
        MoveGroup::Skirmishers => "skirmishers",
        MoveGroup::FootSkirmishers => "foot skirmishers",
        MoveGroup::MountedSkirmishers => "mounted skirmishers",
        MoveGroup::LooseOrder => "loose order",
        MoveGroup::LooseOrderFoot => "loose-order foot",
        MoveGroup::UnbardedCavalry => "unbarded cavalry",
        MoveGroup::Commanders => "commanders",
    }
}

fn effect(e: MoveEffect) -> String {
    let quarters = |q: u8| match q {
        0 => "nothing".to_string(),
        2 => "½".to_string(),
        4 => "all".to_string(),
        q => format!("{q}/4"),
    };
    match e {
        MoveEffect::Speed(q) => format!("at {} speed", quarters(q)),
        MoveEffect::Cost(q) => format!("spend {} of the rate", quarters(q)),
        MoveEffect::Inches(n) => format!("at {n}\""),
    }
}

/// A hexside feature's name and what it does (H-23, SP4.34).
fn hexside_words(f: Hexside) -> (&'static str, String) {
    let obstacle = tables().movement.manoeuvre(Manoeuvre::Obstacle).next().map_or(String::new(), |r| format!("an obstacle: {} {} more to cross (SP:L145)", applies(&r.applies), effect(r.effect)));
    match f {
        Hexside::Hedge => ("Hedge", format!("{obstacle}; light cover behind it")),
        Hexside::Fence => ("Fence", format!("{obstacle}; light cover behind it")),
        Hexside::Wall => ("Wall", format!("{obstacle}; heavy cover behind it")),
        Hexside::Ditch => ("Ditch", obstacle),
        Hexside::Stream => ("Stream bank", obstacle),
        Hexside::Fortification => ("Fortification wall", "no move crosses it; heavy cover behind it".into()),
    }
}

pub fn status(b: &B) -> Vec<String> {
    let g = &b.global;
    let mut out = vec![words::phase(g.phase).to_string()];
    out.push(format!("Momentum: {} {} · {} {}", side_name(b, Side(0)), g.momentum[0], side_name(b, Side(1)), g.momentum[1]));
    if !matches!(g.phase, Phase::Initial | Phase::ShootingDeclare | Phase::Initiative) {
        out.push(format!("Initiative: {}", side_name(b, g.initiative)));
    }
    if sealed(g.phase) {
        let state = |s: Side| format!("{} {}", side_name(b, s), if g.sheets[s.index()].sealed { "sealed" } else { "writing" });
        out.push(format!("Sheets: {} · {}", state(Side(0)), state(Side(1))));
    }
    out.extend(waiting(b));
    out
}

/// The units of the side to play still free to act in this phase, the first few by name: those
/// that may still declare a charge (SP4.2), or move (SP4.4).
fn waiting(b: &B) -> Option<String> {
    let g = &b.global;
    let side = super::legal::deciding_side(b).filter(|_| g.agenda.is_empty())?;
    let ours = b.on_board().filter(|u| u.side == side);
    let (head, names): (&str, Vec<String>) = match g.phase {
        Phase::DeclareMounted | Phase::DeclareFoot => ("May still charge", ours.filter(|u| !super::legal::charge_options(b, u.id).is_empty()).map(|u| name(b, u.id)).collect()),
        Phase::RemainingMoves => ("Not moved yet", ours.filter(|u| !u.state.moved && !u.state.charged && !u.state.fleeing && g.combat_of(u.id).is_none()).map(|u| name(b, u.id)).collect()),
        _ => return None,
    };
    crate::battle::look::named_few(head, &names)
}

/// H-25's count: strength points of units destroyed, fleeing or off the table.
pub fn losses(start: &B, now: &B, side: Side) -> String {
    let total: u32 = start.units.iter().filter(|u| u.side == side).map(|u| u.state.strength()).sum();
    let lost = total.saturating_sub(unit::standing_strength(now, side));
    let ours: Vec<&SpUnit> = now.units.iter().filter(|u| u.side == side).collect();
    let destroyed = ours.iter().filter(|u| u.state.destroyed).count() as u64;
    let fleeing = ours.iter().filter(|u| u.hex.is_some() && u.state.fleeing).count();
    let off = ours.iter().filter(|u| u.state.off_table.is_some()).count();
    let mut parts = vec![format!("{} destroyed", count(destroyed, "unit", "units")), format!("{fleeing} fleeing")];
    if off > 0 {
        parts.push(format!("{off} off the table"));
    }
    format!("lost {lost} of {total} strength points ({})", parts.join(", "))
}

fn percent(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// The odds of a shot, a charge, or momentum put into a combat.
pub fn preview(b: &B, c: &Command) -> Option<Preview> {
    let lines = match c {
        Command::Shoot { shooter, target: Some(target) } => shot_lines(b, *shooter, *target)?,
        Command::DeclareCharge { charger, target, to } => {
            let odds = combat::charge_odds(b, *charger, *target, *to)?;
            combat_lines(b, format!("If {} charges {}:", name(b, *charger), name(b, *target)), &odds)
        }
        Command::Momentum { combat: id, points } => {
            // The other side's entry stays sealed, even in a battle the shell did not redact.
            let side = Swordpoint::deciding_side(b)?;
            let mut momentum = [0; 2];
            momentum[side.index()] = *points;
            let odds = combat::odds(b, *id, momentum)?;
            let mut lines = combat_lines(b, format!("With {} put in:", count(*points, "momentum point", "momentum points")), &odds);
            lines.push(Line::small(format!("{}' momentum is sealed: none counted", side_name(b, side.other()))));
            lines
        }
        _ => return None,
    };
    Some(Preview { lines })
}

fn shot_lines(b: &B, shooter: UnitId, target: UnitId) -> Option<Vec<Line>> {
    let odds = shooting::odds(b, shooter, target)?;
    let figures = u32::from(b.unit(target)?.state.figures);
    let hit = if odds.to_hit > 6 { "no hit possible".to_string() } else { format!("hitting on {}+", odds.to_hit) };
    let save = if odds.save > 6 { "no save".to_string() } else { format!("saved on {}+", odds.save) };
    let mut lines = vec![Line::heading(format!("If {} shoots at {}:", name(b, shooter), name(b, target))), Line::plain(format!("{}, {hit}, {save}", count(odds.dice, "die", "dice")))];
    if !odds.factors.is_empty() {
        lines.push(Line::small(odds.factors.iter().map(|f| format!("{} {:+} ({})", f.what, f.value, f.rule)).collect::<Vec<_>>().join(" · ")));
    }
    let expected = odds.expected_losses();
    lines.push(Line::plain(format!("Figures lost: {expected:.1} on average")));
    let spread: Vec<String> = odds.losses.iter().enumerate().filter(|(_, q)| **q >= 0.005).map(|(k, q)| format!("{k}: {}", percent(*q))).collect();
    lines.push(Line::small(spread.join(" · ")));
    // SP3.38–3.39 from this shot alone: the row its losses reach.
    let reach = |test: bool| -> f64 {
        let rows = odds.losses.iter().enumerate().filter(|(k, _)| tables().momentum.shooting_result(*k as u32, figures).is_some_and(|r| r.demoralised && (!test || r.cohesion_test)));
        rows.map(|(_, q)| q).sum()
    };
    lines.push(Line::plain(format!("Demoralises it: {} · with a cohesion test: {} (SP:L97–98)", percent(reach(false)), percent(reach(true)))));
    Some(lines)
}

/// Who wins, what the loser does, and the spread of the difference of the totals.
fn combat_lines(b: &B, heading: String, odds: &CombatOdds) -> Vec<Line> {
    let names = Side::BOTH.map(|s| side_name(b, s).to_string());
    let mut lines = vec![
        Line::heading(heading),
        Line::plain(format!("Wins: {} {} · {} {} · draw {}", names[0], percent(odds.win[0]), names[1], percent(odds.win[1]), percent(odds.draw))),
    ];
    for s in Side::BOTH.into_iter().filter(|s| odds.win[s.other().index()] > 0.0) {
        let l = odds.loser[s.index()];
        lines.push(Line::plain(format!(
            "If {} lose: fight on {}, recoil {}, pass a break test {}, break {}",
            names[s.index()],
            percent(l[0]),
            percent(l[1]),
            percent(l[2]),
            percent(l[3])
        )));
    }
    let spread: Vec<String> = odds.difference.iter().filter(|(_, p)| *p >= 0.005).map(|(d, p)| format!("{d:+}: {}", percent(*p))).collect();
    lines.push(Line::small(format!("{} less {}: {}", names[0], names[1], spread.join(" · "))));
    lines.push(Line::small("Sampled through the rules (SP:L165–290)"));
    lines
}
