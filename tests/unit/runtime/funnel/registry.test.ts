import { describe, expect, it } from 'vitest';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import {
  createRegistry,
  type CompileValidator,
  type Funnel,
  type RegistryInput,
} from '../../../../src/runtime/funnel';
import {
  formatAndTinySchemas,
  funnelOf,
  projectInput,
  projectRegistry,
  tinySignature,
  whenAnswer,
} from '../projectFiles';
import { validationWords } from '../../../../src/gateway/infra/validationWords';

const words = validationWords();

/** A signature the tiny sign schema accepts. */
const signature = { method: 'typed', name: 'Sam' };
const goodFunnel = (): Funnel =>
  funnelOf('tiny', [
    {
      pageId: 'who',
      title: 'Who',
      schema: 'name',
      uiSchema: { name: { 'ui:autocomplete': 'name' } },
    },
    {
      pageId: 'pick',
      title: 'Pick',
      schema: 'choice',
      next: [{ when: whenAnswer('pick', 'choice', 'c'), goto: 'stop' }],
    },
    { pageId: 'sign', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
    { pageId: 'stop', title: 'Stop', schema: 'info', kind: 'exit' },
  ]);

const goodExamples = () => [
  {
    name: 'picks a',
    answers: { who: { name: 'Sam' }, pick: { choice: 'a' }, sign: { agree: true, signature } },
  },
];

function input(
  change: (files: Required<RegistryInput>) => void = () => {},
): Required<RegistryInput> {
  const files: Required<RegistryInput> = {
    funnels: { 'funnels/tiny.json': goodFunnel() },
    schemas: formatAndTinySchemas(),
    examples: { 'funnels/examples/tiny.json': goodExamples() },
  };
  change(files);
  return files;
}

/** Problems as `file: pointer: message` lines, as the CLI prints them. */
function problemsOf(files: RegistryInput): string[] {
  const result = createRegistry(files, { compileValidator: createAjvCompileValidator(), words });
  return result.ok ? [] : result.problems.map((p) => `${p.file}: ${p.pointer}: ${p.message}`);
}

const tiny = (files: Required<RegistryInput>) => files.funnels['funnels/tiny.json'] as Funnel;

describe('createRegistry on the project files', () => {
  const registry = projectRegistry();

  it('loads every funnel', () => {
    expect(
      registry
        .listFunnels()
        .map((f) => f.funnelId)
        .sort(),
    ).toEqual(
      // Every funnel in funnels/, whatever a product owner has added.
      Object.keys(projectInput().funnels)
        .map((file) => file.replace(/^funnels\/(.*)\.json$/, '$1'))
        .sort(),
    );
    expect(registry.getPage('vehicle-claim', 'sign')?.kind).toBe('review-and-sign');
    expect(registry.getFunnel('nope')).toBeUndefined();
    expect(registry.getPage('vehicle-claim', 'nope')).toBeUndefined();
  });

  it('gives page schemas as written and bundled for the browser', () => {
    expect(JSON.stringify(registry.getPageSchema('contact'))).toContain('common#/definitions/');
    const bundled = JSON.stringify(registry.bundlePageSchema('contact'));
    expect(bundled).not.toContain('common#');
    expect(bundled).toContain('#/definitions/common.ukMobileNumber');
    expect(registry.getPageSchema('funnel')).toBeUndefined();
  });

  it('validates a page against its schema, naming each invalid field', () => {
    expect(registry.validatePage('vehicle-claim', 'start', { firstName: 'Sam' })).toEqual({
      valid: false,
      errors: [
        { pointer: '/lastName', field: 'lastName', message: 'Enter your last name' },
        { pointer: '/email', field: 'email', message: 'Enter your email address' },
        {
          pointer: '/phoneNumber',
          field: 'phoneNumber',
          message: 'Enter your mobile phone number',
        },
      ],
    });
  });

  it('refuses to validate a page that does not exist', () => {
    expect(() => registry.validatePage('vehicle-claim', 'nope', {})).toThrow(/no page "nope"/);
  });
});

describe('createRegistry problems in funnel files', () => {
  it('accepts the good fixture', () => {
    expect(problemsOf(input())).toEqual([]);
  });

  it('reports format errors at their pointer, in plain words', () => {
    const problems = problemsOf(
      input((files) => {
        const funnel = tiny(files) as unknown as Record<string, unknown>;
        delete funnel.title;
        const pages = funnel.pages as Array<Record<string, unknown>>;
        pages[0]!.pageId = 'Who Are You';
        pages[1]!.nxt = [];
        pages[2]!.kind = 'signature';
      }),
    );
    expect(problems).toEqual([
      'funnels/tiny.json: /title: Give the funnel a title',
      'funnels/tiny.json: /pages/0/pageId: pageId must be lower-case letters and numbers joined by hyphens, like your-details',
      'funnels/tiny.json: /pages/1/nxt: "nxt" is not allowed here (did you mean "next"?): use "pageId", "title", "description", "schema", "uiSchema", "kind", "letterOfAuthority" or "next"',
      'funnels/tiny.json: /pages/2/kind: kind must be "form", "review-and-sign" or "exit"',
    ]);
  });

  it('reports an unknown page schema', () => {
    const problems = problemsOf(input((files) => void (tiny(files).pages[0].schema = 'nmae')));
    expect(problems).toContain(
      'funnels/tiny.json: /pages/0/schema: unknown page schema "nmae" (no schemas/nmae.schema.json)',
    );
  });

  it('does not let a page use a file-format schema', () => {
    const problems = problemsOf(input((files) => void (tiny(files).pages[0].schema = 'funnel')));
    expect(problems[0]).toMatch(
      /^funnels\/tiny.json: \/pages\/0\/schema: unknown page schema "funnel"/,
    );
  });

  it('reports an unknown goto target', () => {
    const problems = problemsOf(
      input((files) => void (tiny(files).pages[1]!.next![0]!.goto = 'stpo')),
    );
    expect(problems).toContain(
      'funnels/tiny.json: /pages/1/next/0/goto: goes to unknown page "stpo"',
    );
  });

  it('reports a condition that is not a valid JSON Schema, where it goes wrong', () => {
    const problems = problemsOf(
      input((files) => void (tiny(files).pages[1]!.next![0]!.when = { type: 'nonsense' })),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^funnels\/tiny.json: \/pages\/1\/next\/0\/when\/type: tiny@1#\/pages\/1\/next\/0\/when: not a valid JSON Schema/,
    );
  });

  it('reports duplicate pageIds and funnelIds', () => {
    const problems = problemsOf(
      input((files) => {
        tiny(files).pages[1]!.pageId = 'who';
        tiny(files).pages[1]!.next = [];
        files.funnels['funnels/copy/tiny.json'] = goodFunnel();
      }),
    );
    expect(problems).toContain(
      'funnels/tiny.json: /pages/1/pageId: pageId "who" is already used by page 0',
    );
    expect(problems).toContain(
      'funnels/copy/tiny.json: /funnelId: funnelId "tiny" is already used by funnels/tiny.json',
    );
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['no signature field', { agree: { type: 'boolean', const: true } }, ['agree']],
    [
      'a signature field it does not require',
      { agree: { type: 'boolean', const: true }, signature: tinySignature() },
      ['agree'],
    ],
  ])('reports a review-and-sign page whose schema has %s', (_, properties, required) => {
    const problems = problemsOf(
      input((files) => {
        files.schemas['schemas/unsigned.schema.json'] = {
          $schema: 'http://json-schema.org/draft-07/schema#',
          $id: 'unsigned',
          type: 'object',
          required,
          properties,
        };
        tiny(files).pages[2]!.schema = 'unsigned';
        files.examples['funnels/examples/tiny.json'] = [
          {
            name: 'picks a',
            answers: { who: { name: 'Sam' }, pick: { choice: 'a' }, sign: { agree: true } },
          },
        ];
      }),
    );
    expect(problems).toEqual([
      'funnels/tiny.json: /pages/2/schema: page "sign" is the review-and-sign page, but its schema "unsigned" asks for no signature, so no claim could be sent: give it a required "signature" field ("$ref": "signature#/properties/signature")',
    ]);
  });

  it('accepts a review-and-sign page whose schema requires the real signature by $ref', () => {
    const { schemas } = projectInput();
    const problems = problemsOf(
      input((files) => {
        files.schemas['schemas/signature.schema.json'] = schemas['schemas/signature.schema.json'];
        files.schemas['schemas/signed.schema.json'] = {
          $schema: 'http://json-schema.org/draft-07/schema#',
          $id: 'signed',
          type: 'object',
          required: ['signature'],
          properties: { signature: { $ref: 'signature#/properties/signature' } },
        };
        tiny(files).pages[2]!.schema = 'signed';
        files.examples['funnels/examples/tiny.json'] = [
          {
            name: 'picks a',
            answers: { who: { name: 'Sam' }, pick: { choice: 'a' }, sign: { signature } },
          },
        ];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('reports a file named differently from its funnelId', () => {
    const problems = problemsOf(
      input((files) => {
        files.funnels = { 'funnels/small.json': goodFunnel() };
        files.examples = { 'funnels/examples/tiny.json': goodExamples() };
      }),
    );
    expect(problems).toEqual([
      'funnels/small.json: /funnelId: funnelId is "tiny", so the file must be named tiny.json',
    ]);
  });

  it('reports rules that can never be used', () => {
    const problems = problemsOf(
      input((files) => {
        tiny(files).pages[1]!.next!.unshift({ goto: 'sign' });
        tiny(files).pages[2]!.next = [{ goto: 'stop' }];
      }),
    );
    expect(problems).toContain(
      'funnels/tiny.json: /pages/1/next/1: never used: rule 0 has no "when", so it always matches first',
    );
    expect(problems).toContain(
      'funnels/tiny.json: /pages/2/next: a review-and-sign page ends the claim, so its next rules are never used',
    );
  });

  it('reports loops and unreachable pages', () => {
    const problems = problemsOf(
      input((files) => {
        tiny(files).pages[1]!.next = [
          { when: whenAnswer('pick', 'choice', 'b'), goto: 'who' },
          { goto: 'sign' },
        ];
      }),
    );
    expect(problems).toEqual([
      'funnels/tiny.json: /pages/1/next/0/goto: loops back: who → pick → who',
      'funnels/tiny.json: /pages/3: page "stop" cannot be reached from the first page "who"',
    ]);
  });

  it('requires a review-and-sign page', () => {
    const problems = problemsOf(input((files) => void (tiny(files).pages[2]!.kind = 'form')));
    expect(problems).toContain(
      'funnels/tiny.json: /pages: no page has kind "review-and-sign", so no claim can be signed',
    );
  });

  it('reports uiSchema keys that name no field, at any depth', () => {
    const problems = problemsOf(
      input((files) => {
        tiny(files).pages[0].uiSchema = {
          nmae: { 'ui:autocomplete': 'name' },
          'ui:order': ['name', 'age', '*'],
        };
      }),
    );
    expect(problems).toEqual([
      'funnels/tiny.json: /pages/0/uiSchema/nmae: "nmae" is not a field of the page schema',
      'funnels/tiny.json: /pages/0/uiSchema/ui:order/1: "age" in ui:order is not a field of the page schema',
    ]);
  });
});

describe('createRegistry problems in schema files', () => {
  const page = (id: string, extra: object = {}) => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: id,
    type: 'object',
    ...extra,
  });

  it('requires the file to be named after its $id and to be draft-07', () => {
    const problems = problemsOf(
      input((files) => {
        files.schemas['schemas/other.schema.json'] = page('something');
        files.schemas['schemas/old.schema.json'] = {
          ...page('old'),
          $schema: 'http://json-schema.org/draft-04/schema#',
        };
      }),
    );
    expect(problems).toEqual([
      'schemas/other.schema.json: /$id: "$id" is "something", so the file must be named something.schema.json',
      'schemas/old.schema.json: /$schema: "$schema" must be "http://json-schema.org/draft-07/schema#"',
    ]);
  });

  it('rejects a duplicate $id', () => {
    const problems = problemsOf(
      input((files) => void (files.schemas['schemas/copy/name.schema.json'] = page('name'))),
    );
    expect(problems).toEqual([
      'schemas/copy/name.schema.json: /$id: "$id" "name" is already used by schemas/name.schema.json',
    ]);
  });

  it('reports a schema that does not compile, at the bad keyword', () => {
    const problems = problemsOf(
      input(
        (files) =>
          void (files.schemas['schemas/bad.schema.json'] = page('bad', {
            properties: { age: { type: 'integr' } },
          })),
      ),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^schemas\/bad.schema.json: \/properties\/age\/type: bad: not a valid JSON Schema/,
    );
  });

  it('reports refs to unknown schemas and missing definitions, and the funnels using them are not checked further', () => {
    const problems = problemsOf(
      input((files) => {
        files.schemas['schemas/shared.schema.json'] = page('shared', {
          definitions: { a: { type: 'string' } },
        });
        files.schemas['schemas/name.schema.json'] = page('name', {
          properties: {
            x: { $ref: 'nowhere#/definitions/a' },
            y: { $ref: 'shared#/definitions/b' },
          },
        });
      }),
    );
    expect(problems).toEqual([
      'schemas/name.schema.json: /properties/x/$ref: refers to unknown schema "nowhere" (no schemas/nowhere.schema.json)',
      'schemas/name.schema.json: /properties/y/$ref: refers to "shared#/definitions/b", which does not exist',
    ]);
  });

  it('needs the funnel format schema', () => {
    const problems = problemsOf(
      input((files) => void delete files.schemas['schemas/funnel.schema.json']),
    );
    expect(problems).toEqual([
      'funnel.schema.json: : the schema with "$id": "funnel" is missing from schemas/',
    ]);
  });
});

describe('createRegistry problems in example answers', () => {
  it('reports invalid answers at the field, with the claimant message', () => {
    const problems = problemsOf(
      input(
        (files) =>
          void (files.examples['funnels/examples/tiny.json'] = [
            {
              name: 'bad name',
              answers: {
                who: { name: '' },
                pick: { choice: 'a' },
                sign: { agree: true, signature },
              },
            },
          ]),
      ),
    );
    expect(problems).toEqual(['funnels/examples/tiny.json: /0/answers/who/name: Enter name']);
  });

  it('requires every example to reach a review-and-sign page', () => {
    const problems = problemsOf(
      input(
        (files) =>
          void (files.examples['funnels/examples/tiny.json'] = [
            {
              name: 'not eligible',
              answers: { who: { name: 'Sam' }, pick: { choice: 'c' }, stop: {} },
            },
          ]),
      ),
    );
    expect(problems).toEqual([
      'funnels/examples/tiny.json: /0: "not eligible" ends at page "stop", not at a review-and-sign page',
    ]);
  });

  it('reports missing answers, answers off the path and unknown pages', () => {
    const problems = problemsOf(
      input(
        (files) =>
          void (files.examples['funnels/examples/tiny.json'] = [
            {
              name: 'messy',
              answers: { who: { name: 'Sam' }, pick: { choice: 'a' }, stop: {}, what: {} },
            },
          ]),
      ),
    );
    expect(problems).toEqual([
      'funnels/examples/tiny.json: /0/answers: "messy" has no answers for page "sign", which is on its path',
      'funnels/examples/tiny.json: /0/answers/stop: page "stop" is not on the path these answers take',
      'funnels/examples/tiny.json: /0/answers/what: funnel "tiny" has no page "what"',
    ]);
  });

  it('requires examples for every funnel, and a funnel for every examples file', () => {
    const problems = problemsOf(
      input(
        (files) => void (files.examples = { 'funnels/examples/tiny-old.json': goodExamples() }),
      ),
    );
    expect(problems).toEqual([
      'funnels/examples/tiny-old.json: : no funnel "tiny-old" for these examples (the file is named after the funnelId)',
      'funnels/tiny.json: : no example answers: add examples/tiny.json beside the funnel',
    ]);
  });

  it('checks the examples file format', () => {
    const problems = problemsOf(
      input((files) => void (files.examples['funnels/examples/tiny.json'] = [{ answers: {} }])),
    );
    expect(problems).toEqual(['funnels/examples/tiny.json: /0/name: Give the example a name']);
  });

  it('does not require examples when none are given (the browser loads none)', () => {
    const files: RegistryInput = { ...input() };
    delete files.examples;
    expect(problemsOf(files)).toEqual([]);
  });
});

describe('the injectable validator factory', () => {
  it('compiles page schemas by $id and conditions by funnel, version and pointer', () => {
    const keys: string[] = [];
    const ajv = createAjvCompileValidator();
    const recording: CompileValidator = (key, schema, words) => {
      keys.push(key);
      return ajv(key, schema, words);
    };
    expect(createRegistry(input(), { compileValidator: recording, words }).ok).toBe(true);
    expect(keys.sort()).toEqual(
      [
        'choice',
        'funnel',
        'funnel-examples',
        'info',
        'name',
        'sign',
        'tiny@1#/pages/1/next/0/when',
      ].sort(),
    );
  });

  it('loads the real project with a fresh factory each time, so $ids never clash', () => {
    expect(
      createRegistry(projectInput(), { compileValidator: createAjvCompileValidator(), words }).ok,
    ).toBe(true);
    expect(
      createRegistry(projectInput(), { compileValidator: createAjvCompileValidator(), words }).ok,
    ).toBe(true);
  });
});

describe('a broken funnel breaks only itself', () => {
  it('keeps every other funnel in the registry it returns beside the problems', () => {
    const files = input((f) => {
      const broken = { ...goodFunnel(), funnelId: 'broken' };
      broken.pages[0] = { ...broken.pages[0], schema: 'nme' };
      f.funnels['funnels/broken.json'] = broken;
      f.examples['funnels/examples/broken.json'] = goodExamples();
    });
    const result = createRegistry(files, { compileValidator: createAjvCompileValidator(), words });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => `${p.file}: ${p.pointer}: ${p.message}`)).toEqual([
      'funnels/broken.json: /pages/0/schema: unknown page schema "nme" (no schemas/nme.schema.json)',
    ]);
    expect(result.registry?.listFunnels().map((funnel) => funnel.funnelId)).toEqual(['tiny']);
    expect(result.registry?.getFunnel('broken')).toBeUndefined();
    expect(result.registry?.validatePage('tiny', 'who', { name: 'Sam' }).valid).toBe(true);
  });

  it('returns no registry when the funnel format schema itself is missing', () => {
    const files = input((f) => delete f.schemas['schemas/funnel.schema.json']);
    const result = createRegistry(files, { compileValidator: createAjvCompileValidator(), words });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.registry).toBeUndefined();
  });
});
