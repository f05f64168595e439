import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../support/unusedMessages';
import { gatewayList, gatewayText } from '../../../src/gateway/gatewayText';
import messages from '../../../src/content/messages/gateway.en-GB.json';

const GATEWAY = 'src/gateway';

/** src/gateway and every folder under it: the gateway's messages are said all over it. */
function gatewayFolders(): string[] {
  const folders = readdirSync(GATEWAY, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name));
  return [GATEWAY, ...folders];
}

describe('gatewayText', () => {
  it('keeps the exact sentences the screens and tests know the gateway’s refusals by', () => {
    expect(gatewayText('claim.submittedUnchangeable')).toBe(
      'This claim has been submitted and can no longer be changed',
    );
    expect(gatewayText('call.sessionEnded')).toBe(
      'Your session has ended. Sign in again to continue.',
    );
    expect(gatewayText('call.internal')).toBe('Internal Server Error');
  });

  it('fills in the values a sentence names', () => {
    expect(gatewayText('lookup.vehicleNotFound', { registration: 'AB12CDE' })).toBe(
      'We could not find a vehicle with registration AB12CDE',
    );
    expect(gatewayText('withdraw.closed', { stage: 'Accepted' })).toBe(
      'This claim is closed (Accepted): it can no longer be withdrawn',
    );
    expect(
      gatewayText('staff.canOnlyMoveTo', {
        stage: 'In review',
        allowed: gatewayList(['"With the lender"', '"Rejected"']),
      }),
    ).toBe('A claim that is "In review" can only move to "With the lender" or "Rejected"');
    expect(
      gatewayText('letterPdf.recorded', {
        userAgent: gatewayText('letterPdf.notKnown'),
        ip: '203.0.113.9',
      }),
    ).toBe(
      "Recorded with the signature: the time above from our server, the device's browser (not known) and its IP address (203.0.113.9).",
    );
    expect(
      gatewayText('letterPdf.footer', {
        reference: 'VC-1',
        documentTitle: 'Letter of authority',
        version: 2,
        page: 1,
        pages: 3,
      }),
    ).toBe('Claim VC-1 · Letter of authority, version 2 · page 1 of 3');
    expect(gatewayText('letter.changed', { kind: 'declaration', document: '' })).toBe(
      'The declaration has changed since you read it: reload the page, read it again and sign',
    );
    expect(gatewayText('letter.notYetSent', { kind: 'own', document: 'consent form' })).toBe(
      'Your signed consent form can be downloaded once your claim is signed and sent',
    );
  });

  it('says each message as written when its values are its own names', () => {
    for (const [key, message] of Object.entries(messages)) {
      // A plural says a number, a select one of its branches: those are pinned above and below.
      if (message.includes(', plural,') || message.includes(', select,')) continue;
      const values = Object.fromEntries(
        [...message.matchAll(/\{(\w+)\}/g)].map(([name, inner]) => [inner!, name]),
      );
      expect(gatewayText(key as keyof typeof messages, values)).toBe(message);
    }
  });

  it('says how long a link works with a plural of its own', () => {
    expect(gatewayText('mail.validForMinutes', { count: 1 })).toBe('1 minute');
    expect(gatewayText('mail.validForHours', { count: 24 })).toBe('24 hours');
    expect(gatewayText('mail.validForDays', { count: 7 })).toBe('7 days');
  });

  it('has no message the gateway never says', () => {
    expect(unusedMessageKeys(messages, gatewayFolders())).toEqual([]);
  });
});
