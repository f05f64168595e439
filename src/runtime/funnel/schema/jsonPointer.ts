/** JSON pointers (RFC 6901): the addresses used in problems and field errors. */

/** Escapes one reference token: `~` becomes `~0`, `/` becomes `~1`. */
function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins tokens into a pointer: `pointerOf('pages', 2, 'goto')` is `/pages/2/goto`. */
export function pointerOf(...tokens: ReadonlyArray<string | number>): string {
  return tokens.map((token) => `/${escapePointerToken(token)}`).join('');
}

/** Splits a pointer into unescaped tokens; the root pointer `""` gives `[]`. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Resolves a pointer inside a parsed JSON value; undefined when it leads nowhere. */
export function resolvePointer(document: unknown, pointer: string): unknown {
  let current: unknown = document;
  for (const token of pointerTokens(pointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, token)) return undefined;
    // TypeScript will not index a bare `object` by a string; a JSON object's keys are strings.
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}
