import { describe, expect, it } from 'vitest';
import {
  mailTemplates,
  renderMail,
  type MailTemplateName,
} from '../../../src/gateway/mail/mailTemplates';
import { site } from '../../../src/content/site';

const data = {
  name: 'Sam Jones',
  aboutSubject: ' (Registration AB12CDE)',
  andLetter: ' and its letter of authority',
  reference: 'VC-AB12-CD34',
  title: 'Make a vehicle claim',
  claimNoun: 'claim',
  claimUrl: 'https://example.test/claims/vehicle-claim/u1_vehicle-claim',
  continueUrl: 'https://example.test/form/start/',
  stageLabel: 'We are checking your claim',
  stageText: 'We are checking the details you gave us.',
  whatHappensNext: 'We will check your claim within 2 working days.',
  link: 'https://example.test/login?link=abc',
  validFor: '1 hour',
  createdAt: '27 November 2026 at 11:02',
  notMeLink: 'https://example.test/login?link=abc&notMe=1',
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

  it("ends every email with the site file's sign-off", () => {
    for (const name of Object.keys(mailTemplates) as MailTemplateName[]) {
      const mail = renderMail(name, data);
      expect(mail.text.trimEnd().endsWith(site.identity.emailSignOff), name).toBe(true);
      expect(renderMail(name, { ...data, signOff: 'Flight Refunds' }).html).toContain(
        '<p>Flight Refunds</p>',
      );
    }
  });

  it('names a letter of authority on withdrawal only where the claim had one', () => {
    const without = renderMail('claim-withdrawn', { ...data, andLetter: '' });
    expect(`${without.text}${without.html}`).not.toMatch(/letter of authority/i);
    expect(renderMail('claim-withdrawn', data).text).toContain(
      'VC-AB12-CD34 and its letter of authority.',
    );
  });

  it('says no platform word of its own about vehicles: those come from the data', () => {
    for (const name of Object.keys(mailTemplates) as MailTemplateName[]) {
      const template = mailTemplates[name];
      expect(`${template.subject}${template.text}${template.html}`, name).not.toMatch(
        /vehicle|motorist/i,
      );
    }
  });
});
