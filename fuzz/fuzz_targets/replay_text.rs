//! Replay and save text: parsed, checked and played back, or refused naming the file.
#![no_main]
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    if let Err(broken) = strategos::sim::probe::replay_text(&String::from_utf8_lossy(bytes)) {
        panic!("{broken}");
    }
});
