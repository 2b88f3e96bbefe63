# parity : void (int* N, bool* Even)
def parity(N, Even):
    Even[idx] = is_even(N[idx])


# is_even : bool (int n)
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


# is_odd : bool (int n)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)
