//! Engine speed: line-of-sight queries on the larger scenario, and whole random-vs-random games on
//! the small one through the same ECS path as live play.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
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

criterion_group!(benches, line_of_sight, random_games);
criterion_main!(benches);
