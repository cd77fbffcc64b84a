import type { Readable } from 'node:stream';
import type { S3Config } from '../config';
import { checkKey, UPLOADS_CACHE_CONTROL, uploadUrl, type OpenedImage, type RemoteImageStorage } from './image-storage';

/** The HTTP status of an S3 error (the SDK's `$metadata`), undefined when the store was never reached. */
function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** The ETag header of a failed answer (a 304 carries it; the SDK reports the 304 as an error). */
function etagOf(err: unknown): string | undefined {
  return (err as { $response?: { headers?: Record<string, string | undefined> } } | null)?.$response?.headers?.etag;
}

/**
 * Photos in an S3 bucket (S3_BUCKET; docs/operations.md "Photos in object storage"). Credentials come from the AWS
 * SDK's default chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role). A PutObject is
 * atomic (a reader sees the whole photo or none), so nothing like the folder's temp file and rename is needed, and
 * nothing is ever left half-written for a sweep to find.
 */
export async function createS3Storage(config: S3Config): Promise<RemoteImageStorage> {
  // Loaded only when a bucket is configured: the SDK adds to start-up time and heap.
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // MinIO, Garage and the like address buckets by path (http://host:9000/bucket/key), not by host name.
    forcePathStyle: config.endpoint !== undefined,
    // Since 3.729 the SDK adds CRC32 checksum headers to every upload by default, which several S3-compatible stores
    // refuse; AWS itself accepts uploads without them.
    ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    // A store that does not answer fails the request instead of holding it (and its photo) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = config.bucket;

  return {
    async put(key, buffer, contentType) {
      // The headers are kept with the object, for anyone reading the bucket directly (a CDN in front of it).
      await client.send(new s3.PutObjectCommand({ Bucket, Key: checkKey(key), Body: buffer, ContentType: contentType, CacheControl: UPLOADS_CACHE_CONTROL }));
    },
    async delete(key) {
      // One DeleteObject per file rather than DeleteObjects: the batch call must carry a checksum header, which some
      // S3-compatible stores refuse. S3 answers a missing key with 204; a store that answers 404 means the same.
      try {
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      } catch (err) {
        if (statusOf(err) !== 404) throw err;
      }
    },
    url: uploadUrl,
    async open(key, { ifNoneMatch, head }): Promise<OpenedImage | null> {
      const input = { Bucket, Key: checkKey(key), IfNoneMatch: ifNoneMatch };
      try {
        if (head) {
          const out = await client.send(new s3.HeadObjectCommand(input));
          return { contentType: out.ContentType, contentLength: out.ContentLength, etag: out.ETag };
        }
        const out = await client.send(new s3.GetObjectCommand(input));
        return { body: out.Body as Readable, contentType: out.ContentType, contentLength: out.ContentLength, etag: out.ETag };
      } catch (err) {
        const status = statusOf(err);
        // A store that leaves the ETag out of its 304 (s3rver) matched the one tag asked about, if only one was.
        if (status === 304) return { notModified: true, etag: etagOf(err) ?? (/^(W\/)?"[^"]*"$/.test(ifNoneMatch ?? '') ? ifNoneMatch : undefined) };
        // S3 answers a missing key with 403 to credentials without s3:ListBucket: missing all the same.
        if (status === 404 || status === 403) return null;
        throw err;
      }
    },
    async read(key) {
      const out = await client.send(new s3.GetObjectCommand({ Bucket, Key: checkKey(key) }));
      return Buffer.from(await out.Body!.transformToByteArray());
    },
    close() {
      client.destroy();
    },
  };
}
