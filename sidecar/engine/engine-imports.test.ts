import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The engine's import rule (docs/architecture.md, "Import rules"), run through ESLint's API on
 * snippets that claim to live in the engine: an import of src/ fails, the engine's own imports pass.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'masterdeck/import-boundaries').map((message) => message.message);
}

describe('the engine imports nothing from src/', { timeout: 30_000 }, () => {
  it.each([
    ['the platform', `import { AppError } from '../../src/platform/errors.js';\nexport const e = AppError;\n`, 'sidecar/engine/bad.ts'],
    ['a module', `import type { TEngineStyle } from '../../../src/modules/catalogue/index.js';\nexport type S = TEngineStyle;\n`, 'sidecar/engine/dsp/bad.ts'],
  ])('when engine code imports %s, then lint fails with the rule', async (_, code, file) => {
    const messages = await restrictedImports(code, file);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('The mastering engine and the ffmpeg runner import nothing from src/');
  });

  it('when engine code imports the engine and the ffmpeg builders, then the rule is quiet', async () => {
    const code = `import { EngineError } from './engine-error.js';\nimport { decodeToF32Args } from '../ffmpeg/ffmpeg-args.js';\nexport const x = [EngineError, decodeToF32Args];\n`;
    expect(await restrictedImports(code, 'sidecar/engine/good.ts')).toEqual([]);
  });

  it('when the media process (the edge) imports src/, then this rule does not apply to it', async () => {
    const code = `import { AppError } from '../../src/platform/errors.js';\nexport const e = AppError;\n`;
    expect(await restrictedImports(code, 'sidecar/media/edge.ts')).toEqual([]);
  });
});
