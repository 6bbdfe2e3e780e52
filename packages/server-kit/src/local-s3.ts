/// <reference path="./s3rver.d.ts" />

/**
 * What a service reads to use a local S3-compatible server (s3rver) on `port`: s3rver takes any
 * region and its fixed key pair.
 */
export function localS3Env(port: number, bucket: string) {
  return {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

/**
 * Starts s3rver on 127.0.0.1 with `bucket` created, objects kept in `directory` (port 0: any free
 * port). For `npm start` and tests only: s3rver is a root development dependency, loaded here
 * when called, so production never reaches for it.
 */
export async function startLocalS3(options: { port: number; directory: string; bucket: string }) {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  const { port } = await server.run();
  return { port, env: localS3Env(port, options.bucket), close: () => server.close() };
}
