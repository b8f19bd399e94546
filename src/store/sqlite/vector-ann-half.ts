/** IEEE 754 half precision (usearch's f16 scalar kind): Node 20 has no Math.f16round. */

/** `x` rounded to the nearest half-precision value (ties to even), as the hardware casts a query. */
export function roundToHalf(x: number): number {
  if (!Number.isFinite(x)) return x;
  const a = Math.abs(x);
  if (a >= 65520) return x < 0 ? -Infinity : Infinity;
  // Below 2^-14 the spacing is fixed (subnormals); above it is 2^(exponent - 10).
  const step = a < 2 ** -14 ? 2 ** -24 : 2 ** (Math.floor(Math.log2(a)) - 10);
  const q = a / step;
  let n = Math.round(q);
  if (n - q === 0.5 && n % 2 === 1) n -= 1; // Math.round takes .5 up: back to the even neighbour
  return Math.sign(x) * n * step;
}
