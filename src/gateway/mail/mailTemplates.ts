/**
 * The emails the gateway writes for the Trigger Email extension, from the templates in
 * src/content/emails/ (subject, plain text and HTML, with `{{name}}` placeholders), written in
 * en-GB; a template in another locale is `<name>.<locale>.json` beside it (see
 * ../infra/contentLocales.ts). Pure, so a unit test renders every template and the gateway
 * sends exactly what it shows.
 */
import claimReceived from '../../content/emails/claim-received.json';
import claimWithdrawn from '../../content/emails/claim-withdrawn.json';
import draftReminder from '../../content/emails/draft-reminder.json';
import stageChanged from '../../content/emails/stage-changed.json';
import signInLink from '../../content/emails/sign-in-link.json';
import saveAndReturnLink from '../../content/emails/save-and-return-link.json';
import confirmEmail from '../../content/emails/confirm-email.json';
import claimLink from '../../content/emails/claim-link.json';
import { site } from '../../content/site';
import { GATEWAY_LOCALE } from '../gatewayText';
import { readerLocale } from '../infra/readerLocale';
import { PLACEHOLDER } from '../infra/contentLocales';
import translatedContent from '../infra/translatedContent';
import type { MailMessage } from '../repositories/documents/mailDocument';

interface MailTemplate {
  subject: string;
  text: string;
  html: string;
}

export const mailTemplates = {
  'claim-received': claimReceived,
  'stage-changed': stageChanged,
  'claim-withdrawn': claimWithdrawn,
  'draft-reminder': draftReminder,
  'sign-in-link': signInLink,
  'save-and-return-link': saveAndReturnLink,
  'confirm-email': confirmEmail,
  'claim-link': claimLink,
} satisfies Record<string, MailTemplate>;

export type MailTemplateName = keyof typeof mailTemplates;

/**
 * The locale an email to a reader of `locale` is written in: theirs when it has templates. An
 * email not about a claim is written for the caller of the call that sends it (readerLocale).
 * @public tests/unit/gateway/mailLocale.test.ts loads it after mocking (knip cannot see that use).
 */
export function mailLocale(locale: string = readerLocale() ?? GATEWAY_LOCALE): string {
  return locale !== GATEWAY_LOCALE && translatedContent.emails[locale] ? locale : GATEWAY_LOCALE;
}

/**
 * The template of `name` in `locale`: its `<name>.<locale>.json` when the locale has email
 * templates at all, the en-GB one when it has none (site:check requires every template of a
 * locale the site is offered in).
 * @throws Error when a locale with templates lacks this one, or has it without a field.
 * @public tests/unit/gateway/mailLocale.test.ts loads it after mocking (knip cannot see that use).
 */
export function mailTemplate(
  name: MailTemplateName,
  locale: string = readerLocale() ?? GATEWAY_LOCALE,
): MailTemplate {
  const writtenIn = mailLocale(locale);
  if (writtenIn === GATEWAY_LOCALE) return mailTemplates[name];
  // Translated emails are read as loose JSON; each field is checked to be a string below.
  const template = translatedContent.emails[writtenIn]?.[name] as Partial<MailTemplate> | undefined;
  if (!template)
    throw new Error(`No ${writtenIn} email template "${name}" (emails/${name}.${writtenIn}.json)`);
  for (const field of ['subject', 'text', 'html'] as const) {
    if (typeof template[field] !== 'string') {
      throw new Error(`emails/${name}.${writtenIn}.json: /${field}: must be a string`);
    }
  }
  // The loop above checked every field of MailTemplate is a string.
  return template as MailTemplate;
}

/** The extension's `message` field, as the mail document's schema gives it. */
export type { MailMessage };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function fill(template: string, data: Record<string, string>, escape: (s: string) => string) {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(data, name)) throw new Error(`no value for {{${name}}}`);
    return escape(data[name]!);
  });
}

/**
 * Renders a template, in the reader's `locale` (see mailTemplate), with the claimant's data:
 * the HTML part escapes every value (a name is the claimant's own typing), subject and text
 * take them as they are, with no line breaks in the subject.
 * @throws Error naming a placeholder the data has no value for.
 */
export function renderMail(
  name: MailTemplateName,
  given: Record<string, string>,
  locale: string = readerLocale() ?? GATEWAY_LOCALE,
): MailMessage {
  const template = mailTemplate(name, locale);
  // Every email is signed by the deployment itself (site.json identity.emailSignOff), in the
  // reader's language where the site's words are translated (site.<locale>.json).
  const signOff =
    translatedContent.site[locale]?.['/identity/emailSignOff'] ?? site.identity.emailSignOff;
  const data = { signOff, ...given };
  return {
    subject: fill(template.subject, data, (value) => value.replace(/[\r\n]+/g, ' ')),
    text: fill(template.text, data, (value) => value),
    html: fill(template.html, data, (value) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)),
  };
}
