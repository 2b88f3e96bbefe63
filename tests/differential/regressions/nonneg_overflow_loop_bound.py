# name: nonneg_overflow_loop_bound
# fixed: `%` takes C's remainder when both operands look non-negative, also when the dividend
# fixed: is a product that wrapped to a negative value: with i = 5, int32(536870911) * i wraps to
# fixed: -1610612741, whose Python remainder modulo 5 is 4 (the loop runs twice) where C's is -1
# fixed: (it runs no iteration). An index computed that way reads outside the array.
# seed: 20261900
# launch: 8
# args: [("uint16[]", "out", 8), ("int32[]", "out", 8)]

# k : void (uint16* O, int32* P)
def k(O, P):
    i = idx
    for j in range(i % 3, int32(536870911) * i % 5):
        O[i] = uint16(128)
    P[i] = int32(536870911) * i % 5
