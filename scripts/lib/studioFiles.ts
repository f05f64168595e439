/**
 * The funnel studio's file access (dev server only, scripts/vite-plugin-studio.ts): it reads
 * and writes the registry's JSON files and nothing else. A path from the browser is checked
 * against a short list of folders before it comes near the disk: no `..`, no other folder,
 * no other extension.
 */
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
// Imported statically: a dynamic import from a plugin runs through Vite's config loader,
// which is closed by the time a request comes.
import { format, resolveConfig } from 'prettier';
import { describeJsonError } from '../../src/runtime/funnel/schema/jsonSyntax';
import { readJsonDirectory } from './registryFiles';
import { writeFileAtomic } from './atomicFile';

/** The folders (relative to the registry root) whose `*.json` files the studio may read and write. */
const STUDIO_FOLDERS = ['funnels', 'funnels/examples', 'schemas'] as const;

/** A refused request: `status` is the HTTP status the dev server answers with. */
export class StudioFileError extends Error {
  readonly status: number;

  constructor(message: string, status = 400) {
    super(message);
    this.name = 'StudioFileError';
    this.status = status;
  }
}

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.json$/;

/**
 * The absolute file a studio path names, e.g. `funnels/vehicle-claim.json` under `root`.
 * @throws StudioFileError for anything but a `*.json` file directly in one of STUDIO_FOLDERS.
 */
export function studioFilePath(root: string, path: unknown): string {
  if (typeof path !== 'string' || path === '')
    throw new StudioFileError('"path" must name a file, like funnels/vehicle-claim.json');
  const slash = path.lastIndexOf('/');
  const folder = path.slice(0, Math.max(slash, 0));
  const name = path.slice(slash + 1);
  const allowed = (STUDIO_FOLDERS as readonly string[]).includes(folder);
  if (!allowed || !FILE_NAME.test(name) || path.includes('\\')) {
    throw new StudioFileError(
      `${path}: the studio reads and writes only ${STUDIO_FOLDERS.map((f) => `${f}/*.json`).join(', ')}`,
      403,
    );
  }
  // Checked again after resolving: the list above already leaves no way out of the root.
  const base = resolve(root);
  const absolute = resolve(base, folder, name);
  if (dirname(absolute) !== join(base, ...folder.split('/')) || !absolute.startsWith(base + sep))
    throw new StudioFileError(`${path}: outside the registry folders`, 403);
  // The same check on the real paths: a `*.json` symlink (or a linked folder) must not lead
  // out of the registry, to be read or overwritten through the dev server.
  if (!isRealPathInside(join(base, ...folder.split('/')), absolute)) {
    throw new StudioFileError(`${path}: outside the registry folders`, 403);
  }
  return absolute;
}

/** Whether `file` (if it exists) really lies in `folder`, links resolved; a missing file does. */
function isRealPathInside(folder: string, file: string): boolean {
  const realFolder = existsSync(folder) ? realpathSync(folder) : folder;
  const realRoot = realpathSync(dirname(folder));
  if (dirname(realFolder) !== realRoot) return false;
  if (!existsSync(file)) return !lstatExists(file);
  return dirname(realpathSync(file)) === realFolder;
}

/** True for a path that exists as a link, even a dangling one. */
function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The text of one studio file. @throws StudioFileError (404 when it does not exist). */
export async function readStudioFile(root: string, path: unknown): Promise<string> {
  const file = studioFilePath(root, path);
  if (!existsSync(file)) throw new StudioFileError(`${String(path)}: no such file`, 404);
  return readFile(file, 'utf8');
}

/** Every studio file's text, keyed by its path (`funnels/...`, `schemas/...`). */
export async function readAllStudioFiles(root: string): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const folder of STUDIO_FOLDERS) {
    const { sources } = readJsonDirectory(join(root, folder), root);
    for (const source of sources) {
      // A link out of the registry is left out, as studioFilePath refuses it.
      if (!isRealPathInside(dirname(source), source)) continue;
      texts[relative(root, source).split(sep).join('/')] = await readFile(source, 'utf8');
    }
  }
  return texts;
}

/**
 * Writes `text` to the studio file `path`, laid out as Prettier lays out JSON with the
 * settings of `projectRoot` (the registry may be a copy elsewhere, REGISTRY_DIR, where no
 * Prettier settings are), and returns what was written.
 * @throws StudioFileError when the path is refused or the text is not JSON (naming the file,
 * line and column); nothing is written then.
 */
export async function saveStudioFile(
  root: string,
  path: unknown,
  text: unknown,
  projectRoot: string = root,
): Promise<{ path: string; text: string }> {
  const file = studioFilePath(root, path);
  if (typeof text !== 'string')
    throw new StudioFileError(`${String(path)}: "text" must be a string`);
  try {
    JSON.parse(text);
  } catch (error) {
    throw new StudioFileError(`${String(path)}: ${describeJsonError(text, error as Error)}`, 422);
  }
  const options = (await resolveConfig(join(projectRoot, path as string))) ?? {};
  const formatted = await format(text, { ...options, filepath: file });
  await writeFileAtomic(file, formatted);
  return { path: path as string, text: formatted };
}
