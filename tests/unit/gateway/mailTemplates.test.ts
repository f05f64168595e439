import { describe, expect, it } from 'vitest';
import {
  mailTemplates,
  renderMail,
  type MailTemplateName,
} from '../../../src/gateway/mail/mailTemplates';

const data = {
  name: 'Sam Jones',
  aboutSubject: ' (Registration AB12CDE)',
  reference: 'VC-AB12-CD34',
  title: 'Make a vehicle claim',
  claimNoun: 'claim',
  claimUrl: 'https://example.test/claims/vehicle-claim/u1_vehicle-claim',
  continueUrl: 'https://example.test/form/start/',
  stageLabel: 'We are checking your claim',
  stageText: 'We are checking the details you gave us.',
  link: 'https://example.test/login?link=abc',
  validFor: '1 hour',
};

describe('renderMail', () => {
  it.each(Object.keys(mailTemplates) as MailTemplateName[])(
    '%s fills every placeholder, in subject, plain text and HTML',
    (name) => {
      const mail = renderMail(name, data);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/\{\{|\}\}/);
        expect(part.length).toBeGreaterThan(0);
      }
      expect(mail.subject).not.toMatch(/\n/);
    },
  );

  it('escapes values in the HTML only, and keeps the subject on one line', () => {
    const mail = renderMail('claim-received', { ...data, name: 'Sam <img src=x>\n&"' });
    expect(mail.html).toContain('Dear Sam &lt;img src=x&gt;\n&amp;&quot;,');
    expect(mail.text).toContain('Dear Sam <img src=x>\n&",');
    const subject = renderMail('stage-changed', { ...data, stageLabel: 'Two\nlines' }).subject;
    expect(subject).toBe('Your claim VC-AB12-CD34 (Registration AB12CDE): Two lines');
  });

  it('names a placeholder the data has no value for', () => {
    const { reference: _reference, ...missing } = data;
    expect(() => renderMail('claim-received', missing)).toThrow('no value for {{reference}}');
  });
});
