import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../../support/unusedMessages';
import { claimPagesText } from '../../../../src/app/form/claimPagesText';
import { formText } from '../../../../src/app/form/formText';
import { messageParts } from '../../../../src/app/ui/messageParts';
import formMessages from '../../../../src/content/messages/form.en-GB.json';
import claimPagesMessages from '../../../../src/content/messages/claimPages.en-GB.json';

/** The folder (and its subfolders) whose screens read form.en-GB.json and claimPages.en-GB.json. */
const FORM_FOLDERS = ['src/app/form'];

describe('formText', () => {
  it('keeps the exact sentences the question page is known by', () => {
    expect(formText('step.waitingToContinue')).toBe(
      'Your answers are kept on this device. We’ll continue as soon as you’re connected.',
    );
    expect(formText('sync.saved')).toBe('Your answers are saved.');
    expect(formText('saveAndReturn.link')).toBe('Save and come back later');
    expect(formText('step.continue')).toBe('Continue');
  });

  it('fills in the step, the page and the vehicle as given', () => {
    expect(formText('step.progress', { step: 2, total: 12 })).toBe('Step 2 of 12');
    expect(formText('step.resumeLink', { pageTitle: 'Your vehicle' })).toBe(
      'Continue from “Your vehicle”',
    );
    expect(formText('step.duplicateTitle', { registration: 'AB12 CDE' })).toBe(
      'You already have a claim for AB12 CDE',
    );
  });

  it('marks an optional question after its label', () => {
    expect(formText('field.optional', { label: 'Middle name' })).toBe('Middle name (optional)');
  });

  it('splits a sentence at its link, in its own order', () => {
    expect(messageParts((filled) => formText('step.resume', filled), ['continueLink'])).toEqual([
      'Your answers so far are saved. ',
      { slot: 'continueLink' },
    ]);
  });

  it('has no message the question page never says', () => {
    expect(unusedMessageKeys(formMessages, FORM_FOLDERS)).toEqual([]);
  });
});

describe('claimPagesText', () => {
  it('counts claims and addresses with plurals', () => {
    const madeBefore = (count: number) =>
      claimPagesText('duplicate.madeBefore', { count, registration: 'AB12 CDE' });
    expect(madeBefore(1)).toBe('You have made a claim for AB12 CDE before:');
    expect(madeBefore(3)).toBe('You have made 3 claims for AB12 CDE before:');
    expect(claimPagesText('address.found', { count: 1 })).toBe('1 address found');
    expect(claimPagesText('address.found', { count: 42 })).toBe('42 addresses found');
  });

  it('speaks the funnel’s word for a claim', () => {
    expect(claimPagesText('withdraw.confirm', { claimNoun: 'appeal' })).toBe(
      'Yes, withdraw my appeal',
    );
    expect(
      claimPagesText('review.agreeToLetter', {
        claimNoun: 'claim',
        kind: 'authority',
        document: '',
      }),
    ).toBe(
      'By signing, you agree to the letter of authority below: it lets us act for you in this claim.',
    );
    expect(
      claimPagesText('review.agreeToLetter', {
        claimNoun: 'appeal',
        kind: 'declaration',
        document: '',
      }),
    ).toBe('By signing, you make the declaration below about this appeal.');
    expect(claimPagesText('letter.download', { kind: 'own', document: 'consent form' })).toBe(
      'Download your signed consent form (PDF)',
    );
  });

  it('says a found vehicle’s year as DVLA gives it', () => {
    expect(claimPagesText('vehicle.foundMadeIn', { vehicle: 'silver ford', year: 2015 })).toBe(
      'We found a silver ford made in 2015.',
    );
  });

  it('keeps a status sentence whole around its tag', () => {
    const parts = messageParts(
      (filled) => claimPagesText('confirmation.statusSentOn', filled),
      ['tag'],
      { date: '3 May 2025' },
    );
    expect(parts).toEqual(['Status: ', { slot: 'tag' }, ' (sent on 3 May 2025)']);
    // A link's question named either way: en-GB's message names it mid-sentence.
    expect(
      messageParts(
        (filled) => claimPagesText('review.change', filled),
        ['field', 'fieldInSentence'],
      ),
    ).toEqual(['Change ', { slot: 'fieldInSentence' }]);
  });

  it('has no message the later claim screens never say', () => {
    expect(unusedMessageKeys(claimPagesMessages, FORM_FOLDERS)).toEqual([]);
  });
});
