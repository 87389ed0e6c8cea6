//! The shard file: one per shard, its checkpoint while it runs and its result when done,
//! replaced atomically and checked by a checksum when read.
//!
//! The file is two lines: a header `freecell-census 1 fnv1a64 <16 hex digits> <bytes>`,
//! then the [`ShardFile`] as one line of JSON, whose bytes the header's checksum
//! (FNV-1a, 64 bits: Fowler, Noll and Vo, IETF draft-eastlake-fnv, §2) and length cover.
//! A file is written whole to `<name>.tmp`, flushed to the disk (`fsync`), renamed over
//! the old one and its directory flushed, so a kill at any moment leaves the old file or
//! the new one, never a torn one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::selection::Shard;
use crate::settings::Settings;
use crate::tally::{Findings, Timing};

/// The first word of a shard file and its format's version.
const MAGIC: &str = "freecell-census 1";

/// A shard's progress and results: what its file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ShardFile {
    /// The census it belongs to.
    pub settings: Settings,
    /// Which shard it is.
    pub shard: Shard,
    /// The shard's positions done, from the first of its block: the deals of
    /// [`findings`](Self::findings).
    pub done: u64,
    /// What its deals found.
    pub findings: Findings,
    /// How long they took.
    pub timing: Timing,
}

impl ShardFile {
    /// A shard with nothing done.
    pub fn new(settings: Settings, shard: Shard) -> ShardFile {
        ShardFile { settings, shard, done: 0, findings: Findings::default(), timing: Timing::default() }
    }

    /// The shard's positions of the census.
    pub fn positions(&self) -> std::ops::Range<u64> {
        self.shard.positions(self.settings.deals.len())
    }

    /// The positions of the shard's block.
    pub fn size(&self) -> u64 {
        let block = self.positions();
        block.end - block.start
    }

    /// Whether every deal of the shard is done.
    pub fn is_complete(&self) -> bool {
        self.done == self.size()
    }

    /// The file name of `shard`: `shard-I-of-N.census`.
    pub fn name(shard: Shard) -> String {
        format!("shard-{}-of-{}.census", shard.index(), shard.count())
    }

    /// The file's bytes: header, JSON, line breaks.
    ///
    /// # Panics
    /// Never: a shard file has string keys and whole numbers only, which JSON always
    /// holds.
    pub fn encode(&self) -> Vec<u8> {
        let json = serde_json::to_vec(self).expect("a shard file has string keys and finite numbers only");
        let mut bytes = format!("{MAGIC} fnv1a64 {:016x} {}\n", fnv1a64(&json), json.len()).into_bytes();
        bytes.extend_from_slice(&json);
        bytes.push(b'\n');
        bytes
    }

    /// Reads a file's bytes back, checking its header, checksum and counts.
    ///
    /// # Errors
    /// [`Corrupt`], saying what is wrong.
    pub fn decode(bytes: &[u8]) -> Result<ShardFile, Corrupt> {
        let newline = bytes.iter().position(|&b| b == b'\n').ok_or(Corrupt::Header)?;
        let header = std::str::from_utf8(&bytes[..newline]).map_err(|_| Corrupt::Header)?;
        let rest = header.strip_prefix(MAGIC).and_then(|r| r.strip_prefix(" fnv1a64 ")).ok_or(Corrupt::Header)?;
        let (sum, length) = rest.split_once(' ').ok_or(Corrupt::Header)?;
        let sum = u64::from_str_radix(sum, 16).map_err(|_| Corrupt::Header)?;
        let length: usize = length.parse().map_err(|_| Corrupt::Header)?;
        let body = &bytes[newline + 1..];
        if body.len() != length + 1 || body[length] != b'\n' {
            return Err(Corrupt::Length { expected: length, found: body.len().saturating_sub(1) });
        }
        let json = &body[..length];
        if fnv1a64(json) != sum {
            return Err(Corrupt::Checksum);
        }
        let file: ShardFile = serde_json::from_slice(json).map_err(|e| Corrupt::Json(short(&e.to_string())))?;
        file.inconsistency().map_or(Ok(file), |problem| Err(Corrupt::Counts(problem)))
    }

    fn inconsistency(&self) -> Option<String> {
        if self.done > self.size() {
            return Some(format!("{} deals done of a shard of {}", self.done, self.size()));
        }
        if self.findings.deals != self.done || self.timing.deals != self.done {
            return Some(format!(
                "{} deals done, {} found and {} timed",
                self.done, self.findings.deals, self.timing.deals
            ));
        }
        self.findings.inconsistency()
    }

    /// Reads the shard file at `path`.
    ///
    /// # Errors
    /// [`ReadError`]: it cannot be read, or is corrupt.
    pub fn read(path: &Path) -> Result<ShardFile, ReadError> {
        let bytes = fs::read(path).map_err(|source| ReadError::Io { path: path.to_owned(), source })?;
        ShardFile::decode(&bytes).map_err(|problem| ReadError::Corrupt { path: path.to_owned(), problem })
    }

    /// Writes the file at `path` atomically: `<path>.tmp` written and flushed to the disk,
    /// renamed over `path`, the directory flushed.
    ///
    /// # Errors
    /// The system's error.
    pub fn write(&self, path: &Path) -> io::Result<()> {
        write_atomically(path, &self.encode())
    }
}

/// At most 200 bytes of `message` (serde's messages quote the input: an unknown field's
/// name may be any length).
fn short(message: &str) -> String {
    const MAX: usize = 200;
    if message.len() <= MAX {
        return message.to_owned();
    }
    let cut = (0..=MAX).rev().find(|&i| message.is_char_boundary(i)).unwrap_or(0);
    format!("{}…", &message[..cut])
}

/// Writes `bytes` to `path` through a flushed temporary file and a rename.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let mut file = File::create(&temporary)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    fs::rename(&temporary, path)?;
    // The rename is durable once the directory is; where a directory cannot be opened
    // as a file (not Unix), the rename stands as the system keeps it.
    if let Some(dir) = path.parent().map(|p| if p.as_os_str().is_empty() { Path::new(".") } else { p })
        && let Ok(dir) = File::open(dir)
    {
        dir.sync_all()?;
    }
    Ok(())
}

/// FNV-1a, 64 bits (draft-eastlake-fnv, §2: offset basis and prime for 64 bits): the
/// shard files' checksum.
///
/// # Examples
/// ```
/// assert_eq!(freecell_census::fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A digest of many bytes for [`Settings::build`] (a program's executable): FNV-1a's step
/// (xor, then multiply by its 64-bit prime) on each little-endian 8-byte word, then on each
/// byte of the tail. Each step is a bijection of the state, so inputs of one length that
/// differ in one word always differ here; and a step per word, not per byte, costs a
/// census run about 12 million instructions on its 23 MB executable where FNV-1a cost 92
/// million.
///
/// # Examples
/// ```
/// use freecell_census::{digest64, fnv1a64};
/// // Under eight bytes, no word: FNV-1a itself.
/// assert_eq!(digest64(b"a"), fnv1a64(b"a"));
/// assert_ne!(digest64(b"12345678"), digest64(b"12345679"));
/// ```
pub fn digest64(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0100_0000_01b3;
    let words = bytes.chunks_exact(8);
    let tail = words.remainder();
    let hash = words.fold(0xcbf2_9ce4_8422_2325, |hash, word| {
        let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        (hash ^ word).wrapping_mul(PRIME)
    });
    tail.iter().fold(hash, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(PRIME))
}

/// What is wrong with a shard file's bytes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Corrupt {
    /// The first line is not a shard file's header.
    #[error("its first line is not `{MAGIC} fnv1a64 <checksum> <length>`")]
    Header,
    /// The JSON is not as long as the header says: a truncated file.
    #[error("the header promises {expected} bytes of JSON and a line break, and {found} bytes follow")]
    Length {
        /// The bytes promised.
        expected: usize,
        /// The bytes there.
        found: usize,
    },
    /// The checksum does not match.
    #[error("its checksum does not match its contents")]
    Checksum,
    /// The JSON is not a shard's.
    #[error("its JSON is not a shard's: {0}")]
    Json(String),
    /// Counts that disagree.
    #[error("its counts disagree: {0}")]
    Counts(String),
}

/// A shard file that cannot be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The system's error.
    #[error("cannot read `{}`: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
    /// The bytes are not a shard file.
    #[error("`{}` is corrupt: {problem}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: Corrupt,
    },
}

#[cfg(test)]
mod tests {
    use freecell_core::Game;
    use freecell_deals::DealRange;
    use freecell_solver::Preset;

    use super::*;
    use crate::Selection;

    fn file() -> ShardFile {
        let settings = Settings::new(Selection::range(DealRange::MS_32K), Game::FreeCell, Preset::Fast, "test");
        ShardFile::new(settings, Shard::new(1, 4).unwrap())
    }

    #[test]
    fn fnv_matches_the_published_vectors() {
        // draft-eastlake-fnv's test vectors for FNV-1a, 64 bits.
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    /// Every bit of a word or of the tail counts: flipping any one of 67 bytes' bits
    /// changes the digest, and a word's bytes are not read as the same bytes in another order.
    #[test]
    fn the_digest_sees_every_bit() {
        let bytes: Vec<u8> = (0..67u8).map(|b| b.wrapping_mul(37)).collect();
        let digest = digest64(&bytes);
        for bit in 0..bytes.len() * 8 {
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            assert_ne!(digest64(&flipped), digest, "bit {bit}");
        }
        let mut swapped = bytes.clone();
        swapped.swap(0, 1);
        assert_ne!(digest64(&swapped), digest);
    }

    #[test]
    fn every_damage_is_caught() {
        let bytes = file().encode();
        assert_eq!(ShardFile::decode(&bytes), Ok(file()));
        assert_eq!(file().positions(), 8_000..16_000);
        // A truncated file at every length.
        for cut in 0..bytes.len() {
            assert!(ShardFile::decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        // A changed byte anywhere in the JSON.
        let start = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
        for at in start..bytes.len() - 1 {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x01;
            assert_eq!(ShardFile::decode(&damaged), Err(Corrupt::Checksum), "byte {at}");
        }
        // Counts that disagree, checksummed as a writer would.
        let mut lying = file();
        lying.done = 3;
        assert!(matches!(ShardFile::decode(&lying.encode()), Err(Corrupt::Counts(_))));
    }

    #[test]
    fn a_file_written_before_goals_were_recorded_ran_for_a_short_solution() {
        let mut old = file();
        old.settings.goal = freecell_solver::Goal::Short;
        let json = String::from_utf8(serde_json::to_vec(&old).unwrap()).unwrap().replace(r#""goal":"short","#, "");
        assert!(!json.contains("goal"), "{json}");
        let bytes = format!("{MAGIC} fnv1a64 {:016x} {}\n{json}\n", fnv1a64(json.as_bytes()), json.len());
        assert_eq!(ShardFile::decode(bytes.as_bytes()), Ok(old));
    }

    #[test]
    fn json_errors_are_cut_short() {
        let json = format!(r#"{{"{}":1}}"#, "x".repeat(10_000));
        let bytes = format!("{MAGIC} fnv1a64 {:016x} {}\n{json}\n", fnv1a64(json.as_bytes()), json.len());
        let Err(Corrupt::Json(message)) = ShardFile::decode(bytes.as_bytes()) else { panic!("decoded") };
        assert!(message.len() <= 203 && message.ends_with('…'), "{message}");
    }

    #[test]
    fn a_write_replaces_the_file_whole() {
        let dir = std::env::temp_dir().join(format!("freecell-census-file-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join(ShardFile::name(Shard::new(1, 4).unwrap()));
        file().write(&path).unwrap();
        assert_eq!(ShardFile::read(&path).unwrap(), file());
        assert!(!dir.join("shard-1-of-4.census.tmp").exists());
        fs::write(&path, b"freecell-census 1 fnv1a64 0 2\n{}").unwrap();
        let error = ShardFile::read(&path).unwrap_err().to_string();
        assert!(error.contains("shard-1-of-4.census` is corrupt: the header promises 2 bytes"), "{error}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
