import { describe, expect, it } from 'vitest';
import { coverSignature } from './release-views.js';

const shared = 'a-secret-every-web-process-agreed-on-0123456789';

describe('cover URLs signed with the shared secret', () => {
  it('when two web processes with different machine secrets share the agreed secret, then each accepts the other one\'s cover URL', () => {
    const first = { secrets: { jwtSecret: shared, internalSecret: 'machine-one-internal-secret-0123456789abcdef' } };
    const second = { secrets: { jwtSecret: shared, internalSecret: 'machine-two-internal-secret-0123456789abcdef' } };
    expect(coverSignature(first, 7, 'large', 'v1')).toBe(coverSignature(second, 7, 'large', 'v1'));
  });

  it('when the album, variant, version or shared secret differ, then the signature differs and the signature is not the session key itself', () => {
    const platform = { secrets: { jwtSecret: shared, internalSecret: 'machine-one-internal-secret-0123456789abcdef' } };
    const base = coverSignature(platform, 7, 'large', 'v1');
    expect(new Set([base, coverSignature(platform, 8, 'large', 'v1'), coverSignature(platform, 7, 'small', 'v1'), coverSignature(platform, 7, 'large', 'v2')]).size).toBe(4);
    expect(coverSignature({ secrets: { ...platform.secrets, jwtSecret: `${shared}x` } }, 7, 'large', 'v1')).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{32}$/);
  });
});
