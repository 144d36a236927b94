//! Engine speed: line-of-sight queries on the larger scenario, whole random-vs-random games on the
//! small one through the same ECS path as live play, and a full AI side-turn on the larger one.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use strategos::battle::Ruleset;
use strategos::rules::thucydide::Thucydide;
use strategos::rules::thucydide::sight::Sight;
use strategos::sim::play_game;

fn line_of_sight(c: &mut Criterion) {
    let s = strategos::scenario::find_bundled("thucydide-hydaspes").expect("bundled");
    let b = Thucydide::setup(&s).expect("sets up");
    let sight = Sight::new(&b);
    let shooters: Vec<_> = b.on_board().filter_map(|u| u.hex).collect();
    let pairs: Vec<_> = shooters
        .iter()
        .flat_map(|from| b.map.hexes().filter(move |to| from.unsigned_distance_to(*to) <= 8).map(move |to| (*from, to)))
        .collect();
    let mut group = c.benchmark_group("line_of_sight");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("hydaspes_all_units_to_every_hex_within_8", |bench| {
        bench.iter(|| pairs.iter().filter(|(a, z)| sight.clear(black_box(*a), black_box(*z))).count())
    });
    group.finish();
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
    group.finish();
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

criterion_group!(benches, line_of_sight, random_games, ai_side_turn);
criterion_main!(benches);
