//! Any bytes as a checkpoint (and as a baseline file): reading and the checks resuming
//! makes never panic, overflow the stack or allocate past the limits; an error is short;
//! a checkpoint that reads writes back to the same checkpoint. Nothing is solved:
//! `Checkpoint::validate` is what `Evolution::resume` runs before it starts.
#![no_main]

use freecell_evolve::{Baselines, Checkpoint, csv};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match Checkpoint::from_json(&text) {
        Ok(checkpoint) => {
            let written = checkpoint.to_json();
            let again = Checkpoint::from_json(&written).unwrap_or_else(|e| panic!("to_json does not read: {e}"));
            assert_eq!(again, checkpoint);
            match checkpoint.validate() {
                Ok(()) => {
                    // What the command line does with a checkpoint it resumes.
                    let _ = csv(checkpoint.history());
                    let _ = (checkpoint.champion(), checkpoint.selected(), checkpoint.config.deals_per_solver());
                }
                Err(error) => short(&error.to_string()),
            }
        }
        Err(error) => short(&error.to_string()),
    }
    match Baselines::from_json(&text) {
        Ok(baselines) => assert_eq!(Baselines::from_json(&baselines.to_json()).ok(), Some(baselines)),
        Err(error) => short(&error.to_string()),
    }
});

/// Messages quote excerpts, not what they were given.
fn short(message: &str) {
    assert!(message.chars().count() < 600, "{message}");
}
