import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

/**
 * The integration test files that write, read or remove stored files (uploads, masters, downloads,
 * covers, blog images, erasure, the media process): run a second time on S3.
 * media-fault stays on the disk only: it watches half-written files in the storage folder and
 * finds ffmpeg children by the track's path, which S3's local copies do not carry.
 */
const S3_INTEGRATION_FILES = [
  'src/modules/masters/upload.int.test.ts',
  'src/modules/masters/upload-quota.int.test.ts',
  'src/modules/masters/masters.int.test.ts',
  'src/modules/downloads/downloads.int.test.ts',
  'src/modules/demos/demos.int.test.ts',
  'src/modules/blog/blog.int.test.ts',
  'src/modules/accounts/accounts.int.test.ts',
  'src/modules/releases/releases.int.test.ts',
  'src/modules/releases/release-rules.int.test.ts',
  'src/modules/releases/release-isolation.int.test.ts',
  'src/modules/releases/delivery.int.test.ts',
  'sidecar/media.int.test.ts',
  'sidecar/media-scale.int.test.ts',
  'sidecar/media/renditions.int.test.ts',
] as const;

/**
 * The browser test files that time what Chromium plays (the playhead against the audio clock, the
 * samples that reached the output, a seek's landing): each runs on its own, after the others. When
 * every file ran two at a time, a second file's server and Chromium on the two cores made these
 * miss their windows.
 */
const BROWSER_FILES_ALONE = [
  'client/e2e/player.e2e.test.ts',
  'client/e2e/platform-playback.e2e.test.ts',
  'client/e2e/journeys.e2e.test.ts',
  'client/e2e/album.e2e.test.ts',
  'client/e2e/comments.e2e.test.ts',
] as const;

/** The built product in Debian's Chromium: what both browser projects share. */
const BROWSER_TESTS = {
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // A real server on a shared two-core machine, and every query waits the product's minimum fetch delay of 200 ms:
  // the 1 s default of expect.poll failed lists that update a moment after a save.
  expect: { poll: { timeout: 10_000 } },
  // One more try for a test that timed out on a loaded CI machine (two in 93 did, once each,
  // and passed on every rerun here). A broken feature fails both tries; the harness prints
  // what the page showed on every failed try (server-harness.ts), so a flake is still seen.
  retry: 1,
} as const;

/**
 * Test projects: unit (pure code), integration (services on a real database:
 * PostgreSQL from TEST_DATABASE_URL, else PGlite), integration-s3 (the file-storing integration tests again, on S3), client (React in jsdom), browser and
 * browser-alone (the built product in Debian's Chromium; run by `npm run test:browser`, not by `npm test`).
 */
export default defineConfig({
  test: {
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine, while most integration
    // files wait on child processes, the database and sockets: two at once took `npm test` from about
    // 19 to under 10 minutes there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Pure code: one load of its modules per worker (see the integration project).
          isolate: false,
          include: ['src/**/*.test.ts', 'sidecar/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          // One load of the product's modules per worker, not per file (as the client project does):
          // each file still builds its own platform, database and app in beforeAll and closes them in
          // afterAll, and no test mocks a module. Per-file imports took 274 of the 862 s of a quiet
          // `npm test` on PGlite; without them it took 665 s.
          isolate: false,
          include: ['src/**/*.int.test.ts', 'sidecar/**/*.int.test.ts', 'scripts/**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One more try for a test that lost a race with the loaded 2-core CI machine (a stop was
          // refused for one such failure in 889 tests). A broken feature fails both tries, and vitest
          // names every retried test in its report, so a flake is still seen.
          retry: 1,
        },
      },
      {
        test: {
          name: 'integration-s3',
          environment: 'node',
          isolate: false,
          // The integration tests that store files, again with storage on an S3-compatible server
          // (s3rver on loopback, started once for the run; each test platform makes its own bucket).
          include: [...S3_INTEGRATION_FILES],
          globalSetup: ['src/test/s3-global-setup.ts'],
          setupFiles: ['src/test/s3-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          retry: 1,
        },
      },
      {
        plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/src/**/*.test.{ts,tsx}'],
          setupFiles: ['client/src/test/setup.ts'],
          css: false,
          // One jsdom and one load of React and Mantine for all files (client/src/test/setup.ts resets
          // what a file could leave behind): a fresh environment and imports per file took about
          // seven times as long as the tests themselves.
          isolate: false,
          // Whole screens (auth dialogs, style overview, checkout) render in several seconds when the
          // machine is loaded; the 5 s default made them fail by speed, not by behaviour.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          ...BROWSER_TESTS,
          name: 'browser',
          include: ['client/e2e/**/*.e2e.test.ts'],
          exclude: [...BROWSER_FILES_ALONE],
          // Two files at once: most of a browser test is waiting (page loads, the product's minimum
          // fetch delay, renders of the media process), and each file has its own web process, data
          // folder, ports and Chromium. Run before the files that need the machine to themselves.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...BROWSER_TESTS,
          name: 'browser-alone',
          include: [...BROWSER_FILES_ALONE],
          fileParallelism: false,
        },
      },
    ],
  },
});
