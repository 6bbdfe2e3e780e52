import type { Readable } from 'node:stream';

export type StoredObject = { body: Readable; contentType: string; size: number };

/**
 * Where uploaded files live: S3 (or MinIO, s3rver) when configured, a local folder otherwise.
 * Both implementations pass the same tests (test/object-store.test.ts).
 */
export interface ObjectStore {
  /** 's3' or 'local', for logs and the readiness check's name. */
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or undefined when no object has that key. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
}
