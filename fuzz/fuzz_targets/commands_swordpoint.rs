//! A stream of commands, legal ones and ones a digit away, sent to a battle of swordpoint.
#![no_main]
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    if let Err(broken) = strategos::sim::probe::command_stream("swordpoint", bytes) {
        panic!("{broken}");
    }
});
