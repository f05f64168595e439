/**
 * Writes a working two-page funnel to start from: a question page and a review-and-sign page,
 * with its page schema, an example claim and its own stages (`lifecycle`, to rename or remove:
 * without it the funnel uses funnels/lifecycle/claim-stages.json), all passing funnels:check.
 *
 *   npm run funnels:new -- <funnelId> [projectDir]
 *
 * Refuses an id that is not lower-case words joined by hyphens, and never overwrites a file.
 */
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeFileAtomic } from './lib/atomicFile';

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const USAGE = 'usage: npm run funnels:new -- <funnelId> [projectDir]';

/** The files of a new funnel, by path relative to the project. */
export function skeletonFiles(funnelId: string): Record<string, unknown> {
  const schemaId = `${funnelId}-details`;
  return {
    [`schemas/${schemaId}.schema.json`]: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: schemaId,
      title: 'Your details',
      type: 'object',
      required: ['fullName', 'email'],
      properties: {
        fullName: { type: 'string', title: 'Full name', minLength: 1, maxLength: 100 },
        email: { type: 'string', title: 'Email address', format: 'email', maxLength: 254 },
      },
      'x-errorMessages': {
        fullName: { required: 'Enter your full name', minLength: 'Enter your full name' },
        email: {
          required: 'Enter your email address',
          format: 'Enter an email address in the correct format, like name@example.com',
        },
      },
    },
    [`funnels/${funnelId}.json`]: {
      $schema: '../schemas/funnel.schema.json',
      funnelId,
      version: 1,
      title: `Make a ${funnelId.replace(/-/g, ' ')} claim`,
      description: 'Say in a sentence who this funnel is for.',
      wording: { claimNoun: 'claim' },
      // The stages staff move a sent claim through, and what the claimant reads at each.
      lifecycle: {
        initial: 'received',
        withdrawn: 'withdrawn',
        stages: [
          {
            id: 'received',
            staffLabel: 'Received',
            claimantLabel: 'Received',
            claimantText: 'We have your claim. We will check it within 10 working days.',
            next: ['in-review'],
          },
          {
            id: 'in-review',
            staffLabel: 'In review',
            claimantLabel: 'We are checking your claim',
            claimantText: 'We are checking the details you gave us.',
            next: ['successful', 'not-successful'],
          },
          {
            id: 'successful',
            staffLabel: 'Successful',
            claimantLabel: 'Claim successful',
            claimantText: 'Your claim was successful. We will write to you with what happens next.',
            next: [],
          },
          {
            id: 'not-successful',
            staffLabel: 'Not successful',
            claimantLabel: 'Claim not successful',
            claimantText: 'Your claim was not successful. We have written to you to explain why.',
            next: [],
          },
          {
            id: 'withdrawn',
            staffLabel: 'Withdrawn by claimant',
            claimantLabel: 'Withdrawn',
            claimantText: 'You withdrew this claim. We will not act on it again.',
            next: [],
          },
        ],
      },
      pages: [
        {
          pageId: 'details',
          title: 'Your details',
          schema: schemaId,
          uiSchema: {
            fullName: { 'ui:autocomplete': 'name' },
            email: { 'ui:widget': 'email', 'ui:autocomplete': 'email' },
          },
        },
        {
          pageId: 'sign',
          title: 'Check your answers and sign',
          schema: 'signature',
          kind: 'review-and-sign',
          uiSchema: {
            consent: { 'ui:widget': 'checkbox' },
            signature: { 'ui:field': 'drawOrTypeSignature' },
          },
        },
      ],
    },
    [`funnels/examples/${funnelId}.json`]: [
      {
        name: 'A complete claim',
        answers: {
          details: { fullName: 'Alex Morgan', email: 'alex@example.com' },
          sign: { consent: true, signature: { method: 'typed', name: 'Alex Morgan' } },
        },
      },
    ],
  };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Writes the skeleton under projectDir; returns the files written, relative to it. */
export async function writeSkeleton(funnelId: string, projectDir: string): Promise<string[]> {
  if (!KEBAB_CASE.test(funnelId)) {
    throw new Error(
      `"${funnelId}" is not a funnelId: use lower-case words joined by hyphens, like parking-appeal\n${USAGE}`,
    );
  }
  const files = skeletonFiles(funnelId);
  for (const relative of Object.keys(files)) {
    if (await exists(path.join(projectDir, relative))) {
      throw new Error(`${relative} already exists: choose another funnelId, or edit that file`);
    }
  }
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(projectDir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    // Whole or not at all, and never over a file written since the check above.
    await writeFileAtomic(file, `${JSON.stringify(content, null, 2)}\n`, { exclusive: true });
  }
  return Object.keys(files);
}

async function main(): Promise<number> {
  const [funnelId, projectDir = '.', ...rest] = process.argv.slice(2);
  if (!funnelId || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  try {
    for (const file of await writeSkeleton(funnelId, path.resolve(projectDir))) {
      console.log(`wrote ${file}`);
    }
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  console.log(
    `Next: edit those files, run npm run funnels:check, and open /form/${funnelId}/details/ in npm start.`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
