//! A census shard file (`freecell_census::ShardFile::decode`) read from arbitrary bytes:
//! no panic, messages of a readable length, and what is read encodes to a file that reads
//! back as itself.
#![no_main]

use freecell_census::ShardFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match ShardFile::decode(data) {
        Ok(file) => assert_eq!(ShardFile::decode(&file.encode()).as_ref(), Ok(&file)),
        Err(error) => {
            let message = error.to_string();
            assert!(message.len() <= 400, "a message of {} bytes", message.len());
        }
    }
});
