//! How much more memory this process may allocate, as Linux reports it: for budgets that fit
//! the machine rather than a fixed figure.
//!
//! Three limits can refuse memory, and each is read from `/proc` or `/sys`:
//!
//! - **cgroup** (containers, systemd units): the limit of the process's cgroup minus its
//!   current usage, the least over that cgroup and its ancestors. Version 2: `memory.max` and
//!   `memory.current` under `/sys/fs/cgroup`; version 1: `memory.limit_in_bytes` and
//!   `memory.usage_in_bytes` under `/sys/fs/cgroup/memory`; the cgroup is the one
//!   `/proc/self/cgroup` names (or the mount's root, when that path is not visible there, as
//!   in a container without a cgroup namespace). `max`, a missing file or version 1's
//!   "no limit" value (about 2⁶³) mean no limit.
//! - **address space** (`ulimit -v`, `prlimit --as`): the soft `RLIMIT_AS` from
//!   `/proc/self/limits` minus the address space in use (`VmSize` in `/proc/self/status`).
//!   It counts reserved, untouched memory too (thread stacks, allocator arenas).
//! - **system**: `MemAvailable` from `/proc/meminfo`, what the kernel estimates can be
//!   allocated without swapping.
//!
//! The limits themselves (the cgroup's limits and where its usage files are, `RLIMIT_AS`)
//! are read once per process; each call to [`available`] reads only the current figures:
//! `/proc/meminfo`, plus `/proc/self/status` and each limited cgroup level's usage file when
//! those limits are set, about 10 µs a file. A process moved to another cgroup, or whose
//! `RLIMIT_AS` changes, after the first call keeps the first reading of the limits.
//!
//! [`peak_resident`] reads the other figure a benchmark wants from the same file: the peak
//! resident memory (`VmHWM`).
//!
//! Nothing here panics or fails: a file that is missing, unreadable or malformed leaves its
//! figure `None`, and on systems other than Linux every figure is `None`.
//!
//! # Examples
//!
//! ```
//! use freecell_search::{Budget, system_memory};
//!
//! // At most 1 GiB, and at most a quarter of what the process may still allocate.
//! let fixed: usize = 1 << 30;
//! let bytes = match system_memory::available().least() {
//!     Some(free) => fixed.min(usize::try_from(free / 4).unwrap_or(usize::MAX)),
//!     None => fixed, // not Linux, or nothing readable
//! };
//! let budget = Budget::default().max_bytes(bytes);
//! assert!(budget.get_max_bytes() <= Some(fixed));
//! ```

/// Bytes this process may still allocate under each limit, when known ([`available`]).
///
/// # Examples
///
/// ```
/// let now = freecell_search::system_memory::available();
/// if let Some(least) = now.least() {
///     assert!(now.system.is_none_or(|system| least <= system));
/// }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Available {
    /// The cgroup's limit minus its usage, the least over the process's cgroup and its
    /// ancestors; `None` without a cgroup memory limit.
    pub cgroup: Option<u64>,
    /// The soft `RLIMIT_AS` minus the address space in use; `None` when it is unlimited.
    pub address_space: Option<u64>,
    /// The kernel's `MemAvailable`.
    pub system: Option<u64>,
}

impl Available {
    /// The smallest of the known figures: what may be allocated before some limit refuses
    /// it. `None` when none is known.
    pub fn least(&self) -> Option<u64> {
        [self.cgroup, self.address_space, self.system].into_iter().flatten().min()
    }
}

/// What the process may allocate now (see the [module docs](self)). The first call also
/// reads the limits, which later calls reuse.
pub fn available() -> Available {
    #[cfg(target_os = "linux")]
    {
        linux::available()
    }
    #[cfg(not(target_os = "linux"))]
    {
        Available::default()
    }
}

/// The most memory this process has held resident so far, in bytes (`VmHWM` in
/// `/proc/self/status`): what a benchmark reports as its peak. `None` on systems other
/// than Linux, or when the file cannot be read.
pub fn peak_resident() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        parse_kib_field(&std::fs::read_to_string("/proc/self/status").ok()?, "VmHWM")
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// A limit read from a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Unlimited,
    Bytes(u64),
}

/// Values from here up mean "no limit": cgroup v1 writes it as the largest multiple of the
/// page size below 2⁶³, and no machine has 4 EiB.
const NO_LIMIT_FROM: u64 = 1 << 62;

/// A cgroup limit file's content: `max` (version 2) or a number of bytes, followed by a
/// newline.
fn parse_limit(text: &str) -> Option<Bound> {
    match text.trim() {
        "max" => Some(Bound::Unlimited),
        value => value.parse::<u64>().ok().map(|n| if n >= NO_LIMIT_FROM { Bound::Unlimited } else { Bound::Bytes(n) }),
    }
}

/// A cgroup usage file's content: a number of bytes.
fn parse_bytes(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

/// The cgroup paths `/proc/self/cgroup` gives: the version 2 one (`0::/path`) and the
/// version 1 memory controller's (`N:...,memory,...:/path`).
#[derive(Debug, Default, PartialEq, Eq)]
struct CgroupPaths<'a> {
    v2: Option<&'a str>,
    v1_memory: Option<&'a str>,
}

fn parse_cgroup(text: &str) -> CgroupPaths<'_> {
    let mut paths = CgroupPaths::default();
    for line in text.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) = (fields.next(), fields.next(), fields.next()) else {
            continue;
        };
        if !path.starts_with('/') {
            continue;
        }
        if id == "0" && controllers.is_empty() {
            paths.v2 = Some(path);
        } else if controllers.split(',').any(|c| c == "memory") {
            paths.v1_memory = Some(path);
        }
    }
    paths
}

/// The soft limit of `Max address space` in `/proc/self/limits`.
fn parse_address_space_limit(text: &str) -> Option<Bound> {
    let rest = text.lines().find_map(|line| line.strip_prefix("Max address space"))?;
    match rest.split_whitespace().next()? {
        "unlimited" => Some(Bound::Unlimited),
        value => value.parse().ok().map(Bound::Bytes),
    }
}

/// The value of a `Name:   123 kB` line (`/proc/self/status`, `/proc/meminfo`), in bytes.
fn parse_kib_field(text: &str, name: &str) -> Option<u64> {
    let rest = text.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(':'))?;
    let mut words = rest.split_whitespace();
    let value: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") => value.checked_mul(1024),
        _ => None,
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::path::{Path, PathBuf};
    use std::sync::OnceLock;

    use super::{Available, Bound, parse_address_space_limit, parse_bytes, parse_cgroup, parse_kib_field, parse_limit};

    /// What is read once per process.
    #[derive(Debug, Default)]
    struct Limits {
        /// Each cgroup level with a memory limit: its usage file and the limit.
        cgroups: Vec<(PathBuf, u64)>,
        /// The soft `RLIMIT_AS`, if set.
        address_space: Option<u64>,
    }

    fn read(path: impl AsRef<Path>) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }

    /// The levels with a limit of one cgroup hierarchy mounted at `mount`, from the
    /// process's cgroup `path` up to the mount's root.
    fn cgroup_levels(mount: &Path, path: &str, limit_file: &str, usage_file: &str, out: &mut Vec<(PathBuf, u64)>) {
        let own = mount.join(path.trim_start_matches('/'));
        // Not visible here (a container without a cgroup namespace mounts its own cgroup
        // at the root): the mount's root is the process's cgroup.
        let start = if own.is_dir() && own.starts_with(mount) { own } else { mount.to_path_buf() };
        for dir in start.ancestors() {
            if let Some(Bound::Bytes(limit)) = read(dir.join(limit_file)).as_deref().and_then(parse_limit) {
                out.push((dir.join(usage_file), limit));
            }
            if dir == mount {
                break;
            }
        }
    }

    fn limits() -> &'static Limits {
        static LIMITS: OnceLock<Limits> = OnceLock::new();
        LIMITS.get_or_init(|| {
            let mut cgroups = Vec::new();
            if let Some(text) = read("/proc/self/cgroup") {
                let paths = parse_cgroup(&text);
                let root = Path::new("/sys/fs/cgroup");
                if let Some(path) = paths.v2 {
                    cgroup_levels(root, path, "memory.max", "memory.current", &mut cgroups);
                }
                if let Some(path) = paths.v1_memory {
                    let mount = root.join("memory");
                    cgroup_levels(&mount, path, "memory.limit_in_bytes", "memory.usage_in_bytes", &mut cgroups);
                }
            }
            let address_space = match read("/proc/self/limits").as_deref().and_then(parse_address_space_limit) {
                Some(Bound::Bytes(n)) => Some(n),
                Some(Bound::Unlimited) | None => None,
            };
            Limits { cgroups, address_space }
        })
    }

    pub(super) fn available() -> Available {
        let limits = limits();
        let cgroup = limits
            .cgroups
            .iter()
            .filter_map(|(usage, limit)| Some(limit.saturating_sub(read(usage).as_deref().and_then(parse_bytes)?)))
            .min();
        let address_space = limits.address_space.and_then(|limit| {
            let used = parse_kib_field(&read("/proc/self/status")?, "VmSize")?;
            Some(limit.saturating_sub(used))
        });
        let system = read("/proc/meminfo").as_deref().and_then(|text| parse_kib_field(text, "MemAvailable"));
        Available { cgroup, address_space, system }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_is_the_smallest_known_figure() {
        assert_eq!(Available::default().least(), None);
        let a = Available { cgroup: None, address_space: Some(7), system: Some(9) };
        assert_eq!(a.least(), Some(7));
        let a = Available { cgroup: Some(3), address_space: None, system: Some(9) };
        assert_eq!(a.least(), Some(3));
    }

    #[test]
    fn cgroup_limits_and_usages() {
        assert_eq!(parse_limit("max\n"), Some(Bound::Unlimited));
        assert_eq!(parse_limit("1073741824\n"), Some(Bound::Bytes(1 << 30)));
        // cgroup v1's "no limit".
        assert_eq!(parse_limit("9223372036854771712\n"), Some(Bound::Unlimited));
        for bad in ["", "\n", "-1", "12 kB", "maxx", "1e9", "18446744073709551616"] {
            assert_eq!(parse_limit(bad), None, "{bad:?}");
        }
        assert_eq!(parse_bytes("3682304\n"), Some(3_682_304));
        for bad in ["", "max", "-5", "3.5"] {
            assert_eq!(parse_bytes(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn cgroup_paths_of_each_version() {
        let v2 = "0::/user.slice/user-1000.slice/session-2.scope\n";
        assert_eq!(
            parse_cgroup(v2),
            CgroupPaths { v2: Some("/user.slice/user-1000.slice/session-2.scope"), v1_memory: None }
        );
        let hybrid = "9:name=systemd:/\n8:pids:/\n5:cpu,cpuacct:/x\n4:memory:/process_api/7475\n0::/\n";
        assert_eq!(parse_cgroup(hybrid), CgroupPaths { v2: Some("/"), v1_memory: Some("/process_api/7475") });
        let joined = "3:cpuset,memory:/docker/abc\n";
        assert_eq!(parse_cgroup(joined).v1_memory, Some("/docker/abc"));
        // A path may hold colons; a line without three fields or a relative path is skipped.
        assert_eq!(parse_cgroup("0::/a:b\n").v2, Some("/a:b"));
        for bad in ["", "garbage", "0:", "4:memory", "4:memory:relative", "\u{0}\u{1}::::"] {
            assert_eq!(parse_cgroup(bad), CgroupPaths::default(), "{bad:?}");
        }
    }

    #[test]
    fn the_address_space_limit() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max cpu time              unlimited            unlimited            seconds   \n\
                      Max address space         1073741824           unlimited            bytes     \n\
                      Max file locks            unlimited            unlimited            locks     \n";
        assert_eq!(parse_address_space_limit(limits), Some(Bound::Bytes(1 << 30)));
        let open = "Max address space         unlimited            unlimited            bytes     \n";
        assert_eq!(parse_address_space_limit(open), Some(Bound::Unlimited));
        for bad in ["", "Max address space", "Max address space   lots   unlimited   bytes", "Max cpu time 5"] {
            assert_eq!(parse_address_space_limit(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn kib_fields_of_status_and_meminfo() {
        let status = "Name:\tfreecell\nVmPeak:\t    4012 kB\nVmSize:\t    3892 kB\nVmRSS:\t    1200 kB\n";
        assert_eq!(parse_kib_field(status, "VmSize"), Some(3892 * 1024));
        let meminfo = "MemTotal:       24575740 kB\nMemFree:        22137868 kB\nMemAvailable:   24324244 kB\n";
        assert_eq!(parse_kib_field(meminfo, "MemAvailable"), Some(24_324_244 * 1024));
        // Another field's name as a prefix is not the field.
        assert_eq!(parse_kib_field("VmSizeX:  5 kB\n", "VmSize"), None);
        for bad in [
            "",
            "VmSize:",
            "VmSize:\t12",
            "VmSize:\t12 MB",
            "VmSize:\t-12 kB",
            "VmSize:\tlots kB",
            // Bytes that overflow a u64.
            "VmSize:\t18446744073709551615 kB",
        ] {
            assert_eq!(parse_kib_field(bad, "VmSize"), None, "{bad:?}");
        }
    }

    /// On Linux the system figure is always there (every kernel since 3.14 writes it).
    #[cfg(target_os = "linux")]
    #[test]
    fn linux_reports_the_system_figure() {
        let now = available();
        assert!(now.system.is_some_and(|n| n > 0), "{now:?}");
        assert!(now.least() <= now.system);
    }
}
