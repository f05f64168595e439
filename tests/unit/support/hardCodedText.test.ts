import { describe, expect, it } from 'vitest';
import { findHardCodedText, findSentencesInCode } from '../../support/hardCodedText';

const texts = (source: string) => findHardCodedText(source, 'Example.tsx').map((each) => each.text);

describe('findHardCodedText', () => {
  it('finds JSX text, with its line', () => {
    const found = findHardCodedText(
      ['export const A = () => (', '  <p>', '    Loading claims…', '  </p>', ');'].join('\n'),
      'Example.tsx',
    );
    expect(found).toEqual([{ file: 'Example.tsx', line: 3, text: 'Loading claims…' }]);
  });

  it('finds the string props a person reads, whatever their case', () => {
    expect(
      texts(
        '<Nav aria-label="back office" label="Funnel" title="Open" previousText="newer emails" alt="x" />',
      ),
    ).toEqual(['back office', 'Funnel', 'Open', 'newer emails', 'x']);
    expect(
      texts(
        '<Field hint="for example, 07700 900 982" intro="Sign in" message="Sorry" emptyHint="none" />',
      ),
    ).toEqual(['for example, 07700 900 982', 'Sign in', 'Sorry', 'none']);
  });

  it('leaves a message prop that names a content key', () => {
    expect(texts('<AccountSentence message="renewal.signInInstead" slots={{}} />')).toEqual([]);
  });

  it('finds sentences in code: plain strings and templates', () => {
    expect(
      texts(
        "usePageTitle('Outbox – back office'); setDone(`Moved to ${stage}.`); const s = x ? 'Subject' : y;",
      ),
    ).toEqual(['Outbox – back office', '`Moved to ${stage}.`', 'Subject']);
  });

  it('leaves code alone: names, class names, imports, types, keys, punctuation and messages read by key', () => {
    expect(
      texts(
        [
          "import { Link } from 'react-router-dom';",
          "const Pad = lazy(() => import('./SignaturePadCanvas'));",
          "type Screen = 'Claims' | 'outbox';",
          "const NAMES = { 'Stage-changed': 'history.stageChanged' };",
          "const when = new Intl.DateTimeFormat('en-GB', { month: 'short' });",
          '// A comment in English is fine.',
          '<p className="notice notice--warning" role="alert" data-testid="export-status">',
          "  {staffText('claims.heading')} · {name} → <b>{'—'}</b>",
          '</p>',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

const sentences = (source: string) =>
  findSentencesInCode(source, 'example.ts').map((each) => each.text);

describe('findSentencesInCode', () => {
  it('finds a sentence a person may read, in a string or a template, with its line', () => {
    expect(
      findSentencesInCode(
        ["const a = 'code';", "throw failedPrecondition('No such claim');"].join('\n'),
        'example.ts',
      ),
    ).toEqual([{ file: 'example.ts', line: 2, text: 'No such claim' }]);
    expect(
      sentences(
        "const refusal = `This claim is now ${stage}: try again`; const m = x ? 'Sorry, we could not send it.' : y;",
      ),
    ).toEqual(['`This claim is now ${stage}: try again`', 'Sorry, we could not send it.']);
    expect(sentences("return { exception: 'Enter a UK mobile number' };")).toEqual([
      'Enter a UK mobile number',
    ]);
  });

  it('leaves what only developers read: plain errors, logs and an error’s operator detail', () => {
    expect(
      sentences(
        [
          'throw new Error(`The bundled funnels are invalid: ${lines}`);',
          "failWith('No authenticated user to upgrade');",
          "console.error('Could not keep the draft in this browser', error);",
          "class Gone extends Error { constructor() { super('Continued pages have not been sent'); } }",
          "throw new ServiceError('not-configured', message, { detail: `Address lookup settings missing: ${names}` });",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('still finds a sentence given to an error that is not a plain one, or beside a plain one', () => {
    expect(
      sentences(
        [
          "class Refusal extends HttpsError { constructor() { super('failed-precondition', 'You have already withdrawn this claim'); } }",
          "throw new ServiceError('invalid-input', 'Enter a full UK postcode');",
          "new Error(gatewayText('x.y')); failedPrecondition('The claim is not signed');",
        ].join('\n'),
      ),
    ).toEqual([
      'You have already withdrawn this claim',
      'Enter a full UK postcode',
      'The claim is not signed',
    ]);
  });

  it('leaves code alone: keys, names, paths, one or two words', () => {
    expect(
      sentences(
        "import x from './Some Path'; gatewayText('claim.notFound'); const zone = 'Europe/London'; const f = 'Helvetica'; const t = 'Signed by'; const o = { 'Not Found': 1 };",
      ),
    ).toEqual([]);
  });
});
