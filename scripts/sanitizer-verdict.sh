#!/usr/bin/env bash
# Reads the stderr of the sanitizer build's test run and counts one test,
# "sanitizers report nothing", as passed or failed. Criterion runs each test
# in its own process and has already counted it as passed when LeakSanitizer
# reports a leak at that process's exit, so the reports are read here.
#   scripts/sanitizer-verdict.sh LOG COUNT_FILE
set -u
log=$1 out=$2
pattern='ERROR: (LeakSanitizer|AddressSanitizer)|runtime error:'
if grep -qE "$pattern" "$log"; then
    echo "sanitizers found problems:" >&2
    grep -E -A 12 "$pattern" "$log" | head -80 >&2
    echo "0 1" >"$out"
    exit 1
fi
echo "1 0" >"$out"
