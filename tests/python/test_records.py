"""Record arrays (NumPy's structured dtypes) as kernel arguments, as numba's kernels take them:
fields read and written as `a[i].x`, `a[i]['x']` and through `r = a[i]`, fields that are
arrays, single records, host and device arrays of records, on the CPU target, the interpreter
and the GPU. NumPy is the oracle."""

import numpy as np
import pytest

import cudapy as cp
from cudapy import cuda
from cudapy.errors import CompileError

TARGETS = ["cpu", "python", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.nvrtc])]

PARTICLE = np.dtype([("mass", np.float64), ("charge", np.int16), ("phase", np.complex64),
                     ("position", np.float32, (3,)), ("alive", np.bool_)], align=True)


def particles(n, seed=0):
    rng = np.random.default_rng(seed)
    a = np.zeros(n, PARTICLE)
    a["mass"] = rng.uniform(1, 2, n)
    a["charge"] = rng.integers(-3, 4, n)
    a["phase"] = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
    a["position"] = rng.standard_normal((n, 3)).astype(np.float32)
    a["alive"] = rng.integers(0, 2, n).astype(bool)
    return a


def step(a, dt):
    i = cuda.grid(1)
    if i < a.shape[0]:
        p = a[i]
        if p.alive:
            for k in range(3):
                p.position[k] += dt * p.charge / p['mass']
            p.phase = p.phase * 1j + a[i].charge
        a[i]['mass'] = a[i].mass * 2
        a[i].alive = not a[i]['alive']


def step_expected(a, dt):
    out = a.copy()
    alive = a["alive"]
    moved = a["position"] + (dt * a["charge"] / a["mass"])[:, None]
    out["position"][alive] = moved[alive].astype(np.float32)
    out["phase"][alive] = (a["phase"] * np.complex64(1j) + a["charge"])[alive]
    out["mass"] = a["mass"] * 2
    out["alive"] = ~alive
    return out


def assert_records_equal(got, expected):
    assert got.dtype == expected.dtype
    for name in expected.dtype.names:
        np.testing.assert_allclose(got[name], expected[name], rtol=1e-6, err_msg=name)


@pytest.mark.parametrize("target", TARGETS)
def test_fields_of_a_record_array_match_numpy(target):
    kernel = cuda.jit(step, target=target)
    a = particles(300)
    expected = step_expected(a, 0.25)
    kernel[3, 128](a, 0.25)
    assert_records_equal(a, expected)


@pytest.mark.parametrize("target", TARGETS)
def test_device_record_arrays_and_their_field_views(target):
    kernel = cuda.jit(step, target=target)
    a = particles(100, seed=1)
    expected = step_expected(a, 0.5)
    device = cuda.to_device(a, target=target)
    kernel[1, 128](device, 0.5)
    assert_records_equal(device.copy_to_host(), expected)
    np.testing.assert_array_equal(device["charge"].copy_to_host(), expected["charge"])
    np.testing.assert_array_equal(device["position"].copy_to_host(), expected["position"])
    assert device["position"].shape == (100, 3)


@pytest.mark.parametrize("target", TARGETS)
def test_in_and_inout_record_arrays(target):
    kernel = cuda.jit(step, target=target)
    a = particles(64, seed=2)
    original = a.copy()
    kernel[1, 64](cuda.In(a), 1.0)
    assert_records_equal(a, original)
    kernel[1, 64](cuda.InOut(a), 1.0)
    assert_records_equal(a, step_expected(original, 1.0))


@pytest.mark.parametrize("target", TARGETS)
def test_recarray_and_explicit_record_signature(target):
    record = cuda.from_dtype(PARTICLE)
    kernel = cuda.jit(cuda.void(record[:], cuda.float64), target=target)(step)
    a = particles(50, seed=3).view(np.recarray)
    expected = step_expected(a.view(np.ndarray), 0.125)
    kernel[1, 64](a, 0.125)
    assert_records_equal(a.view(np.ndarray), expected)
    with pytest.raises(TypeError, match="fields mass, charge, phase, position, alive"):
        kernel[1, 64](np.zeros(4, np.dtype([("mass", np.float64)])), 0.1)


def grid_of_records(a):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j].x = i * 10 + j + a.ndim + len(a) + a.size
        a[i, j]['y'] = a[i, j].x * 0.5


@pytest.mark.parametrize("target", TARGETS)
def test_two_dimensional_record_arrays(target):
    dtype = np.dtype([("x", np.int32), ("y", np.float32)])
    a = np.zeros((5, 7), dtype)
    cuda.jit(grid_of_records, target=target)[(1, 1), (8, 8)](a)
    i, j = np.indices((5, 7))
    expected_x = i * 10 + j + 2 + 5 + 35
    np.testing.assert_array_equal(a["x"], expected_x)
    np.testing.assert_array_equal(a["y"], (expected_x * 0.5).astype(np.float32))


def read_and_set(r, out):
    out[0] = r.mass + r.position[2] + r['charge']
    r.charge = 42


@pytest.mark.parametrize("target", TARGETS)
def test_single_record_is_read_and_written_back(target):
    a = particles(4, seed=4)
    expected = a["mass"][2] + a["position"][2, 2] + a["charge"][2]
    out = np.zeros(1)
    cuda.jit(read_and_set, target=target)[1, 1](a[2], out)
    assert out[0] == pytest.approx(expected, rel=1e-6)
    assert a["charge"][2] == 42 and a["charge"][1] != 42


def rebound(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        r = a[i]
        i = a.shape[0] - 1 - i  # r still names the record it was bound to
        r.x = i
        out[i] = r['x']


@pytest.mark.parametrize("target", TARGETS)
def test_a_bound_record_keeps_its_index(target):
    a = np.zeros(9, np.dtype([("x", np.int64)]))
    out = np.zeros(9, np.int64)
    cuda.jit(rebound, target=target)[1, 16](a, out)
    np.testing.assert_array_equal(a["x"], np.arange(9)[::-1])
    np.testing.assert_array_equal(out, np.arange(9))


def packed_kernel(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i].c = a[i].b * 0.5
        a[i].a = a[i].c + 1


@pytest.mark.parametrize("target", TARGETS)
def test_packed_records_from_the_host(target):
    dtype = np.dtype([("a", np.float64), ("b", np.int16), ("c", np.float32)])  # 14 bytes
    a = np.zeros(6, dtype)
    a["b"] = np.arange(6)
    cuda.jit(packed_kernel, target=target)[1, 8](a)
    np.testing.assert_array_equal(a["c"], np.arange(6, dtype=np.float32) * 0.5)
    np.testing.assert_array_equal(a["a"], np.arange(6) * 0.5 + 1)


def test_packed_device_records_are_refused_by_name():
    dtype = np.dtype([("a", np.float64), ("b", np.int16), ("c", np.float32)])
    device = cuda.to_device(np.zeros(6, dtype), target="cpu")
    with pytest.raises(ValueError, match=r"argument 'a\.a' .*not whole elements apart.*align=True"):
        cuda.jit(packed_kernel, target="cpu")[1, 8](device)


def test_each_record_dtype_has_its_own_kernel():
    kernel = cuda.jit(packed_kernel, target="cpu")
    wide = np.zeros(3, np.dtype([("a", np.float64), ("b", np.int64), ("c", np.float64)]))
    narrow = np.zeros(3, np.dtype([("a", np.float32), ("b", np.int8), ("c", np.float32)]))
    wide["b"] = narrow["b"] = [2, 4, 6]
    kernel[1, 4](wide)
    kernel[1, 4](narrow)
    np.testing.assert_array_equal(wide["a"], [2, 3, 4])
    np.testing.assert_array_equal(narrow["a"], np.float32([2, 3, 4]))
    assert len(kernel.signatures) == 2


@pytest.mark.parametrize("body, message", [
    ("a[0].z = 1", "the record has no field 'z'; its fields: x, y"),
    ("b = a[0] + 1", "the record array 'a' is used through its records' fields"),
    ("a[0, 1].x = 1", "the record array 'a' has 1 dimension"),
    ("r = a[0]\n    r = 3", "'r' names a record"),
    ("r = a[0]\n    b = r * 2", "the record 'r' is used through its fields"),
    ("b = a[1:3]", "slices of the record array 'a' are not supported"),
    ("b = a[0].v", "the field 'v' is an array of 1 dimension: index it"),
])
def test_record_errors_point_at_the_line(body, message):
    source = f"def bad(a):\n    {body}\n"
    with pytest.raises(CompileError, match=message) as raised:
        cp.compile(source, sig="void(Record(x: int32, y: float32, v: float64(2))[:])",
                   target="cpu")
    assert f":{2 + body.count(chr(10))}:" in str(raised.value)  # the body's last line


@pytest.mark.parametrize("dtype, message", [
    (np.dtype([("name", "U8"), ("x", np.int32)]), "the record field 'name' holds <U8"),
    (np.dtype([("my field", np.int32)]), "'my field' is not an identifier"),
    (np.dtype([("inner", [("x", np.int32)])]), "the record field 'inner' holds"),
])
def test_records_kernels_cannot_take_are_refused(dtype, message):
    kernel = cuda.jit(packed_kernel, target="cpu")
    with pytest.raises(TypeError, match=message):
        kernel[1, 1](np.zeros(2, dtype))


@pytest.mark.parametrize("signature, message", [
    ("void(Record(x: int32, x: float32)[:])", "the field 'x' is named twice"),
    ("void(Record(x: str)[:])", "holds 'str', which is not a number type"),
    ("void(Record()[:])", "a record has at least one field"),
    ("void(Record(x int32)[:])", "expected 'name: type'"),
    ("void(Record(x: int32)[1])", "expected ':' for each dimension"),
])
def test_malformed_record_signatures(signature, message):
    with pytest.raises(CompileError, match=message):
        cp.compile("def k(a):\n    a[0].x = 1\n", sig=signature, target="cpu")


def test_device_field_views_of_misaligned_fields_are_refused_by_kernels():
    dtype = np.dtype([("flag", np.int8), ("value", np.float32)])  # value at byte 1
    device = cuda.to_device(np.zeros(4, dtype), target="cpu")
    view = device["value"]
    assert view.shape == (4,) and view.dtype == np.float32
    np.testing.assert_array_equal(view.copy_to_host(), np.zeros(4, np.float32))

    @cuda.jit(target="cpu")
    def fill(x):
        x[cuda.grid(1)] = 1

    with pytest.raises(ValueError, match="not whole elements apart"):
        fill[1, 4](view)
    with pytest.raises(ValueError, match="no field of name missing"):
        device["missing"]


# A record whose size (40 bytes) is no multiple of a complex128's: complex fields pass as their
# parts.
WAVE = np.dtype([("w", np.float32), ("z", np.complex128), ("zs", np.complex64, (2,))],
                align=True)


def complex_fields(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i].z = a[i].z * 1j + a[i].w
        r = a[i]
        r['z'] += 2
        r.zs[1] = r.zs[0] * r.z
        r['zs'][0] -= r.w


def waves(n, seed):
    rng = np.random.default_rng(seed)
    a = np.zeros(n, WAVE)
    a["w"] = rng.standard_normal(n)
    a["z"] = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    a["zs"] = (rng.standard_normal((n, 2)) + 1j * rng.standard_normal((n, 2))).astype(np.complex64)
    return a


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("on_device", [False, True])
def test_complex_fields_of_records_of_any_size(target, on_device):
    a = waves(200, 5)
    expected = a.copy()
    expected["z"] = a["z"] * 1j + a["w"] + 2
    expected["zs"][:, 1] = (a["zs"][:, 0] * expected["z"]).astype(np.complex64)
    expected["zs"][:, 0] = (a["zs"][:, 0] - a["w"]).astype(np.complex64)
    kernel = cuda.jit(complex_fields, target=target)
    if on_device:
        device = cuda.to_device(a, target=target)
        kernel[2, 128](device)
        a = device.copy_to_host()
    else:
        kernel[2, 128](a)
    np.testing.assert_allclose(a["z"], expected["z"], rtol=1e-12)
    np.testing.assert_allclose(a["zs"], expected["zs"], rtol=2e-6)
    np.testing.assert_array_equal(a["w"], expected["w"])


def add_once(a, counter):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[cuda.atomic.add(counter, 0, 1)].z += 1j


@pytest.mark.parametrize("target", TARGETS)
def test_a_complex_field_store_evaluates_its_index_once(target):
    a = waves(64, 6)
    expected = a["z"] + 1j
    counter = np.zeros(1, np.int64)
    cuda.jit(add_once, target=target)[1, 64](a, counter)
    assert counter[0] == 64
    np.testing.assert_array_equal(a["z"], expected)


def test_complex_fields_are_assigned_alone():
    with pytest.raises(CompileError, match="a complex field of a record is assigned in a "
                                           "statement of its own"):
        cp.compile("def k(a):\n    a[0].z, x = 1j, 2\n",
                   sig="void(Record(z: complex128)[:])", target="cpu")


GRID_RECORD = np.dtype([("i", np.int32), ("j", np.float32, (3, 2)), ("z", np.complex128)],
                       align=True)
THREADS = 16
grid_record_type = cuda.from_dtype(GRID_RECORD)


def through_shared_memory(x, y):
    sm = cuda.shared.array(THREADS, dtype=grid_record_type)
    tx = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tx
    if i < len(x):
        sm[tx] = x[i]
    cuda.syncthreads()
    if tx == 0:
        for j in range(THREADS):
            y[cuda.blockIdx.x * cuda.blockDim.x + j] = sm[j]


def through_local_memory(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        tmp = cuda.local.array(2, GRID_RECORD)
        tmp[0] = x[i]
        tmp[1].j[2, 1] = tmp[0].j[0, 1] + tmp[0]['i']
        tmp[1].z = tmp[0].z * 2
        out[i] = tmp[1].j[2, 1] + tmp[1].z.real


def grid_records(n):
    a = np.zeros(n, GRID_RECORD).view(np.recarray)
    for x in range(n):
        a[x].i = x
        a[x].j = np.arange(6, dtype=np.float32).reshape(3, 2) * x
        a[x].z = x + 0.5j
    return a


@pytest.mark.parametrize("target", TARGETS)
def test_records_in_shared_memory_copied_whole(target):
    a = grid_records(64)
    result = cuda.device_array_like(a.view(np.ndarray), target=target)
    cuda.jit(through_shared_memory, target=target)[4, THREADS](a, result)
    got = result.copy_to_host()
    for name in GRID_RECORD.names:  # (not the padding between them)
        np.testing.assert_array_equal(got[name], a[name])


@pytest.mark.parametrize("target", TARGETS)
def test_records_in_local_memory(target):
    a = grid_records(40)
    out = np.zeros(40)
    cuda.jit(through_local_memory, target=target)[1, 64](a, out)
    np.testing.assert_array_equal(out, a.j[:, 0, 1] + a.i + 2 * a.z.real)


OTHER = np.dtype([("i", np.int32)])


@pytest.mark.parametrize("body, message", [
    ("t = cuda.local.array(2, GRID_RECORD)\n    t[0] = a[0]", "differ in their fields"),
    ("a[0] = 1.5", "a record of 'a' is assigned a record"),
    ("b = len(cuda.local.array(2, OTHER))", "declared in an assignment of its own"),
    ("s = cuda.shared.array(0, OTHER)", "dynamic shared memory holds numbers, not records"),
])
def test_declared_record_array_errors(body, message):
    source = f"def bad(a):\n    {body}\n"
    constants = ("GRID_RECORD = Record(i=int32, j=(float32, 3, 2), z=complex128)\n"
                 "OTHER = Record(i=int32)\nfrom cudapy import cuda\n")
    with pytest.raises(CompileError, match=message):
        cp.compile(constants + source, sig="void(Record(i: int32, w: float32)[:])",
                   target="cpu")
