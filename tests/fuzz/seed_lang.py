#!/usr/bin/env python3
"""Writes the seeds of fuzz_parse and fuzz_eval: the programs the tests run.

Every language test (tests/lang/*.py), every longer program of the parser's
fixtures (tests/fixtures/parser/programs) and every snippet of its cases
and is_complete cells (tests/fixtures/parser/cases.py), one file each,
named by the hash of its content so that a snippet listed twice is one.

    python3 tests/fuzz/seed_lang.py OUT_DIR
"""
import hashlib
import importlib.util
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def cases():
    path = ROOT / "tests/fixtures/parser/cases.py"
    spec = importlib.util.spec_from_file_location("parser_cases", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for case in [*mod.CASES, *mod.IS_COMPLETE]:
        yield case[0] if isinstance(case, tuple) else case


def sources():
    for path in sorted((ROOT / "tests/lang").glob("*.py")):
        if path.name not in ("run.py", "regen.py"):
            yield path.read_bytes()
    for path in sorted((ROOT / "tests/fixtures/parser/programs").iterdir()):
        yield path.read_bytes()
    for src in cases():
        yield src.encode("utf-8", "surrogatepass")


def main():
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    n = 0
    for data in sources():
        (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
        n += 1
    print(f"{n} seeds in {out}")


if __name__ == "__main__":
    main()
