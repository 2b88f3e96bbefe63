# name: int_min_floordiv_minus_one
# fixed: On the CPU target, INT32_MIN // -1 and INT32_MIN % -1 (and int64's) kill the process
# fixed: with SIGFPE (x86's idiv traps on the overflow), where cudapy's integers wrap: NumPy
# fixed: gives -2147483648 and 0.
# targets: cpu
# crashes: yes
# launch: 2
# args: [("int32[]", [-2147483648, 7]), ("int32[]", [-1, -1]), ("int32[]", "out", 2), ("int32[]", "out", 2)]

# k : void (int32* X, int32* Y, int32* O, int32* P)
def k(X, Y, O, P):
    O[idx] = X[idx] // Y[idx]
    P[idx] = X[idx] % Y[idx]
