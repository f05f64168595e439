import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../../support/unusedMessages';
import { errorsText } from '../../../../src/app/ui/errorsText';
import { messageParts } from '../../../../src/app/ui/messageParts';
import messages from '../../../../src/content/messages/errors.en-GB.json';

/** The folder whose pieces read src/content/messages/errors.en-GB.json. */
const ERRORS_FOLDER = 'src/app/ui';

describe('errorsText', () => {
  it('keeps the exact sentences the error page and summary are known by', () => {
    expect(errorsText('errorPage.title')).toBe('Internal Server Error');
    expect(errorsText('errorPage.sorry')).toBe(
      'Sorry, there is a problem with the service. Your answers so far have been kept.',
    );
    expect(errorsText('errorSummary.title')).toBe('There is a problem');
  });

  it('puts "Error: " before the page’s title', () => {
    expect(errorsText('documentTitle.error', { title: 'Your details – Vehicle Claims' })).toBe(
      'Error: Your details – Vehicle Claims',
    );
  });

  it('keeps the link to the home page inside its sentence', () => {
    expect(
      messageParts((filled) => errorsText('errorPage.tryAgain', filled), ['homeLink']),
    ).toEqual(['Try again later, or ', { slot: 'homeLink' }, '.']);
    expect(errorsText('errorPage.homeLink')).toBe('go to the home page');
  });

  it('has no message the shared pieces never say', () => {
    expect(unusedMessageKeys(messages, [ERRORS_FOLDER])).toEqual([]);
  });
});
