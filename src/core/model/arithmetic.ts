/*
 * Products and quotients that do not fail on the way to a result that fits. a × b / c is
 * computed as written whenever every step stays in range (so results are bit for bit the
 * plain formula's); only when a step would overflow to Infinity or sink below the smallest
 * normal number does it fall back to multiplying mantissas and adding exponents, which gives
 * the same rounding and reaches any result a double can hold (SERVINGHOURS(1e308, 10) is
 * 2.78e305, although 1e308 × 10 is not a double).
 */

/** The smallest normal double: below it a number has lost digits (a subnormal). */
export const MIN_NORMAL = 2 ** -1022;
const TWO_TO_64 = 2 ** 64;

/** x as m × 2^e with m in [1, 2); x is positive and finite. */
function splitExponent(x: number): [number, number] {
  let shift = 0;
  if (x < MIN_NORMAL) {
    x *= TWO_TO_64; // exact: lifts a subnormal into the normal range
    shift = -64;
  }
  let e = Math.floor(Math.log2(x));
  // Next to the largest double, log2 rounds up to 1024 and 2 ** 1024 is Infinity: divide twice.
  let m = x / 2 ** Math.min(e, 1023) / 2 ** Math.max(e - 1023, 0);
  // log2 can land one off next to a power of two.
  if (m >= 2) {
    m /= 2;
    e += 1;
  } else if (m < 1) {
    m *= 2;
    e -= 1;
  }
  return [m, e + shift];
}

/** m × 2^e for any integer e, in steps that stay in range. */
function scaleByPowerOfTwo(m: number, e: number): number {
  while (e > 1000 && Number.isFinite(m)) {
    m *= 2 ** 1000;
    e -= 1000;
  }
  while (e < -1000 && m !== 0) {
    m *= 2 ** -1000;
    e += 1000;
  }
  return m * 2 ** e;
}

/**
 * a × b × c / d / e for non-negative finite a, b, c and positive finite d, e (pass 1 for a
 * factor not used). Infinity when the true result is above the largest double, 0 when it is
 * below the smallest, otherwise the nearest double to it.
 */
export function productRatio(a: number, b: number, c: number, d: number, e: number): number {
  const ab = a * b;
  const abc = ab * c;
  const abcd = abc / d;
  const plain = abcd / e;
  // Every step, not just the result: a product that sank below the normal range has lost digits for good,
  // even when the divisions bring the result back (1e-160 x 1e-160 / 3600 / 1e-300 would be 4.94e-24, not
  // 2.78e-24). Kept small so a formula calling it stays small: the out-of-range case is rare.
  return inRange(ab) && inRange(abc) && inRange(abcd) && inRange(plain) ? plain : outOfRangeProductRatio(a, b, c, d, e);
}

/** A normal double: neither Infinity nor below the smallest normal number (where digits are lost). */
const inRange = (x: number) => x >= MIN_NORMAL && x !== Infinity;

/** productRatio when a plain step left the range of normal doubles: by mantissas and exponents. */
function outOfRangeProductRatio(a: number, b: number, c: number, d: number, e: number): number {
  if (a === 0 || b === 0 || c === 0) return 0;
  let mantissa = 1;
  let exponent = 0;
  for (const [x, sign] of [
    [a, 1],
    [b, 1],
    [c, 1],
    [d, -1],
    [e, -1],
  ]) {
    const [m, p] = splitExponent(x);
    mantissa = sign > 0 ? mantissa * m : mantissa / m;
    exponent += sign * p;
  }
  return scaleByPowerOfTwo(mantissa, exponent);
}
