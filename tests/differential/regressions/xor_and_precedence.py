# name: xor_and_precedence
# fixed: `^` binds tighter than `&` in the translation, the other way round from Python: `a ^
# fixed: b & c` is translated as `(a ^ b) & c` and `a & b ^ c` as `a & (b ^ c)`. With a, b, c =
# fixed: 28, 6, 5 Python gives 24 and 1; the translation gives 0 and 0. Found by seeds 1541,
# fixed: 1992, 20261201 and others.
# seed: 1541
# launch: 1
# args: [("int32", 28), ("int32", 6), ("int32", 5), ("int32[]", "out", 2)]

# k : void (int32 a, int32 b, int32 c, int32* O)
def k(a, b, c, O):
    O[0] = a ^ b & c
    O[1] = a & b ^ c
