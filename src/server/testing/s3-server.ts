import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's one account: the keys an S3 client must sign with (it checks signatures). */
export const S3RVER_KEYS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

export interface TestS3Server {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT. */
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a port the system picks, its objects in a temp folder removed at close.
 * Buckets are created through the S3 API (CreateBucket), as against a real store.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
