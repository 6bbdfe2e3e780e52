import { describe, expect, it } from 'vitest';
import type { ObjectStore } from '@krom/server-kit/object-store/port';
import { sampleImages } from './identity-test-env.ts';

const read = async (body: AsyncIterable<Buffer>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/**
 * What the identity service needs of any object store, the one test every implementation passes:
 * it is ready, keeps the bytes, type and size it was given, answers undefined for a key it lacks,
 * and deletes idempotently. `store` is called once the suite's beforeAll hooks have run.
 */
export function describeObjectStore(name: string, store: () => ObjectStore) {
  describe(`the ${name} object store`, () => {
    it('is ready', async () => {
      await expect(store().check()).resolves.toBeUndefined();
    });

    it('keeps an object and gives back the same bytes, type and size', async () => {
      const key = `profile/${crypto.randomUUID()}/${crypto.randomUUID()}.png`;
      await store().put(key, sampleImages.png, 'image/png');
      const object = await store().get(key);
      expect(object).toBeDefined();
      expect(object!.contentType).toBe('image/png');
      expect(object!.size).toBe(sampleImages.png.length);
      expect((await read(object!.body)).equals(sampleImages.png)).toBe(true);
    });

    it('replaces an object put again under the same key', async () => {
      const key = `verification/${crypto.randomUUID()}/${crypto.randomUUID()}.webp`;
      await store().put(key, sampleImages.png, 'image/webp');
      await store().put(key, sampleImages.gif, 'image/webp');
      const object = await store().get(key);
      expect((await read(object!.body)).equals(sampleImages.gif)).toBe(true);
    });

    it('answers undefined for a key it does not hold', async () => {
      expect(await store().get(`profile/${crypto.randomUUID()}/missing.png`)).toBeUndefined();
    });

    it('deletes, and a second delete of the same key is not an error', async () => {
      const key = `profile/${crypto.randomUUID()}/${crypto.randomUUID()}.gif`;
      await store().put(key, sampleImages.gif, 'image/gif');
      await store().delete(key);
      expect(await store().get(key)).toBeUndefined();
      await expect(store().delete(key)).resolves.toBeUndefined();
    });
  });
}
