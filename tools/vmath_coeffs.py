"""The polynomial coefficients of numtape/kernels/vmath.py, from mpmath.

Each polynomial is a Chebyshev fit (``mpmath.chebyfit``, near-minimax) of the function it
replaces, at 60 digits, over the reduced range that vmath's range reduction leaves (widened a
little for the rounding of that reduction), then rounded to float64.  Printed with the bound of
the fit's absolute error, as ``name = [c0, c1, ...]`` (lowest degree first) to paste.

Run: ``python tools/vmath_coeffs.py`` (mpmath only; seconds).
"""
import mpmath as mp

mp.mp.dps = 60


def _fit(name, f, lo, hi, degree):
    coeffs, err = mp.chebyfit(f, [lo, hi], degree + 1, error=True)
    coeffs = [float(c) for c in reversed(coeffs)]
    print(f"# {name}: degree {degree} on [{float(lo):.6g}, {float(hi):.6g}], "
          f"fit error 2^{float(mp.log(err, 2)):.1f}")
    print(f"{name} = [" + ",\n    ".join(repr(c) for c in coeffs) + "]")
    return coeffs


def exp_q(r):
    """(exp(r) - 1 - r) / r**2: vexp's polynomial (times r**2, plus 1 + r, is exp(r))."""
    if abs(r) < mp.mpf("1e-30"):
        return mp.mpf(1) / 2
    return (mp.exp(r) - 1 - r) / r**2


def log_p(z):
    """(log((1+s)/(1-s)) - 2*s) / s**3 with z = s**2: vlog's polynomial in s**2."""
    if z < mp.mpf("1e-40"):
        return mp.mpf(2) / 3
    s = mp.sqrt(z)
    return (mp.log((1 + s) / (1 - s)) - 2 * s) / (s * z)


def sin_s(z):
    """(sin(r) - r) / r**3 with z = r**2: vsin's polynomial in r**2."""
    if z < mp.mpf("1e-40"):
        return -mp.mpf(1) / 6
    r = mp.sqrt(z)
    return (mp.sin(r) - r) / (r * z)


def cos_c(z):
    """(cos(r) - 1 + r**2/2) / r**4 with z = r**2: vcos's polynomial in r**2."""
    if z < mp.mpf("1e-40"):
        return mp.mpf(1) / 24
    r = mp.sqrt(z)
    return (mp.cos(r) - 1 + z / 2) / (z * z)


def tanh_t(z):
    """(tanh(x) - x) / x**3 with z = x**2: vtanh's polynomial in x**2 (small |x|)."""
    if z < mp.mpf("1e-40"):
        return -mp.mpf(1) / 3
    x = mp.sqrt(z)
    return (mp.tanh(x) - x) / (x * z)


def two_over_pi(chunks):
    """The first 24 * chunks bits of 2/pi, as hex digits (vmath's TWO_OVER_PI_HEX)."""
    with mp.workprec(24 * chunks + 64):
        v = int(mp.floor(2 / mp.pi * mp.mpf(2) ** (24 * chunks)))
    digits = "%0*x" % (6 * chunks, v)
    print("TWO_OVER_PI_HEX = (")
    for i in range(0, len(digits), 72):
        print(f'    "{digits[i:i + 72]}"')
    print(")")
    return digits


def pio2_parts():
    """pi/2 in four float64 parts of 33, 33, 33 and 53 bits (vmath's PIO2_1 ... PIO2_4)."""
    with mp.workprec(400):
        rest, parts = mp.pi / 2, []
        for bits in (33, 33, 33, 53):
            m, e = mp.frexp(rest)
            part = mp.ldexp(mp.floor(mp.ldexp(m, bits)), e - bits) if bits < 53 else rest
            parts.append(float(part))
            rest -= mp.mpf(parts[-1])
    for i, p in enumerate(parts, 1):
        print(f"PIO2_{i} = {p!r}")
    return parts


def main():
    half_ln2 = mp.log(2) / 2 * mp.mpf("1.0005")
    _fit("EXP_Q", exp_q, -half_ln2, half_ln2, 10)
    # m in [sqrt(1/2), sqrt(2)), f = m - 1, s = f / (2 + f): |s| <= (sqrt(2) - 1) / (sqrt(2) + 1)
    s_max = (mp.sqrt(2) - 1) / (mp.sqrt(2) + 1) * mp.mpf("1.0001")
    _fit("LOG_P", log_p, 0, s_max**2, 7)
    # the reduced argument of vsin/vcos: |r| <= pi/4 (1 + 2**-32)
    r_max = mp.pi / 4 * mp.mpf("1.0001")
    _fit("SIN_S", sin_s, 0, r_max**2, 6)
    _fit("COS_C", cos_c, 0, r_max**2, 5)
    # vtanh's polynomial serves |x| < TANH_SMALL = 0.625
    _fit("TANH_T", tanh_t, 0, mp.mpf("0.625")**2 * mp.mpf("1.0001"), 11)
    two_over_pi(52)
    pio2_parts()


if __name__ == "__main__":
    main()
