import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve } from 'node:path';
import type { ObjectStore } from './port.ts';

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * A folder standing in for the bucket in development: each object is a file under `root` at
 * its key, so a developer can open what was uploaded. The type comes back from the extension
 * the server chose.
 */
export function localObjectStore(root: string): ObjectStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    // Keys are made by the server, but a key that escapes the folder is refused all the same.
    if (relative(base, path).startsWith('..') || path === base) throw new Error(`object key outside the store: ${key}`);
    return path;
  };
  return {
    name: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = join(dirname(path), `.${randomUUID()}.partial`);
      await writeFile(partial, body);
      await rename(partial, path);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return { body: createReadStream(path), contentType: contentTypes[extname(path)] ?? 'application/octet-stream', size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      await mkdir(base, { recursive: true });
    },
  };
}
