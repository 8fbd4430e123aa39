import { inject } from 'vitest';

// Runs in each test worker of the integration-s3 project only: the other projects keep the disk.
process.env.TEST_S3_ENDPOINT = inject('testS3Endpoint');
