import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Interface languages: English is the source, German is translated in the .po file.
 * `lingui compile --typescript` writes messages.ts beside each catalog (gitignored); both
 * `npm run build` and `npm test` run it first.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  fallbackLocales: { default: 'en' },
  // No source locations in the catalogs: they change with every edit and make merges conflict.
  format: formatter({ origins: false }),
  catalogs: [
    {
      path: '<rootDir>/client/src/locales/{locale}/messages',
      include: ['<rootDir>/client/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/client/src/test/**'],
    },
  ],
});
