#!/usr/bin/env python3
"""Writes the seed corpus of translate_fuzzer from the golden corpus.

    python3 tests/fuzz/make_seeds.py OUTPUT_DIR [GOLDEN_DIR]

For every tests/golden/<group>/<name>.py it writes two inputs (see translate_fuzzer.cpp for the
format):

    <group>_<name>        an empty header line, then the source as it is (signature comments in it)
    <group>_<name>.sig    the signature comments moved into the header ("name : sig; ..."),
                          the source without them; only for sources that have any

Files already in OUTPUT_DIR are left alone, so the directory can also hold the corpus that
fuzzing grew. The seeds are generated, never committed.
"""

import pathlib
import re
import sys

# A CudaPy signature comment: "# name : type (params)" on a line of its own.
SIGNATURE_RE = re.compile(r"^[ \t]*#[ \t]*([A-Za-z_]\w*)[ \t]*:[ \t]*([^;\n]*\([^;\n]*\))[ \t]*$")


def seeds(source):
    """The inputs made from one golden source (bytes)."""
    text = source.decode("utf-8", errors="surrogateescape")
    yield "", b"\n" + source
    signatures = []
    kept = []
    for line in text.splitlines(keepends=True):
        match = SIGNATURE_RE.match(line.rstrip("\r\n"))
        if match:
            signatures.append(f"{match.group(1)} : {match.group(2).strip()}")
        else:
            kept.append(line)
    if signatures:
        header = "; ".join(signatures) + "\n"
        body = "".join(kept)
        yield ".sig", (header + body).encode("utf-8", errors="surrogateescape")


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out = pathlib.Path(argv[1])
    golden = (pathlib.Path(argv[2]) if len(argv) == 3
              else pathlib.Path(__file__).resolve().parent.parent / "golden")
    sources = sorted(golden.glob("**/*.py"))
    sources = [s for s in sources if s.name != "test_golden.py"]
    if not sources:
        print(f"no golden sources under {golden}", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for source in sources:
        stem = "_".join(source.relative_to(golden).with_suffix("").parts)
        for suffix, data in seeds(source.read_bytes()):
            (out / (stem + suffix)).write_bytes(data)
            written += 1
    print(f"{written} seeds from {len(sources)} golden sources in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
