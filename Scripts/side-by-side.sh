# Sourced by the scripts whose checks run a program on one core (memcheck, libFuzzer): two such
# checks at a time use both cores of CI's machine.
#
#   . Scripts/side-by-side.sh
#   side_by_side FIRST COMMAND WORDS… -- SECOND COMMAND WORDS…
#
# Runs the two commands at once (shell functions included), each into a log of its own, then
# prints the first log and the second, each followed by how long its command took, and returns 1
# if either command failed.
side_by_side() {
    local first=() logs first_pid second_pid status=0
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        first+=("$1")
        shift
    done
    [ $# -gt 1 ] || { echo "side_by_side: usage: FIRST… -- SECOND…" >&2; return 2; }
    shift
    logs=$(mktemp -d)
    _side_by_side_timed "$logs/first" "${first[@]}" &
    first_pid=$!
    _side_by_side_timed "$logs/second" "$@" &
    second_pid=$!
    wait "$first_pid" || status=1
    wait "$second_pid" || status=1
    cat "$logs/first" "$logs/second"
    rm -rf "$logs"
    return "$status"
}

# Runs a command into the log `$1`, and ends the log with the command's words and time.
_side_by_side_timed() {
    local log=$1 started result=0
    shift
    started=$(date +%s)
    "$@" > "$log" 2>&1 < /dev/null || result=$?
    echo "::: side by side, took $(( $(date +%s) - started )) s: $*" >> "$log"
    return "$result"
}
