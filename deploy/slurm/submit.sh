#!/bin/bash
# Queues a freecell census on Slurm: the array of shards, then its merge, which starts
# when every task has succeeded. Prints the two job ids.
#
#   deploy/slurm/submit.sh DEALS TASKS DIR [sbatch options for the array...]
#
#   DEALS  the deal range, A..=B (1..=8589934591 for all of FreeCell Pro's)
#   TASKS  the number of shards (array tasks 0 .. TASKS-1)
#   DIR    the census directory, on a file system every node shares
#
# FREECELL (the binary) and CENSUS_ARGS (more `census run` options) pass through to the
# tasks. Options after DIR go to the array's sbatch (--partition, --time, --mem, an
# --array=0-999%100 throttle...), after this script's own --array.
set -euo pipefail
if (($# < 3)); then
    sed -n '2,/^set/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
fi
deals="$1" tasks="$2" dir="$3"
shift 3
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$dir"
export CENSUS_DEALS="$deals" CENSUS_DIR="$dir"
array=$(sbatch --parsable --array="0-$((tasks - 1))" --chdir="$dir" "$@" "$here/census.sbatch")
array="${array%%;*}"
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=no --chdir="$dir" "$here/merge.sbatch")
merge="${merge%%;*}"
echo "array $array"
echo "merge $merge"
