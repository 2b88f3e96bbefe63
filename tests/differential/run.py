"""Runs a batch of generated programs on a target against the interpreter.

    python3 tests/differential/run.py --target cpu --count 2000
    python3 tests/differential/run.py --target gpu --count 20000 --jobs 8 --out failures/

Seeds are BASE .. BASE + COUNT - 1 (BASE from --seed, else $CUDAPY_DIFF_SEED, else
DEFAULT_SEED). Programs are compiled BATCH at a time into one module per target, in JOBS worker
processes; a worker that crashes (a program that kills the process) is replaced and its
batch split until the crashing programs are found. Prints `programs: N, mismatches: M` (M
counts every program that failed: a mismatch, a compile or launch error, a crash), and writes
each failing program to --out as a case file (cases.py's format, with its seed and what went
wrong) that `reduce.py --case FILE` reduces.
"""

import argparse
import collections
import concurrent.futures
import multiprocessing
import os
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

DEFAULT_SEED = 20260000
DEFAULT_BATCH = 100


def base_seed():
    return int(os.environ.get("CUDAPY_DIFF_SEED", DEFAULT_SEED))


def avoided(text=None, target="cpu"):
    """The known bugs the generator avoids for `target` ("cpu" or "gpu"): those that show on
    it (generator.KNOWN_BUGS) by default or for `all`, none for `none`, or a comma list;
    from `text`, else $CUDAPY_DIFF_AVOID."""
    import generator

    text = os.environ.get("CUDAPY_DIFF_AVOID") if text is None else text
    if text is None or text == "all":
        return generator.known_bugs("cuda" if target == "gpu" else target)
    if text in ("", "none"):
        return set()
    names = {name.strip() for name in text.split(",") if name.strip()}
    unknown = names - set(generator.KNOWN_BUGS)
    if unknown:
        raise ValueError(f"unknown known-bug names {sorted(unknown)}; known: "
                         f"{sorted(generator.KNOWN_BUGS)}")
    return names


def _check(seeds, target, avoid):
    """Worker: the failures among the programs of `seeds` as (seed, kind, details)."""
    import generator
    import harness

    programs = [generator.generate(seed, avoid=avoid) for seed in seeds]
    results = harness.check_batch(programs, "cuda" if target == "gpu" else target,
                                  "gpu" if target == "gpu" else "cpu")
    return [(r.seed, r.kind, r.details) for r in results if not r.ok]


class _Pool:
    def __init__(self, jobs):
        self.jobs = jobs
        self.executor = None

    def get(self):
        if self.executor is None:
            context = multiprocessing.get_context("spawn")
            self.executor = concurrent.futures.ProcessPoolExecutor(self.jobs, mp_context=context)
        return self.executor

    def reset(self):
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
        self.executor = None


def run_seeds(seeds, target="cpu", jobs=1, batch=DEFAULT_BATCH, avoid=None, log=None):
    """{seed: (kind, details)} for every failing program among `seeds`."""
    avoid = avoided(target=target) if avoid is None else set(avoid)
    seeds = list(seeds)
    batches = collections.deque(seeds[k:k + batch] for k in range(0, len(seeds), batch))
    suspects = collections.deque()
    failures = {}
    pool = _Pool(jobs)
    done = 0
    try:
        while batches:
            futures = {pool.get().submit(_check, b, target, avoid): b for b in batches}
            batches.clear()
            broken = False
            for future in concurrent.futures.as_completed(futures):
                try:
                    for seed, kind, details in future.result():
                        failures[seed] = (kind, details)
                    done += len(futures[future])
                    if log:
                        log(f"{done}/{len(seeds)} programs, {len(failures)} failing")
                except concurrent.futures.process.BrokenProcessPool:
                    broken = True
                    suspects.append(futures[future])
            if broken:
                pool.reset()
            # batches whose worker died: alone, split until the crashing seeds are known
            while suspects:
                group = suspects.popleft()
                single = _Pool(1)
                try:
                    for seed, kind, details in single.get().submit(
                            _check, group, target, avoid).result():
                        failures[seed] = (kind, details)
                    done += len(group)
                except concurrent.futures.process.BrokenProcessPool:
                    if len(group) == 1:
                        failures[group[0]] = ("crash", ["the process died running it "
                                                        "(a signal such as SIGFPE or SIGSEGV)"])
                        done += 1
                    else:
                        half = len(group) // 2
                        suspects.extend([group[:half], group[half:]])
                finally:
                    single.reset()
    finally:
        pool.reset()
    return failures


def write_failures(failures, folder, avoid=None, target="cpu"):
    """Each failing program as a case file in `folder`; returns the paths."""
    import cases
    import generator

    avoid = avoided(target=target) if avoid is None else avoid
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for seed, (kind, details) in sorted(failures.items()):
        program = generator.generate(seed, avoid=avoid)
        case = cases.of_program(program)
        lines = [f"# failure: {kind} on {target}"] + [
            f"# failure: {line}" for detail in details for line in str(detail).splitlines()[:6]]
        lines.append(f"# avoid: {','.join(sorted(avoid)) or 'none'}")
        path = folder / f"seed{seed}.py"
        path.write_text("\n".join(lines) + "\n" + case.text())
        paths.append(path)
    return paths


def summary(count, failures):
    kinds = collections.Counter(kind for kind, _ in failures.values())
    line = f"programs: {count}, mismatches: {len(failures)}"
    if kinds:
        line += " (" + ", ".join(f"{k}: {n}" for k, n in sorted(kinds.items())) + ")"
    return line


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", default="cpu", choices=["cpu", "gpu"])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=None, help=f"first seed (default "
                        f"$CUDAPY_DIFF_SEED, else {DEFAULT_SEED})")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--batch", type=int, default=DEFAULT_BATCH,
                        help="programs per compiled module")
    parser.add_argument("--avoid", default=None,
                        help="known bugs the generator avoids: all (default), none, or names")
    parser.add_argument("--out", default="differential-failures",
                        help="folder for the failing programs")
    parser.add_argument("--quiet", action="store_true")
    options = parser.parse_args()
    first = base_seed() if options.seed is None else options.seed
    avoid = avoided(options.avoid, options.target)
    start = time.monotonic()
    log = None if options.quiet else (lambda text: print(text, file=sys.stderr, flush=True))
    failures = run_seeds(range(first, first + options.count), options.target, options.jobs,
                         options.batch, avoid, log)
    if failures:
        paths = write_failures(failures, options.out, avoid, options.target)
        print(f"failing programs written to {paths[0].parent}/", file=sys.stderr)
        for seed, (kind, details) in sorted(failures.items()):
            print(f"seed {seed}: {kind}: {details[0] if details else ''}"[:300],
                  file=sys.stderr)
    print(f"{summary(options.count, failures)} in {time.monotonic() - start:.0f} s",
          file=sys.stderr)
    print(summary(options.count, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
