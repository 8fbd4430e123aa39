import { describe, expect, it } from 'vitest';
import { prefetchAllowed } from './link-prefetch.js';
import { loadBlogPages, loadComposedPages, loadMastersPages, loadPrivacyPolicyPage } from './route-chunks.js';
import { chunkOfPath } from './routes.js';

describe('link prefetch', () => {
  it('when the connection is 2g, slow-2g or saving data, then nothing is prefetched', () => {
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('when the connection is fast or unknown, then links are prefetched', () => {
    expect(prefetchAllowed({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed(undefined)).toBe(true);
  });

  it('when a path is an on-demand route, then its chunk is named; the home page and unknown paths have none', () => {
    expect(chunkOfPath('/privacy-policy')).toBe(loadPrivacyPolicyPage);
    expect(chunkOfPath('/blog/headroom')).toBe(loadBlogPages);
    expect(chunkOfPath('/masters')).toBe(loadMastersPages);
    expect(chunkOfPath('/masters/song/12')).toBe(loadMastersPages);
    expect(chunkOfPath('/faq/')).toBe(loadComposedPages);
    expect(chunkOfPath('/account/payments')).toBeTypeOf('function');
    expect(chunkOfPath('/distribution/new-release/artwork')).toBeTypeOf('function');
    expect(chunkOfPath('/')).toBeNull();
    expect(chunkOfPath('/constructor')).toBeNull();
    expect(chunkOfPath('/account/toString')).toBeNull();
    expect(chunkOfPath('/distribution/new-release/nowhere')).toBeNull();
  });
});
