/**
 * Writes a file whole or not at all: the text goes into a new file beside it, which then
 * takes the file's name in one rename. A running stack (npm start's watcher, the gateway's
 * rebuild, the studio) that reads the file meanwhile reads the old text or the new one, never
 * half of one: a funnel read half-written is "not valid JSON" and goes offline.
 *
 * The new file is hidden and ends in `.tmp` (`.vehicle-claim.json.1234-ab12cd.tmp`), so no
 * reader of `*.json` takes it for a file of its own, and it is removed when the write fails.
 * Every command that writes into funnels/, schemas/ or src/content uses it.
 */
import { randomBytes } from 'node:crypto';
import { link, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

interface AtomicWriteOptions {
  /**
   * Refuse (EEXIST) when the file exists, as `{ flag: 'wx' }` does, even when it appeared
   * since the caller looked: the new file is linked to the name rather than renamed over it.
   */
  exclusive?: boolean;
}

/** The hidden file beside `file` that a write fills before it takes `file`'s name. */
function temporaryNameFor(file: string): string {
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  return path.join(path.dirname(file), `.${path.basename(file)}.${suffix}.tmp`);
}

/** The permissions of the file replaced, so a rewrite keeps them (undefined: a new file). */
function modeOf(stats: { mode: number } | undefined): number | undefined {
  return stats ? stats.mode & 0o7777 : undefined;
}

/** Codes of a file system that has no hard links (some network and container mounts). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Gives `temporary` the name `file` unless `file` exists: a hard link fails when it does. Where
 * the file system has none, the name is checked first, then taken by a rename.
 */
async function linkOrRename(temporary: string, file: string): Promise<void> {
  try {
    await link(temporary, file);
  } catch (error) {
    if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    const taken = await stat(file).then(
      () => true,
      () => false,
    );
    if (taken)
      throw Object.assign(new Error(`EEXIST: file already exists, '${file}'`), { code: 'EEXIST' });
    await rename(temporary, file);
  }
}

/** Writes `data` to `file` atomically (see the module's comment). */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const temporary = temporaryNameFor(file);
  const mode = modeOf(await stat(file).catch(() => undefined));
  const handle = await open(temporary, 'wx', mode ?? 0o666);
  try {
    try {
      await handle.writeFile(data);
      if (mode !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.exclusive) {
      await linkOrRename(temporary, file);
      await unlink(temporary).catch(() => undefined);
    } else {
      await rename(temporary, file);
    }
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
