import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Issue 9, "arrows that run one way", for the arrows a path pattern cannot judge (it depends on
 * where the importing file sits): the web process (src/) imports nothing from the media process
 * (sidecar/), and a client feature reaches another feature only through that feature's public
 * `index.ts` (shared code lives in client/src/lib or client/src/components). Proven by
 * eslint-rules/import-boundaries.test.ts.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES = 'client/src/features/';

const featureOf = (file) => (file.startsWith(FEATURES) ? file.slice(FEATURES.length).split('/')[0] : null);

/** The problem with importing `target` from `file` (both relative to the repository), or null. */
export function boundaryProblem(file, target) {
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
