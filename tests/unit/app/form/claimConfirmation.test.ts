/**
 * The confirmation a claimant sees once a claim is sent speaks the funnel's own words and
 * offers the signed letter only when the funnel has one (a funnel without one would offer a
 * download that fails).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { type Funnel } from '../../../../src/runtime/funnel';
import { claimWording } from '../../../../src/app/form/funnelWordingText';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { funnelOf } from '../../runtime/projectFiles';

import { validationWords } from '../../../../src/gateway/infra/validationWords';

// The dev server's run-time validators (the build's are precompiled from the same schemas).
vi.mock('../../../../src/app/validators', () => ({
  createCompileValidator: createAjvCompileValidator,
  loadAllValidators: () => Promise.resolve(),
  allValidatorsLoaded: () => true,
  validationText: validationWords(),
}));
const { ClaimConfirmation } = await import('../../../../src/app/form/review/ClaimConfirmation');
const { createAppStore } = await import('../../../../src/store');

const letter = { version: '1', title: 'Letter of authority', text: 'I appoint you.' };

function appeal(
  withLetter: boolean | Funnel['pages'][number]['letterOfAuthority'],
  wording?: Funnel['wording'],
): Funnel {
  return {
    ...funnelOf('parking-appeal', [
      { pageId: 'ticket', title: 'Your ticket', schema: 'name' },
      {
        pageId: 'sign',
        title: 'Check and send',
        schema: 'sign',
        kind: 'review-and-sign',
        ...(withLetter ? { letterOfAuthority: withLetter === true ? letter : withLetter } : {}),
      },
    ]),
    ...(wording ? { wording } : {}),
  };
}

function confirmation(
  funnel: Funnel,
  claim: { stage?: string; withdrawnAt?: string } = {},
): string {
  const page = createElement(ClaimConfirmation, {
    funnel,
    uid: 'claimant-1',
    claim: { claimId: 'c1', reference: 'PA-123', submittedAt: null, withdrawnAt: null, ...claim },
  });
  const routed = createElement(MemoryRouter, { children: page });
  return renderToStaticMarkup(
    createElement(Provider, { store: createAppStore(), children: routed }),
  );
}

describe('ClaimConfirmation', () => {
  it('offers no letter download when the funnel has no letter of authority', () => {
    const html = confirmation(appeal(false, { claimNoun: 'appeal' }));
    expect(html).not.toMatch(/letter of authority/i);
    expect(html).toContain('Appeal submitted');
    expect(html).toContain('We will check your appeal and contact you within 10 working days');
    expect(html).toContain('Make another appeal');
    expect(html).toContain('Start another appeal');
    // What the claimant reads, not the markup's test ids.
    expect(html.replace(/<[^>]*>/g, ' ')).not.toMatch(/\bclaim\b/i);
  });

  it('offers the signed letter when the funnel has one', () => {
    expect(confirmation(appeal(true))).toContain('Download your signed letter of authority (PDF)');
  });

  it('uses every line the funnel writes instead of the defaults', () => {
    const html = confirmation(
      appeal(false, {
        confirmationTitle: 'Appeal lodged',
        whatHappensNext: 'The council replies within 28 days.',
        startAnotherHeading: 'Another ticket?',
        startAnotherText: 'Each ticket needs its own appeal.',
        startAnotherButton: 'Appeal another ticket',
      }),
    );
    for (const line of [
      'Appeal lodged',
      'The council replies within 28 days.',
      'Another ticket?',
      'Each ticket needs its own appeal.',
      'Appeal another ticket',
    ]) {
      expect(html).toContain(line);
    }
  });
});

describe('claimWording', () => {
  it('builds every default from the claim noun', () => {
    expect(claimWording({ wording: { claimNoun: 'complaint' } })).toMatchObject({
      signHeading: 'Sign and send your complaint',
      submitButton: 'Accept and send complaint',
      submittingButton: 'Sending your complaint…',
      confirmationTitle: 'Complaint submitted',
      withdrawnTitle: 'Complaint withdrawn',
      startAnotherButton: 'Start another complaint',
    });
  });

  it('keeps the claim wording when a funnel writes none', () => {
    expect(claimWording({})).toMatchObject({
      submitButton: 'Accept and send claim',
      confirmationTitle: 'Claim submitted',
      startAnotherText: undefined,
    });
  });
});

describe('what happens next on a sent claim’s page', () => {
  const funnel = appeal(false, { claimNoun: 'appeal', whatHappensNext: 'The council replies.' });

  it('is the funnel’s promise while the claim is in its first stage', () => {
    const html = confirmation(funnel, { stage: 'sent' });
    expect(html).toContain('What happens next');
    expect(html).toContain('The council replies.');
  });

  it('is not shown once the claim is in a final stage, or withdrawn', () => {
    for (const claim of [{ stage: 'rejected' }, { withdrawnAt: '2026-11-28T10:00:00Z' }]) {
      const html = confirmation(funnel, claim);
      expect(html).not.toContain('What happens next');
      expect(html).not.toContain('The council replies.');
    }
  });
});

describe('what the claimant signed, by its kind', () => {
  it('offers a declaration as a declaration, and withdrawing ends no authority', () => {
    const funnel = appeal(
      { ...letter, kind: 'declaration', title: 'Declaration' },
      {
        claimNoun: 'appeal',
      },
    );
    const sent = confirmation(funnel, { stage: 'sent' });
    expect(sent).toContain('Download your signed declaration (PDF)');
    expect(sent).toContain(
      'You can withdraw your appeal at any time. It will not be worked on again.',
    );
    const withdrawn = confirmation(funnel, { withdrawnAt: '2026-11-28T10:00:00Z' });
    for (const html of [sent, withdrawn]) {
      expect(html).not.toMatch(/letter of authority|act for you|acting for you/i);
    }
  });

  it('names the owner’s own document by its name', () => {
    const funnel = appeal({ ...letter, kind: 'own', name: 'consent form' });
    const html = confirmation(funnel, { stage: 'sent' });
    expect(html).toContain('Your signed consent form');
    expect(html).toContain('Download your signed consent form (PDF)');
    expect(html).not.toMatch(/letter of authority/i);
  });
});
