import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeStorageKey, type Storage, type StoredObject } from '../../ports/storage.js';
import { contentTypeOfKey } from './content-types.js';

/**
 * Objects as files in a folder (by default DATA_DIR/uploads). A put writes a temporary file
 * beside the target and renames it over the target, so a reader sees the old object or the new
 * one, never a part. Keys are checked (ports/storage.ts) and resolved inside the folder only.
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string): string => {
    assertSafeStorageKey(key);
    const file = path.resolve(base, ...key.split('/'));
    // belt and braces: the checked key cannot leave the folder, and this says so again
    if (!file.startsWith(base + path.sep)) throw new Error('storage key resolves outside the folder');
    return file;
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        const handle = await fs.open(temp, 'wx', 0o644);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, file);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async get(key): Promise<StoredObject | null> {
      const file = fileOf(key);
      try {
        const handle = await fs.open(file, 'r');
        const stat = await handle.stat();
        const body = handle.createReadStream({ autoClose: true });
        return {
          body,
          contentType: contentTypeOfKey(key),
          contentLength: stat.size,
          etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.stat(fileOf(key))).isFile();
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
  };
}
