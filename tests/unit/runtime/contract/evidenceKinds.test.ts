/** A file's kind is told by its first bytes, never its name (src/runtime/contract/evidence.ts). */
import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  fileSizeInWords,
  kindOfBytes,
  kindOfName,
  kindsInWords,
} from '../../../../src/runtime/contract';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

describe('kindOfBytes', () => {
  it('knows each accepted kind by its signature', () => {
    expect(kindOfBytes(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(kindOfBytes(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('jpeg');
    expect(kindOfBytes(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe('png');
    expect(kindOfBytes(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(kindOfBytes(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0]))).toBe('heic');
    expect(kindOfBytes(bytes([0, 0, 0, 24], 'ftypmif1'))).toBe('heic');
  });

  it('knows nothing else, whatever it is called', () => {
    expect(kindOfBytes(bytes('<!doctype html><script>'))).toBeNull();
    expect(kindOfBytes(bytes([0, 0, 0, 24], 'ftypmp42'))).toBeNull();
    expect(kindOfBytes(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
    expect(kindOfBytes(bytes('%PD'))).toBeNull();
    expect(kindOfBytes(new Uint8Array())).toBeNull();
  });
});

describe('what the claimant reads of kinds and sizes', () => {
  it('lists kinds as GOV.UK does', () => {
    expect(kindsInWords(['pdf', 'jpeg', 'png'], 'or')).toBe('PDF, JPG or PNG');
    expect(kindsInWords(['pdf'], 'or')).toBe('PDF');
    expect(kindsInWords(['jpeg', 'heic'], 'neu')).toBe('JPG neu HEIC');
  });

  it('reads a kind from a name only to refuse early', () => {
    expect(kindOfName('Scan.JPEG')).toBe('jpeg');
    expect(kindOfName('report.pdf')).toBe('pdf');
    expect(kindOfName('notes.docx')).toBeNull();
  });

  it('gives an input its accept list and a size its words', () => {
    expect(acceptAttribute(['pdf', 'png'])).toBe('.pdf,application/pdf,.png,image/png');
    expect(fileSizeInWords(850_000)).toBe('850 KB');
    expect(fileSizeInWords(2_400_000)).toBe('2.4 MB');
    expect(fileSizeInWords(12_000_000)).toBe('12 MB');
    expect(fileSizeInWords(12)).toBe('1 KB');
  });
});
