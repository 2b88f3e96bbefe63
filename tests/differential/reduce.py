"""Reduces a failing case (cases.Case) to a small one that fails the same way.

    python3 tests/differential/reduce.py SEED [--target cpu] [--out FILE]
    python3 tests/differential/reduce.py --case FILE [--target cpu] [--out FILE]

Edits are made on the Python syntax tree: functions, statements, branches and loops are
removed, expressions replaced by their operands, arguments dropped, unused kernel parameters
removed, and the launch cut to one thread; each edit is kept when the case still fails as
before (the same compile or launch error, or a mismatch). Candidates run in a worker process,
so that one which crashes the process or runs too long only counts as not failing the same
way. Guards the generator put around undefined behaviour (`x if lo < x < hi else 0.0` and the
like) are replaced whole or kept whole, never taken apart.
"""

import argparse
import ast
import concurrent.futures
import copy
import multiprocessing
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cases  # noqa: E402
import generator  # noqa: E402

_COMMENT_SIG = re.compile(r"^#\s*(\w+)\s*:\s*(.*\S)\s*$")


# ---- evaluating candidates in a worker ----------------------------------------------------

def _evaluate(case, target):
    return cases.outcome(case, target)


class Evaluator:
    def __init__(self, target, timeout=60):
        self.target, self.timeout = target, timeout
        self.pool = None
        self.count = 0

    def _pool(self):
        if self.pool is None:
            context = multiprocessing.get_context("spawn")
            self.pool = concurrent.futures.ProcessPoolExecutor(1, mp_context=context)
        return self.pool

    def __call__(self, case):
        self.count += 1
        future = self._pool().submit(_evaluate, case, self.target)
        try:
            return future.result(timeout=self.timeout)
        except concurrent.futures.TimeoutError:
            self.close(kill=True)
            return ("timeout",)
        except concurrent.futures.process.BrokenProcessPool:
            self.pool = None
            return ("crash",)

    def close(self, kill=False):
        if self.pool is not None:
            if kill:
                for process in list(self.pool._processes.values()):
                    process.kill()
            self.pool.shutdown(wait=not kill, cancel_futures=True)
            self.pool = None


def same_failure(expected, got):
    if expected[0] != got[0]:
        return False
    if expected[0] == "mismatch":
        return bool(set(expected[1]) & set(got[1]))
    return expected[1:] == got[1:]


# ---- the syntax tree ----------------------------------------------------------------------

def comment_signatures(source):
    """{function: signature} of the `# name : sig` comments right above the defs."""
    found = {}
    lines = source.splitlines()
    for k, line in enumerate(lines):
        match = re.match(r"\s*def (\w+)\(", line)
        if not match:
            continue
        above = k - 1
        while above >= 0 and lines[above].lstrip().startswith(("#", "@")):
            m = _COMMENT_SIG.match(lines[above].strip())
            if m and m.group(1) == match.group(1):
                found[m.group(1)] = m.group(2)
            above -= 1
    return found


def render(tree, comment_sigs):
    """Source text of the tree, with the CudaPy signature comments put back above the defs."""
    text = ast.unparse(tree)
    out = []
    for line in text.splitlines():
        match = re.match(r"def (\w+)\(", line)
        if match and match.group(1) in comment_sigs:
            if out and out[-1].strip():
                out.append("")
            out.append(f"# {match.group(1)} : {comment_sigs[match.group(1)]}")
        elif match and out and out[-1].strip() and not out[-1].startswith("@"):
            out.append("")
        out.append(line)
    return "\n".join(out) + "\n"


def is_guard(node):
    """`x if <test on x> else c`: a guard the generator put around undefined behaviour."""
    return isinstance(node, ast.IfExp) and ast.dump(node.body) in ast.dump(node.test)


def frozen_nodes(tree):
    frozen = set()
    for node in ast.walk(tree):
        if is_guard(node):
            for inner in ast.walk(node):
                if inner is not node:
                    frozen.add(id(inner))
    return frozen


def children_of(node):
    """(field, index or None, child) for each AST child."""
    for name, value in ast.iter_fields(node):
        if isinstance(value, list):
            for k, item in enumerate(value):
                if isinstance(item, ast.AST):
                    yield name, k, item
        elif isinstance(value, ast.AST):
            yield name, None, value


def set_child(parent, name, index, new):
    if index is None:
        setattr(parent, name, new)
    else:
        getattr(parent, name)[index] = new


def candidate_edits(tree, kernel_names):
    """Edits of the tree, coarse first, each (description, function(tree_copy) -> bool)."""
    nodes = list(ast.walk(tree))
    frozen = frozen_nodes(tree)
    edits = []

    # whole functions and module-level statements
    for k, stmt in enumerate(tree.body):
        if isinstance(stmt, ast.FunctionDef) and stmt.name in kernel_names:
            continue
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            continue
        edits.append(("module statement", lambda t, k=k: _delete_list_item(t.body, k)))

    for index, node in enumerate(nodes):
        for field_name in ("body", "orelse"):
            block = getattr(node, field_name, None)
            if not isinstance(block, list) or isinstance(node, ast.Module):
                continue
            for k in range(len(block)):
                edits.append((f"delete statement",
                              lambda t, i=index, f=field_name, k=k:
                              _delete_list_item(getattr(_nth(t, i), f), k)))
        if isinstance(node, (ast.If, ast.For, ast.While)):
            edits.append(("inline body", lambda t, i=index: _inline(t, i, "body")))
            if isinstance(node, ast.If):
                edits.append(("inline else", lambda t, i=index: _inline(t, i, "orelse")))

    # expressions: replaced by an operand, or fewer arguments
    for index, node in enumerate(nodes):
        if id(node) in frozen:
            continue
        for name, k, child in children_of(node):
            if not isinstance(child, ast.expr) or isinstance(child, (ast.Name, ast.Constant)):
                continue
            if isinstance(node, ast.Assign) and name == "targets":
                continue
            if isinstance(node, ast.AugAssign) and name == "target":
                continue
            if isinstance(node, ast.Subscript) and name == "value":
                continue
            if isinstance(node, ast.Call) and name == "func":
                continue
            for sub_name, sub_k, grandchild in children_of(child):
                if not isinstance(grandchild, ast.expr):
                    continue
                if isinstance(child, ast.Call) and sub_name == "func":
                    continue
                if isinstance(child, ast.Attribute):
                    continue
                if is_guard(child) and sub_name != "orelse":
                    continue
                if _is_literal(grandchild) and not is_guard(child):
                    # a bare literal is weak where the expression was typed: another program
                    continue
                edits.append(("replace by operand",
                              lambda t, i=index, n=name, k=k, sn=sub_name, sk=sub_k:
                              _replace_by_operand(t, i, n, k, sn, sk)))
        if isinstance(node, ast.Call) and len(node.args) > 2 and isinstance(node.func, ast.Name) \
                and node.func.id in ("min", "max"):
            for k in range(len(node.args)):
                edits.append(("drop argument", lambda t, i=index, k=k:
                              _delete_list_item(_nth(t, i).args, k, keep_one=True)))
        if isinstance(node, ast.Compare) and len(node.ops) > 1:
            for k in range(len(node.ops)):
                edits.append(("shorten chain", lambda t, i=index, k=k: _shorten_chain(t, i, k)))
        if isinstance(node, ast.BoolOp) and len(node.values) > 2:
            for k in range(len(node.values)):
                edits.append(("drop operand", lambda t, i=index, k=k:
                              _delete_list_item(_nth(t, i).values, k, keep_one=True)))
    return edits


def _is_literal(node):
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant):
        return True
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
            and node.value.id == "math":
        return True  # math.pi, math.inf
    return isinstance(node, ast.Name) and node.id.startswith("C")  # module constants


def _nth(tree, index):
    for k, node in enumerate(ast.walk(tree)):
        if k == index:
            return node
    raise IndexError(index)


def _delete_list_item(items, k, keep_one=False):
    if k >= len(items) or (keep_one and len(items) <= 2):
        return False
    del items[k]
    return True


def _inline(tree, index, field_name):
    target = _nth(tree, index)
    for parent in ast.walk(tree):
        for name in ("body", "orelse"):
            block = getattr(parent, name, None)
            if isinstance(block, list) and any(item is target for item in block):
                k = next(j for j, item in enumerate(block) if item is target)
                replacement = getattr(target, field_name) or [ast.Pass()]
                block[k:k + 1] = replacement
                return True
    return False


def _replace_by_operand(tree, index, name, k, sub_name, sub_k):
    parent = _nth(tree, index)
    child = getattr(parent, name) if k is None else getattr(parent, name)[k]
    value = getattr(child, sub_name)
    grandchild = value if sub_k is None else value[sub_k]
    set_child(parent, name, k, grandchild)
    return True


def _shorten_chain(tree, index, k):
    node = _nth(tree, index)
    if len(node.ops) < 2 or k >= len(node.ops):
        return False
    if k == 0:
        node.left = node.comparators[0]
    del node.ops[k]
    del node.comparators[k if k > 0 else 0]
    return True


# ---- the reduction ------------------------------------------------------------------------

def reduce_case(case, target, log=print, evaluate=None):
    """The smallest case found that fails as `case` does on `target`."""
    evaluate = evaluate or Evaluator(target)
    expected = evaluate(case)
    if expected[0] in ("ok", "invalid", "timeout"):
        raise ValueError(f"the case does not fail on {target}: {expected}")
    log(f"reducing: {expected}")
    comment_sigs = comment_signatures(case.source)
    sig = dict(comment_sigs)
    sig.update(case.sig)
    current = cases.Case(**{**case.__dict__, "sig": sig})

    def attempt(candidate):
        got = evaluate(candidate)
        return same_failure(expected, got)

    tree = ast.parse(current.source)
    kernel_names = _kernel_names(tree, current)
    progress = True
    while progress:
        progress = False
        edits = candidate_edits(tree, kernel_names)
        k = 0
        while k < len(edits):
            description, edit = edits[k]
            new_tree = copy.deepcopy(tree)
            try:
                changed = edit(new_tree)
            except (IndexError, AttributeError, StopIteration):
                changed = False
            k += 1
            if not changed:
                continue
            try:
                source = render(new_tree, comment_sigs)
                ast.parse(source)
            except SyntaxError:
                continue
            used = _used_signatures(new_tree, sig)
            candidate = cases.Case(**{**current.__dict__, "source": source, "sig": used})
            if attempt(candidate):
                tree, current = new_tree, candidate
                progress = True
                log(f"  {description}: {len(source)} chars")
                edits = candidate_edits(tree, kernel_names)
                k = 0
    current = _drop_parameters(current, tree, kernel_names, comment_sigs, attempt, log)
    current = _one_thread(current, attempt, log)
    final_sigs = {name: s for name, s in current.sig.items() if name not in comment_sigs}
    return cases.Case(**{**current.__dict__, "sig": final_sigs})


def _kernel_names(tree, case):
    called = {node.func.id for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    names = []
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name not in called:
            names.append(stmt.name)
    return set(names)


def _used_signatures(tree, sig):
    names = {stmt.name for stmt in tree.body if isinstance(stmt, ast.FunctionDef)}
    return {name: s for name, s in sig.items() if name in names}


def _split_params(signature):
    """(head, [parameter texts]) of `void (int32 a, float32* X)` or `void(int32, float32[:])`."""
    match = re.fullmatch(r"\s*(\w+\s*)\((.*)\)\s*", signature)
    parts = [p.strip() for p in re.split(r",(?![^\[]*\])", match.group(2)) if p.strip()]
    return match.group(1), parts


def _drop_parameters(case, tree, kernel_names, comment_sigs, attempt, log):
    """Kernel parameters that no code reads, left out with their arguments."""
    kernel = next(s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name in kernel_names)
    k = 0
    while k < len(kernel.args.args):
        name = kernel.args.args[k].arg
        used = any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(kernel)
                   if n is not kernel)
        if used:
            k += 1
            continue
        new_tree = copy.deepcopy(tree)
        new_kernel = next(s for s in new_tree.body if isinstance(s, ast.FunctionDef)
                          and s.name == kernel.name)
        del new_kernel.args.args[k]
        sigs = dict(case.sig)
        head, params = _split_params(sigs[kernel.name])
        del params[k]
        sigs[kernel.name] = f"{head}({', '.join(params)})"
        for node in ast.walk(new_kernel):  # numba's decorator string
            if isinstance(node, ast.Constant) and node.value == case.sig[kernel.name]:
                node.value = sigs[kernel.name]
        if kernel.name in comment_sigs:
            comment_sigs[kernel.name] = sigs[kernel.name]
        args = case.args[:k] + case.args[k + 1:]
        candidate = cases.Case(**{**case.__dict__, "source": render(new_tree, comment_sigs),
                                  "sig": sigs, "args": args})
        if attempt(candidate):
            tree, kernel, case = new_tree, new_kernel, candidate
            log(f"  drop parameter {name}")
        else:
            if kernel.name in comment_sigs:
                comment_sigs[kernel.name] = case.sig[kernel.name]
            k += 1
    return case


def _one_thread(case, attempt, log):
    """The case with one thread, its inputs those of a thread that failed."""
    threads = case.launch[0] if len(case.launch) == 1 else case.launch[0] * case.launch[1]
    if threads == 1:
        return case
    for t in range(threads):
        args = []
        for spec in case.args:
            if len(spec) == 3:
                args.append((spec[0], "out", max(1, spec[2] // threads)))
            elif isinstance(spec[1], list):
                args.append((spec[0], [spec[1][t]]))
            else:
                args.append(spec)
        launch = (1,) if len(case.launch) == 1 else (1, 1)
        candidate = cases.Case(**{**case.__dict__, "args": args, "launch": launch})
        if attempt(candidate):
            log(f"  one thread (thread {t}'s inputs)")
            return candidate
    return case


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seed", nargs="?", type=int)
    parser.add_argument("--case", help="a regression file to reduce further")
    parser.add_argument("--target", default="cpu", choices=["cpu", "cuda"])
    parser.add_argument("--avoid", default=None,
                        help="known bugs the generator avoids: those of the target (default), "
                             "'none', or a comma list (as run.py)")
    parser.add_argument("--out", help="write the reduced case here")
    parser.add_argument("--name", default=None)
    parser.add_argument("--bug", default=None)
    options = parser.parse_args()
    if options.case:
        case = cases.parse(pathlib.Path(options.case).read_text(), options.case)
    else:
        import run

        avoid = run.avoided(options.avoid, "gpu" if options.target == "cuda" else "cpu")
        case = cases.of_program(generator.generate(options.seed, avoid=avoid))
    evaluator = Evaluator(options.target)
    try:
        reduced = reduce_case(case, options.target, evaluate=evaluator)
        if options.name:
            reduced.name = options.name
        if options.bug:
            reduced.bug = options.bug
        print(f"{evaluator.count} candidates tried")
        print(reduced.text())
        print(cases.describe(reduced, options.target))
        if options.out:
            pathlib.Path(options.out).write_text(reduced.text())
    finally:
        evaluator.close()


if __name__ == "__main__":
    main()
