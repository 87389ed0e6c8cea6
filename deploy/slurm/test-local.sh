#!/bin/bash
# A census under a real Slurm on this one machine: starts munged, slurmctld and slurmd from
# Debian's packages (installed with apt-get when missing), runs MS 1-200,000 as a 20-task
# array with deploy/slurm/submit.sh, cancels one task mid-way (scancel) and requeues it
# (scontrol requeue), lets the dependent merge job run, and checks its census.json against
# a single-process run's, byte for byte. Every daemon it started is stopped on exit.
#
# Needs root (the daemons, apt-get). Run from anywhere; .ci/run runs it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
repo="$PWD"

fail() {
    printf '\n*** test-local.sh FAILED: %s ***\n\n' "$*" >&2
    exit 1
}
say() { printf '  [slurm %3ds] %s\n' "$SECONDS" "$*"; }

[[ $(id -u) == 0 ]] || fail "run as root: it starts munged, slurmctld and slurmd"

# ---- Packages.
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null ||
    ! command -v munged >/dev/null; then
    say "installing slurmctld slurmd slurm-client munge with apt-get"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        slurmctld slurmd slurm-client munge >/dev/null; }; then
        fail "cannot install Debian's slurmctld, slurmd, slurm-client and munge packages with apt-get"
    fi
fi

# ---- The binary: a release build (MS 1-200,000 is ~25 s of CPU there, an hour in debug).
say "cargo build --release -p freecell-cli"
cargo build --release --quiet -p freecell-cli
freecell="$repo/target/release/freecell"

work="$(mktemp -d /tmp/freecell-slurm.XXXXXX)"
chmod 755 "$work"
started_pids=()
cleanup() {
    local status=$?
    if [[ -n "${SLURM_CONF:-}" && -f "$work/slurmctld.pid" ]]; then
        scancel --quiet --user=root 2>/dev/null || true
    fi
    # Every daemon this script started, by the pid it wrote, newest first.
    for ((i = ${#started_pids[@]} - 1; i >= 0; i--)); do
        local pid="${started_pids[i]}"
        if kill "$pid" 2>/dev/null; then
            for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -9 "$pid" 2>/dev/null || true
        fi
    done
    if ((status != 0)); then
        for log in "$work"/*.log "$work"/census/*.out; do
            [[ -f $log ]] && { echo "---- $log (last lines)"; tail -n 15 "$log"; }
        done
    fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT

# ---- munge: its own key (private) and socket (reachable by all), run as the munge user.
mkdir -p "$work/munge" "$work/munge-run"
head -c 1024 /dev/urandom >"$work/munge/munge.key"
chown -R munge: "$work/munge" "$work/munge-run"
chmod 700 "$work/munge"
chmod 755 "$work/munge-run"
chmod 400 "$work/munge/munge.key"
su -s /bin/sh munge -c "munged --key-file=$work/munge/munge.key --socket=$work/munge-run/munge.socket \
    --pid-file=$work/munge-run/munged.pid --log-file=$work/munge/munged.log --seed-file=$work/munge/seed" ||
    fail "munged did not start (see $work/munge/munged.log)"
started_pids+=("$(cat "$work/munge-run/munged.pid")")

# ---- Slurm: one node, this machine, all its cores; ports away from a system Slurm's.
host="$(hostname)"
memory=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2))
mkdir -p "$work/state" "$work/spool" "$work/census"
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=freecell-test
SlurmctldHost=$host
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$work/munge-run/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ReturnToService=2
NodeName=$host CPUs=$(nproc) RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -i || fail "slurmctld did not start (see $work/slurmctld.log)"
for _ in $(seq 50); do [[ -s $work/slurmctld.pid ]] && break; sleep 0.1; done
started_pids+=("$(cat "$work/slurmctld.pid")")
slurmd || fail "slurmd did not start (see $work/slurmd.log)"
for _ in $(seq 50); do [[ -s $work/slurmd.pid ]] && break; sleep 0.1; done
started_pids+=("$(cat "$work/slurmd.pid")")
for _ in $(seq 100); do
    [[ $(sinfo --noheader --format=%t 2>/dev/null) == idle ]] && break
    sleep 0.2
done
[[ $(sinfo --noheader --format=%t) == idle ]] || fail "the node is not idle: $(sinfo)"
say "slurm is up: $(sinfo --noheader --format='%P %D %t %c CPUs')"

# ---- The census: 20 tasks of 10,000 deals, one core each.
dir="$work/census"
export FREECELL="$freecell" CENSUS_ARGS="--checkpoint 0.2"
ids="$(deploy/slurm/submit.sh 1..=200000 20 "$dir" --cpus-per-task=1 --mem=1G --time=10)"
array="$(awk '$1 == "array" {print $2}' <<<"$ids")"
merge="$(awk '$1 == "merge" {print $2}' <<<"$ids")"
say "array job $array, merge job $merge"

# Cancel task 7 once its shard file shows it part-way, then requeue it.
victim=7
file="$dir/shard-$victim-of-20.census"
for _ in $(seq 3000); do
    done_now=$(grep -o '"done":[0-9]*' "$file" 2>/dev/null | cut -d: -f2 || true)
    [[ -n $done_now ]] && ((done_now > 0 && done_now < 10000)) && break
    sleep 0.02
done
[[ -n ${done_now:-} ]] && ((done_now > 0 && done_now < 10000)) || fail "task $victim was never seen part-way"
scancel "${array}_$victim"
say "cancelled task $victim at $done_now of 10,000 deals"
task_state() { scontrol show job "${array}_$victim" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2; }
for _ in $(seq 100); do
    [[ $(task_state) == CANCELLED ]] && break
    sleep 0.1
done
[[ $(task_state) == CANCELLED ]] || fail "task $victim is $(task_state) after scancel, not CANCELLED"
scontrol requeue "${array}_$victim" || fail "scontrol requeue ${array}_$victim refused"
# A cancelled task makes afterok on the whole array unsatisfiable for good, requeued or
# not; the merge job now waits for the requeued task alone (README.md, "When a task
# fails"), and the merge itself checks that every shard is finished.
scontrol update JobId="$merge" Dependency="afterok:${array}_$victim" ||
    fail "cannot set the merge job's dependency to the requeued task"
say "requeued task $victim and reset the merge job's dependency"

# The merge job starts when every task has succeeded, and leaves the queue when done.
stuck=0
for _ in $(seq 1800); do
    [[ -z $(squeue --noheader --jobs="$array,$merge" 2>/dev/null) ]] && break
    # The reason is brought up to date only when the scheduler next looks at the job.
    if [[ -z $(squeue --noheader --jobs="$array" 2>/dev/null) &&
        $(squeue --noheader --jobs="$merge" --format=%r 2>/dev/null) == DependencyNeverSatisfied ]]; then
        ((++stuck < 40)) || fail "the merge job will never run: $(squeue; scontrol show job "$merge")"
    fi
    sleep 0.5
done
[[ -z $(squeue --noheader --jobs="$array,$merge") ]] || fail "the jobs did not finish: $(squeue)"
[[ -f $dir/census.json ]] || fail "the merge job wrote no census.json: $(cat "$dir"/freecell-census-merge-*.out)"
grep -q "resumed from its file" "$dir/freecell-census-${array}_$victim.out" ||
    fail "task $victim did not resume from its checkpoint: $(cat "$dir/freecell-census-${array}_$victim.out")"
say "merged: $(grep -m1 'deals:' "$dir"/freecell-census-merge-*.out)"

# ---- The same census in one process: census.json must be the same bytes.
single="$work/single"
"$freecell" census run --deals 1..=200000 --out "$single" --jobs "$(nproc)" --shard 0/1 >/dev/null 2>&1
"$freecell" census merge "$single" >/dev/null 2>&1
cmp "$dir/census.json" "$single/census.json" || fail "the Slurm census differs from the single-process run"
say "census.json of the 20-task array (one task cancelled and requeued) equals the single run's"
