/**
 * Valid funnels that use every option the funnel format allows and the project's own funnels
 * do not all show: `next` rules without `when`, a page only some claimants see, every widget
 * RJSF and the app can draw, a review-and-sign page with no letter of authority, an exit page,
 * and a funnel published at version 1 then changed (page schema and pages) and published at
 * version 2 with a migration, and a funnel offered in a second locale (the pseudo-locale, its
 * text and its schemas' all translated). Field names, page names and wording are unlike the built-in
 * funnels', so a test that assumes theirs fails with these present.
 *
 * writeGeneratedFunnels adds them to a registry copy (a directory with funnels/ and
 * schemas/) and publishes them as `npm run funnels:publish` would; the unit suite
 * (tests/support/withGeneratedRegistry.ts) and the authoring suite run with them present.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CUSTOM_WIDGET_EXAMPLES,
  WIDGETS_BY_TYPE,
} from '../../src/runtime/funnel/checks/widgetCatalogue';
import { formatProblem } from '../../scripts/funnels-check';
import { publishFunnels } from '../../scripts/funnels-publish';
import {
  funnelInPseudoLocale,
  offerReferredSchemasInPseudoLocale,
  schemaInPseudoLocale,
} from './pseudoFunnels';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
/** Every funnel and schema written here starts with this, so a reader can tell them apart. */
export const GENERATED_PREFIX = 'gen-';

type Json = Record<string, unknown>;

function schema(id: string, properties: Json, required: string[] = [], extra: Json = {}): Json {
  return { $schema: DRAFT_07, $id: id, type: 'object', required, properties, ...extra };
}

/** Widgets whose value needs a schema shape other than a plain field of their type. */
const SHAPED_WIDGETS: Record<string, Json> = {
  'data-url': { type: 'string', format: 'data-url' },
  file: { type: 'string', format: 'data-url' },
  files: { type: 'array', items: { type: 'string', format: 'data-url' } },
  checkboxes: {
    type: 'array',
    uniqueItems: true,
    items: { type: 'string', enum: ['kettle', 'toaster'] },
  },
  select: { type: 'string', enum: ['north', 'south'] },
  radio: { type: 'string', enum: ['north', 'south'] },
};

/** One optional field per widget RJSF offers for `type`, and its uiSchema. */
function widgetFields(type: string): { properties: Json; uiSchema: Json } {
  const properties: Json = {};
  const uiSchema: Json = {};
  for (const widget of WIDGETS_BY_TYPE[type] ?? []) {
    const name = `${type}${widget.replace(/(^|-)(\w)/g, (_, _dash, c: string) => c.toUpperCase())}`;
    const shaped = type === 'string' || type === 'array' ? SHAPED_WIDGETS[widget] : undefined;
    const numberChoice =
      (type === 'number' || type === 'integer') && (widget === 'select' || widget === 'radio');
    properties[name] = {
      title: `Gadget ${name}`,
      ...(shaped ??
        (type === 'array'
          ? { type: 'array', items: { type: 'string', enum: ['kettle', 'toaster'] } }
          : { type })),
      ...(numberChoice ? { enum: [1, 2, 3] } : {}),
      ...(widget === 'range' ? { minimum: 0, maximum: 10 } : {}),
    };
    uiSchema[name] = { 'ui:widget': widget };
  }
  return { properties, uiSchema };
}

function widgetPage(type: string): { page: Json; schema: Json } {
  const id = `gen-gadgets-${type}`;
  const { properties, uiSchema } = widgetFields(type);
  return {
    schema: schema(id, properties),
    page: { pageId: `gadgets-${type}`, title: `Gadgets of ${type}`, schema: id, uiSchema },
  };
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The signature field of the project's signature schema (draw or type) and its error messages,
 * for the generated sign pages: every sign page asks for a signature (the gateway sends no
 * claim without one). It is written into gen-declaration, not referred to with a `$ref`:
 * gen-appeal is offered in the pseudo-locale, so the schemas its pages use carry that locale's
 * text, and a published version's bundled schema keeps only its own file's translations.
 */
const projectSignature = JSON.parse(
  readFileSync(path.join(projectRoot, 'schemas', 'signature.schema.json'), 'utf8'),
) as { properties: { signature: Json }; 'x-errorMessages': Record<string, Json> };
const signatureMessages = Object.fromEntries(
  Object.entries(projectSignature['x-errorMessages']).filter(
    ([field]) => field === 'signature' || field.startsWith('signature.'),
  ),
);

/** A signature the signature schema accepts: typed, the single-pointer way to sign. */
const typedSignature = { method: 'typed', name: 'Robin Gen' };

// Shared by a funnel offered in the pseudo-locale and one that is not: it carries that
// locale's text for the one that needs it.
const declaration = schemaInPseudoLocale(
  schema(
    'gen-declaration',
    {
      truthful: { type: 'boolean', const: true, title: 'Everything I said is true' },
      signature: projectSignature.properties.signature,
    },
    ['truthful', 'signature'],
    { 'x-errorMessages': signatureMessages },
  ),
);

/** gen-appeal: when-less rules, an optional page, every widget, no letter, an exit page. */
function appealFunnel(): { funnel: Json; schemas: Json[]; examples: Json[] } {
  const opening = schema(
    'gen-opening',
    {
      nickname: { type: 'string', title: 'What should we call you', minLength: 1 },
      wantsGadgets: { type: 'boolean', title: 'Show me the gadget pages' },
    },
    ['nickname', 'wantsGadgets'],
  );
  // Two file questions of another trade: photos (several, images only) and one report (PDF).
  const aside = schema('gen-aside', {
    remark: { type: 'string', title: 'Anything else', maxLength: 500 },
    gadgetPhotos: {
      type: 'array',
      title: 'Photos of the gadget',
      description: 'Up to 5 photos.',
      items: { $ref: 'common#/definitions/evidenceFile' },
      maxItems: 5,
      'x-evidence': { accept: ['jpeg', 'png', 'heic', 'webp'], maxFileMB: 15 },
    },
    repairReport: {
      type: 'array',
      title: 'The repairer’s report',
      items: { $ref: 'common#/definitions/evidenceFile' },
      'x-evidence': { accept: ['pdf'], maxFileMB: 5 },
    },
  });
  // Every app widget, as its catalogue entry shows a page using it.
  const widgetExamples = Object.values(CUSTOM_WIDGET_EXAMPLES);
  const lookups = schema(
    'gen-lookups',
    Object.assign({}, ...widgetExamples.map((example) => example.properties)) as Json,
  );
  const gate = schema(
    'gen-gate',
    { carryOn: { type: 'boolean', title: 'Carry on with the appeal' } },
    ['carryOn'],
  );
  const farewell = schema('gen-farewell', {});
  const gadgets = ['string', 'number', 'integer', 'boolean', 'array'].map(widgetPage);
  const funnel: Json = {
    $schema: '../schemas/funnel.schema.json',
    funnelId: 'gen-appeal',
    version: 1,
    title: 'Appeal a parking gadget decision',
    wording: { claimNoun: 'appeal', startAnotherText: 'Each gadget needs an appeal.' },
    // A one-field name and a subject, but no email or phone: those read "not asked".
    roles: { name: ['/opening/nickname'], subject: { field: '/lookups/plate', label: 'Plate' } },
    pages: [
      {
        pageId: 'opening',
        title: 'About you',
        schema: 'gen-opening',
        uiSchema: { wantsGadgets: { 'ui:widget': 'radio' } },
        // The second rule has no `when`: it is always taken when the first does not match.
        next: [
          {
            when: {
              required: ['opening'],
              properties: { opening: { properties: { wantsGadgets: { const: true } } } },
            },
            goto: 'gadgets-string',
          },
          { goto: 'aside' },
        ],
      },
      // Only claimants who do not want the gadget pages see this one.
      { pageId: 'aside', title: 'Anything else', schema: 'gen-aside', next: [{ goto: 'lookups' }] },
      ...gadgets.map((gadget) => gadget.page),
      {
        pageId: 'lookups',
        title: 'Find things',
        schema: 'gen-lookups',
        uiSchema: Object.assign({}, ...widgetExamples.map((example) => example.uiSchema)) as Json,
      },
      {
        pageId: 'gate',
        title: 'Carry on?',
        schema: 'gen-gate',
        uiSchema: { carryOn: { 'ui:widget': 'radio' } },
        next: [
          {
            when: {
              required: ['gate'],
              properties: { gate: { properties: { carryOn: { const: false } } } },
            },
            goto: 'farewell',
          },
          { goto: 'declaration' },
        ],
      },
      // No letterOfAuthority: nothing mentions a letter.
      {
        pageId: 'declaration',
        title: 'Send your appeal',
        schema: 'gen-declaration',
        kind: 'review-and-sign',
        uiSchema: { signature: { 'ui:field': 'drawOrTypeSignature' } },
      },
      {
        pageId: 'farewell',
        title: 'We cannot take this appeal',
        schema: 'gen-farewell',
        kind: 'exit',
      },
    ],
  };
  const examples: Json[] = [
    {
      name: 'Skips the gadgets',
      answers: {
        opening: { nickname: 'Robin', wantsGadgets: false },
        aside: { remark: 'Nothing' },
        lookups: { plate: 'GEN 1' },
        gate: { carryOn: true },
        declaration: { truthful: true, signature: typedSignature },
      },
    },
  ];
  return {
    funnel,
    schemas: [
      opening,
      aside,
      lookups,
      gate,
      farewell,
      declaration,
      ...gadgets.map((g) => g.schema),
    ],
    examples,
  };
}

/** gen-membership at version 1, with a letter of authority. */
function membershipV1(): { funnel: Json; schemas: Json[]; examples: Json[] } {
  const member = schema(
    'gen-member',
    { wholeName: { type: 'string', title: 'Your whole name', minLength: 1 } },
    ['wholeName'],
  );
  return {
    funnel: {
      $schema: '../schemas/funnel.schema.json',
      funnelId: 'gen-membership',
      version: 1,
      title: 'Claim a membership refund',
      roles: { name: ['/member/wholeName'] },
      pages: [
        { pageId: 'member', title: 'Who you are', schema: 'gen-member' },
        {
          pageId: 'consent',
          title: 'Agree and send',
          schema: 'gen-declaration',
          kind: 'review-and-sign',
          uiSchema: { signature: { 'ui:field': 'drawOrTypeSignature' } },
          letterOfAuthority: { version: 'g1', title: 'Your say-so', text: 'You may act for me.' },
        },
      ],
    },
    schemas: [member, declaration],
    examples: [
      {
        name: 'A member',
        answers: {
          member: { wholeName: 'Kim Lee' },
          consent: { truthful: true, signature: typedSignature },
        },
      },
    ],
  };
}

/** gen-membership at version 2: the page schema changed, a page added, drafts migrated. */
function membershipV2(): { funnel: Json; schemas: Json[]; examples: Json[] } {
  const member = schema(
    'gen-member',
    {
      knownAs: { type: 'string', title: 'What you are known as', minLength: 1 },
      tier: { type: 'string', title: 'Tier', enum: ['bronze', 'gold'] },
    },
    ['knownAs', 'tier'],
  );
  const club = schema('gen-club', { clubName: { type: 'string', title: 'Club', minLength: 1 } }, [
    'clubName',
  ]);
  const v1 = membershipV1();
  const pages = (v1.funnel.pages as Json[]).slice();
  pages.splice(1, 0, { pageId: 'club', title: 'Your club', schema: 'gen-club' });
  return {
    funnel: {
      ...v1.funnel,
      version: 2,
      // Roles are read from the current file for claims on every version.
      roles: { name: ['/member/knownAs'] },
      migration: {
        drafts: 'move',
        moveFields: [{ from: '/member/wholeName', to: '/member/knownAs' }],
        defaults: [{ at: '/member/tier', value: 'bronze' }],
        needsInput: ['club'],
      },
      pages,
    },
    schemas: [member, club, declaration],
    examples: [
      {
        name: 'A gold member',
        answers: {
          member: { knownAs: 'Kim', tier: 'gold' },
          club: { clubName: 'Riverside' },
          consent: { truthful: true, signature: typedSignature },
        },
      },
    ],
  };
}

export { funnelInPseudoLocale };

/** The funnel, and every schema it uses, offered in the pseudo-locale too. */
function offeredInPseudoLocale(generated: { funnel: Json; schemas: Json[]; examples: Json[] }) {
  return {
    ...generated,
    funnel: funnelInPseudoLocale(generated.funnel),
    schemas: generated.schemas.map(schemaInPseudoLocale),
  };
}

/** Writes a funnel, its examples and its page schemas into a registry folder. */
export async function writeFunnel(
  registryDir: string,
  generated: { funnel: Json; schemas: Json[]; examples: Json[] },
): Promise<void> {
  const funnelId = String(generated.funnel.funnelId);
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  await mkdir(path.join(registryDir, 'funnels', 'examples'), { recursive: true });
  await writeFile(path.join(registryDir, 'funnels', `${funnelId}.json`), json(generated.funnel));
  await writeFile(
    path.join(registryDir, 'funnels', 'examples', `${funnelId}.json`),
    json(generated.examples),
  );
  for (const page of generated.schemas) {
    await writeFile(
      path.join(registryDir, 'schemas', `${String(page.$id)}.schema.json`),
      json(page),
    );
  }
}

async function publish(registryDir: string): Promise<void> {
  const result = await publishFunnels([], registryDir);
  if (result.problems.length > 0) {
    throw new Error(
      `the generated funnels do not pass funnels:check:\n${result.problems.map(formatProblem).join('\n')}`,
    );
  }
}

/**
 * Adds the generated funnels to `registryDir` (which has funnels/ and schemas/) and publishes
 * every version (gen-membership at 1, then at 2). Throws, with funnels:check's lines, if they
 * do not pass it: they are meant to be valid.
 */
export async function writeGeneratedFunnels(registryDir: string): Promise<void> {
  const appeal = offeredInPseudoLocale(appealFunnel());
  await writeFunnel(registryDir, appeal);
  // Its pages' shared schemas (common's evidence file) must be offered in the locale too.
  await offerReferredSchemasInPseudoLocale(registryDir, appeal.schemas);
  await writeFunnel(registryDir, membershipV1());
  await publish(registryDir);
  await writeFunnel(registryDir, membershipV2());
  await publish(registryDir);
}
