import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  letterParagraphs,
  type LetterOfAuthorityEvidence,
  type Signature,
} from '../../runtime/funnel';
import { site } from '../../content/site';
import { EVIDENCE_KINDS, fileSizeInWords, type EvidenceFile } from '../../runtime/contract';
import {
  gatewayLocale,
  gatewayText,
  type GatewayTextKey,
  type GatewayTextValues,
} from '../gatewayText';

/** Who signed, as the claim's answers give it; absent details are left out of the PDF. */
export interface Claimant {
  name: string;
  email?: string;
  phoneNumber?: string;
  /** Address lines, the postcode last. */
  address?: string[];
}

interface SignedLetterInput {
  letter: LetterOfAuthorityEvidence;
  claimant: Claimant;
  signature: Signature;
  reference: string;
  /** The funnel's title, e.g. "Make a vehicle finance claim". */
  claimTitle: string;
  signedAt: Date;
  userAgent: string | null;
  ip: string | null;
  /** The language the claim was made in: the PDF's words and its date are said in it. */
  locale?: string;
  /** The files sent with the claim, listed by name, kind, size and digest (never their bytes). */
  evidence?: readonly EvidenceFile[];
  /**
   * What the claim is about, through the funnel's subject role: its label in the claim's
   * language ("Registration") and the answer ("AB12 CDE"). Left out when the funnel asks for
   * no subject.
   */
  subject?: { label: string; value: string };
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BODY_SIZE = 10.5;
const LINE = 1.4;
const TEXT = rgb(0.043, 0.047, 0.047);
const GREY = rgb(0.31, 0.33, 0.35);

/**
 * "27 November 2026 at 14:03:09 GMT": the signing time, in UK time, written as a reader of
 * `locale` expects it (in the locale the gateway's words are said in, see gatewayLocale).
 * @public tests/unit/gateway/mailLocale.test.ts loads it after mocking (knip cannot see that use).
 */
export function letterDateTime(date: Date, locale?: string): string {
  const writtenIn = gatewayLocale(locale);
  const day = date.toLocaleDateString(writtenIn, {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = date.toLocaleTimeString(writtenIn, {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
  return gatewayText('letterPdf.dateTime', { day, time }, locale);
}

/**
 * The standard PDF fonts only encode Windows-1252: a letter it lacks is written without its
 * accent when that makes it encodable (ő → o), and anything else becomes "?", rather than
 * one character of a name failing the whole document.
 */
const NO_DECOMPOSITION: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
};

function encodable(font: PDFFont, text: string): string {
  let out = '';
  for (const char of text) {
    const candidates = [
      char,
      char.normalize('NFD').replace(/\p{M}/gu, ''),
      NO_DECOMPOSITION[char] ?? '',
    ];
    const usable = candidates.find((candidate) => {
      if (!candidate) return false;
      try {
        font.encodeText(candidate);
        return true;
      } catch {
        return false;
      }
    });
    out += usable ?? '?';
  }
  return out;
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes flowing text top-down, starting a new page when one is full. */
class Writer {
  page: PDFPage;
  y: number;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = this.newPage();
    this.y = A4[1] - MARGIN;
  }

  private newPage(): PDFPage {
    const page = this.pdf.addPage(A4);
    this.pages.push(page);
    return page;
  }

  get width(): number {
    return A4[0] - 2 * MARGIN;
  }

  /** Makes room for `height` points, on a new page if this one has not got it. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + 30) {
      this.page = this.newPage();
      this.y = A4[1] - MARGIN;
    }
  }

  text(
    text: string,
    options: { font?: PDFFont; size?: number; indent?: number; color?: typeof TEXT } = {},
  ) {
    const font = options.font ?? this.regular;
    const size = options.size ?? BODY_SIZE;
    const indent = options.indent ?? 0;
    for (const line of wrap(font, size, encodable(font, text), this.width - indent)) {
      this.ensure(size * LINE);
      this.y -= size * LINE;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y + size * 0.25,
        size,
        font,
        color: options.color ?? TEXT,
      });
    }
  }

  gap(points: number) {
    this.y -= points;
  }

  rule() {
    this.ensure(12);
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.75,
      color: rgb(0.69, 0.71, 0.72),
    });
    this.y -= 6;
  }
}

function labelled(
  say: (key: GatewayTextKey, values?: GatewayTextValues) => string,
  writer: Writer,
  label: string,
  value: string,
) {
  writer.text(say('letterPdf.labelled', { label, value }));
}

async function drawSignature(pdf: PDFDocument, writer: Writer, signature: Signature) {
  const boxHeight = 90;
  writer.ensure(boxHeight + 20);
  const top = writer.y;
  const box = { x: MARGIN, y: top - boxHeight, width: 260, height: boxHeight };
  writer.page.drawRectangle({ ...box, borderColor: GREY, borderWidth: 0.75 });
  if (signature.method === 'drawn') {
    const image = await pdf.embedPng(signature.image);
    const scale = Math.min((box.width - 16) / image.width, (box.height - 16) / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    writer.page.drawImage(image, {
      x: box.x + (box.width - width) / 2,
      y: box.y + (box.height - height) / 2,
      width,
      height,
    });
  } else {
    // No script font ships with pdf-lib; Times bold italic is the standard font nearest a hand.
    const font = await pdf.embedFont(StandardFonts.TimesRomanBoldItalic);
    const name = encodable(font, signature.name);
    const size = Math.min(28, ((box.width - 20) / font.widthOfTextAtSize(name, 28)) * 28);
    writer.page.drawText(name, {
      x: box.x + 10,
      y: box.y + box.height / 2 - size / 3,
      size,
      font,
      color: rgb(0.05, 0.1, 0.35),
    });
  }
  writer.y = box.y - 4;
}

/**
 * The signed letter of authority: what the claim is about (its subject), the claimant's
 * details, the letter exactly as stored in the claim, the signature (the drawn image, or the
 * typed name in an italic hand), and on every page the reference, the letter's version and the SHA-256 of its text, so a copy can
 * be matched to the evidence in the claim.
 */
// eslint-disable-next-line max-lines-per-function -- the letter is drawn top to bottom as it reads on paper; split, its order would be lost
export async function buildSignedLetterPdf(input: SignedLetterInput): Promise<Uint8Array> {
  const { letter, claimant, signature, reference } = input;
  const say = (key: GatewayTextKey, values?: GatewayTextValues) =>
    gatewayText(key, values, input.locale);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${letter.title} – ${reference}`);
  pdf.setSubject(
    say('letterPdf.subject', {
      claimTitle: input.claimTitle,
      documentTitle: letter.title,
      version: letter.version,
    }),
  );
  pdf.setAuthor(claimant.name);
  pdf.setCreator(site.identity.name);
  pdf.setProducer(say('letterPdf.producer', { serviceName: site.identity.name }));
  pdf.setCreationDate(input.signedAt);
  pdf.setModificationDate(input.signedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const writer = new Writer(pdf, regular, bold);

  writer.text(letter.title, { font: bold, size: 20 });
  writer.text(say('letterPdf.reference', { claimTitle: input.claimTitle, reference }), {
    color: GREY,
  });
  writer.text(say('letterPdf.version', { version: letter.version }), { color: GREY });
  if (input.subject) {
    writer.gap(4);
    labelled(say, writer, input.subject.label, input.subject.value);
  }
  writer.rule();

  writer.text(say('letterPdf.claimant'), { font: bold, size: 13 });
  writer.gap(2);
  labelled(say, writer, say('letterPdf.name'), claimant.name);
  if (claimant.email) labelled(say, writer, say('letterPdf.email'), claimant.email);
  if (claimant.phoneNumber) labelled(say, writer, say('letterPdf.phone'), claimant.phoneNumber);
  if (claimant.address?.length)
    labelled(say, writer, say('letterPdf.address'), claimant.address.join(', '));
  writer.rule();

  for (const paragraph of letterParagraphs(letter.text)) {
    for (const line of paragraph) {
      const item = /^[-*•]\s+(.*)$/.exec(line);
      if (item) {
        writer.text(`•`, { indent: 8 });
        writer.y += BODY_SIZE * LINE;
        writer.text(item[1]!, { indent: 20 });
      } else {
        writer.text(line);
      }
    }
    writer.gap(BODY_SIZE * 0.6);
  }
  writer.rule();

  if (input.evidence?.length) {
    writer.text(say('letterPdf.evidence'), { font: bold, size: 13 });
    writer.gap(2);
    for (const file of input.evidence) {
      writer.text(
        say('letterPdf.evidenceFile', {
          name: file.name,
          kind: EVIDENCE_KINDS[file.kind]?.label ?? file.kind,
          size: fileSizeInWords(file.size),
        }),
      );
      writer.text(say('letterPdf.evidenceDigest', { sha256: file.sha256 }), {
        size: 8.5,
        color: GREY,
        indent: 12,
      });
    }
    writer.rule();
  }

  writer.text(say('letterPdf.signed'), { font: bold, size: 13 });
  writer.gap(6);
  await drawSignature(pdf, writer, signature);
  writer.gap(4);
  labelled(say, writer, say('letterPdf.signedBy'), claimant.name);
  labelled(say, writer, say('letterPdf.signedOn'), letterDateTime(input.signedAt, input.locale));
  labelled(
    say,
    writer,
    say('letterPdf.how'),
    say(signature.method === 'drawn' ? 'letterPdf.drawn' : 'letterPdf.typed'),
  );
  writer.gap(6);
  writer.text(
    say('letterPdf.recorded', {
      userAgent: input.userAgent ?? say('letterPdf.notKnown'),
      ip: input.ip ?? say('letterPdf.notKnown'),
    }),
    { size: 8.5, color: GREY },
  );

  const footerSize = 7.5;
  writer.pages.forEach((page, index) => {
    const lines = [
      say('letterPdf.footer', {
        reference,
        documentTitle: letter.title,
        version: letter.version,
        page: index + 1,
        pages: writer.pages.length,
      }),
      say('letterPdf.letterHash', { sha256: letter.sha256 }),
    ];
    lines.forEach((line, i) => {
      page.drawText(encodable(regular, line), {
        x: MARGIN,
        y: MARGIN - 14 - i * footerSize * LINE,
        size: footerSize,
        font: regular,
        color: GREY,
      });
    });
  });
  return pdf.save();
}
