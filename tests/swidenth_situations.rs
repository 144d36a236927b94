//! Swidenth's rules in play with forced dice (the order of H-S13: the initiative's d20, then the
//! acting figure's d20 and the opponent's, the fumble hands, the Bravoure tests): the results at
//! exactly Défense, 2x and 3x, ties, natural 20 and 1, stuns stacking and wearing off, push backs
//! with allies behind, charges, outnumbering and subgroups, two weapons and none, range bands and
//! cover, command bubbles noted at the phase start, and leader phases alternating.

mod common;

use common::swidenth::{F, id, middle, send, start, toward};
use strategos::hex::Direction::{N, NE, S, SE, SW};
use strategos::hex::Hex;
use strategos::rules::swidenth::duel::Harm;
use strategos::rules::swidenth::event::{Duel, Event, Factor, Hand};
use strategos::rules::swidenth::state::{Phase, Step};
use strategos::rules::swidenth::Command;

fn duel(events: &[Event]) -> &Duel {
    events.iter().find_map(|e| if let Event::Duel(d) = e { Some(d) } else { None }).expect("a duel")
}

fn factor(factors: &[Factor], what: &str) -> Option<i8> {
    factors.iter().find(|f| f.what == what).map(|f| f.value)
}

/// A Soldat (Combat 1, spear: damage 2) on a Goblin archer (Combat -1, Défense 5) next to it, two
/// other goblins 3 and 4 hexes from their friend; the Soldat waits, then fights on faces `faces`.
fn soldat_on_goblin(faces: &[u8]) -> (strategos::battle::ecs::BattleApp<strategos::rules::swidenth::Swidenth>, Vec<Event>) {
    let m = middle();
    let goblin = toward(m, N, 1);
    let figures: &[F] = &[
        (1, 0, "Soldat", m),
        (11, 1, "Archer gobelin", goblin),
        (12, 1, "Archer gobelin", toward(goblin, N, 3)),
        (13, 1, "Archer gobelin", toward(goblin, NE, 4)),
    ];
    let mut forced = vec![15];
    forced.extend_from_slice(faces);
    let mut app = start(figures, &[], &forced);
    assert_eq!(app.view().global.phase, Phase::Rest, "no leader on the field: straight to the rest phases");
    send(&mut app, Command::Wait { figure: id(1) });
    let events = send(&mut app, Command::Fight { figure: id(1), target: id(11) });
    (app, events)
}

#[test]
fn results_at_exactly_defence_twice_and_three_times_it() {
    // Result = (d + 1) - (d' - 1) + 2 = d - d' + 4, against Défense 5: 2D = 10, 3D = 15.
    let cases: [(u8, u8, i32, Harm); 6] = [(11, 10, 5, Harm::PushBack), (12, 10, 6, Harm::Stun), (16, 10, 10, Harm::Stun), (17, 10, 11, Harm::Wound), (19, 8, 15, Harm::Wound), (19, 7, 16, Harm::Horrible)];
    for (a, o, result, harm) in cases {
        let (app, events) = soldat_on_goblin(&[a, o, 10]);
        let d = duel(&events);
        assert_eq!((d.winner, d.result(), d.defence, d.harm), (Some(id(1)), result, 5, Some(harm)), "faces {a} {o}");
        let b = app.view();
        match harm {
            Harm::PushBack => assert!(matches!(b.global.agenda.last(), Some(Step::Push { winner, .. }) if *winner == id(1)), "the winner decides (l. 105)"),
            Harm::Stun => assert_eq!(b.unit(id(11)).unwrap().state.stuns, [2], "until the end of the next turn (l. 107)"),
            Harm::Wound => assert!(events.contains(&Event::OutOfAction { figure: id(11), horrible: false, by_enemy: true }), "Vitalité 1: out (l. 111)"),
            Harm::Horrible => {
                assert!(events.contains(&Event::OutOfAction { figure: id(11), horrible: true, by_enemy: true }));
                // l. 116: the friend 3 hexes off (fewer than 3 paces between them) tests at 8; the
                // one 4 hexes off does not.
                let tested: Vec<_> = events.iter().filter_map(|e| if let Event::BravoureTest(t) = e { Some((t.figure, t.difficulty)) } else { None }).collect();
                assert_eq!(tested, [(id(12), 8)]);
            }
        }
    }
}

#[test]
fn a_tie_does_nothing_and_natural_20_and_1_count() {
    // d - d' + 2 = 0 with d = 8, d' = 10: a margin of 0 (l. 99).
    let (app, events) = soldat_on_goblin(&[8, 10]);
    let d = duel(&events);
    assert_eq!((d.winner, d.margin, d.harm), (None, 0, None));
    assert!(app.view().global.agenda.is_empty());
    // A natural 20: +3 damage (l. 118): 7 + 2 + 3 = 12 > 2 x 5.
    let (_, events) = soldat_on_goblin(&[20, 15]);
    let d = duel(&events);
    assert_eq!((factor(&d.damage, "critical"), d.result(), d.harm), (Some(3), 12, Some(Harm::Wound)));
    // A natural 1 (l. 120): the goblin wins by 2, its dagger adds 1; the Soldat's hand d20 of 4 is
    // its main hand (H-S12): it drops its spear and the winner decides the push back.
    let (mut app, events) = soldat_on_goblin(&[1, 5, 4, 15, 12, 10]);
    assert_eq!(duel(&events).winner, Some(id(11)));
    assert!(events.iter().any(|e| matches!(e, Event::Fumble { figure, die: 4, hand: Hand::Main, dropped: Some(_) } if *figure == id(1))));
    assert!(app.view().unit(id(1)).unwrap().state.dropped_main);
    assert_eq!(strategos::rules::swidenth::legal::deciding_side(app.view()), Some(strategos::battle::Side(1)), "the goblin decides the push back");
    send(&mut app, Command::Push { to: None });
    // Next turn, unarmed (l. 138): -2 Combat and damage -2; picking the spear up is barred while engaged.
    send(&mut app, Command::EndPhase);
    send(&mut app, Command::EndPhase);
    assert_eq!(app.view().turn, 2);
    send(&mut app, Command::Wait { figure: id(1) });
    assert!(!app.legal_commands().contains(&Command::PickUp { figure: id(1) }), "not while engaged (l. 120)");
    let events = send(&mut app, Command::Fight { figure: id(1), target: id(11) });
    let d = duel(&events);
    assert_eq!(factor(&d.acting.factors, "unarmed"), Some(-2));
}

#[test]
fn stuns_stack_and_wear_off_at_the_end_of_the_next_turn() {
    let m = middle();
    let troll = toward(m, N, 1);
    let figures: &[F] = &[(1, 0, "Soldat", m), (2, 0, "Soldat", SE.step(troll)), (11, 1, "Troll des cavernes", troll)];
    // Each Soldat has +2 for the other on the lone troll (l. 126). First: (15 + 1 + 2) - (10 + 2)
    // + 2 = 8 > 7, stunned; second, the troll at -4: 15 + 3 - (10 + 2 - 4) + 2 = 12, stunned again.
    let mut app = start(figures, &[], &[15, 15, 10, 15, 10, 15, 15]);
    for s in [1, 2] {
        send(&mut app, Command::Wait { figure: id(s) });
        let events = send(&mut app, Command::Fight { figure: id(s), target: id(11) });
        let d = duel(&events);
        assert_eq!(factor(&d.acting.factors, "outnumbering"), Some(2));
        assert_eq!(d.harm, Some(Harm::Stun));
        if s == 2 {
            assert_eq!(factor(&d.opposing.factors, "stunned"), Some(-4));
        }
    }
    assert_eq!(app.view().unit(id(11)).unwrap().state.stuns, [2, 2], "two tokens, -8 (l. 109)");
    let mut worn = Vec::new();
    for _ in 0..4 {
        for e in send(&mut app, Command::EndPhase) {
            if let Event::StunsWornOff { figure, tokens } = e {
                worn.push((figure, tokens));
            }
            if let Event::TurnEnded { turn } = e {
                assert_eq!(worn.is_empty(), turn == 1, "worn off only at the end of turn 2 (R-S11)");
            }
        }
    }
    assert_eq!(worn, [(id(11), 2)]);
    assert!(app.view().unit(id(11)).unwrap().state.stuns.is_empty());
}

/// A Soldat on a Guerrier orque (both Combat 1) with `behind` more Guerriers in file behind it,
/// winning by 2 with its spear: 4, at most Défense 7, a push back (l. 105).
fn push_with(behind: u32, engaged_second: bool) -> Vec<Event> {
    let m = middle();
    let mut figures: Vec<F> = vec![(1, 0, "Soldat", m), (11, 1, "Guerrier orque", toward(m, N, 1))];
    for k in 0..behind {
        figures.push((12 + k, 1, "Guerrier orque", toward(m, N, 2 + k)));
    }
    if engaged_second {
        // A Soldat touching the ally behind, and no one else.
        figures.push((2, 0, "Soldat", NE.step(toward(m, N, 2))));
    }
    let mut app = start(&figures, &[], &[15, 12, 10]);
    send(&mut app, Command::Wait { figure: id(1) });
    let events = send(&mut app, Command::Fight { figure: id(1), target: id(11) });
    assert_eq!(duel(&events).harm, Some(Harm::PushBack));
    let options = app.legal_commands();
    assert_eq!(options, [Command::Push { to: Some(toward(m, N, 2)) }, Command::Push { to: None }], "the hex behind, or leave it");
    send(&mut app, Command::Push { to: Some(toward(m, N, 2)) })
}

#[test]
fn a_push_back_takes_one_or_two_allies_behind_or_stuns() {
    let m = middle();
    let step = |k: u32| (toward(m, N, k), toward(m, N, k + 1));
    let pushed = |events: &[Event]| events.iter().find_map(|e| if let Event::Pushed { moves } = e { Some(moves.iter().map(|(u, a, b)| (*u, *a, *b)).collect::<Vec<_>>()) } else { None });
    assert_eq!(pushed(&push_with(0, false)), Some(vec![(id(11), step(1).0, step(1).1)]));
    assert_eq!(pushed(&push_with(1, false)), Some(vec![(id(11), step(1).0, step(1).1), (id(12), step(2).0, step(2).1)]), "one ally steps back with it");
    assert_eq!(pushed(&push_with(2, false)).map(|m| m.len()), Some(3), "two allies");
    for (events, why) in [(push_with(3, false), "a third figure"), (push_with(1, true), "an engaged ally")] {
        assert_eq!(pushed(&events), None, "{why}");
        assert!(events.iter().any(|e| matches!(e, Event::Stunned { figure, rule, .. } if *figure == id(11) && rule.starts_with("l. 105"))), "{why}: stunned instead (l. 105)");
    }
}

#[test]
fn a_charge_adds_damage_only_to_a_charger_that_wins() {
    let m = middle();
    let guerrier = toward(m, N, 1);
    let run = |from: Hex, faces: &[u8]| {
        let mut forced = vec![15];
        forced.extend_from_slice(faces);
        let mut app = start(&[(1, 0, "Soldat", from), (11, 1, "Guerrier orque", guerrier)], &[], &forced);
        if from == m {
            send(&mut app, Command::Wait { figure: id(1) });
        } else {
            let moved = send(&mut app, Command::Move { figure: id(1), to: m });
            assert!(moved.iter().any(|e| matches!(e, Event::Moved { engaged, .. } if engaged == &[id(11)])), "it engaged the Guerrier (l. 80)");
        }
        duel(&send(&mut app, Command::Fight { figure: id(1), target: id(11) })).clone()
    };
    let charged = run(toward(m, S, 3), &[15, 10]);
    assert_eq!((factor(&charged.damage, "charge"), charged.result()), (Some(2), 9), "5 + spear 2 + charge 2 (l. 124)");
    let stood = run(m, &[15, 10]);
    assert_eq!(factor(&stood.damage, "charge"), None, "it was engaged already");
    let lost = run(toward(m, S, 3), &[5, 10]);
    assert_eq!((lost.winner, factor(&lost.damage, "charge")), (Some(id(11)), None), "the Guerrier won: no charge bonus for anyone");
}

#[test]
fn outnumbering_gives_two_a_friend_and_subgroups_split_larger_groups() {
    let m = middle();
    // Three Soldats on a lone Guerrier: +4 each, attacking or defending (R-S7).
    let figures: &[F] = &[(1, 0, "Soldat", S.step(m)), (2, 0, "Soldat", SE.step(m)), (3, 0, "Soldat", SW.step(m)), (11, 1, "Guerrier orque", m)];
    let mut app = start(figures, &[], &[15, 10, 10]);
    send(&mut app, Command::Wait { figure: id(1) });
    let d = duel(&send(&mut app, Command::Fight { figure: id(1), target: id(11) })).clone();
    assert_eq!((factor(&d.acting.factors, "outnumbering"), factor(&d.opposing.factors, "outnumbering")), (Some(4), None));
    // Three Soldats on two Guerriers in one group: the Patrouille splits it (l. 128) before the
    // first fight, with the fighting pair together.
    let ne = NE.step(m);
    let figures: &[F] = &[(1, 0, "Soldat", S.step(m)), (2, 0, "Soldat", SE.step(m)), (3, 0, "Soldat", NE.step(ne)), (11, 1, "Guerrier orque", m), (12, 1, "Guerrier orque", ne)];
    let mut app = start(figures, &[], &[15, 10, 10]);
    send(&mut app, Command::Wait { figure: id(1) });
    send(&mut app, Command::Fight { figure: id(1), target: id(11) });
    let splits = app.legal_commands();
    let together = Command::Split { pairs: vec![(id(1), id(11)), (id(2), id(11)), (id(3), id(12))] };
    assert_eq!(splits, [together.clone(), Command::Split { pairs: vec![(id(1), id(11)), (id(2), id(12)), (id(3), id(12))] }]);
    let events = send(&mut app, together);
    let d = duel(&events);
    assert_eq!(factor(&d.acting.factors, "outnumbering"), Some(2), "two in its subgroup on the Guerrier (l. 130)");
    send(&mut app, Command::Push { to: None });
    send(&mut app, Command::Wait { figure: id(3) });
    let fights: Vec<_> = app.legal_commands().into_iter().filter(|c| matches!(c, Command::Fight { .. })).collect();
    assert_eq!(fights, [Command::Fight { figure: id(3), target: id(12) }], "only within its subgroup");
}

#[test]
fn two_weapons_add_combat_and_a_medium_one_damage() {
    let m = middle();
    // Mira (Champion, sword and dagger): +1 Combat for the light second weapon (l. 134).
    let mut app = start(&[(1, 0, "Sergente Mira", m), (11, 1, "Guerrier orque", toward(m, N, 1))], &[], &[15, 15, 10]);
    send(&mut app, Command::ChooseLeader { leader: id(1) });
    send(&mut app, Command::Wait { figure: id(1) });
    let d = duel(&send(&mut app, Command::Fight { figure: id(1), target: id(11) })).clone();
    assert_eq!((factor(&d.acting.factors, "second weapon"), factor(&d.damage, "second weapon"), factor(&d.damage, "weapon")), (Some(1), None, Some(2)));
    // Grushak (two axes): +1 Combat and +1 damage for the medium second weapon (l. 136).
    let mut app = start(&[(1, 0, "Soldat", m), (11, 1, "Grushak, chef de guerre orque", toward(m, N, 1))], &[], &[5, 15, 10]);
    send(&mut app, Command::ChooseLeader { leader: id(11) });
    send(&mut app, Command::Wait { figure: id(11) });
    let d = duel(&send(&mut app, Command::Fight { figure: id(11), target: id(1) })).clone();
    assert_eq!((factor(&d.acting.factors, "second weapon"), factor(&d.damage, "second weapon")), (Some(1), Some(1)));
}

/// The Archer (Tir 2, short bow: 18 paces, p = 6) at the south, a goblin `d` hexes north.
fn shot_at(d: u32, ground: &[(Hex, &str)], screen: bool) -> Option<Duel> {
    let from = strategos::hex::Offset(4, 22).to_hex();
    let target = toward(from, N, d);
    let mut figures: Vec<F> = vec![(1, 0, "Archer", from), (11, 1, "Archer gobelin", target)];
    if screen {
        figures.push((12, 1, "Archer gobelin", toward(from, N, d - 1)));
    }
    let mut app = start(&figures, ground, &[15, 10, 10]);
    send(&mut app, Command::Wait { figure: id(1) });
    let shot = Command::Shoot { figure: id(1), target: id(11) };
    app.legal_commands().contains(&shot).then(|| duel(&send(&mut app, shot)).clone())
}

#[test]
fn every_range_band_and_cover_level() {
    // Paces between the figures are d - 1 (A4): short up to 6, medium up to 12, long up to 18.
    for (d, bonus) in [(7, Some(2)), (8, Some(1)), (13, Some(1)), (14, Some(0)), (19, Some(0)), (20, None)] {
        assert_eq!(shot_at(d, &[], false).map(|s| factor(&s.acting.factors, "range").unwrap_or(0)), bonus, "{d} hexes (l. 152)");
    }
    let from = strategos::hex::Offset(4, 22).to_hex();
    let target = toward(from, N, 5);
    let cover = |ground: &[(Hex, &str)], screen: bool| shot_at(5, ground, screen).map(|s| (factor(&s.opposing.factors, "cover over a third"), factor(&s.opposing.factors, "cover over two thirds")));
    assert_eq!(cover(&[], false), Some((None, None)), "in the open");
    assert_eq!(cover(&[(target, "f")], false), Some((Some(2), None)), "in a wood: one point, over a third (l. 164)");
    assert_eq!(cover(&[(target, "b")], false), Some((None, Some(4))), "in ruins: two points, over two thirds");
    assert_eq!(cover(&[], true), Some((Some(2), None)), "a friend of the target in the hex before it");
    assert_eq!(cover(&[(target, "f")], true), Some((None, Some(4))));
}

#[test]
fn a_bubble_is_noted_when_the_phase_opens() {
    let m = middle();
    let far = toward(m, S, 8);
    let figures: &[F] = &[
        (1, 0, "Capitaine Aldo", m),
        (2, 0, "Soldat", toward(m, N, 3)),
        (3, 0, "Soldat", toward(m, N, 4)),
        (4, 0, "Sergente Mira", far),
        (5, 0, "Archer", toward(far, S, 2)),
        (6, 0, "Arbalétrier", toward(far, S, 3)),
        (11, 1, "Guerrier orque", toward(m, SE, 9)),
    ];
    let mut app = start(figures, &[], &[15]);
    let events = send(&mut app, Command::ChooseLeader { leader: id(1) });
    assert!(events.iter().any(|e| matches!(e, Event::PhaseStarted { eligible, .. } if eligible == &[id(1), id(2)])), "the Chief's: 3 hexes, not 4 (l. 58, A4)");
    send(&mut app, Command::Move { figure: id(1), to: toward(m, N, 1) });
    assert!(!app.legal_commands().iter().any(|c| c.figure() == Some(id(3))), "a figure that comes into the bubble later is not activated (l. 60)");
    send(&mut app, Command::EndPhase);
    let events = send(&mut app, Command::ChooseLeader { leader: id(4) });
    assert!(events.iter().any(|e| matches!(e, Event::PhaseStarted { eligible, .. } if eligible == &[id(4), id(5)])), "the Champion's: 2 hexes, not 3");
}

#[test]
fn leader_phases_alternate_from_the_initiative_and_the_side_with_more_goes_on() {
    let m = middle();
    let figures: &[F] = &[
        (1, 0, "Capitaine Aldo", m),
        (2, 0, "Sergente Mira", toward(m, S, 2)),
        (3, 0, "Soldat", toward(m, SW, 2)),
        (11, 1, "Grushak, chef de guerre orque", toward(m, N, 9)),
        (12, 1, "Guerrier orque", toward(m, N, 10)),
    ];
    // A d20 of 5: the Pillards have the initiative (l. 30).
    let mut app = start(figures, &[], &[5]);
    let mut phases = Vec::new();
    let record = |events: &[Event], phases: &mut Vec<(Phase, u8)>| {
        for e in events {
            if let Event::PhaseStarted { phase, side, .. } = e {
                phases.push((*phase, side.0));
            }
        }
    };
    record(app.events(), &mut phases);
    for c in [Command::ChooseLeader { leader: id(11) }, Command::EndPhase, Command::ChooseLeader { leader: id(2) }, Command::EndPhase, Command::ChooseLeader { leader: id(1) }, Command::EndPhase, Command::EndPhase] {
        let events = send(&mut app, c);
        record(&events, &mut phases);
    }
    use Phase::{ChooseLeader as C, Leader as L, Rest as R};
    assert_eq!(phases, [(C, 1), (L, 1), (C, 0), (L, 0), (C, 0), (L, 0), (R, 1), (R, 0)], "l. 40-50; the rest phases from the initiative's side (R-S1)");
}

#[test]
fn a_figure_that_fails_before_a_terrifying_creature_stops_short() {
    let m = middle();
    let troll = toward(m, N, 1);
    let figures: &[F] = &[(1, 0, "Soldat", toward(m, S, 3)), (11, 1, "Troll des cavernes", troll)];
    // The Soldat's test: d20 + 0 against 8 (H-S4c): a 5 fails, so it halts a hex before contact.
    let mut app = start(figures, &[], &[15, 5]);
    let events = send(&mut app, Command::Move { figure: id(1), to: m });
    assert!(events.iter().any(|e| matches!(e, Event::TerrorTest { test, .. } if !test.passed && test.difficulty == 8)));
    assert_eq!(app.view().unit(id(1)).unwrap().hex, Some(toward(m, S, 1)));
}

#[test]
fn a_friend_in_the_way_bars_the_shot_unless_it_arcs_and_then_risks_the_friend() {
    use strategos::rules::swidenth::data::Trait;
    use strategos::rules::swidenth::event::DuelKind;
    let from = strategos::hex::Offset(4, 22).to_hex();
    let figures: &[F] = &[(1, 0, "Archer", from), (2, 0, "Soldat", toward(from, N, 3)), (11, 1, "Archer gobelin", toward(from, N, 6))];
    let shot = Command::Shoot { figure: id(1), target: id(11) };
    // l. 166: a friend partly covering the target forbids the shot.
    let mut app = start(figures, &[], &[15]);
    send(&mut app, Command::Wait { figure: id(1) });
    assert!(!app.legal_commands().contains(&shot));
    // A shooter that arcs its shots may: missed (3 + 2 + 2 against 15 - 1), a d20 of 8 strikes
    // the friend, with a shot of its own (R-S13).
    let scenario = common::swidenth::field_with(figures, &[], &[(1, Trait::Arcing)]);
    let mut app = strategos::replay::start::<strategos::rules::swidenth::Swidenth>(&scenario, 1, &[15, 3, 15, 8, 12, 10]).unwrap();
    send(&mut app, Command::Wait { figure: id(1) });
    let events = send(&mut app, shot);
    assert!(events.iter().any(|e| matches!(e, Event::StrayRoll { ally, die: 8, strikes: true } if *ally == id(2))));
    let struck: Vec<&Duel> = events.iter().filter_map(|e| if let Event::Duel(d) = e { Some(d) } else { None }).collect();
    assert_eq!(struck.len(), 2);
    assert_eq!((struck[1].kind, struck[1].opposing.figure), (DuelKind::AllyStruck, id(2)));
}

#[test]
fn an_engaged_figure_shoots_only_if_gigantic() {
    use strategos::rules::swidenth::data::Trait;
    let m = middle();
    let figures: &[F] = &[(1, 0, "Archer", m), (11, 1, "Guerrier orque", toward(m, N, 1)), (12, 1, "Archer gobelin", toward(m, S, 5))];
    let shot = Command::Shoot { figure: id(1), target: id(12) };
    let mut app = start(figures, &[], &[15]);
    send(&mut app, Command::Wait { figure: id(1) });
    assert!(!app.legal_commands().contains(&shot), "l. 202");
    let scenario = common::swidenth::field_with(figures, &[], &[(1, Trait::Gigantic)]);
    let mut app = strategos::replay::start::<strategos::rules::swidenth::Swidenth>(&scenario, 1, &[15]).unwrap();
    send(&mut app, Command::Wait { figure: id(1) });
    assert!(app.legal_commands().contains(&shot), "a gigantic figure shoots while engaged");
}

// --- Mends from play (issue 45) -----------------------------------------------------------------

/// R-S2 (docs/rules/swidenth.md; l. 38, 44): a leader's own phase spends him even unused, and the
/// log says so when the phase ends: Grushak's phase ended at once leaves a line naming him.
#[test]
fn ending_a_leaders_phase_unused_says_he_is_spent() {
    use strategos::battle::Present;
    use strategos::rules::swidenth::Swidenth;
    let m = middle();
    let figures: &[F] = &[(1, 0, "Capitaine Aldo", m), (11, 1, "Grushak, chef de guerre orque", toward(m, N, 9))];
    let mut app = start(figures, &[], &[5]);
    send(&mut app, Command::ChooseLeader { leader: id(11) });
    let before = app.view().clone();
    let events = send(&mut app, Command::EndPhase);
    assert!(events.contains(&Event::ActivationEnded { figure: id(11) }));
    let lines: Vec<String> = events.iter().filter_map(|e| Swidenth::event_line(&before, e)).collect();
    assert!(lines.iter().any(|l| l.contains("Grushak") && l.contains("spent")), "{lines:?}");
}

/// l. 67, 122, 168: concentrating helps a shot, a fight or a spell as the second action; a Soldat
/// with no enemy to fight where it stands (and no bow nor spell) is not offered it; one in contact is.
#[test]
fn concentrate_is_offered_only_when_it_helps_a_second_action() {
    let m = middle();
    let concentrate = Command::Concentrate { figure: id(1) };
    let far = start(&[(1, 0, "Soldat", m), (11, 1, "Guerrier orque", toward(m, N, 6))], &[], &[15]);
    assert!(!far.legal_commands().contains(&concentrate), "nothing to aim, fight or cast");
    let near = start(&[(1, 0, "Soldat", m), (11, 1, "Guerrier orque", toward(m, N, 1))], &[], &[15]);
    assert!(near.legal_commands().contains(&concentrate), "a fight to prepare (l. 122)");
}

/// l. 105: the winner chooses whether to push the loser back. Behind the Guerrier orque stand three
/// more in file: the way is shut, and the push's label says it stuns instead; leaving it where it
/// stands is logged.
#[test]
fn the_push_label_says_a_shut_way_stuns_and_leaving_the_loser_is_logged() {
    use strategos::battle::Present;
    use strategos::rules::swidenth::Swidenth;
    let m = middle();
    let mut figures: Vec<F> = vec![(1, 0, "Soldat", m), (11, 1, "Guerrier orque", toward(m, N, 1))];
    for k in 0..3 {
        figures.push((12 + k, 1, "Guerrier orque", toward(m, N, 2 + k)));
    }
    let mut app = start(&figures, &[], &[15, 12, 10]);
    send(&mut app, Command::Wait { figure: id(1) });
    let events = send(&mut app, Command::Fight { figure: id(1), target: id(11) });
    assert_eq!(duel(&events).harm, Some(Harm::PushBack));
    let label = Swidenth::command_label(app.view(), &Command::Push { to: Some(toward(m, N, 2)) });
    assert!(label.contains("stunned instead"), "{label}");
    let before = app.view().clone();
    let events = send(&mut app, Command::Push { to: None });
    assert!(events.contains(&Event::LeftStanding { figure: id(11) }));
    let lines: Vec<String> = events.iter().filter_map(|e| Swidenth::event_line(&before, e)).collect();
    assert!(lines.iter().any(|l| l.contains("where it stands")), "{lines:?}");
}
