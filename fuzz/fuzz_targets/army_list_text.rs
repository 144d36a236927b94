//! Army-list text: read and checked by its ruleset, or refused naming the file and a line or field.
#![no_main]
libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    if let Err(broken) = strategos::sim::probe::army_list_text(&String::from_utf8_lossy(bytes)) {
        panic!("{broken}");
    }
});
