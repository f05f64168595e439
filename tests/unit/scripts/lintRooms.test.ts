/**
 * Every layering rule eslint.rooms.js lists holds in every room it names: a violation of each
 * is planted in each room (a file linted as if it were there, never written) and lint must
 * refuse it with that rule. A rule that a later config block quietly replaced, or a room the
 * list forgot, fails here.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module (the lint config's), typed by use here.
import { envOnlyInBrowserEnv, ROOMS } from '../../../eslint.rooms.js';

interface Pattern {
  group?: string[];
  regex?: string;
  importNames?: string[];
}
interface Room {
  room: string;
  may?: string[];
  also?: string[];
  packages?: Pattern[];
  allowEnv?: boolean;
  rules?: {
    syntax?: Array<{ selector: string }>;
    globals?: Array<{ name: string }>;
    except?: string[];
  };
}

const rooms = ROOMS as Room[];
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** A file linted as if it were in `room`: the room itself when it is a file. */
const plantedIn = (room: string) =>
  /\.tsx?$/.test(room) ? path.join(root, room) : path.join(root, room, 'planted.ts');

/** A real module of `room` (an import must resolve for the rule to judge it). */
function moduleOf(room: string): string {
  const full = path.join(root, room);
  if (statSync(full).isFile()) return full;
  const first = readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .sort()[0];
  if (!first) throw new Error(`${room} has no module to import`);
  return path.join(full, first);
}

const specifier = (from: string, to: string) => {
  const relative = path.relative(path.dirname(from), to).replace(/\.tsx?$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
};

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const importRooms = rooms.filter((entry) => entry.may);
const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}/`);
/** Every part of src/ the list names: each is linted by a config block of its own. */
const parts = [
  ...new Set(
    rooms.flatMap((entry) => [entry.room, ...(entry.also ?? []), ...(entry.rules?.except ?? [])]),
  ),
];
/** The parts a room's rules reach: the room, its `also`, and every part below them. */
const partsOf = (entry: Room) =>
  parts.filter((part) => [entry.room, ...(entry.also ?? [])].some((room) => within(part, room)));

describe('lint refuses each layering rule in each room', () => {
  it('lists every folder and top-level file of src/ as a room', () => {
    const top = readdirSync(path.join(root, 'src')).filter(
      (name) => !/\.(json|md|css|d\.ts)$/.test(name),
    );
    for (const name of top) {
      expect(
        importRooms.map((entry) => entry.room),
        name,
      ).toContain(`src/${name}`);
    }
    const runtimeRooms = readdirSync(path.join(root, 'src/runtime')).filter(
      (name) => !/\.(json|md)$/.test(name),
    );
    for (const name of runtimeRooms) {
      expect(
        importRooms.map((entry) => entry.room),
        name,
      ).toContain(`src/runtime/${name}`);
    }
  });

  for (const entry of importRooms) {
    // A room it may not use: a room of the list that it neither may use, nor holds, nor lies in.
    const refused = importRooms
      .map((other) => other.room)
      .filter(
        (other) =>
          !within(other, entry.room) &&
          !within(entry.room, other) &&
          !entry.may!.some((allowed) => within(other, allowed) || within(allowed, other)),
      );
    if (refused.length === 0) continue;
    it(`${entry.room} may not import ${refused.join(', ')}`, async () => {
      const file = plantedIn(entry.room);
      for (const other of refused) {
        const code = `import * as planted from '${specifier(file, moduleOf(other))}';\nexport const used = planted;\n`;
        expect(await rulesBroken(file, code), `${entry.room} importing ${other}`).toContain(
          'import-x/no-restricted-paths',
        );
      }
    });
  }

  for (const entry of rooms.filter((each) => each.packages?.length)) {
    for (const room of partsOf(entry)) {
      it(`${room} refuses each import its list names`, async () => {
        const file = plantedIn(room);
        for (const pattern of entry.packages!) {
          const target = pattern.regex
            ? specifier(file, path.join(root, 'src/runtime/funnel/words/translations.ts'))
            : pattern.group![0]!.replace('**/', '../').replace('*', 'app');
          const code = pattern.importNames
            ? `import { ${pattern.importNames[0]} } from '${target}';\nexport const used = ${pattern.importNames[0]};\n`
            : `import * as planted from '${target}';\nexport const used = planted;\n`;
          expect(await rulesBroken(file, code), `${room} importing ${target}`).toContain(
            'no-restricted-imports',
          );
        }
      });
    }
  }

  const envAllowed = rooms.filter((each) => each.allowEnv).map((each) => each.room);
  it('every part of src/ but src/browserEnv.ts reads no build setting itself', async () => {
    expect(envOnlyInBrowserEnv.selector).toContain('env');
    const code = 'export const planted = import.meta.env.VITE_PLANTED;\n';
    for (const part of parts) {
      const broken = await rulesBroken(plantedIn(part), code);
      if (envAllowed.includes(part)) expect(broken, part).not.toContain('no-restricted-syntax');
      else expect(broken, part).toContain('no-restricted-syntax');
    }
  });

  for (const entry of rooms.filter((each) => each.rules?.syntax || each.rules?.globals)) {
    it(`${entry.room} refuses its own rules everywhere in it, and its exceptions do not`, async () => {
      const except = entry.rules?.except ?? [];
      const inside = partsOf(entry).filter((part) => !except.some((room) => within(part, room)));
      // One planted violation per selector of the room's syntax rules, in the same order.
      const syntaxCode: Record<string, string[]> = {
        'src/runtime/types': ['export const planted = 1;\n'],
        'src/gateway': [
          'export const planted = (db: { collection(name: string): unknown }) => db.collection("claims");\n',
          "import type { DocumentData } from 'firebase-admin/firestore';\nexport const planted = (data: DocumentData) => data.status;\n",
          'export const planted = (snapshot: { data(): unknown }) => snapshot.data();\n',
        ],
      };
      const codes = syntaxCode[entry.room];
      if (entry.rules?.syntax) {
        expect(codes?.length, `a planted violation for each rule of ${entry.room}`).toBe(
          entry.rules.syntax.length,
        );
        for (const code of codes!) {
          for (const part of inside) {
            expect(await rulesBroken(plantedIn(part), code), `${code} in ${part}`).toContain(
              'no-restricted-syntax',
            );
          }
          for (const part of except) {
            expect(await rulesBroken(plantedIn(part), code), `${code} in ${part}`).not.toContain(
              'no-restricted-syntax',
            );
          }
        }
      }
      for (const global of entry.rules?.globals ?? []) {
        const use = `export const planted = () => ${global.name};\n`;
        for (const part of inside) {
          expect(await rulesBroken(plantedIn(part), use), `${global.name} in ${part}`).toContain(
            'no-restricted-globals',
          );
        }
      }
    });
  }
});
