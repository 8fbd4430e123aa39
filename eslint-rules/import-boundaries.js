import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The arrows that run one way (docs/architecture.md, "Import rules"), for the arrows a path pattern
 * cannot judge because they depend on where the importing file sits:
 * - the audio core (src/audio-core) imports nothing of the rest of the web, the media process or
 *   the client;
 * - the mastering engine and the ffmpeg runner (sidecar/engine, sidecar/ffmpeg) import nothing of
 *   the web process (src/) but the audio core: they take plain parameters and throw their own errors;
 * - the web process (src/) imports nothing from the media process (sidecar/);
 * - a client feature reaches another feature only through that feature's public `index.ts` (shared
 *   code lives in client/src/lib or client/src/components).
 * Proven by src/import-boundaries.test.ts.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES = 'client/src/features/';
const PURE_AUDIO = ['sidecar/engine/', 'sidecar/ffmpeg/'];
/** Formats and filters both sides share: the one folder of src/ the engine may import. */
const AUDIO_CORE = 'src/audio-core/';

const featureOf = (file) => (file.startsWith(FEATURES) ? file.slice(FEATURES.length).split('/')[0] : null);

/** The problem with importing `target` from `file` (both relative to the repository), or null. */
export function boundaryProblem(file, target) {
  if (file.startsWith(AUDIO_CORE) && (/^(sidecar|client)\//.test(target) || (target.startsWith('src/') && !target.startsWith(AUDIO_CORE)))) {
    return 'The audio core imports nothing of the web, the media process or the client: it holds formats and filters only.';
  }
  if (PURE_AUDIO.some((folder) => file.startsWith(folder)) && target.startsWith('src/') && !target.startsWith(AUDIO_CORE)) {
    return 'The mastering engine and the ffmpeg runner import nothing from src/ but src/audio-core: take plain parameters, throw EngineError or FfmpegError (mapped to AppError in sidecar/media).';
  }
  if (file.startsWith('src/') && target.startsWith('sidecar/')) {
    return 'The web process imports nothing from sidecar/: ask the media process, or move shared code to src/.';
  }
  const from = featureOf(file);
  const to = featureOf(target);
  if (from && to && from !== to) {
    const rest = target.slice(FEATURES.length + to.length + 1);
    if (rest !== 'index.js' && rest !== 'index.ts' && rest !== '' && rest !== 'index') {
      return `Feature "${from}" reaches into feature "${to}": import from features/${to}/index.ts, or move the code to client/src/lib.`;
    }
  }
  return null;
}

export default {
  meta: { type: 'problem', schema: [], messages: { boundary: '{{problem}}' } },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), source)).split(path.sep).join('/');
      const problem = boundaryProblem(file, target);
      if (problem) context.report({ node, messageId: 'boundary', data: { problem } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
