#!/usr/bin/env python3
"""Prints one summary line over every test report in a folder.

Reads Criterion's JSON reports (*.json) and the plain count files other
suites write (*.count: "passed failed" on one line), prints a line per suite,
and ends with the line CI reads: "N passed, N failed". Exits 1 on a failure
or when no test ran."""
import json
import pathlib
import sys


def criterion(path):
    data = json.loads(path.read_text())
    passed = failed = 0
    for suite in data.get("test_suites", []):
        for test in suite.get("tests", []):
            if test.get("status") == "PASSED":
                passed += 1
            elif test.get("status") != "SKIPPED":
                failed += 1
    return passed, failed


def main():
    folder = pathlib.Path(sys.argv[1])
    total_p = total_f = 0
    for path in sorted(folder.iterdir()):
        if path.suffix == ".json":
            p, f = criterion(path)
        elif path.suffix == ".count":
            p, f = (int(x) for x in path.read_text().split()[:2])
        else:
            continue
        print(f"  {path.stem}: {p} passed, {f} failed")
        total_p += p
        total_f += f
    print(f"{total_p} passed, {total_f} failed")
    return 0 if total_f == 0 and total_p > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
