import type { ClaimDocument } from '../../repositories/documents/claimDocument';
import {
  LETTER_OF_AUTHORITY,
  letterOfAuthorityEvidence,
  signAnswersOf,
  signatureOf,
  signedDocumentOf,
  signPageOf,
  type LetterOfAuthorityEvidence,
  type SignedDocument,
  type Signature,
} from '../../../runtime/funnel';
import { claimContactOf } from '../../../runtime/claim';
import { schemaIdAsWritten } from '../../../runtime/versions';
import { filesOfClaim, localizeFunnel, type Answers, type Funnel } from '../../../runtime/funnel';
import { claimLocaleOf } from '../../mail/mailWords';
import { failedPrecondition, invalidArgument } from '../../call/errors';
import type { SignatureEvidence } from '../../repositories/claimRepository';
import { buildSignedLetterPdf, type Claimant } from '../../services/letterOfAuthorityPdf';
import { findClaim, pinnedVersionOf, requireFunnel } from './claimLookup';
import type { Handler, HandlerContext } from '../handler';
import { gatewayText } from '../../gatewayText';

/**
 * The letter of authority of a funnel with its hash, from the registry bundled into this
 * function (never from the caller), or null when the funnel's sign page has none.
 * @throws failed-precondition when the caller was shown another version than the one held,
 *   said in `locale` (the claim's language).
 */
export async function letterToSign(
  funnel: Funnel,
  shownVersion: string | undefined,
  locale: string,
): Promise<LetterOfAuthorityEvidence | null> {
  const letter = signPageOf(funnel)?.letterOfAuthority;
  if (shownVersion !== undefined && shownVersion !== letter?.version) {
    throw failedPrecondition(gatewayText('letter.changed', signedWordsOf(funnel), locale));
  }
  return letter ? letterOfAuthorityEvidence(letter) : null;
}

/** What the funnel's sign page has the claimant sign, for the sentences that name it. */
function signedWordsOf(funnel: Funnel | undefined): SignedDocument {
  return signedDocumentOf(funnel && signPageOf(funnel)?.letterOfAuthority) ?? LETTER_OF_AUTHORITY;
}

/** The signed PDF's file name: what was signed, then the claim's reference. */
function pdfFileName(letter: LetterOfAuthorityEvidence, reference: string): string {
  const signed = signedDocumentOf(letter);
  const stem =
    signed?.kind === 'declaration'
      ? 'declaration'
      : signed?.kind === 'own'
        ? `signed-${signed.document}`
        : 'letter-of-authority';
  const safe = stem
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${safe || 'signed-document'}-${reference}.pdf`;
}

/**
 * The evidence to store with a submitted claim, or an invalid-argument error naming the
 * signature field when the claim carries no signature worth the name.
 */
export function signatureEvidence(
  funnel: Funnel,
  answers: Answers,
  letter: LetterOfAuthorityEvidence | null,
  context: Pick<HandlerContext, 'ip' | 'userAgent'>,
  signedOn: { version: number; hash: string },
  locale: string,
): SignatureEvidence {
  const signature = signatureOf(signAnswersOf(funnel, answers));
  if (!signature) {
    const pageId = signPageOf(funnel)?.pageId ?? 'sign';
    throw invalidArgument(gatewayText('letter.notSigned', {}, locale), [
      {
        field: `answers.${pageId}.signature`,
        message: gatewayText('letter.signPrompt', {}, locale),
      },
    ]);
  }
  return {
    ...signature,
    userAgent: context.userAgent?.slice(0, 1000) ?? null,
    ip: context.ip,
    letterOfAuthority: letter,
    // The funnel version the claim was checked and signed against, by its content hash.
    funnel: { version: signedOn.version, hash: signedOn.hash },
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * The claimant's details for the PDF: name, email and phone through the funnel's roles
 * (whatever its fields are called), the address from a page of the shared address schema,
 * and the typed signature when the funnel has no name.
 */
function claimantOf(
  funnel: Funnel,
  answers: Answers,
  signature: Signature,
  locale?: string,
): Claimant {
  const bySchema = (schema: string) =>
    funnel.pages
      .filter((page) => schemaIdAsWritten(funnel, page.schema) === schema)
      .map((page) => answers[page.pageId])
      .find((pageAnswers) => pageAnswers !== undefined) ?? {};
  const contact = claimContactOf(funnel.roles, answers);
  const address = bySchema('address');
  const name =
    contact.name ??
    (signature.method === 'typed' ? signature.name : gatewayText('letterPdf.notGiven', {}, locale));
  const addressLines = [address.addressLine1, address.addressLine2, address.town, address.postcode]
    .map(text)
    .filter((line): line is string => line !== undefined);
  return {
    name,
    email: contact.email ?? undefined,
    phoneNumber: contact.phone ?? undefined,
    address: addressLines.length > 0 ? addressLines : undefined,
  };
}

/**
 * What the claim is about for the PDF, through the funnel's subject role: its label in the
 * claim's language and the answer, "Not given" when the claim left it blank; none when the
 * funnel asks for no subject.
 */
export function subjectOf(
  funnel: Funnel,
  answers: Answers,
  locale?: string,
): { label: string; value: string } | undefined {
  const role = (locale ? localizeFunnel(funnel, locale) : funnel).roles?.subject;
  if (!role) return undefined;
  return {
    label: role.label,
    value:
      claimContactOf(funnel.roles, answers).subject ??
      gatewayText('letterPdf.notGiven', {}, locale),
  };
}

function storedSignature(data: ClaimDocument): (SignatureEvidence & { signedAt: Date }) | null {
  const evidence = data.signature;
  const signature = signatureOf({ signature: evidence });
  if (!evidence || !signature || !evidence.signedAt) return null;
  return {
    ...signature,
    userAgent: evidence.userAgent ?? null,
    ip: evidence.ip ?? null,
    letterOfAuthority: evidence.letterOfAuthority ?? null,
    funnel: evidence.funnel,
    signedAt: evidence.signedAt.toDate(),
  };
}

/**
 * The PDF of a sent claim's signed letter of authority, rebuilt from the evidence kept with
 * the claim (the exact letter signed, the signature, when and from where), its words, date and
 * the funnel's title in the language the claim was made in.
 * @throws HttpsError failed-precondition when the claim has no signed letter.
 */
export async function signedLetterPdfOf(
  funnel: Funnel,
  data: ClaimDocument,
): Promise<{ fileName: string; base64: string }> {
  const evidence = storedSignature(data);
  const reference = data.reference ?? '';
  const locale = claimLocaleOf(data);
  if (!evidence?.letterOfAuthority) {
    throw failedPrecondition(gatewayText('letter.noneSigned', {}, locale));
  }
  const answers = data.answers;
  const bytes = await buildSignedLetterPdf({
    letter: evidence.letterOfAuthority,
    claimant: claimantOf(funnel, answers, evidence, locale),
    signature: evidence,
    reference,
    claimTitle: localizeFunnel(funnel, locale).title,
    subject: subjectOf(funnel, answers, locale),
    locale,
    signedAt: evidence.signedAt,
    userAgent: evidence.userAgent,
    ip: evidence.ip,
    evidence: filesOfClaim(answers),
  });
  return {
    fileName: pdfFileName(evidence.letterOfAuthority, reference),
    base64: Buffer.from(bytes).toString('base64'),
  };
}

/**
 * The caller's own signed letter of authority (of their current claim in the funnel, or of
 * `claimId`), as a PDF built from what the claim stored
 * when it was submitted (the letter's text and hash included), so it always matches the
 * evidence. A draft has no signed letter yet.
 */
export const getLetterOfAuthorityPdf: Handler<'getLetterOfAuthorityPdf'> = async (
  data,
  context,
) => {
  const funnel = requireFunnel(data.funnelId);
  const stored = await findClaim(context.uid, data.funnelId, data.claimId);
  if (!stored || stored.data.status !== 'submitted') {
    throw failedPrecondition(
      gatewayText(
        'letter.notYetSent',
        signedWordsOf(funnel),
        stored ? claimLocaleOf(stored.data) : undefined,
      ),
    );
  }
  // Laid out from the version the claim was signed on.
  const { registry } = pinnedVersionOf(stored, data.funnelId);
  return signedLetterPdfOf(registry.getFunnel(data.funnelId)!, stored.data);
};
