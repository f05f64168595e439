/**
 * The lines of text a PDF built with pdf-lib's standard fonts shows, page by page, in the
 * order they were drawn: each `drawText` is one shown string (one wrapped line). Enough to
 * check what a generated PDF says without a PDF reader.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFRawStream,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';

/** WinAnsiEncoding's bytes 0x80–0x9F, where it differs from Latin-1 (the rest is Latin-1). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x84: '„',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x99: '™',
};

function contentStreams(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  const resolve = (object: PDFObject | undefined) => page.doc.context.lookup(object);
  const entries = contents instanceof PDFArray ? contents.asArray().map(resolve) : [contents];
  return entries.filter((entry): entry is PDFRawStream => entry instanceof PDFRawStream);
}

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = parseInt(hex.slice(i, i + 2), 16);
    text += WIN_ANSI[byte] ?? String.fromCharCode(byte);
  }
  return text;
}

/** Each page's shown strings, in drawing order. */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) =>
    contentStreams(page).flatMap((stream) => {
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      return [...operators.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)].map((shown) =>
        decodeHex(shown[1]!.replace(/\s/g, '')),
      );
    }),
  );
}

/** Every line of text a PDF shows, all pages joined. */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  return (await pdfPagesText(bytes)).flat();
}
