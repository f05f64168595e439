import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../../support/unusedMessages';
import { staffText } from '../../../../src/app/pages/staff/staffText';
import messages from '../../../../src/content/messages/staff.en-GB.json';

const STAFF_FOLDER = 'src/app/pages/staff';

describe('staffText', () => {
  it('fills in values and says counts in the singular or plural', () => {
    expect(staffText('export.done', { count: 1 })).toBe('Exported 1 claim.');
    expect(staffText('export.progress', { count: 25 })).toBe('Exported 25 claims…');
    expect(staffText('export.done', { count: 1000 })).toBe('Exported 1,000 claims.');
    expect(staffText('export.stopped', { count: 0, reason: 'try again' })).toBe(
      'The export stopped after 0 claims: try again.',
    );
    expect(staffText('claims.rangeLast', { first: 26, last: 30 })).toBe(
      'Claims 26 to 30 (the last page)',
    );
    expect(staffText('move.done', { stage: 'In review' })).toBe(
      'Moved to "In review". The claimant has been emailed.',
    );
    expect(staffText('answers.gone')).toBe(
      "This claim's funnel version is no longer in this build.",
    );
  });

  it('has no message the staff screens never say', () => {
    expect(unusedMessageKeys(messages, [STAFF_FOLDER])).toEqual([]);
  });
});
