import { describe, expect, it } from 'vitest';
import { gzipSize, upFrontFiles, type Manifest } from './bundle-size.js';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shared-b.js'], dynamicImports: ['src/page.tsx'] },
  '_shared-b.js': { file: 'assets/shared-b.js', imports: ['_deep-c.js', 'index.html'] },
  '_deep-c.js': { file: 'assets/deep-c.js' },
  'src/page.tsx': { file: 'assets/page-d.js', isDynamicEntry: true, imports: ['_lazy-only-e.js'] },
  '_lazy-only-e.js': { file: 'assets/lazy-only-e.js' },
};

describe('home page bundle budget', () => {
  it('when the entry imports chunks statically and others dynamically, then only the entry and its static imports count, once each', () => {
    expect(upFrontFiles(manifest)).toEqual(['assets/index-a.js', 'assets/shared-b.js', 'assets/deep-c.js']);
  });

  it('when the manifest has no such entry, then it says so', () => {
    expect(() => upFrontFiles(manifest, 'other.html')).toThrow('the manifest has no entry other.html');
  });

  it('when text repeats, then its gzip size is far below its length', () => {
    expect(gzipSize('a'.repeat(10_000))).toBeLessThan(100);
  });
});
