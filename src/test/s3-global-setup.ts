import type { TestProject } from 'vitest/node';
import { startTestS3 } from './s3-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testS3Endpoint: string;
  }
}

/**
 * The integration-s3 project's S3-compatible server: s3rver on a free loopback port, over a
 * temporary directory, for the whole run (each test platform makes its own bucket). A given
 * TEST_S3_ENDPOINT (MinIO in CI, say) is used instead.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_S3_ENDPOINT) {
    project.provide('testS3Endpoint', process.env.TEST_S3_ENDPOINT);
    return undefined;
  }
  const server = await startTestS3();
  project.provide('testS3Endpoint', server.endpoint);
  return () => server.stop();
}
