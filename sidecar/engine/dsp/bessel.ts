/**
 * Zeroth-order modified Bessel function of the first kind, the Kaiser window's, by its power series
 * sum over k of ((x / 2)^k / k!)^2: terms are added until one is under `tolerance` times the sum,
 * `maxTerms` at the most. Each filter passes the precision its taps were designed with: another
 * one moves them in the last bits, and the masters with them.
 */
export function besselI0(x: number, tolerance: number, maxTerms: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < maxTerms; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < tolerance * sum) break;
  }
  return sum;
}
