import { describe, expect, it } from 'vitest';
import { findHardCodedText } from '../../support/hardCodedText';

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
