#!/usr/bin/env bash
# Plays the terminal game (examples/tui_game) under tmux, as a person would: starts it with
# no arguments in a detached 80x24 session, types two moves, clicks a card to a free cell
# and drags one to another (undoing each), asks for a hint, quits; reads the screen after each step (tmux capture-pane) and
# checks what it shows. Then checks that the game left cleanly and gave the terminal back:
# exit status 0, the same terminal settings as before (raw mode off), the alternate screen
# left and mouse reporting off.
#
# Run from anywhere: examples/tests/tui_smoke.sh. `.ci/run` runs it. It needs tmux; when
# tmux is missing it installs it with apt-get if it can, and otherwise fails, saying so.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

say() { printf 'tui_smoke: %s\n' "$*"; }
fail() {
    printf 'tui_smoke: FAILED: %s\n' "$*" >&2
    if [[ -n "${screen:-}" ]]; then
        printf -- '--- the screen ---\n%s\n------------------\n' "$screen" >&2
    fi
    exit 1
}

if ! command -v tmux >/dev/null 2>&1; then
    say "tmux is not installed; installing it with apt-get"
    if command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null || true
    fi
    command -v tmux >/dev/null 2>&1 ||
        fail "tmux is missing and could not be installed: this test needs it (apt-get install tmux)"
fi

binary="$(cargo build --quiet -p freecell-examples --example tui_game --message-format=json |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)"
[[ -x "$binary" ]] || fail "cargo did not report the tui_game executable"

work="$(mktemp -d)"
# A server of its own (-L) with no configuration (-f /dev/null): nothing of the user's
# tmux can change what this test sees, and it cannot disturb theirs.
socket="freecell-smoke-$$"
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() {
    tmux_ kill-server >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

# -u: UTF-8 whatever the locale, so the suits come through.
tmux -u -L "$socket" -f /dev/null new-session -d -s smoke -x 80 -y 24 "bash --norc --noprofile"
tmux_ set-option -t smoke status off >/dev/null
capture() { screen="$(tmux_ capture-pane -p -t smoke)"; }

# Waits up to 60 s (a debug build solves slowly) for the screen to contain $1.
wait_for() {
    local deadline=$((SECONDS + 60))
    while :; do
        capture
        [[ "$screen" == *"$1"* ]] && return 0
        ((SECONDS < deadline)) || fail "the screen never showed: $1"
        sleep 0.1
    done
}
expect() {
    capture
    [[ "$screen" == *"$1"* ]] || fail "the screen does not show: $1"
}
flags() { tmux_ display-message -p -t smoke '#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag}'; }
# Mouse reports in the SGR encoding the game asked for, at 0-based column $2 and row $3:
# $1 is 0 for the left button, 32 for a move with it held; `M` a press, `m` a release.
mouse() { tmux_ send-keys -t smoke -l $'\e'"[<$1;$(($2 + 1));$(($3 + 1))$4"; }
click() {
    mouse 0 "$1" "$2" M
    mouse 0 "$1" "$2" m
}
drag() {
    mouse 0 "$1" "$2" M
    mouse 32 "$3" "$4" M
    mouse 0 "$3" "$4" m
}

tmux_ send-keys -t smoke "stty -g > $work/before; $binary; echo \$? > $work/status; stty -g > $work/after" Enter

wait_for "FreeCell · deal 1 · 0 moves"
[[ "$(flags)" == "1 1 1" ]] || fail "while playing, expected the alternate screen and SGR mouse reports on, got: $(flags)"
# Deal 1's cascade 1 is JD KD 2S 4C 3S 6D 6S (the published layout).
expect "J♦    2♦    9♥    J♣    5♦    7♥    7♣    5♥"
wait_for "winnable"
say "deal 1 is on the screen and the solver calls it winnable"

tmux_ send-keys -t smoke 6 a
wait_for "played 6a"
expect " 3♦   [  ]  [  ]  [  ] "
expect "1 move "
tmux_ send-keys -t smoke 6 b
wait_for "played 6b; 3 cards went home"
expect " 2♣   [♦ ]  [♥ ]   A♠"
say "typed 6a and 6b: 3D and 2C to the cells, AC, 2C and AS home"

# The table at 80x24: cascades from column 16, 6 apart, cards from row 5; free cells on
# row 2 from column 14, 6 apart. Cascade 1's top card, 6S, is its 7th: row 11.
click 16 11
wait_for "picked up 1 card from cascade 1"
click 26 2
wait_for "played 1c"
say "clicked 6S and then free cell c: played 1c"

tmux_ send-keys -t smoke u
wait_for "took back 1c"
expect "2 moves"
say "undo took 1c back"

drag 16 11 32 2
wait_for "played 1d"
tmux_ send-keys -t smoke u
wait_for "took back 1d"
say "dragged 6S to free cell d, and took it back"

tmux_ send-keys -t smoke ?
wait_for "hint: "
say "asked for a $(grep -o 'hint: [^ ]*' <<<"$screen")"

tmux_ send-keys -t smoke q
deadline=$((SECONDS + 30))
until [[ -s "$work/after" ]]; do
    ((SECONDS < deadline)) || { capture; fail "the game did not quit on q"; }
    sleep 0.1
done
[[ "$(cat "$work/status")" == 0 ]] || { capture; fail "the game exited with status $(cat "$work/status")"; }
[[ "$(flags)" == "0 0 0" ]] || fail "after quitting, expected the alternate screen and mouse reports off, got: $(flags)"
cmp -s "$work/before" "$work/after" || fail "the terminal settings differ after the game: $(cat "$work/before") / $(cat "$work/after")"
capture
[[ "$screen" != *"FreeCell · deal"* ]] || fail "the game's screen is still showing after it quit"
say "quit with status 0; terminal settings, screen and mouse restored"
say "1 passed, 0 failed"
