import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import rules (docs/architecture.md, "Import rules"), run through the repository's own ESLint
 * configuration on snippets that claim to live at a given path, and on the real files they guard.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function ruleMessages(ruleId: string, code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}
const boundaryMessages = (code: string, file: string) => ruleMessages('masterdeck/import-boundaries', code, file);

/** The rule's one message on `code` at `file` (fails when there is none or more than one). */
async function theOneMessage(code: string, file: string): Promise<string> {
  const messages = await boundaryMessages(code, file);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

describe('import boundaries', { timeout: 30_000 }, () => {
  it('when web code imports from sidecar/, then lint fails with the rule', async () => {
    const code = `import { ffmpegPath } from '../../../sidecar/ffmpeg/spawn-ffmpeg.js';\nexport const p = ffmpegPath;\n`;
    expect(await theOneMessage(code, 'src/modules/downloads/bad.ts')).toContain('The web process imports nothing from sidecar/');
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
    expect(await theOneMessage(code, 'client/src/features/masters/components/bad.tsx')).toMatch(/^Feature "masters" reaches into feature "(auth|checkout|player)"/);
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

  it('when the ffmpeg runner imports the web platform, then lint fails with the rule', async () => {
    const code = `import { AppError } from '../../src/platform/errors.js';\nexport const e = AppError;\n`;
    expect(await theOneMessage(code, 'sidecar/ffmpeg/bad.ts')).toContain('the ffmpeg runner import nothing from src/');
  });

  it.each([
    ['the web platform', `import { AppError } from '../platform/errors.js';\nexport const e = AppError;\n`],
    ['the engine', `import { EngineError } from '../../sidecar/engine/engine-error.js';\nexport const e = EngineError;\n`],
  ])('when the audio core imports %s, then lint fails with the rule', async (_, code) => {
    expect(await theOneMessage(code, 'src/audio-core/bad.ts')).toContain('The audio core imports nothing');
  });

  it('when the engine, the ffmpeg runner and the web import the audio core, then the rule is quiet', async () => {
    const code = `import { wavHeader } from '../../src/audio-core/wav-header.js';\nexport const w = wavHeader;\n`;
    expect(await boundaryMessages(code, 'sidecar/ffmpeg/good.ts')).toEqual([]);
    expect(await boundaryMessages(code, 'sidecar/engine/good.ts')).toEqual([]);
    expect(await boundaryMessages(`import { wavHeader } from '../../audio-core/wav-header.js';\nexport const w = wavHeader;\n`, 'src/modules/audio/good.ts')).toEqual([]);
  });

  it('when the repository as it is gets linted, then the audio core, the engine and the ffmpeg runner keep the rule', async () => {
    const results = await eslint.lintFiles(['src/audio-core', 'sidecar/engine', 'sidecar/ffmpeg']);
    expect(results.length).toBeGreaterThan(20);
    const problems = results.flatMap((result) => result.messages.filter((m) => m.ruleId === 'masterdeck/import-boundaries').map((m) => `${result.filePath}: ${m.message}`));
    expect(problems).toEqual([]);
  }, 120_000);

  it("when the media process imports a module's index.ts for a value, then lint fails; its schemas, constants and types pass", async () => {
    const restricted = (code: string) => ruleMessages('@typescript-eslint/no-restricted-imports', code, 'sidecar/media/edge.ts');
    const bad = await restricted(`import { enqueueBounce } from '../../src/modules/streaming/index.js';\nexport const e = enqueueBounce;\n`);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toContain('The media process reaches a module only through');
    const good = [
      `import { SOCKET_ERROR_CODES } from '../../src/modules/streaming/streaming.schemas.js';`,
      `import { bounceTopic } from '../../src/modules/streaming/streaming.constants.js';`,
      `import type { TEngineStyle } from '../../src/modules/catalogue/index.js';`,
      `export const x = [SOCKET_ERROR_CODES, bounceTopic];`,
      `export type S = TEngineStyle;`,
      '',
    ].join('\n');
    expect(await restricted(good)).toEqual([]);
  });
});
