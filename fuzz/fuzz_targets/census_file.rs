//! A census shard file (`freecell_census::ShardFile::decode`) read from arbitrary bytes,
//! as they are and behind a header whose checksum and length fit them (so the fuzzer
//! reaches the JSON and the count checks, which a random checksum would hide): no panic,
//! messages of a readable length, and what is read encodes to a file that reads back as
//! itself.
#![no_main]

use freecell_census::{ShardFile, fnv1a64};
use libfuzzer_sys::fuzz_target;

fn check(bytes: &[u8]) {
    match ShardFile::decode(bytes) {
        Ok(file) => assert_eq!(ShardFile::decode(&file.encode()).as_ref(), Ok(&file)),
        Err(error) => {
            let message = error.to_string();
            assert!(message.len() <= 400, "a message of {} bytes", message.len());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    check(data);
    let mut framed = format!("freecell-census 1 fnv1a64 {:016x} {}\n", fnv1a64(data), data.len()).into_bytes();
    framed.extend_from_slice(data);
    framed.push(b'\n');
    check(&framed);
});
