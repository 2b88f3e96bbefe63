#!/usr/bin/env python3
"""Charged particles in a plane, written as for numba.cuda: the particles are a NumPy record
array (position, velocity, charge and a complex phase per particle), the softened inverse-cube
law is a device function of CUDA C++ that the kernel calls (cuda.declare_device), and each
particle's phase turns by a complex exponential. Two kernels a step: one sums every particle's
force on each particle and updates its velocity; the other moves the particles and turns their
phases. The particles stay on the device between steps. Checked against NumPy; runs on the GPU
when there is one, else on the CPU target with fewer particles."""

import cmath
import importlib.util
import os
import sys
from pathlib import Path

if importlib.util.find_spec("cudapy") is None:  # run from a source checkout
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pysrc"))

import numpy as np

import cudapy
from cudapy import cuda

# Without a GPU the kernels run on the CPU target (CUDAPY_TARGET=cpu), on fewer particles.
ON_GPU = os.environ.setdefault("CUDAPY_TARGET", "cuda" if cudapy.has_gpu() else "cpu") == "cuda"

PARTICLE = np.dtype([("position", np.float64, (2,)), ("velocity", np.float64, (2,)),
                     ("charge", np.float32), ("phase", np.complex128)], align=True)
SOFTENING = 1e-3  # keeps the force finite where two particles meet
TPB = 128

# The softened inverse cube of the distance, 1 / (r² + ε)^(3/2), in CUDA C++: numba's
# convention returns the result through its first parameter.
INVERSE_CUBE_SOURCE = r"""
extern "C" __device__ int inverse_cube(double *result, double r2, double softening) {
    double s = r2 + softening;
    *result = 1.0 / (s * sqrt(s));
    return 0;
}
"""
inverse_cube = cuda.declare_device("inverse_cube", "float64(float64, float64)",
                                   link=[INVERSE_CUBE_SOURCE])


@cuda.jit
def accelerate(particles, dt):
    """Adds dt times the force of every particle on particle i to its velocity (unit masses;
    like charges repel)."""
    i = cuda.grid(1)
    if i >= particles.shape[0]:
        return
    me = particles[i]
    fx = 0.0
    fy = 0.0
    for j in range(particles.shape[0]):
        other = particles[j]
        dx = me.position[0] - other.position[0]
        dy = me.position[1] - other.position[1]
        strength = me.charge * other.charge * inverse_cube(dx * dx + dy * dy, SOFTENING)
        fx += strength * dx
        fy += strength * dy
    me.velocity[0] += dt * fx
    me.velocity[1] += dt * fy


@cuda.jit
def advance(particles, dt, omega):
    """Moves each particle by its velocity and turns its phase by ω·q·dt."""
    i = cuda.grid(1)
    if i < particles.shape[0]:
        for axis in range(2):
            particles[i].position[axis] += dt * particles[i].velocity[axis]
        turn = cmath.exp(1j * (omega * dt * particles[i]['charge']))
        particles[i].phase = particles[i].phase * turn


def numpy_step(p, dt, omega):
    """The same step in NumPy, the oracle."""
    p = p.copy()
    d = p["position"][:, None, :] - p["position"][None, :, :]
    r2 = d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1]
    s = r2 + SOFTENING
    strength = (p["charge"][:, None] * p["charge"][None, :]) * (1.0 / (s * np.sqrt(s)))
    p["velocity"] += dt * (strength[..., None] * d).sum(axis=1)
    p["position"] += dt * p["velocity"]
    # omega and dt are float64 in the kernel; NumPy would take Python floats as the charges'
    # float32
    p["phase"] *= np.exp(1j * (np.float64(omega) * dt * p["charge"]))
    return p


def main():
    n = 4096 if ON_GPU else 384
    steps, dt, omega = 5, 1e-4, 3.0
    rng = np.random.default_rng(7)
    particles = np.zeros(n, PARTICLE)
    particles["position"] = rng.uniform(-1, 1, (n, 2))
    particles["charge"] = rng.choice([-1.0, 1.0], n) * rng.uniform(0.5, 1.5, n)
    particles["phase"] = np.exp(1j * rng.uniform(0, 2 * np.pi, n))

    on_device = cuda.to_device(particles)
    blocks = (n + TPB - 1) // TPB
    expected = particles
    for _ in range(steps):
        accelerate[blocks, TPB](on_device, dt)
        advance[blocks, TPB](on_device, dt, omega)
        expected = numpy_step(expected, dt, omega)
    result = on_device.copy_to_host()

    where = "GPU" if ON_GPU else "CPU target"
    print(f"{n} particles, {steps} steps on the {where}")
    ok = True
    for field in PARTICLE.names:
        scale = np.abs(expected[field]).max()
        error = np.abs(result[field] - expected[field]).max() / scale
        print(f"  {field:9s} largest difference from NumPy: {error:.1e} of its largest value")
        ok = ok and error < 1e-9
    phases = on_device["phase"].copy_to_host()  # one field of the records, as NumPy's p["phase"]
    ok = ok and np.allclose(np.abs(phases), 1.0, atol=1e-12)
    print("OK" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
