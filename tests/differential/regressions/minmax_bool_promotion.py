# name: minmax_bool_promotion
# fixed: min and max promote their arguments pairwise from the left with the rules for two
# fixed: operands, where bool with bool (and bool with a literal) is int32: max(False, x) with a
# fixed: uint8 x is int32, so max(False, x) + x is 400 for x = 200, where NumPy's uint8 (Python's
# fixed: max returns x itself) gives 144.
# launch: 1
# args: [("uint8[]", [200]), ("int32[]", "out", 2)]

# k : void (uint8* X, int32* O)
def k(X, O):
    O[0] = max(False, X[idx]) + X[idx]
    O[1] = max(254, False, X[idx]) + X[idx]
