# mandelbrot : void (int* result, float x0, float y0, float x1, float y1, int width, int height, int maxIters)
def mandelbrot(result, x0, y0, x1, y1, width, height, maxIters):
    if idx < width and idy < height:
        dx = (x1 - x0) / width
        dy = (y1 - y0) / height
        x = x0 + idx * dx
        y = y0 + idy * dy
        result[idy * width + idx] = mandel(x, y, maxIters)


# mandel : int (float c_re, float c_im, int count)
def mandel(c_re, c_im, count):
    z_re = c_re
    z_im = c_im
    for i in xrange(count):
        if z_re * z_re + z_im * z_im > 4.0:
            break
        new_re = z_re * z_re - z_im * z_im
        new_im = 2.0 * z_re * z_im
        z_re = c_re + new_re
        z_im = c_im + new_im
    return i
