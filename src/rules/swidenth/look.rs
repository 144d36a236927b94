//! How Swidenth's pieces look: the counter (Combat and Défense as they stand, Vitalité left, the
//! leader's disc, the activation token apart from the stun tokens as l. 52 advises, camouflage and
//! the mystic shield, a dropped weapon or an empty crossbow), doors and levers as markers, the
//! profile card with the modifiers that apply now, the terrain card, the report after the battle
//! and the legend of the help window.

use super::data::{Rank, SpellEffect, SpellRoll, Trait, tables};
use super::duel;
use super::event::Factor;
use super::figure::{self, B, U};
use super::groups;
use super::movement;
use super::setup::impassable;
use super::state::{Activation, First, UnitState};
use super::words::{door_name, side_name, spell_label, trait_name};
use crate::battle::look::{Counter, Die, Legend, Line, Rgb, Swatch, Tag, Token, capitalised, marks};
use crate::battle::{Side, UnitId};
use crate::hex::{Ground, Hex};

/// Activated this turn: the green token of l. 52, kept apart from the red stun tokens.
pub const ACTIVATED: Tag = Tag::Dot(Rgb(60, 170, 80));
/// Its first action taken, its second still to come.
pub const ACTING: Tag = Tag::Dot(Rgb(175, 230, 160));
/// One stun token (l. 107), red as l. 107 advises.
pub const STUN: Tag = Tag::Cross(Rgb(200, 40, 40));
pub const CAMOUFLAGED: Tag = Tag::Dot(Rgb(130, 110, 50));
pub const SHIELDED: Tag = Tag::Dot(Rgb(120, 170, 240));
pub const CHIEF_DISC: Rgb = Rgb(222, 180, 60);
pub const CHAMPION_DISC: Rgb = Rgb(190, 195, 205);
pub const DROPPED: Rgb = Rgb(255, 140, 0);
pub const UNLOADED: Rgb = Rgb(215, 190, 70);
/// Doors and levers are the scenario's, no side's: wood and iron rims.
pub const DOOR_RIM: Rgb = Rgb(120, 80, 40);
pub const LEVER_RIM: Rgb = Rgb(110, 110, 125);
/// A die's border: the roll won (or the test passed), lost, or tied.
pub const WON: Rgb = Rgb(60, 170, 70);
pub const LOST: Rgb = Rgb(220, 40, 30);
pub const TIED: Rgb = Rgb(120, 120, 120);
pub const IVORY: Rgb = Rgb(250, 248, 240);
/// A natural 20 (a critical, l. 118) in gold; a natural 1 (a fumble, l. 120) in black.
pub const NATURAL_20: Rgb = Rgb(250, 210, 80);
pub const NATURAL_1: Rgb = Rgb(40, 40, 40);

/// A d20 as shown: a natural 20 gold, a natural 1 black, the rest ivory.
pub fn die(face: u8, border: Rgb) -> Die {
    let (fill, ink) = match face {
        20 => (NATURAL_20, Rgb(0, 0, 0)),
        1 => (NATURAL_1, Rgb(255, 255, 255)),
        _ => (IVORY, Rgb(0, 0, 0)),
    };
    Die { mark: face.to_string(), fill, ink, border }
}

/// The terminal's letter, by role: a capital for a leader (C the Chief, H a Champion), else m a
/// caster, a a shooter, t a terrifying creature, s any other fighter. The terminal then sets the
/// case by side.
pub fn glyph(u: &U) -> char {
    let s = &u.state;
    match s.rank() {
        Rank::Chief => 'C',
        Rank::Champion => 'H',
        Rank::Henchman if caster(s) => 'm',
        Rank::Henchman if figure::missile(s).is_some() => 'a',
        Rank::Henchman if s.has(Trait::Terrifying) => 't',
        Rank::Henchman => 's',
    }
}

fn stun_total(s: &UnitState) -> i32 {
    Factor::total(&duel::stun_factors(s.stunned()))
}

/// Combat as it stands whatever the fight: the second weapon, unarmed, the stuns (l. 109, 134-138).
fn combat_now(s: &UnitState) -> i32 {
    i32::from(s.row().combat) + Factor::total(&duel::combat_factors(figure::arms(s), s.stunned(), false, 0))
}

fn caster(s: &UnitState) -> bool {
    !s.row().spells.is_empty()
}

pub fn counter(b: &B, u: &U) -> Counter {
    let s = &u.state;
    let row = s.row();
    // Combat and Défense as they stand: the two numbers of every fight (the card has the rest).
    let factors = format!("{}·{}", combat_now(s), figure::defence(s, b.turn));
    let mut tags = match s.activation {
        Activation::Ready => Vec::new(),
        Activation::Started(_) => vec![ACTING],
        Activation::Done => vec![ACTIVATED],
    };
    tags.extend(std::iter::repeat_n(STUN, s.stuns.len()));
    if s.camouflaged {
        tags.push(CAMOUFLAGED);
    }
    if s.shielded_until.is_some_and(|t| t >= b.turn) {
        tags.push(SHIELDED);
    }
    let alert = if figure::dropped_anything(s) {
        Some((DROPPED, "DROPPED".to_string()))
    } else if s.unloaded {
        Some((UNLOADED, "UNLOADED".to_string()))
    } else {
        None
    };
    Counter {
        band: None,
        symbol: None,
        monogram: Some(row.mark.clone()),
        name: s.name.clone(),
        factors,
        badge: s.vitalite.to_string(),
        corner: match s.rank() {
            Rank::Chief => Some((CHIEF_DISC, "C".to_string())),
            Rank::Champion => Some((CHAMPION_DISC, "Ch".to_string())),
            Rank::Henchman => None,
        },
        tags,
        alert,
        facing: None,
    }
}

/// The doors and levers of the scenario (H-S15), as markers in their hexes.
pub fn tokens(b: &B) -> Vec<Token> {
    let doors = b.global.doors.iter().map(|d| {
        let state = match (d.open, d.lock) {
            (true, _) => "open",
            (false, true) => "shut, locked",
            (false, false) => "shut, worked by a lever",
        };
        Token { hex: d.hex, side: Side(0), label: (if d.open { "d" } else { "D" }).into(), name: format!("{} ({state})", d.name), rim: DOOR_RIM }
    });
    let levers = b.global.levers.iter().map(|l| {
        let works: Vec<String> = l.doors.iter().map(|d| door_name(b, *d)).collect();
        Token { hex: l.hex, side: Side(0), label: "L".into(), name: format!("{} (works {})", l.name, works.join(", ")), rim: LEVER_RIM }
    });
    doors.chain(levers).collect()
}

/// The report after the battle: the figures Hors de combat, the Vitalité lost, and who must roll
/// on the Horrible Wounds table (l. 115, H-S11).
pub fn losses(start: &B, now: &B, side: Side) -> String {
    let all = start.units.iter().filter(|u| u.side == side).count();
    let mine: Vec<&U> = now.units.iter().filter(|u| u.side == side).collect();
    let out: Vec<&str> = mine.iter().filter(|u| u.state.out).map(|u| u.state.name.as_str()).collect();
    let wounds: u32 = mine.iter().map(|u| u32::from(u.state.wounds)).sum();
    let mut report = format!("{} of {all} figures Hors de combat", out.len());
    if !out.is_empty() {
        report.push_str(&format!(" ({})", out.join(", ")));
    }
    report.push_str(&format!("; {wounds} Vitalité lost"));
    let horrible: Vec<String> =
        mine.iter().filter(|u| u.state.horrible > 0).map(|u| if u.state.horrible == 1 { u.state.name.clone() } else { format!("{} ×{}", u.state.name, u.state.horrible) }).collect();
    if !horrible.is_empty() {
        report.push_str(&format!("; horrible wounds, for the table after the battle (l. 115, H-S11): {}", horrible.join(", ")));
    }
    report
}

fn rank_name(r: Rank) -> &'static str {
    match r {
        Rank::Chief => "Chief",
        Rank::Champion => "Champion",
        Rank::Henchman => "Henchman",
    }
}

/// A missile's range bands in hexes (l. 144-152, A4): the gap rule on p, 2p and 3p.
fn range_bands(range: u8) -> String {
    let scale = tables().scale;
    let p = u32::from(range / 3);
    let r = &tables().duel.range_bonus;
    format!("short to {} hexes ({:+}), medium to {} ({:+}), long to {} ({:+})", scale.reach(p), r.short, scale.reach(2 * p), r.medium, scale.reach(3 * p), r.long)
}

fn spell_line(name: &str) -> String {
    let Some(sp) = tables().spells.spells.iter().find(|s| s.name == name) else { return spell_label(name) };
    let roll = match sp.roll {
        SpellRoll::Shot => "a shot with Psychisme".to_string(),
        SpellRoll::Opposed => "Psychisme against the target's".to_string(),
        SpellRoll::Fixed(n) => format!("d20 + Psychisme ≥ {n}"),
    };
    let effect = match sp.effect {
        SpellEffect::Damage(d) => format!("damage {d}"),
        SpellEffect::Stun => "a stun token".to_string(),
        SpellEffect::Heal => "a friend's stun tokens, or a Vitalité back".to_string(),
        SpellEffect::Defence(n) => format!("Défense {n:+} to the end of the next turn"),
    };
    format!("{}: {roll}; {effect}; within {} hexes (H-S3)", sp.label, tables().scale.reach(u32::from(sp.range)))
}

fn trait_line(t: Trait) -> String {
    let what = match t {
        Trait::Terrifying => format!("who would engage it tests Bravoure {} first, and stops short on a failure (H-S4c)", tables().duel.house.terror_difficulty),
        Trait::Arcing => "may shoot past a friend on the line, who may be struck by a miss (l. 166)".to_string(),
        Trait::Gigantic => "may shoot while engaged (l. 202)".to_string(),
    };
    format!("{}: {what}", trait_name(t))
}

fn activation_line(a: Activation) -> String {
    let d = &tables().duel;
    match a {
        Activation::Ready => "Not activated this turn".into(),
        Activation::Started(First::Moved) => "Moved: may run, shoot, fight, cast or act next (l. 71-78)".into(),
        Activation::Started(First::Concentrated) => {
            format!("Concentrated: {:+} Combat, {:+} to shoot or cast in its second action (l. 122, 168, H-S3)", d.concentrate_combat, d.aim)
        }
        Activation::Started(First::Reloaded) => "Reloaded: its second action to come".into(),
        Activation::Started(First::Nothing) => "Did nothing first: its second action to come".into(),
        Activation::Done => "Activated this turn (l. 34)".into(),
    }
}

/// The profile as it stands and every modifier that applies now, with its rule.
pub fn unit_card(b: &B, id: UnitId) -> Vec<Line> {
    let Some(u) = b.unit(id) else { return Vec::new() };
    let (s, row) = (&u.state, u.state.row());
    let band = &row.warband;
    let stun = stun_total(s);
    let mut lines = vec![
        Line::heading(format!("{} #{} · {}", s.name, id.0, side_name(b, u.side))),
        Line::plain(format!("{} · {} · {band}", rank_name(s.rank()), row.name)),
        Line::plain(format!(
            "Mouv {} · Comb {} · Tir {} · Déf {} · Brav {} · Psy {} · Vit {}/{}",
            row.mouv,
            combat_now(s),
            i32::from(row.tir) + stun,
            figure::defence(s, b.turn),
            i32::from(row.bravoure) + stun,
            i32::from(row.psychisme) + stun,
            s.vitalite,
            row.vitalite
        )),
    ];
    if s.out {
        lines.push(Line::plain("Hors de combat (l. 112)").coloured(LOST));
    }
    let mut state = Vec::new();
    if !s.stuns.is_empty() {
        let ends: Vec<String> = s.stuns.iter().map(u32::to_string).collect();
        state.push(format!("Stunned: {stun:+} to Combat, Tir, Bravoure and Psychisme; tokens go at the end of turn {} (l. 107-109)", ends.join(", ")));
    }
    let (primary, second) = figure::in_hand(s);
    let second_bonus = figure::arms(s).second.and_then(|c| tables().weapons.second(c));
    match (primary, second) {
        (Some(p), Some(w)) => {
            let bonus = second_bonus.map_or(String::new(), |x| format!(": Combat {:+}, damage {:+} (l. 134-136)", x.combat, x.damage));
            state.push(format!("In hand: {} (damage {}), second weapon {}{bonus}", p.label, p.damage, w.label));
        }
        (Some(p), None) => state.push(format!("In hand: {} (damage {})", p.label, p.damage)),
        (None, _) => {
            let w = tables().weapons.unarmed;
            state.push(format!("Unarmed: Combat {:+}, damage {:+} (l. 138)", w.combat, w.damage));
        }
    }
    let armour: Vec<String> = row.armour.iter().filter_map(|a| tables().weapons.armour(a)).map(|a| format!("{} ({:+})", a.label, a.defence)).collect();
    if !armour.is_empty() {
        state.push(format!("Armour, counted in Défense: {}", armour.join(", ")));
    }
    if figure::dropped_anything(s) {
        state.push("Dropped a weapon or shield: picking it up is a special action, not while engaged (l. 120)".into());
    }
    if let Some(w) = figure::missile(s) {
        let range = w.range.unwrap_or(0);
        let reload = if w.reload { "; reload after each shot (H-S10)" } else { "" };
        let shots = if w.shots > 1 { format!(", {} shots", w.shots) } else { String::new() };
        state.push(format!("{}: damage {}{shots}, {}{reload}", w.label, w.damage, range_bands(range)));
        if s.unloaded {
            state.push(format!("Unloaded: a first action reloads its {} (l. 68)", w.label));
        }
    }
    for sp in &row.spells {
        state.push(spell_line(sp));
    }
    for t in &s.traits {
        state.push(trait_line(*t));
    }
    if s.is_leader() {
        let below = duel::bubble_below(s.rank());
        state.push(format!("Leader: his phase may activate the friends within {below} hexes when it opens (l. 38, 58)"));
    }
    let friends = groups::outnumbering(b, u);
    if friends > 0 {
        state.push(format!("Outnumbering: Combat {:+}, {friends} friend{} on the same enemy (l. 126)", groups::outnumbering_bonus(friends), if friends == 1 { "" } else { "s" }));
    }
    if !s.charging.is_empty() && s.activation == Activation::Started(First::Moved) {
        let names: Vec<String> = s.charging.iter().map(|e| super::words::name(b, *e)).collect();
        state.push(format!("Charged {}: damage {:+} if it fights and wins (l. 124)", names.join(", "), tables().duel.charge_damage));
    }
    if s.camouflaged {
        state.push(format!("Camouflaged: {:+} to shoot, until it moves, is engaged or shoots (l. 170, H-S9)", tables().duel.camouflage));
    }
    if let Some(t) = s.shielded_until.filter(|t| *t >= b.turn) {
        state.push(format!("Bouclier mystique: Défense {:+} to the end of turn {t} (H-S3)", figure::mystic_bonus()));
    }
    if s.horrible > 0 {
        state.push(format!("Horrible wounds: {} (l. 115, H-S11)", s.horrible));
    }
    state.push(activation_line(s.activation));
    lines.extend(state.into_iter().map(Line::small));
    lines
}

pub fn terrain_card(b: &B, hex: Hex) -> Vec<Line> {
    let t = b.map.at(hex);
    let mut lines = vec![Line::heading(capitalised(&t.describe()))];
    if impassable(t.ground) {
        lines.push(Line::plain("No figure may enter it (H-S7)"));
    } else {
        let cost = movement::cost(b, hex);
        lines.push(Line::plain(format!("Costs {cost} of a figure's move to enter (H-S7)")));
    }
    let cover = &tables().duel.cover_bonus;
    match t.ground {
        Ground::Forest | Ground::Rocky => {
            lines.push(Line::small(format!("A figure in it has a cover point: {:+} against shots; right before a target it gives one more (l. 164, A4)", cover.over_a_third)));
        }
        Ground::Buildings | Ground::Fortification => lines.push(Line::small(format!("A figure in it has two cover points: {:+} against shots (l. 164, A4)", cover.over_two_thirds))),
        _ => {}
    }
    match t.ground {
        Ground::Buildings | Ground::Fortification => lines.push(Line::small("Blocks sight across it (H-S8)")),
        Ground::Forest => lines.push(Line::small("Sight passes one forest hex, not two (H-S8)")),
        _ => {}
    }
    if t.level > 0 {
        lines.push(Line::small(format!("Hill, level {}: blocks sight between hexes lower than it (H-S8)", t.level)));
    }
    if super::legal::hiding_ground(t.ground) {
        lines.push(Line::small("A figure in it or next to it may camouflage itself (H-S9)"));
    }
    for d in b.global.doors.iter().filter(|d| d.hex == hex) {
        let how = if d.lock { "a figure next to it may unlock it" } else { "only a lever opens it" };
        let state = if d.open { "open".to_string() } else { format!("shut: no figure passes nor sees through it; {how}") };
        lines.push(Line::plain(format!("{}: {state} (H-S15)", d.name)));
    }
    for l in b.global.levers.iter().filter(|l| l.hex == hex) {
        let works: Vec<String> = l.doors.iter().map(|d| door_name(b, *d)).collect();
        lines.push(Line::plain(format!("{}: a figure next to it may pull it; it opens or shuts {} (H-S15)", l.name, works.join(", "))));
    }
    for u in b.units_at(hex) {
        lines.push(Line::small(format!("{} ({})", u.state.name, side_name(b, u.side))));
    }
    lines
}

/// The legend; its figures are `battle`'s, or the sample warbands' without one.
pub fn legend(battle: Option<&B>) -> Vec<Legend> {
    let d = &tables().duel;
    vec![
        Legend {
            heading: "Counter".into(),
            entries: vec![
                (Swatch::Factors("3·8".into()), "Combat · Défense as they stand: stuns, a second weapon, a dropped shield, the mystic shield counted (the card gives Tir and Psychisme)".into()),
                (Swatch::Badge("2".into()), "Vitalité left".into()),
                (Swatch::Corner(CHIEF_DISC, "C".into()), format!("the Chief: his phase activates friends within {} hexes (l. 38)", d.chief_bubble_below)),
                (Swatch::Corner(CHAMPION_DISC, "Ch".into()), format!("a Champion: within {} hexes", d.champion_bubble_below)),
                (Swatch::Tag(ACTING), "first action taken, second to come".into()),
                (Swatch::Tag(ACTIVATED), "activated this turn (l. 52)".into()),
                (Swatch::Tag(STUN), format!("a stun token: {:+} to Combat, Tir, Bravoure and Psychisme each (l. 107-109)", d.stun_penalty)),
                (Swatch::Tag(CAMOUFLAGED), format!("camouflaged: {:+} to its next shot (l. 170, H-S9)", d.camouflage)),
                (Swatch::Tag(SHIELDED), format!("Bouclier mystique: Défense {:+} (H-S3)", figure::mystic_bonus())),
                (Swatch::Alert(DROPPED, "DROPPED".into()), "dropped a weapon or shield on a natural 1 (l. 120)".into()),
                (Swatch::Alert(UNLOADED, "UNLOADED".into()), "its crossbow must be reloaded (H-S10)".into()),
            ],
        },
        Legend {
            heading: "Figures (the letters in the middle of the token)".into(),
            entries: match battle {
                Some(b) => marks(b.units.iter().map(|u| (u.state.row().mark.as_str(), u.state.row().name.as_str()))),
                None => marks(tables().bands.bands.iter().flat_map(|band| band.figures.iter()).map(|f| (f.mark.as_str(), f.name.as_str()))),
            },
        },
        Legend {
            heading: "Doors and levers (the discs at the top left of a hex)".into(),
            entries: vec![
                (Swatch::Corner(DOOR_RIM, "D".into()), "a shut door; d: open (H-S15)".into()),
                (Swatch::Corner(LEVER_RIM, "L".into()), "a lever: pulled, it opens or shuts its doors".into()),
            ],
        },
        Legend {
            heading: "Dice (d20)".into(),
            entries: vec![
                (Swatch::Die(die(14, WON)), "the roll that won, or a test passed".into()),
                (Swatch::Die(die(6, LOST)), "the roll that lost, or a test failed".into()),
                (Swatch::Die(die(9, TIED)), "a tie, or a die that decides nothing by itself".into()),
                (Swatch::Die(die(20, WON)), format!("a natural 20: a critical, damage {:+} (l. 118, 198)", d.critical_damage)),
                (Swatch::Die(die(1, LOST)), "a natural 1: a fumble (l. 120) or a failed spell (H-S3)".into()),
            ],
        },
    ]
}
