# name: ptxas_dead_recursive_helper
# fixed: ptxas (CUDA 13.0, sm_90 and later) crashed the process with SIGSEGV when a constant it
# fixed: found late (6 % 7 != 6 through uint16 arithmetic NVVM cannot fold) made every call of a
# fixed: recursive helper unreachable. The CUDA target keeps each recursive helper alive with a
# fixed: global holding its address, which ptxas cannot delete.
# crashes: yes
# seed: 20270311
# launch: 1
# args: [("uint16[]", "out", 2)]

# f : uint16 (uint16 a)
def f(a):
    if a == 0:
        return a
    return f(a - 1) * a

# k : void (uint16* O)
def k(O):
    v = uint16(6) + uint16(0)
    if v % uint16(7) != 6:
        O[0] = f(v)
    if v >= 2:
        O[1] = f(uint16(3))
