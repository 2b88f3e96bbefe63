# name: interp_wrapped_loop_counters
# fixed: the interpreter refused a range whose typed bound is unsigned and whose literal start is
# fixed: negative (range(-4, uint16(3), 2): NumPy's OverflowError), where the translation wraps
# fixed: the counter into the loop variable's type; and enumerate's counter was a Python int,
# fixed: which NumPy then narrowed to the other operand's type (k % uint16 → uint16(-3)), where
# fixed: cudapy's is an int64.
# seed: 20268114
# launch: 1
# args: [("int32[]", [5, 6, 7]), ("uint16[]", "out", 4), ("int64[]", "out", 3)]

# k : void (int32* A, uint16* O, int64* P)
def k(A, O, P):
    n = 0
    for j in range(-4, uint16(3), 2):
        O[n] = j
        n += 1
    for k, v in enumerate(A, -3):
        P[k + 3] = k % uint16(7) + v
