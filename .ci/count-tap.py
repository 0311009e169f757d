#!/usr/bin/env python3
"""Counts test cases in meson's testlog.json: every TAP "ok"/"not ok" line of
a TAP test, one case for any other test. Prints "NAME <passed> <failed>", or
with --total sums such lines into the final "N passed, N failed"."""
import json
import re
import sys


def count(name, path):
    passed = failed = 0
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError:
        print(f"{name} missing-log 0 1")
        return
    for line in lines:
        test = json.loads(line)
        out = test.get("stdout") or ""
        result = test.get("result", "")
        tap = [l for l in out.splitlines()
               if re.match(r"^(not )?ok\b", l) and "# SKIP" not in l]
        if tap and test.get("protocol", "tap") != "exitcode":
            p = sum(1 for l in tap if l.startswith("ok"))
            f = len(tap) - p
            # a crash after the last case line still fails the executable
            if result not in ("OK", "EXPECTEDFAIL", "SKIP") and f == 0:
                f = 1
            passed += p
            failed += f
        elif result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            pass
        else:
            failed += 1
    print(f"{name} tests {passed} {failed}")


def total(path):
    passed = failed = 0
    for line in open(path, encoding="utf-8"):
        parts = line.split()
        if len(parts) >= 4:
            passed += int(parts[-2])
            failed += int(parts[-1])
            if int(parts[-1]):
                print(f"failed in {parts[0]} ({parts[1]}): {parts[-1]}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    if sys.argv[1] == "--total":
        total(sys.argv[2])
    else:
        count(sys.argv[1], sys.argv[2])
