"""Time of the first SAXPY call from Python in fresh processes: `import cudapy`, cp.compile
(translation), and the first launch (NVRTC compile, module load, launch, synchronize)."""
import json
import os
import subprocess
import sys
import tempfile

CHILD = r"""
import json, time
t0 = time.perf_counter()
import cudapy as cp
t1 = time.perf_counter()
import numpy as np

# saxpy : void (float alpha, float* X, float* Y)
def saxpy(alpha, X, Y):
    if idx < len(X):
        Y[idx] = alpha * X[idx] + Y[idx]

x = cp.CudaArray(np.ones(1 << 20, dtype=np.float32))
y = cp.CudaArray(np.ones(1 << 20, dtype=np.float32))
t2 = time.perf_counter()
kernel = cp.compile(saxpy)
t3 = time.perf_counter()
kernel(1 << 20)(2.0, x, y)
cp.synchronize()
t4 = time.perf_counter()
kernel(1 << 20)(2.0, x, y)
cp.synchronize()
t5 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "translate": t3 - t2, "first_launch": t4 - t3,
                  "second_launch": t5 - t4}))
"""


def main():
    import cudapy

    if cudapy.device_count() == 0:
        print("SKIP: no CUDA GPU found")
        return
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    results = []
    # The kernel's source is read from its file, so the child runs from one.
    with tempfile.TemporaryDirectory() as folder:
        script = os.path.join(folder, "first_call_child.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(CHILD)
        for _ in range(runs):
            out = subprocess.run([sys.executable, script], capture_output=True, text=True,
                                 env=os.environ)
            if out.returncode != 0:
                sys.exit(f"the timed process failed:\n{out.stderr}")
            results.append(json.loads(out.stdout.strip().splitlines()[-1]))
    print(f"first SAXPY call from Python, median of {runs} fresh processes (ms):")
    for key in ("import", "translate", "first_launch", "second_launch"):
        values = sorted(r[key] * 1e3 for r in results)
        print(f"  {key:<14} {values[len(values) // 2]:9.3f}")


if __name__ == "__main__":
    main()
