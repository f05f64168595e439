/**
 * The emails that carry a single-use link (sign in, come back later, confirm an address, a
 * new link to one claim).
 * The gateway sends them itself, rather than through Firebase Auth's own emails, so that
 * only the gateway can turn a link into a session: it knows the link was followed, and can
 * refuse to hand anything to an account whose address was never proved.
 */
import { EMAIL_LINK_MINUTES, type EmailLinkPurpose } from '../../runtime/constants';
import type { GatewayConfig } from '../infra/config';
import { resourceExhausted } from '../call/errors';
import { RECIPIENT_EXHAUSTED_MESSAGE } from '../call/quotas';
import { emailLinkRepository, type EmailLink } from '../repositories/emailLinkRepository';
import { mailRepository } from '../repositories/mailRepository';
import { consumeQuotas } from '../repositories/rateLimitRepository';
import { canonicalEmail } from '../repositories/saveAndReturnRepository';
import { mailRecipientCounter } from './recipientLimit';
import { renderMail, type MailTemplateName } from './mailTemplates';
import { validForText } from './mailWords';

const TEMPLATE_OF: Record<Exclude<EmailLinkPurpose, 'support'>, MailTemplateName> = {
  'sign-in': 'sign-in-link',
  'save-and-return': 'save-and-return-link',
  'confirm-email': 'confirm-email',
  claim: 'claim-link',
};

export { validForText } from './mailWords';

/**
 * Makes a link and emails it to `link.email`, counting against the per-recipient limit
 * first (nothing is made or sent when it is used up).
 * @param urlOf the app address of the link, from its token
 * @param data the template's other placeholders (from the token, when one is another link)
 * @param locale the reader's language (a claim's, for an email about one): the template and
 *   the link's lifetime are said in it
 * @throws HttpsError resource-exhausted when the address has had too many emails this hour.
 */
export async function sendLinkMail(
  link: Omit<EmailLink, 'expiresAt' | 'email'> & {
    purpose: Exclude<EmailLinkPurpose, 'support'>;
    email: string;
  },
  urlOf: (token: string) => string,
  data: Record<string, string> | ((token: string) => Record<string, string>),
  caller: { uid: string; config: GatewayConfig },
  locale?: string,
): Promise<{ expiresAt: Date }> {
  const email = canonicalEmail(link.email);
  if (await consumeQuotas([mailRecipientCounter(email, caller.config.addressSecret)], caller.uid)) {
    throw resourceExhausted(RECIPIENT_EXHAUSTED_MESSAGE);
  }
  const { token, expiresAt } = await emailLinkRepository.create({ ...link, email });
  const message = renderMail(
    TEMPLATE_OF[link.purpose],
    {
      ...(typeof data === 'function' ? data(token) : data),
      link: urlOf(token),
      validFor: validForText(EMAIL_LINK_MINUTES[link.purpose], locale),
    },
    locale,
  );
  await mailRepository.queue({
    to: email,
    message,
    event: TEMPLATE_OF[link.purpose],
    claimId: link.claimId ?? null,
  });
  return { expiresAt };
}
