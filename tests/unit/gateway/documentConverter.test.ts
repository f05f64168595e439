/**
 * The repositories' converters check each stored document against its schema as it is read
 * (and each full write): a malformed document is an error naming its path and the field, and
 * an old document missing a defaulted field reads with the default.
 */
import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  claimConverter,
  claimHistoryConverter,
} from '../../../src/gateway/repositories/documents/claimDocument';
import { MalformedDocumentError } from '../../../src/gateway/repositories/documents/documentConverter';
import { mailConverter } from '../../../src/gateway/repositories/documents/mailDocument';

/** A stored document as Firestore hands it to a converter: its path and its fields. */
function stored(path: string, data: Record<string, unknown>): QueryDocumentSnapshot {
  // The converter reads only these two members of a snapshot.
  return { ref: { path }, data: () => ({ ...data }) } as unknown as QueryDocumentSnapshot;
}

const at = Timestamp.fromMillis(Date.UTC(2026, 0, 2));

describe('claimConverter', () => {
  it('reads a claim as stored, typed', () => {
    const claim = claimConverter.fromFirestore(
      stored('claims/c1', {
        userId: 'u1',
        funnelId: 'vehicle-claim',
        funnelVersion: 3,
        status: 'submitted',
        answers: { start: { name: 'Sam' } },
        createdAt: at,
        stageLog: [{ stage: 'received', at }],
        reminded: 'not-possible',
      }),
    );
    expect(claim.status).toBe('submitted');
    expect(claim.answers.start).toEqual({ name: 'Sam' });
    expect(claim.stageLog?.[0]?.at.toMillis()).toBe(at.toMillis());
  });

  it('reads a claim saved before status and answers were kept with their defaults', () => {
    const claim = claimConverter.fromFirestore(stored('claims/old', { funnelId: 'f' }));
    expect(claim.status).toBe('draft');
    expect(claim.answers).toEqual({});
  });

  it('refuses a field of the wrong type, naming the collection, document and field', () => {
    const read = () =>
      claimConverter.fromFirestore(
        stored('claims/c2', { funnelId: 'f', status: 'draft', funnelVersion: '3' }),
      );
    expect(read).toThrow(MalformedDocumentError);
    expect(read).toThrow('Malformed document claims/c2: field funnelVersion must be number');
  });

  it('refuses a time that is not a Firestore time, naming the nested field', () => {
    const read = () =>
      claimConverter.fromFirestore(
        stored('claims/c3', {
          funnelId: 'f',
          stageLog: [{ stage: 'received', at: '2026-01-02T00:00:00Z' }],
        }),
      );
    expect(read).toThrow(
      'Malformed document claims/c3: field stageLog.0.at must be a Firestore time',
    );
  });

  it('reads the time the retention run anonymised a claim, and refuses any other kind of value', () => {
    const anonymised = { funnelId: 'f', status: 'submitted', userId: null, answers: {} };
    expect(
      claimConverter.fromFirestore(stored('claims/a1', { ...anonymised, anonymisedAt: at }))
        .anonymisedAt,
    ).toEqual(at);
    expect(() =>
      claimConverter.fromFirestore(stored('claims/a2', { ...anonymised, anonymisedAt: true })),
    ).toThrow('Malformed document claims/a2: field anonymisedAt must be a Firestore time');
  });

  it('refuses a claim without its funnel', () => {
    expect(() => claimConverter.fromFirestore(stored('claims/c4', { status: 'draft' }))).toThrow(
      "Malformed document claims/c4: the document must have required property 'funnelId'",
    );
  });

  it('checks a full write as well, without adding defaults to it', () => {
    const document = { funnelId: 'f', status: 'draft' as const, answers: {} };
    expect(claimConverter.toFirestore(document)).toEqual(document);
    expect(() =>
      // A value the compiler refuses, as untyped code could still pass it.
      claimConverter.toFirestore({ ...document, status: 'sent' as 'draft' }),
    ).toThrow(
      'Malformed document a new document in claims: field status must be equal to one of the allowed values',
    );
  });
});

describe('claimHistoryConverter', () => {
  it('refuses a record without its time', () => {
    expect(() =>
      claimHistoryConverter.fromFirestore(stored('claims/c1/history/h1', { event: 'submitted' })),
    ).toThrow(
      "Malformed document claims/c1/history/h1: the document must have required property 'at'",
    );
  });
});

describe('mailConverter', () => {
  const message = { subject: 'Hello', text: 'Hello Sam', html: '<p>Hello Sam</p>' };

  it('reads an email queued before its event and claim were kept with their defaults', () => {
    const mail = mailConverter.fromFirestore(
      stored('mail/m1', { to: 'sam@example.com', message, createdAt: at }),
    );
    expect(mail.event).toBe('');
    expect(mail.claimId).toBeNull();
  });

  it('reads the delivery state the extension adds, keeping the rest of it', () => {
    const delivery = { state: 'SUCCESS', attempts: 1, endTime: at };
    const mail = mailConverter.fromFirestore(
      stored('mail/m2', { to: 'sam@example.com', message, createdAt: at, delivery }),
    );
    expect(mail.delivery).toEqual(delivery);
  });

  it('refuses an email whose message lacks a part, naming it', () => {
    expect(() =>
      mailConverter.fromFirestore(
        stored('mail/m3', {
          to: 'sam@example.com',
          message: { subject: 'Hello', text: 'Hello Sam' },
          createdAt: at,
        }),
      ),
    ).toThrow("Malformed document mail/m3: field message must have required property 'html'");
  });

  it('refuses to queue an email without its address', () => {
    expect(() =>
      // A value the compiler refuses, as untyped code could still pass it.
      mailConverter.toFirestore({
        to: 7 as unknown as string,
        message,
        event: 'e',
        claimId: null,
        createdAt: at,
      }),
    ).toThrow('Malformed document a new document in mail: field to must be string');
  });
});
