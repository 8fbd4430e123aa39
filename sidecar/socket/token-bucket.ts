/**
 * A token bucket: `ratePerS` tokens a second up to `burst`. Each message takes one; an empty
 * bucket refuses. Cheap enough to run before a message is even parsed.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly ratePerS: number,
    private readonly burst: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.updatedAt = now;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.ratePerS);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
