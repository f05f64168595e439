/**
 * Under `npm start` a broken funnel or schema file takes out only the funnels it belongs to:
 * the gateway serves every other funnel and knows the checker's lines of the broken one. A
 * gateway built for deployment (no broken file can reach it) refuses to load at all.
 */
import { describe, expect, it } from 'vitest';
import { compileOncePerKey, type Funnel } from '../../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../../src/runtime/validation/ajvCompiler';
import { loadFunnels } from '../../../src/gateway/infra/funnelLoading';
import { projectInput } from '../runtime/projectFiles';
import { validationWords } from '../../../src/gateway/infra/validationWords';

const words = validationWords();

const compile = () => compileOncePerKey(createAjvCompileValidator());
const projectFunnelIds = () =>
  Object.values(projectInput().funnels).map((funnel) => (funnel as Funnel).funnelId);

describe('the gateway loading its bundled funnels', () => {
  it('serves every funnel and knows of no broken one when the files are sound', () => {
    const loaded = loadFunnels(
      { ...projectInput(), servesBrokenFunnels: true },
      [],
      compile(),
      words,
    );
    expect(loaded.broken.size).toBe(0);
    expect(loaded.versions!.current.listFunnels().map((f) => f.funnelId)).toEqual(
      projectFunnelIds(),
    );
  });

  it('leaves out a funnel whose file is not JSON, naming its line, and serves the rest', () => {
    const input = projectInput();
    const loaded = loadFunnels(
      {
        ...input,
        problems: [
          {
            file: 'funnels/tow-away-appeal.json',
            pointer: '',
            message: 'not valid JSON at line 3, column 1: Unexpected end of JSON input',
          },
        ],
        servesBrokenFunnels: true,
      },
      [],
      compile(),
      words,
    );
    expect([...loaded.broken.keys()]).toEqual(['tow-away-appeal']);
    expect(loaded.broken.get('tow-away-appeal')![0]!.message).toContain('line 3');
    expect(loaded.versions!.current.listFunnels().map((f) => f.funnelId)).toEqual(
      projectFunnelIds(),
    );
  });

  it('leaves out a funnel that parses but fails a check, with that check’s line', () => {
    const input = projectInput();
    const [file, written] = Object.entries(input.funnels)[0]!;
    const funnel = structuredClone(written) as Funnel;
    funnel.pages[0]!.next = [{ goto: 'no-such-page' }];
    const loaded = loadFunnels(
      { ...input, funnels: { ...input.funnels, [file]: funnel }, servesBrokenFunnels: true },
      [],
      compile(),
      words,
    );
    const problems = loaded.broken.get(funnel.funnelId)!;
    expect(problems.map((p) => p.file)).toContain(file);
    expect(problems.map((p) => p.message).join('\n')).toContain('no-such-page');
    const served = loaded.versions!.current.listFunnels().map((f) => f.funnelId);
    expect(served).toEqual(projectFunnelIds().filter((id) => id !== funnel.funnelId));
    // The funnel left out is refused, never half-served.
    expect(loaded.versions!.current.getFunnel(funnel.funnelId)).toBeUndefined();
  });

  it('refuses to load at all when built for deployment, naming the problem', () => {
    const input = projectInput();
    expect(() =>
      loadFunnels(
        {
          ...input,
          problems: [{ file: 'funnels/tow-away-appeal.json', pointer: '', message: 'not JSON' }],
        },
        [],
        compile(),
        words,
      ),
    ).toThrow('funnels/tow-away-appeal.json: (root): not JSON');
  });
});
