# name: nonneg_overflow_floordiv
# fixed: `//` and `%` use C's truncating division when both operands look non-negative (the
# fixed: nonnegative pass), also when the dividend is a signed sum or product that wrapped to a
# fixed: negative value: with idx = 1, idx + 2147483647 wraps to -2147483648, whose floor
# fixed: division by 7 is -306783379 (the translation gives -306783378) and modulo 7 is 5 (not -2).
# fixed: The same with a wrapped divisor: 18 // (int32(32767) * int32(524288)) is 18 // -524288,
# fixed: -1 in Python, 0 in the translation (seed 5009861).
# launch: 2
# args: [("int32[]", "out", 2), ("int32[]", "out", 2), ("int32[]", "out", 2)]

# k : void (int32* O, int32* P, int32* Q)
def k(O, P, Q):
    s = idx + 2147483647
    O[idx] = s // 7
    P[idx] = s % 7
    Q[idx] = 18 // (int32(32767) * int32(524288))
