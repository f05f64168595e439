/** schemas/signature.schema.json: a drawn PNG or a typed name, with GOV.UK messages. */
import { describe, expect, it } from 'vitest';
import { projectRegistry } from '../projectFiles';

const registry = projectRegistry();
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The sign page's errors as `field: message`, for each funnel that has the page. */
function errorsOf(signature: unknown, consent: unknown = true): string[] {
  const answers = signature === undefined ? { consent } : { consent, signature };
  const results = ['vehicle-claim', 'diesel-emissions'].map((funnelId) =>
    registry
      .validatePage(funnelId, 'sign', answers)
      .errors.map((error) => `${error.field}: ${error.message}`),
  );
  // Both funnels sign with the same schema, so they must agree.
  expect(results[1]).toEqual(results[0]);
  return results[0]!;
}

describe('signature schema: valid signatures', () => {
  it('accepts a drawn signature as a PNG data URL', () => {
    expect(errorsOf({ method: 'drawn', image: PNG })).toEqual([]);
  });

  it('accepts a typed full name', () => {
    expect(errorsOf({ method: 'typed', name: 'Ann Smith' })).toEqual([]);
    expect(errorsOf({ method: 'typed', name: 'Siân O’Brien-Łukasiewicz' })).toEqual([]);
  });

  it('accepts a drawn image just under 200 KB', () => {
    const image = PNG.slice(0, PNG.indexOf(',') + 1) + 'iVBORw0KGgo' + 'A'.repeat(273_000);
    expect(errorsOf({ method: 'drawn', image })).toEqual([]);
  });
});

describe('signature schema: empty signatures', () => {
  it('refuses a missing signature', () => {
    expect(errorsOf(undefined)).toEqual([
      'signature: Sign your claim: draw your signature or type your full name',
    ]);
  });

  it('asks only how to sign when nothing was chosen', () => {
    expect(errorsOf({})).toEqual([
      'signature.method: Select how you want to sign: draw your signature or type your name',
    ]);
    expect(errorsOf({ image: PNG })).toEqual([
      'signature.method: Select how you want to sign: draw your signature or type your name',
    ]);
  });

  it('refuses a drawing with no image', () => {
    expect(errorsOf({ method: 'drawn' })).toEqual([
      'signature.image: Draw your signature in the box, or choose to type your name instead',
    ]);
    expect(errorsOf({ method: 'drawn', image: '' })).toEqual([
      'signature.image: Draw your signature in the box again',
    ]);
  });

  it('refuses an empty or blank typed name', () => {
    expect(errorsOf({ method: 'typed' })).toEqual([
      'signature.name: Enter your full name to sign your claim',
    ]);
    expect(errorsOf({ method: 'typed', name: '' })).toEqual([
      'signature.name: Full name must be 2 characters or more',
    ]);
    expect(errorsOf({ method: 'typed', name: '    ' })).toEqual([
      'signature.name: Enter your full name to sign your claim',
    ]);
  });

  it('still needs consent', () => {
    expect(errorsOf({ method: 'typed', name: 'Ann Smith' }, false)).toEqual([
      'consent: Select to confirm the information you have given is true',
    ]);
  });
});

describe('signature schema: wrong shapes', () => {
  it('refuses the old plain-string signature', () => {
    expect(errorsOf('Ann Smith')).toEqual([
      'signature: Sign your claim: draw your signature or type your full name',
    ]);
  });

  it('refuses an unknown or missing method', () => {
    expect(errorsOf({ method: 'stamped', name: 'Ann Smith' })).toEqual([
      'signature.method: Select how you want to sign: draw your signature or type your name',
    ]);
    expect(errorsOf({ image: PNG })[0]).toBe(
      'signature.method: Select how you want to sign: draw your signature or type your name',
    );
  });

  it('refuses an image that is not a PNG data URL', () => {
    const message = 'signature.image: Draw your signature in the box again';
    expect(errorsOf({ method: 'drawn', image: 'data:image/jpeg;base64,/9j/4AAQ' })).toEqual([
      message,
    ]);
    expect(errorsOf({ method: 'drawn', image: 'https://example.com/sig.png' })).toEqual([message]);
    expect(
      errorsOf({ method: 'drawn', image: 'data:image/png;base64,iVBORw0KGgo<script>' }),
    ).toEqual([message]);
  });

  it('refuses a drawn image over 200 KB', () => {
    const image = 'data:image/png;base64,iVBORw0KGgo' + 'A'.repeat(300_000);
    expect(errorsOf({ method: 'drawn', image })).toEqual([
      'signature.image: Your drawn signature is too large: clear it and draw it again, or type your name instead',
    ]);
  });

  it('refuses a typed name over 100 characters', () => {
    expect(errorsOf({ method: 'typed', name: 'A'.repeat(101) })).toEqual([
      'signature.name: Full name must be 100 characters or less',
    ]);
  });

  it('refuses a signature that is both drawn and typed, or carries other fields', () => {
    expect(errorsOf({ method: 'drawn', image: PNG, name: 'Ann Smith' })).toEqual([
      'signature: Sign your claim either by drawing or by typing your name, not both',
    ]);
    expect(errorsOf({ method: 'typed', name: 'Ann Smith', image: PNG })).toEqual([
      'signature: Sign your claim either by drawing or by typing your name, not both',
    ]);
    expect(errorsOf({ method: 'typed', name: 'Ann Smith', signedAt: 'now' })).toEqual([
      'signature.signedAt: "signedAt" is not a recognised field',
    ]);
  });
});
