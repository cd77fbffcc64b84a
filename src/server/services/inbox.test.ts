import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { inboxMessages } from '../../../db/schema';
import { contactInput, feedbackInput } from '../../shared/schemas/inbox';
import { callerFor, createTestDb, loggedInUser } from '../testing/harness';
import { createSqliteStore, type Store } from '../store';
import { createContactMessage, createFeedback } from './inbox';

let db: Db;
let store: Store;
beforeEach(() => {
  db = createTestDb();
  store = createSqliteStore(db, false);
});
afterEach(() => {
  db.$client.close();
});

const contact = {
  name: 'Kari Nordmann',
  email: 'kari.nordmann@example.no',
  subject: 'Spørsmål om annonse',
  message: 'Hei! Hvor lang tid tar det før annonsen min blir godkjent?',
};

const rows = () => db.select().from(inboxMessages).all();

/** Calls a procedure that must fail and returns the error (a passing call fails the test). */
async function failure(p: Promise<unknown>): Promise<TRPCError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'the call should have failed').toBeInstanceOf(TRPCError);
  return err as TRPCError;
}

describe('createContactMessage', () => {
  it('stores an unread contact message with every field', async () => {
    const saved = await createContactMessage(store, contactInput.parse({ ...contact, phone: '+47 912 34 567' }));
    const row = db.select().from(inboxMessages).where(eq(inboxMessages.id, saved.id)).get();
    expect(row).toMatchObject({ kind: 'contact', ...contact, phone: '+47 912 34 567', isRead: false });
    expect(saved).toMatchObject({ kind: 'contact', ...contact, phone: '+47 912 34 567', isRead: false });
    expect(Date.parse(saved.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores no phone when none is given', async () => {
    const saved = await createContactMessage(store, contactInput.parse({ ...contact, phone: '   ' }));
    expect(rows()).toHaveLength(1);
    expect(rows()[0].phone).toBeNull();
    expect(saved.phone).toBeNull();
  });

  it('trims what the user typed', async () => {
    await createContactMessage(store, contactInput.parse({ ...contact, name: '  Ola  ', subject: ' Hei ', email: ' ola@example.no ' }));
    expect(rows()[0]).toMatchObject({ name: 'Ola', subject: 'Hei', email: 'ola@example.no' });
  });
});

describe('createFeedback', () => {
  it("stores feedback with kind 'feedback', the text as message and subject 'Tilbakemelding'", async () => {
    const saved = await createFeedback(store, feedbackInput.parse({ feedback: 'Fin side, men søket kunne hatt flere filtre.' }));
    expect(rows()).toEqual([
      expect.objectContaining({
        id: saved.id,
        kind: 'feedback',
        name: '',
        email: '',
        phone: null,
        subject: 'Tilbakemelding',
        message: 'Fin side, men søket kunne hatt flere filtre.',
        isRead: false,
      }),
    ]);
  });

  it('keeps name and e-mail when given', async () => {
    await createFeedback(store, feedbackInput.parse({ name: 'Per Hansen', email: 'per@example.no', feedback: 'Bra!' }));
    expect(rows()[0]).toMatchObject({ name: 'Per Hansen', email: 'per@example.no', message: 'Bra!' });
  });
});

describe('inbox router', () => {
  it('lets a visitor send a contact message', async () => {
    const result = await callerFor(db, null).inbox.contact(contact);
    expect(result).toMatchObject({ kind: 'contact', ...contact });
    expect(rows()).toHaveLength(1);
  });

  it('lets a logged-in user send feedback', async () => {
    const { user } = await loggedInUser(db);
    await callerFor(db, user).inbox.feedback({ name: '', email: '', feedback: 'Takk for en god tjeneste.' });
    expect(rows()).toMatchObject([{ kind: 'feedback', message: 'Takk for en god tjeneste.' }]);
  });

  it.each([
    ['name', 'Navn må fylles ut.'],
    ['email', 'E-post må fylles ut.'],
    ['subject', 'Emne må fylles ut.'],
    ['message', 'Melding må fylles ut.'],
  ] as const)('refuses a contact message without %s: %s', async (field, message) => {
    const { [field]: _omit, ...rest } = contact;
    const err = await failure(callerFor(db, null).inbox.contact(rest as never));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe(message);
    // A blank value is as missing as an absent one.
    const blank = await failure(callerFor(db, null).inbox.contact({ ...contact, [field]: '   ' }));
    expect(blank.message).toBe(message);
    expect(rows()).toHaveLength(0);
  });

  it('refuses a malformed e-mail and a non-Norwegian phone', async () => {
    expect((await failure(callerFor(db, null).inbox.contact({ ...contact, email: 'kari@' }))).message).toBe(
      'Skriv inn en gyldig e-postadresse.',
    );
    expect((await failure(callerFor(db, null).inbox.contact({ ...contact, phone: '12345678' }))).message).toBe(
      'Telefonnummer må være et gyldig norsk nummer (8 siffer, starter med 2-9)',
    );
    expect(rows()).toHaveLength(0);
  });

  it('refuses feedback without text, and with a malformed optional e-mail', async () => {
    expect((await failure(callerFor(db, null).inbox.feedback({ name: 'Per' } as never))).message).toBe('Tilbakemelding må fylles ut.');
    expect((await failure(callerFor(db, null).inbox.feedback({ feedback: 'Hei', email: 'ikke-epost' }))).message).toBe(
      'Skriv inn en gyldig e-postadresse.',
    );
    expect(rows()).toHaveLength(0);
  });

  it('refuses text longer than the limits', async () => {
    const err = await failure(callerFor(db, null).inbox.contact({ ...contact, message: 'x'.repeat(5001) }));
    expect(err.message).toBe('Melding kan ikke være lengre enn 5000 tegn.');
    await callerFor(db, null).inbox.contact({ ...contact, message: 'x'.repeat(5000) });
    expect(rows()).toHaveLength(1);
  });
});
