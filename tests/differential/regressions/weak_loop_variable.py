# name: weak_loop_variable
# fixed: the variable of a range over literals alone was a weak int32 in the translation (x + j
# fixed: with a uint8 x was uint8: 255 + 1 wrapped to 0) and a strong int32 in the interpreter
# fixed: (256); it is a typed int32 in both now, as with a typed bound.
# launch: 1
# args: [("uint8", 255), ("int32[]", "out", 2)]

# k : void (uint8 x, int32* O)
def k(x, O):
    for j in range(1, 2):
        O[0] = x + j
    for j2 in range(int32(1), 2):
        O[1] = x + j2
