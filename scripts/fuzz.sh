#!/usr/bin/env bash
# Runs the libFuzzer harnesses of tests/fuzz (built by `make fuzz-build`
# into build/fuzz) over the committed corpus; tests/fuzz/README.md says
# what each harness checks.
#   scripts/fuzz.sh run FUZZDIR SECONDS HARNESS...
#       `make fuzz`: fuzzes each harness for SECONDS from its seeds (the
#       tests' programs) and tests/fuzz/corpus/HARNESS, then makes that
#       corpus anew from what reaches new edges (-merge=1, so it stays small);
#       a crash, leak or timeout lands in tests/fuzz/crashes/HARNESS/.
#   scripts/fuzz.sh replay FUZZDIR SECONDS COUNT_FILE HARNESS...
#       `make test`: replays every input of tests/fuzz/crashes/HARNESS, one
#       test each, then the corpus followed by a short run (SECONDS over all
#       harnesses), one test per harness; writes "passed failed" to
#       COUNT_FILE and the fuzzers' output next to it. Nothing committed
#       changes: new inputs and crashes go under FUZZDIR.
#   scripts/fuzz.sh seed FUZZDIR HARNESS
#       the seeds a fresh corpus starts from, written under FUZZDIR.
set -u
cd "$(dirname "$0")/.." || exit 2

# libFuzzer's options per harness: the longest input, the seconds one input
# may take (tests/fuzz/fuzz_eval.c: Note [Fuzzing bounds]), the tokens
# mutations insert.
options() {
    case $1 in
    wire) echo "-max_len=16384 -timeout=10" ;;
    parse) echo "-max_len=8192 -timeout=10 -dict=tests/fuzz/python.dict" ;;
    eval) echo "-max_len=2048 -timeout=30 -rss_limit_mb=3072 -dict=tests/fuzz/python.dict" ;;
    esac
}

# Seeds: the language tests' programs and the parser's fixtures for the
# language harnesses, signed messages for the wire.
seed() {
    local fuzz=$1 h=$2 out=$1/seeds/$2
    rm -rf "$out" && mkdir -p "$out"
    case $h in
    wire) python3 tests/fuzz/seed_wire.py "$out" >/dev/null ;;
    *) python3 tests/fuzz/seed_lang.py "$out" >/dev/null ;;
    esac
    echo "$out"
}

run() {
    local fuzz=$1 seconds=$2 status=0
    shift 2
    for h in "$@"; do
        local corpus=tests/fuzz/corpus/$h crashes=tests/fuzz/crashes/$h new=$fuzz/new/$h
        mkdir -p "$corpus" "$crashes" && rm -rf "$new" && mkdir -p "$new"
        echo "fuzzing $h for ${seconds}s"
        # -fork: a crash is saved and the run goes on to find the next
        # shellcheck disable=SC2046
        "$fuzz/fuzz_$h" $(options "$h") -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
            -max_total_time="$seconds" -artifact_prefix="$crashes/" -print_final_stats=1 \
            "$new" "$corpus" "$(seed "$fuzz" "$h")" || status=1
        # The corpus anew: the fewest inputs, smallest first, that reach
        # every edge the old corpus, the seeds and the new inputs reach
        # (hit counts aside, which would keep thousands).
        local merged=$fuzz/merged/$h
        rm -rf "$merged" && mkdir -p "$merged"
        # shellcheck disable=SC2046
        if "$fuzz/fuzz_$h" $(options "$h") -merge=1 -use_counters=0 "$merged" "$corpus" "$new" "$fuzz/seeds/$h" \
            >"$fuzz/merge-$h.log" 2>&1; then
            rm -rf "$corpus" && mv "$merged" "$corpus"
            echo "$h: $(find "$corpus" -type f | wc -l) inputs in $corpus"
        else
            echo "$h: the merge failed ($fuzz/merge-$h.log); $corpus is as it was" >&2
            status=1
        fi
    done
    local found
    found=$(git ls-files --others --exclude-standard tests/fuzz/crashes)
    if [ -n "$found" ]; then
        echo "$found"
        echo "new crashes, leaks or timeouts above: fix them or report them, and commit them (tests/fuzz/README.md)"
    fi
    return $status
}

replay() {
    local fuzz=$1 seconds=$2 count=$3 passed=0 failed=0
    shift 3
    local log=${count%.count}.log per=$((seconds / $#))
    : >"$log"
    for h in "$@"; do
        for input in tests/fuzz/crashes/"$h"/*; do
            [ -f "$input" ] || continue
            # shellcheck disable=SC2046
            if "$fuzz/fuzz_$h" $(options "$h") "$input" >>"$log" 2>&1; then
                passed=$((passed + 1))
            else
                failed=$((failed + 1))
                echo "fuzz: $h fails again on $input (output in $log)" >&2
            fi
        done
        local new=$fuzz/new/$h artifacts=$fuzz/artifacts/$h
        rm -rf "$new" && mkdir -p "$new" "$artifacts"
        # shellcheck disable=SC2046
        if "$fuzz/fuzz_$h" $(options "$h") -max_total_time="$per" -artifact_prefix="$artifacts/" \
            "$new" tests/fuzz/corpus/"$h" >>"$log" 2>&1; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "fuzz: $h failed over its corpus or found a new crash, saved in $artifacts (output in $log)" >&2
            grep -E -A 20 '^==[0-9]+==ERROR|runtime error:|broken promise|^SUMMARY' "$log" | tail -40 >&2
        fi
    done
    echo "$passed $failed" >"$count"
    [ "$failed" -eq 0 ]
}

cmd=${1:-}
shift || true
case $cmd in
run) run "$@" ;;
replay) replay "$@" ;;
seed) seed "$@" ;;
*)
    echo "usage: scripts/fuzz.sh run|replay|seed ..." >&2
    exit 2
    ;;
esac
