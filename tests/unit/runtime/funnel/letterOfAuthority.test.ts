import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  letterOfAuthorityEvidence,
  letterOfAuthorityHash,
  letterParagraphs,
  signAnswersOf,
  signatureOf,
  signedDocumentOf,
  signPageOf,
} from '../../../../src/runtime/funnel';
import { createRegistry, type Funnel, type RegistryInput } from '../../../../src/runtime/funnel';
import { formatAndTinySchemas, funnelOf, projectRegistry } from '../projectFiles';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../../../src/gateway/infra/validationWords';

const words = validationWords();

const LETTER = {
  version: '2026-11-01',
  title: 'Letter of authority',
  text: 'I appoint you to act for me.\n\nI authorise you to:\n- contact my lender;\n- ask for my data.',
};

describe('letterOfAuthorityHash', () => {
  it('is the SHA-256 of the UTF-8 text, as lower-case hex', async () => {
    expect(await letterOfAuthorityHash('')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    const text = 'Siân authorises “Vehicle Claims” — £0 fee';
    expect(await letterOfAuthorityHash(text)).toBe(
      createHash('sha256').update(text, 'utf8').digest('hex'),
    );
  });

  it('changes when a single character of the letter changes', async () => {
    expect(await letterOfAuthorityHash(LETTER.text)).not.toBe(
      await letterOfAuthorityHash(LETTER.text.replace('lender', 'lenders')),
    );
  });

  it('gives the evidence the exact letter and its hash', async () => {
    expect(await letterOfAuthorityEvidence(LETTER)).toEqual({
      ...LETTER,
      kind: 'authority',
      sha256: createHash('sha256').update(LETTER.text).digest('hex'),
    });
  });
});

describe('letterParagraphs', () => {
  it('splits at blank lines and keeps the lines of a list', () => {
    expect(letterParagraphs(LETTER.text)).toEqual([
      ['I appoint you to act for me.'],
      ['I authorise you to:', '- contact my lender;', '- ask for my data.'],
    ]);
  });

  it('treats Windows line endings, blank lines with spaces and extra blank lines alike', () => {
    expect(letterParagraphs('One.\r\n  \r\nTwo.\n\n\n\nThree.  \n')).toEqual([
      ['One.'],
      ['Two.'],
      ['Three.'],
    ]);
  });
});

describe('signatureOf', () => {
  const png = 'data:image/png;base64,iVBORw0KGgoAAAA';
  it('reads a drawn or typed signature', () => {
    expect(signatureOf({ signature: { method: 'drawn', image: png } })).toEqual({
      method: 'drawn',
      image: png,
    });
    expect(signatureOf({ signature: { method: 'typed', name: '  Ann Smith ' } })).toEqual({
      method: 'typed',
      name: 'Ann Smith',
    });
  });

  it.each([
    ['no answers', undefined],
    ['no signature', { consent: true }],
    ['a plain string', { signature: 'Ann Smith' }],
    ['no method', { signature: { name: 'Ann Smith' } }],
    ['a drawing without an image', { signature: { method: 'drawn' } }],
    ['an empty PNG data URL', { signature: { method: 'drawn', image: 'data:image/png;base64,' } }],
    ['a JPEG', { signature: { method: 'drawn', image: 'data:image/jpeg;base64,/9j/' } }],
    ['a blank name', { signature: { method: 'typed', name: '   ' } }],
  ])('finds no signature in %s', (_label, answers) => {
    expect(signatureOf(answers)).toBeNull();
  });
});

describe('the project funnels', () => {
  const registry = projectRegistry();
  it.each(['vehicle-claim', 'diesel-emissions'])('%s has a dated letter on its sign page', (id) => {
    const funnel = registry.getFunnel(id)!;
    const page = signPageOf(funnel)!;
    expect(page.pageId).toBe('sign');
    expect(page.letterOfAuthority?.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(letterParagraphs(page.letterOfAuthority!.text).length).toBeGreaterThan(3);
    expect(page.letterOfAuthority!.text).not.toMatch(/[<>]/);
    expect(signAnswersOf(funnel, { sign: { consent: true } })).toEqual({ consent: true });
  });
});

describe('funnel checks for letters of authority', () => {
  const pages = (): Funnel['pages'] => [
    { pageId: 'who', title: 'Who', schema: 'name' },
    { pageId: 'sign', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
  ];
  const problemsOf = (funnel: Funnel): string[] => {
    const input: RegistryInput = {
      funnels: { 'funnels/tiny.json': funnel },
      schemas: formatAndTinySchemas(),
    };
    const result = createRegistry(input, { compileValidator: createAjvCompileValidator(), words });
    return result.ok ? [] : result.problems.map((p) => `${p.pointer}: ${p.message}`);
  };

  it('accepts a letter on the review-and-sign page', () => {
    const funnel = funnelOf('tiny', pages());
    funnel.pages[1]!.letterOfAuthority = LETTER;
    expect(problemsOf(funnel)).toEqual([]);
  });

  it('refuses a letter on any other page', () => {
    const funnel = funnelOf('tiny', pages());
    funnel.pages[0]!.letterOfAuthority = LETTER;
    expect(problemsOf(funnel)).toEqual([
      '/pages/0/letterOfAuthority: a letter of authority is only shown on a review-and-sign page',
    ]);
  });

  it('refuses two sign pages with different letters', () => {
    const funnel = funnelOf('tiny', [
      { pageId: 'who', title: 'Who', schema: 'name', next: [{ goto: 'sign-b' }] },
      { pageId: 'sign-a', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
      { pageId: 'sign-b', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
    ]);
    funnel.pages[0]!.next = [{ when: { required: ['x'] }, goto: 'sign-b' }];
    funnel.pages[1]!.letterOfAuthority = LETTER;
    funnel.pages[2]!.letterOfAuthority = { ...LETTER, version: '2027-01-01' };
    expect(problemsOf(funnel)).toEqual([
      '/pages/2/letterOfAuthority: every review-and-sign page of a funnel must show the same letter of authority',
    ]);
  });

  it('accepts a declaration, and the owner’s own document with its name', () => {
    const declaration = funnelOf('tiny', pages());
    declaration.pages[1]!.letterOfAuthority = { ...LETTER, kind: 'declaration' };
    expect(problemsOf(declaration)).toEqual([]);
    const own = funnelOf('tiny', pages());
    own.pages[1]!.letterOfAuthority = { ...LETTER, kind: 'own', name: 'consent form' };
    expect(problemsOf(own)).toEqual([]);
  });

  it('asks the owner’s own document for its name, and refuses a name on the other kinds', () => {
    const own = funnelOf('tiny', pages());
    own.pages[1]!.letterOfAuthority = { ...LETTER, kind: 'own' };
    expect(problemsOf(own)).toEqual([
      '/pages/1/letterOfAuthority: a document of kind "own" needs a "name": what the claimant calls it in a sentence, in lower case, for example "name": "consent form"',
    ]);
    const named = funnelOf('tiny', pages());
    named.pages[1]!.letterOfAuthority = { ...LETTER, kind: 'declaration', name: 'statement' };
    expect(problemsOf(named)).toEqual([
      '/pages/1/letterOfAuthority/name: a "name" is only for a document of kind "own": a declaration is named by the platform, in every language',
    ]);
  });

  it('refuses a kind the platform does not know', () => {
    const funnel = funnelOf('tiny', pages());
    funnel.pages[1]!.letterOfAuthority = { ...LETTER, kind: 'mandate' } as never;
    expect(problemsOf(funnel)).toEqual([
      expect.stringMatching(/^\/pages\/1\/letterOfAuthority\/kind: .*authority.*declaration.*own/),
    ]);
  });

  it('refuses HTML, a missing version and unknown keys through the format schema', () => {
    const funnel = funnelOf('tiny', pages());
    funnel.pages[1]!.letterOfAuthority = {
      title: 'Letter',
      text: '<p>Hello</p>',
      extra: 1,
    } as never;
    expect(problemsOf(funnel)).toEqual(
      expect.arrayContaining([
        '/pages/1/letterOfAuthority/text: The letter of authority is plain text: remove < and > (no HTML)',
        expect.stringMatching(/^\/pages\/1\/letterOfAuthority(\/version)?: /),
      ]),
    );
  });
});

describe('signedDocumentOf', () => {
  it('names what was signed by its kind, a letter of authority where a funnel says none', () => {
    expect(signedDocumentOf(LETTER)).toEqual({ kind: 'authority', document: '' });
    expect(signedDocumentOf({ kind: 'declaration' })).toEqual({
      kind: 'declaration',
      document: '',
    });
    expect(signedDocumentOf({ kind: 'own', name: 'consent form' })).toEqual({
      kind: 'own',
      document: 'consent form',
    });
    expect(signedDocumentOf(undefined)).toBeNull();
  });
});
