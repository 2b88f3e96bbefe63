# collatz : void (int* steps, int start)
def collatz(steps, start):
    n = start
    count = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        count += 1
    steps[idx] = count
