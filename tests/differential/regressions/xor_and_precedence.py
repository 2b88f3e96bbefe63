# name: xor_and_precedence
# bug: `a ^ b & c` is translated as `(a ^ b) & c`: `&` must bind tighter than `^`. (6 ^ 3 & 2
# bug: is 4 in Python; the translation gives 0.) Found by seeds 1541 and 1992.
# seed: 1541
# launch: 1
# args: [("int32", 6), ("int32", 3), ("int32", 2), ("int32[]", "out", 1)]

# k : void (int32 a, int32 b, int32 c, int32* O)
def k(a, b, c, O):
    O[idx] = a ^ b & c
