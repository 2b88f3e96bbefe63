# spread : void (float* X, float a, float b)
def spread(X, a, b):
    """A docstring
        whose lines are indented
  any way at all."""
    total = (a +
                 b *
        2.0)
    scaled = total * \
             3.0
        # a comment indented further than the code
    if idx < len(X) and (
            idx > 0):
        X[idx] = max(scaled,
  total)
    X[0] = a
