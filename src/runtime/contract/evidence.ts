/**
 * Evidence files: what a file question may accept, and how a stored file is told apart by its
 * first bytes. The browser (to refuse early, in the claimant's words), the gateway (which
 * decides, by the bytes it stored, never by a file's name or the browser's word) and
 * `funnels:check` (which refuses a question that cannot work) read the same table.
 */

/** The kinds of file a question may accept, as a page schema names them in `x-evidence.accept`. */
export const EVIDENCE_KINDS = {
  pdf: { label: 'PDF', mediaType: 'application/pdf', extensions: ['.pdf'] },
  jpeg: { label: 'JPG', mediaType: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  png: { label: 'PNG', mediaType: 'image/png', extensions: ['.png'] },
  heic: { label: 'HEIC', mediaType: 'image/heic', extensions: ['.heic', '.heif'] },
  webp: { label: 'WEBP', mediaType: 'image/webp', extensions: ['.webp'] },
} as const;

export type EvidenceKind = keyof typeof EVIDENCE_KINDS;

// Object.keys is typed string[]; these are the keys of the literal EVIDENCE_KINDS itself.
export const EVIDENCE_KIND_NAMES = Object.keys(EVIDENCE_KINDS) as EvidenceKind[];

/** Kinds a browser can show as a picture (staff previews); HEIC is not one in most browsers. */
export const PREVIEWABLE_KINDS: readonly EvidenceKind[] = ['jpeg', 'png', 'webp'];

/** The platform's ceiling on one file, whatever a question says: 20 MB. */
export const MAX_EVIDENCE_FILE_MB = 20;
/** The most files one question may ask for. */
export const MAX_FILES_PER_QUESTION = 20;
/** The most files one claim may hold, across its questions. */
export const MAX_FILES_PER_CLAIM = 40;

/** Megabytes as GOV.UK counts them for its "smaller than 10MB" (decimal megabytes). */
export const BYTES_PER_MB = 1_000_000;

/**
 * Bytes a browser sends in one request of a resumable upload: a multiple of 256 KiB, as
 * Cloud Storage requires of every chunk but the last. A dropped connection costs at most one.
 */
export const UPLOAD_CHUNK_BYTES = 4 * 256 * 1024;

/** A stored file as an answer records it: never its bytes, which stay in Cloud Storage. */
export interface EvidenceFile {
  fileId: string;
  /** The name the claimant's file had (shown back to them and to staff, never trusted). */
  name: string;
  /** Bytes, as stored. */
  size: number;
  /** The kind its first bytes showed. */
  kind: EvidenceKind;
  /** sha256 of the stored bytes, hex. */
  sha256: string;
}

/** How many bytes of a file's start `kindOfBytes` needs. */
export const SNIFF_BYTES = 32;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

/** ISO BMFF brands of HEIC/HEIF still images (`ftyp` box). */
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

/**
 * The kind of a file by its first bytes (its signature), or null when it is none of the
 * kinds: a PNG renamed `.pdf` is a PNG, an HTML page renamed `.jpg` is nothing.
 */
export function kindOfBytes(bytes: Uint8Array): EvidenceKind | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (HEIF_BRANDS.includes(brand)) return 'heic';
  }
  return null;
}

/** The kind a file's name suggests (only to refuse early in the browser; never to decide). */
export function kindOfName(name: string): EvidenceKind | null {
  const lower = name.toLowerCase();
  for (const kind of EVIDENCE_KIND_NAMES) {
    if (EVIDENCE_KINDS[kind].extensions.some((extension) => lower.endsWith(extension))) {
      return kind;
    }
  }
  return null;
}

/**
 * "PDF, JPG or PNG": the kinds as GOV.UK's "The selected file must be a …" lists them.
 */
export function kindsInWords(kinds: readonly EvidenceKind[], or: string): string {
  const labels = kinds.map((kind) => EVIDENCE_KINDS[kind].label);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} ${or} ${labels[labels.length - 1]}`;
}

/** The `accept` attribute of a file input for these kinds (extensions and media types). */
export function acceptAttribute(kinds: readonly EvidenceKind[]): string {
  return kinds
    .flatMap((kind) => [...EVIDENCE_KINDS[kind].extensions, EVIDENCE_KINDS[kind].mediaType])
    .join(',');
}

/** A size for people: "850 KB", "2.4 MB" (decimal, as the limits are written). */
export function fileSizeInWords(bytes: number): string {
  if (bytes < BYTES_PER_MB) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  const mb = bytes / BYTES_PER_MB;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** The id the gateway gives a file (random, URL-safe, 22 to 40 characters). */
export const EVIDENCE_FILE_ID_PATTERN = '^[A-Za-z0-9_-]{22,40}$';
