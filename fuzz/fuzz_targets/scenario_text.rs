//! Scenario text: parsed, checked and set up with its ruleset, or refused saying where.
#![no_main]
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    if let Err(broken) = strategos::sim::probe::scenario_text(&String::from_utf8_lossy(bytes)) {
        panic!("{broken}");
    }
});
