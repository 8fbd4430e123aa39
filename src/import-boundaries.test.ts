import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of issue 9 ("arrows that run one way"), run through the repository's own ESLint
 * configuration on snippets that claim to live at a given path: src/ must not import sidecar/, and
 * a client feature reaches another only through its index.ts.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function boundaryMessages(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'masterdeck/import-boundaries').map((m) => m.message);
}

describe('import boundaries', { timeout: 30_000 }, () => {
  it('when web code imports from sidecar/, then lint fails with the rule', async () => {
    const code = `import { ffmpegPath } from '../../../sidecar/ffmpeg/spawn-ffmpeg.js';\nexport const p = ffmpegPath;\n`;
    const messages = await boundaryMessages(code, 'src/modules/downloads/bad.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('The web process imports nothing from sidecar/');
  });

  it('when web code imports src/ only, then the rule is quiet', async () => {
    const code = `import { AppError } from '../../platform/errors.js';\nexport const e = AppError;\n`;
    expect(await boundaryMessages(code, 'src/modules/downloads/good.ts')).toEqual([]);
  });

  it.each([
    ['a static import', `import { getAccessToken } from '../../auth/auth-store.js';\nexport const t = getAccessToken;\n`],
    ['a re-export', `export { BuyOptions } from '../../checkout/components/buy-options.js';\n`],
    ['a lazy import', `export const load = () => import('../../player/components/master-player.js');\n`],
  ])("when a feature reaches into another feature's internals by %s, then lint fails with the rule", async (_, code) => {
    const messages = await boundaryMessages(code, 'client/src/features/masters/components/bad.tsx');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^Feature "masters" reaches into feature "(auth|checkout|player)"/);
  });

  it("when a feature imports another's index.ts, its own files and client/src/lib, then the rule is quiet", async () => {
    const code = [
      `import { getAccessToken } from '../../auth/index.js';`,
      `import { listDate } from '../lib/master-rows.js';`,
      `import { trackEvent } from '../../../lib/analytics.js';`,
      `export const x = [getAccessToken, listDate, trackEvent];`,
      '',
    ].join('\n');
    expect(await boundaryMessages(code, 'client/src/features/masters/components/good.tsx')).toEqual([]);
  });
});
