/**
 * What a claimant signs (a letter of authority, a declaration, or the owner's own document),
 * and the signature they sign it with. Pure: the
 * browser shows the letter with these functions, the gateway stores the evidence and builds
 * the signed PDF with the same ones, so what is hashed is what was shown.
 */
import type { Funnel, FunnelPage, LetterOfAuthority } from '../generated/funnel';
import { isJsonObject } from '../schema/schemaProperties';
import type { Answers } from '../types';

export type { LetterOfAuthority };

/** A signature as the sign page's `signature` answer holds it (schemas/signature.schema.json). */
export type Signature = { method: 'drawn'; image: string } | { method: 'typed'; name: string };

/** What signing means: someone may act for the claimant, a declaration, or the owner's own. */
export type SignedKind = NonNullable<LetterOfAuthority['kind']>;

/**
 * What the claimant signs, as the sentences around it name it: its kind (each message
 * selects its words on it) and, for the owner's own document, the name the funnel gives it.
 */
// A type, not an interface: it is passed as a message's values (a string-keyed record).
export type SignedDocument = {
  kind: SignedKind;
  /** The owner's name for it ("consent form"); empty for the other kinds. */
  document: string;
};

/**
 * A letter of authority's words: what a funnel signs when its document names no kind, and what
 * a sentence about a signed document says where there is none to ask (a claim signed before
 * kinds, a funnel without one).
 */
export const LETTER_OF_AUTHORITY: SignedDocument = { kind: 'authority', document: '' };

/** The words of what a page (or stored evidence) has signed, or null when nothing is signed. */
export function signedDocumentOf(
  letter: Partial<LetterOfAuthority> | null | undefined,
): SignedDocument | null {
  if (!letter) return null;
  const kind = letter.kind ?? 'authority';
  return { kind, document: kind === 'own' ? (letter.name ?? '') : '' };
}

/** The document stored with a signed claim: the exact text and its SHA-256. */
export interface LetterOfAuthorityEvidence extends LetterOfAuthority {
  /** Lower-case hex SHA-256 of the UTF-8 bytes of `text`, exactly as the funnel holds it. */
  sha256: string;
}

/** The page of a funnel where the claim is signed, if it has one. */
export function signPageOf(funnel: Funnel): FunnelPage | undefined {
  return funnel.pages.find((page) => page.kind === 'review-and-sign');
}

/**
 * The letter's paragraphs: the text split at blank lines, each paragraph's lines kept (a
 * list written one item a line stays one item a line). Trailing spaces are dropped.
 */
export function letterParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trimEnd())
        .filter((line) => line.trim().length > 0),
    )
    .filter((lines) => lines.length > 0);
}

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * SHA-256 of the letter's text (UTF-8, unchanged), as lower-case hex. Web Crypto, so the
 * browser and the gateway (Node 20) compute it with the same code.
 */
export async function letterOfAuthorityHash(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(digest);
}

/** The letter with its hash, as the gateway stores it in a signed claim. */
export async function letterOfAuthorityEvidence(
  letter: LetterOfAuthority,
): Promise<LetterOfAuthorityEvidence> {
  return {
    // Stored, so the signed PDF and the claim's pages name what was signed, whatever the
    // funnel says later.
    kind: letter.kind ?? 'authority',
    ...(letter.name ? { name: letter.name } : {}),
    version: letter.version,
    title: letter.title,
    text: letter.text,
    sha256: await letterOfAuthorityHash(letter.text),
  };
}

/**
 * The signature in a sign page's answers, or null when there is none worth the name: no
 * method, a drawn signature without an image, or a typed name that is only spaces. The
 * page schema says the same with messages; this is the gateway's last word before it
 * stores evidence, whatever schema a funnel uses.
 */
export function signatureOf(pageAnswers: unknown): Signature | null {
  if (!isJsonObject(pageAnswers)) return null;
  const signature = pageAnswers.signature;
  if (!isJsonObject(signature)) return null;
  if (signature.method === 'drawn' && typeof signature.image === 'string') {
    return signature.image.startsWith('data:image/png;base64,') &&
      signature.image.length > 'data:image/png;base64,'.length
      ? { method: 'drawn', image: signature.image }
      : null;
  }
  if (signature.method === 'typed' && typeof signature.name === 'string') {
    const name = signature.name.trim();
    return name.length > 0 ? { method: 'typed', name } : null;
  }
  return null;
}

/** The claimant's answers on the sign page of a funnel, if the funnel has one. */
export function signAnswersOf(funnel: Funnel, answers: Answers): unknown {
  const page = signPageOf(funnel);
  return page ? answers[page.pageId] : undefined;
}
