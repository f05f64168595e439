/** File-name conventions of funnels/ and schemas/, without Node's `path` (the runtime runs in browsers). */

/** The last segment of a file name given with `/` or `\` separators. */
function baseName(fileName: string): string {
  return fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
}

/** The id a file's name promises: `funnels/vehicle-claim.json` gives `vehicle-claim`. */
export function idFromFileName(
  fileName: string,
  suffix: '.json' | '.schema.json',
): string | undefined {
  const name = baseName(fileName);
  return name.endsWith(suffix) ? name.slice(0, -suffix.length) : undefined;
}
