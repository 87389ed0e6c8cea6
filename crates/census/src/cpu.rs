//! The CPU time of this process, for the census's estimate of core-hours.

use std::time::Duration;

/// User and system CPU time of this process, all threads, from `/proc/self/stat`
/// (fields 14 and 15, `utime` and `stime`, in clock ticks: proc(5)); `None` where there
/// is no such file (not Linux) or it does not parse.
pub(crate) fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    parse(&stat)
}

/// The ticks the kernel reports times in, `USER_HZ`: 100 on every Linux architecture's
/// user-space ABI (`sysconf(_SC_CLK_TCK)` returns it).
const TICKS_PER_SECOND: u64 = 100;

fn parse(stat: &str) -> Option<Duration> {
    // The command name (field 2) is in parentheses and may hold spaces or parentheses:
    // fields are counted from the last `)`, which is followed by field 3.
    let fields: Vec<&str> = stat.get(stat.rfind(')')? + 1..)?.split_whitespace().collect();
    let ticks = |field: usize| fields.get(field - 3)?.parse::<u64>().ok();
    let total = ticks(14)?.checked_add(ticks(15)?)?;
    Some(Duration::from_millis(total.checked_mul(1000 / TICKS_PER_SECOND)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_counted_from_the_command_name() {
        let stat = "4242 (a (b) c) R 1 2 3 4 5 6 7 8 9 10 250 31 0 0 20 0 3 0 100 0";
        assert_eq!(parse(stat), Some(Duration::from_millis(2_810)));
        assert_eq!(parse("4242 (x) R 1"), None);
        if cfg!(target_os = "linux") {
            assert!(process_cpu().is_some());
        }
    }
}
