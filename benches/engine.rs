//! Engine speed: a battle's set-up from its scenario (on the bundled army lists, and on lists of
//! one's own read at set-up), line-of-sight queries on the largest scenario of each ruleset, whole
//! random-vs-random games on the small ones through the same ECS path as live play, and a full AI
//! side-turn on the larger ones, for each ruleset.

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use strategos::ai::Judge;
use strategos::battle::Ruleset;
use strategos::hex::Hex;
use strategos::rules::black_powder::BlackPowder;
use strategos::rules::mass_battle::MassBattle;
use strategos::rules::swidenth::Swidenth;
use strategos::rules::swordpoint::Swordpoint;
use strategos::rules::thucydide::Thucydide;
use strategos::rules::thucydide::sight::Sight;
use strategos::sim::play_game;

/// Every unit's hex to every hex within 8 of it: the queries a shooter's targets and a hovered
/// enemy's line ask.
fn sight_pairs<R: Ruleset>(b: &strategos::battle::Battle<R>) -> Vec<(Hex, Hex)> {
    let shooters: Vec<Hex> = b.on_board().filter_map(|u| u.hex).collect();
    shooters.iter().flat_map(|from| b.map.hexes().filter(move |to| from.unsigned_distance_to(*to) <= 8).map(move |to| (*from, to))).collect()
}

fn setup<R: Ruleset>(id: &str) -> strategos::battle::Battle<R> {
    R::setup(&strategos::scenario::find_bundled(id).expect("bundled")).expect("sets up")
}

/// Setting a battle up from its scenario: each bundled scenario (its ruleset's table read once from
/// the bundled lists), and each test battle naming a list of its own, which is read at set-up.
fn set_up(c: &mut Criterion) {
    let mut group = c.benchmark_group("set_up");
    set_up_of::<Thucydide>(&mut group, &["thucydide-first-clash", "thucydide-hydaspes"], Some("thucydide-test-battle.ron"));
    set_up_of::<Swordpoint>(&mut group, &["swordpoint-hastings-skirmish", "swordpoint-heraclea"], Some("swordpoint-test-battle.ron"));
    set_up_of::<BlackPowder>(&mut group, &["black-powder-quatre-bras", "black-powder-plancenoit"], Some("black-powder-test-battle.ron"));
    set_up_of::<Swidenth>(&mut group, &["swidenth-border-patrol", "swidenth-ruined-village"], Some("swidenth-test-battle.ron"));
    set_up_of::<MassBattle>(&mut group, &["mass-battle-field", "mass-battle-heroes", "mass-battle-siege"], Some("mass-battle-test-battle.ron"));
    group.finish();
}

/// `own_lists`: a test battle of `tests/armies/` that names a list of its own.
fn set_up_of<R: Ruleset>(group: &mut BenchmarkGroup<WallTime>, ids: &[&str], own_lists: Option<&str>) {
    for id in ids {
        let s = strategos::scenario::find_bundled(id).expect("bundled");
        group.bench_function(format!("{id}_bundled_lists"), |bench| bench.iter(|| black_box(R::setup(&s).expect("sets up"))));
    }
    if let Some(own_lists) = own_lists {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/armies").join(own_lists);
        let (s, _) = strategos::scenario::load(&path).expect("the test battle");
        group.bench_function(format!("{}_own_lists", own_lists.trim_end_matches(".ron")), |bench| bench.iter(|| black_box(R::setup(&s).expect("sets up"))));
    }
}

/// Line of sight on the largest scenario of each ruleset, through the query its rules ask:
/// Thucydide's own sight, the shell's line for the rulesets on an open table, Swidenth's cover.
fn line_of_sight(c: &mut Criterion) {
    let mut group = c.benchmark_group("line_of_sight");
    let b = setup::<Thucydide>("thucydide-hydaspes");
    let sight = Sight::new(&b);
    let pairs = sight_pairs(&b);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("hydaspes_all_units_to_every_hex_within_8", |bench| {
        bench.iter(|| pairs.iter().filter(|(a, z)| sight.clear(black_box(*a), black_box(*z))).count())
    });
    shell_line_of_sight::<Swordpoint>(&mut group, "swordpoint-heraclea");
    shell_line_of_sight::<BlackPowder>(&mut group, "black-powder-plancenoit");
    shell_line_of_sight::<MassBattle>(&mut group, "mass-battle-siege");
    let b = setup::<Swidenth>("swidenth-ruined-village");
    let shut = strategos::rules::swidenth::aim::shut_doors(&b);
    let pairs = sight_pairs(&b);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("swidenth-ruined-village_cover_all_figures_to_every_hex_within_8", |bench| {
        bench.iter(|| pairs.iter().filter_map(|(a, z)| strategos::rules::swidenth::sight::cover_points(&b.map, &shut, black_box(*a), black_box(*z), |h| b.unit_at(h).is_some())).count())
    });
    group.finish();
}

fn shell_line_of_sight<R: Ruleset>(group: &mut BenchmarkGroup<WallTime>, id: &str) {
    let b = setup::<R>(id);
    let pairs = sight_pairs(&b);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function(format!("{id}_all_units_to_every_hex_within_8"), |bench| {
        bench.iter(|| pairs.iter().filter(|(a, z)| strategos::battle::sight::line_clear(&b, black_box(*a), black_box(*z))).count())
    });
}

fn random_games(c: &mut Criterion) {
    let s = strategos::scenario::find_bundled("thucydide-first-clash").expect("bundled");
    let mut group = c.benchmark_group("random_games");
    group.throughput(Throughput::Elements(1));
    group.sample_size(20);
    let mut seed = 0u64;
    group.bench_function("first_clash_random_vs_random_through_ecs", |bench| {
        bench.iter(|| {
            seed += 1;
            play_game::<Thucydide>(&s, seed, |_| {}).expect("game ends").turns
        })
    });
    random_games_of::<Swordpoint>(&mut group, &["swordpoint-hastings-skirmish", "swordpoint-heraclea"], &mut seed);
    random_games_of::<BlackPowder>(&mut group, &["black-powder-quatre-bras", "black-powder-plancenoit"], &mut seed);
    random_games_of::<Swidenth>(&mut group, &["swidenth-border-patrol", "swidenth-ruined-village"], &mut seed);
    random_games_of::<MassBattle>(&mut group, &["mass-battle-field", "mass-battle-heroes", "mass-battle-siege"], &mut seed);
    group.finish();
}

/// Whole random games on each of `ids`, each with the next seed.
fn random_games_of<R: Ruleset>(group: &mut BenchmarkGroup<WallTime>, ids: &[&str], seed: &mut u64) {
    for id in ids.iter().copied() {
        let s = strategos::scenario::find_bundled(id).expect("bundled");
        group.bench_function(format!("{id}_random_vs_random_through_ecs"), |bench| {
            bench.iter(|| {
                *seed += 1;
                play_game::<R>(&s, *seed, |_| {}).expect("game ends").turns
            })
        });
    }
}

/// From the start of the first player-turn to the moment the other side must decide.
fn ai_side_turn(c: &mut Criterion) {
    use strategos::ai::{Ai, Level};
    use strategos::battle::ecs::BattleApp;
    use strategos::battle::{Dice, Side};
    use strategos::sim::Player;
    let s = strategos::scenario::find_bundled("thucydide-hydaspes").expect("bundled");
    let battle = Thucydide::setup(&s).expect("sets up");
    let mut group = c.benchmark_group("ai_side_turn");
    group.sample_size(20);
    for (name, level) in [("hydaspes_easy", Level::Easy), ("hydaspes_normal", Level::Normal)] {
        group.bench_function(name, |bench| {
            bench.iter_batched(
                || (BattleApp::<Thucydide>::new(battle.clone(), Dice::new(1)), Ai::new(level, 1)),
                |(mut app, mut ai)| {
                    while Thucydide::deciding_side(app.view()) == Some(Side(0)) {
                        let c = ai.choose(app.view()).expect("a command");
                        app.submit(c).expect("legal");
                    }
                    app.view().turn
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

/// Swordpoint's heaviest side-turn: one side's remaining moves in the first turn of Heraclea (the
/// computer at the quick level played both sides up to there, outside the timing), until the other
/// side must decide.
fn swordpoint_ai_side_turn(c: &mut Criterion) {
    use strategos::ai::{Ai, Level};
    use strategos::battle::Dice;
    use strategos::rules::swordpoint::state::Phase;
    use strategos::sim::Player;
    let s = strategos::scenario::find_bundled("swordpoint-heraclea").expect("bundled");
    let mut b = Swordpoint::setup(&s).expect("sets up");
    let mut dice = Dice::new(1);
    let play = |b: &mut strategos::battle::Battle<Swordpoint>, ai: &mut Ai, dice: &mut Dice| {
        let c = ai.choose(b).expect("a command");
        for e in Swordpoint::resolve(b, &c, dice).expect("legal") {
            Swordpoint::apply(b, &e);
        }
    };
    for e in Swordpoint::open(&b, &mut dice) {
        Swordpoint::apply(&mut b, &e);
    }
    let mut quick = Ai::new(Level::Easy, 1);
    while b.global.phase != Phase::RemainingMoves {
        play(&mut b, &mut quick, &mut dice);
    }
    let mover = Swordpoint::deciding_side(&b);
    let mut group = c.benchmark_group("ai_side_turn");
    group.sample_size(10);
    for (name, level) in [("heraclea_remaining_moves_easy", Level::Easy), ("heraclea_remaining_moves_normal", Level::Normal)] {
        group.bench_function(name, |bench| {
            bench.iter_batched(
                || (b.clone(), Ai::new(level, 1), Dice::new(2)),
                |(mut b, mut ai, mut dice)| {
                    while Swordpoint::deciding_side(&b) == mover && b.global.phase == Phase::RemainingMoves {
                        play(&mut b, &mut ai, &mut dice);
                    }
                    b.turn
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

/// The computer's first side-turn on `id`, at both levels: from the opening until the other side
/// must decide or the first turn ends.
fn first_side_turn<R: Judge>(c: &mut Criterion, id: &str, names: [&str; 2]) {
    use strategos::ai::{Ai, Level};
    use strategos::battle::Dice;
    use strategos::battle::ecs::BattleApp;
    use strategos::sim::Player;
    let s = strategos::scenario::find_bundled(id).expect("bundled");
    let battle = R::setup(&s).expect("sets up");
    let mut group = c.benchmark_group("ai_side_turn");
    group.sample_size(10);
    for (name, level) in names.into_iter().zip([Level::Easy, Level::Normal]) {
        group.bench_function(name, |bench| {
            bench.iter_batched(
                || (BattleApp::<R>::new(battle.clone(), Dice::new(1)), Ai::new(level, 1)),
                |(mut app, mut ai)| {
                    let first = R::deciding_side(app.view());
                    while R::deciding_side(app.view()) == first && app.view().turn == 1 {
                        let c = ai.choose(app.view()).expect("a command");
                        app.submit(c).expect("legal");
                    }
                    app.view().turn
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

/// Black Powder's first side-turn on Plancenoit, the larger scenario: the first side's initiative
/// moves, orders, moves and shooting.
fn black_powder_ai_side_turn(c: &mut Criterion) {
    first_side_turn::<BlackPowder>(c, "black-powder-plancenoit", ["plancenoit_first_side_easy", "plancenoit_first_side_normal"]);
}

/// Swidenth's first leader phase in the ruined village, the larger scenario: the side with the
/// initiative picks its leader and acts with the figures of his bubble.
fn swidenth_ai_side_turn(c: &mut Criterion) {
    first_side_turn::<Swidenth>(c, "swidenth-ruined-village", ["ruined_village_first_leader_phase_easy", "ruined_village_first_leader_phase_normal"]);
}

/// The mass battle's first Orders phase with heroes, the larger scenario, and in the siege: the Ost
/// gives every unit and hero its order (and names the section it attacks) and seals.
fn mass_battle_ai_side_turn(c: &mut Criterion) {
    first_side_turn::<MassBattle>(c, "mass-battle-heroes", ["mass_battle_heroes_first_orders_easy", "mass_battle_heroes_first_orders_normal"]);
    first_side_turn::<MassBattle>(c, "mass-battle-siege", ["mass_battle_siege_first_orders_easy", "mass_battle_siege_first_orders_normal"]);
}

criterion_group!(
    benches,
    set_up,
    line_of_sight,
    random_games,
    ai_side_turn,
    swordpoint_ai_side_turn,
    black_powder_ai_side_turn,
    swidenth_ai_side_turn,
    mass_battle_ai_side_turn
);
criterion_main!(benches);
