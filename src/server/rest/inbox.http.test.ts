import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGE, RATE_LIMITS } from '../limits/rate-limits';
import { createTestApp, json, type TestApp } from '../testing/harness';
import { freshIps } from '../testing/http';
import { countRows, findRows } from '../testing/store-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Every request comes from its own address unless a test says otherwise, so the per-IP rate limits
// (5 per 10 minutes) only bite where a test means them to.
const freshIp = freshIps(0);

async function send(opts: InjectOptions & { ip?: string }): Promise<LightMyRequestResponse> {
  const { ip, ...rest } = opts;
  const res = await t.app.inject({ remoteAddress: ip ?? freshIp(), ...rest });
  // docs/product/api.md: no request, however malformed, gets a 500.
  expect(res.statusCode, res.body).toBeLessThan(500);
  return res;
}
const post = (url: string, payload: unknown, extra: Omit<InjectOptions, 'url' | 'method' | 'payload'> & { ip?: string } = {}) =>
  send({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
const rawPost = (url: string, body: string, contentType = 'application/json', ip?: string) =>
  send({ method: 'POST', url, payload: body, headers: { 'content-type': contentType }, ip });

const rowCount = () => countRows(t.store, 'inboxMessages');
const lastRow = async () => (await findRows(t.store, 'inboxMessages')).at(-1);

const contact = {
  name: 'Kari Nordmann',
  email: 'kari.nordmann@example.no',
  subject: 'Spørsmål om annonse',
  message: 'Hei! Hvor lang tid tar det før annonsen min blir godkjent?',
};
const feedback = { name: 'Per Hansen', email: 'per.hansen@example.no', feedback: 'Veldig oversiktlig side. Savner et filter for hengerfeste.' };

describe('POST /api/contact', () => {
  it('stores a valid message and answers 201 with it', async () => {
    const before = await rowCount();
    const res = await post('/api/contact', contact);
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body).toMatchObject({ kind: 'contact', ...contact, phone: null, isRead: false });
    expect(typeof body.id).toBe('number');
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
    expect(await rowCount()).toBe(before + 1);
    expect(await lastRow()).toMatchObject({ id: body.id, kind: 'contact', ...contact, phone: null, isRead: false });
  });

  it('keeps an optional phone and ignores unknown fields', async () => {
    const res = await post('/api/contact', { ...contact, phone: '912 34 567', isRead: true, id: 999, kind: 'feedback' });
    expect(res.statusCode).toBe(201);
    expect(await lastRow()).toMatchObject({ kind: 'contact', phone: '912 34 567', isRead: false });
    expect((await lastRow())!.id).not.toBe(999);
  });

  it.each([
    ['name', 'Navn må fylles ut.'],
    ['email', 'E-post må fylles ut.'],
    ['subject', 'Emne må fylles ut.'],
    ['message', 'Melding må fylles ut.'],
  ] as const)('answers 400 without %s, naming the field in Norwegian', async (field, message) => {
    const before = await rowCount();
    const { [field]: _omit, ...rest } = contact;
    for (const payload of [rest, { ...contact, [field]: '' }, { ...contact, [field]: '  \n ' }, { ...contact, [field]: null }]) {
      const res = await post('/api/contact', payload);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ message, details: { [field]: message } });
    }
    expect(await rowCount()).toBe(before);
  });

  it('names every missing field at once', async () => {
    const res = await post('/api/contact', {});
    expect(res.statusCode).toBe(400);
    expect(json(res).details).toEqual({
      name: 'Navn må fylles ut.',
      email: 'E-post må fylles ut.',
      subject: 'Emne må fylles ut.',
      message: 'Melding må fylles ut.',
    });
  });

  it.each(['kari', 'kari@', '@example.no', 'kari nordmann@example.no', 'kari@example'])('answers 400 for the e-mail %j', async (email) => {
    const res = await post('/api/contact', { ...contact, email });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: 'Skriv inn en gyldig e-postadresse.', details: { email: 'Skriv inn en gyldig e-postadresse.' } });
  });

  it('answers 400 for a phone that is not Norwegian', async () => {
    const res = await post('/api/contact', { ...contact, phone: '12345678' });
    expect(res.statusCode).toBe(400);
    expect(json(res).details).toEqual({ phone: 'Telefonnummer må være et gyldig norsk nummer (8 siffer, starter med 2-9)' });
  });

  it('answers 400 for numbers, arrays and objects where text belongs', async () => {
    const before = await rowCount();
    for (const [field, value] of [
      ['name', 42],
      ['email', ['kari@example.no']],
      ['subject', { text: 'Hei' }],
      ['message', 12345],
      ['phone', 91234567],
      ['message', true],
    ] as const) {
      const res = await post('/api/contact', { ...contact, [field]: value });
      expect(res.statusCode).toBe(400);
      expect(json(res).details[field]).toMatch(/^(Navn|E-post|Emne|Melding|Telefonnummer) må være tekst\.$/);
    }
    expect(await rowCount()).toBe(before);
  });

  it('answers 400 when the body is not an object', async () => {
    for (const body of ['[]', '[{"name":"Kari"}]', '"hei"', '42', 'null', 'true']) {
      const res = await rawPost('/api/contact', body);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('Forespørselen må være et JSON-objekt.');
    }
  });

  it('answers 400 for malformed JSON', async () => {
    for (const body of ['{"name": "Kari",', '{name: Kari}', "{'a':1}", '{"name":"Kari"}}']) {
      const res = await rawPost('/api/contact', body);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe('Ugyldig JSON i forespørselen.');
    }
  });

  it('answers 400 for an empty body, and for plain text', async () => {
    expect((await rawPost('/api/contact', '')).statusCode).toBe(400);
    const text = await rawPost('/api/contact', 'Hei, dette er en melding', 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(json(text).message).toBe('Forespørselen må være et JSON-objekt.');
    const none = await send({ method: 'POST', url: '/api/contact' });
    expect(none.statusCode).toBe(400);
  });

  it('answers 400 for text beyond the limits', async () => {
    const res = await post('/api/contact', { ...contact, message: 'Lang melding. '.repeat(400) });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Melding kan ikke være lengre enn 5000 tegn.');
    const subject = await post('/api/contact', { ...contact, subject: 'x'.repeat(151) });
    expect(json(subject).message).toBe('Emne kan ikke være lengre enn 150 tegn.');
  });

  it('answers 413 for a body above 1 MiB and stores nothing', async () => {
    const before = await rowCount();
    const res = await post('/api/contact', { ...contact, message: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe('Forespørselen er for stor.');
    expect(await rowCount()).toBe(before);
  });

  it('refuses a request from another site with 403 and stores nothing', async () => {
    const before = await rowCount();
    const res = await post('/api/contact', contact, { headers: { origin: 'https://evil.example.com' } });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Forespørselen kom fra et annet nettsted og ble avvist.');
    expect(await rowCount()).toBe(before);
  });

  it('accepts a request whose Origin is the site itself', async () => {
    const res = await post('/api/contact', contact, { headers: { origin: 'http://bilpartner.test', host: 'bilpartner.test' } });
    expect(res.statusCode).toBe(201);
  });

  it('answers 429 in Norwegian once the budget is spent, and stores no more', async () => {
    const ip = '192.0.2.10';
    const { max } = RATE_LIMITS.contact;
    for (let i = 0; i < max; i++) expect((await post('/api/contact', contact, { ip })).statusCode).toBe(201);
    const before = await rowCount();
    const res = await post('/api/contact', contact, { ip });
    expect(res.statusCode).toBe(429);
    expect(json(res).message).toBe(RATE_LIMIT_MESSAGE);
    expect(RATE_LIMIT_MESSAGE).toBe('For mange forsøk. Vent litt og prøv igjen.');
    expect(await rowCount()).toBe(before);

    // The same budget holds over tRPC, and another visitor is not affected.
    const trpc = await send({ method: 'POST', url: '/trpc/inbox.contact', payload: contact, ip });
    expect(trpc.statusCode).toBe(429);
    expect(await rowCount()).toBe(before);
    expect((await post('/api/contact', contact, { ip: '192.0.2.11' })).statusCode).toBe(201);
  });
});

describe('POST /api/feedback', () => {
  it("stores feedback with kind 'feedback', subject 'Tilbakemelding' and answers 201", async () => {
    const res = await post('/api/feedback', feedback);
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body).toMatchObject({ kind: 'feedback', name: feedback.name, email: feedback.email, subject: 'Tilbakemelding', message: feedback.feedback });
    expect(await lastRow()).toMatchObject({
      id: body.id,
      kind: 'feedback',
      name: 'Per Hansen',
      email: 'per.hansen@example.no',
      phone: null,
      subject: 'Tilbakemelding',
      message: feedback.feedback,
      isRead: false,
    });
  });

  it('needs only the feedback text; blank name and e-mail are fine', async () => {
    for (const payload of [{ feedback: 'Kjempebra!' }, { name: '', email: '', feedback: 'Kjempebra!' }, { name: null, email: null, feedback: 'Kjempebra!' }]) {
      const res = await post('/api/feedback', payload);
      expect(res.statusCode).toBe(201);
      expect(await lastRow()).toMatchObject({ kind: 'feedback', name: '', email: '', message: 'Kjempebra!' });
    }
  });

  it('answers 400 without feedback text', async () => {
    const before = await rowCount();
    for (const payload of [{ name: 'Per' }, { feedback: '' }, { feedback: '   ' }, {}]) {
      const res = await post('/api/feedback', payload);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ message: 'Tilbakemelding må fylles ut.', details: { feedback: 'Tilbakemelding må fylles ut.' } });
    }
    expect(await rowCount()).toBe(before);
  });

  it('answers 400 for a malformed optional e-mail', async () => {
    const res = await post('/api/feedback', { feedback: 'Hei', email: 'per(at)example.no' });
    expect(res.statusCode).toBe(400);
    expect(json(res).details).toEqual({ email: 'Skriv inn en gyldig e-postadresse.' });
  });

  it('answers 400 for wrong types, non-objects and malformed JSON', async () => {
    const before = await rowCount();
    expect(json(await post('/api/feedback', { feedback: 123 })).details).toEqual({ feedback: 'Tilbakemelding må være tekst.' });
    expect(json(await post('/api/feedback', { feedback: ['a', 'b'] })).details.feedback).toBe('Tilbakemelding må være tekst.');
    expect(json(await post('/api/feedback', { feedback: 'Hei', name: 7 })).details).toEqual({ name: 'Navn må være tekst.' });
    expect((await rawPost('/api/feedback', '["Hei"]')).statusCode).toBe(400);
    const bad = await rawPost('/api/feedback', '{"feedback": "Hei"');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('Ugyldig JSON i forespørselen.');
    expect(await rowCount()).toBe(before);
  });

  it('answers 413 above 1 MiB and 403 from another site', async () => {
    const big = await post('/api/feedback', { feedback: 'ø'.repeat(600 * 1024) });
    expect(big.statusCode).toBe(413);
    const foreign = await post('/api/feedback', feedback, { headers: { origin: 'https://phishing.example' } });
    expect(foreign.statusCode).toBe(403);
  });

  it('has its own rate-limit budget, separate from contact', async () => {
    const ip = '192.0.2.20';
    for (let i = 0; i < RATE_LIMITS.contact.max; i++) await post('/api/contact', contact, { ip });
    expect((await post('/api/contact', contact, { ip })).statusCode).toBe(429);
    for (let i = 0; i < RATE_LIMITS.feedback.max; i++) expect((await post('/api/feedback', feedback, { ip })).statusCode).toBe(201);
    const res = await post('/api/feedback', feedback, { ip });
    expect(res.statusCode).toBe(429);
    expect(json(res).message).toBe('For mange forsøk. Vent litt og prøv igjen.');
  });
});

describe('over tRPC', () => {
  it('stores contact and feedback through the procedures the client calls', async () => {
    const c = await send({ method: 'POST', url: '/trpc/inbox.contact', payload: contact });
    expect(c.statusCode).toBe(200);
    expect(await lastRow()).toMatchObject({ kind: 'contact', ...contact });
    const f = await send({ method: 'POST', url: '/trpc/inbox.feedback', payload: { feedback: 'Via tRPC' } });
    expect(f.statusCode).toBe(200);
    expect(await lastRow()).toMatchObject({ kind: 'feedback', message: 'Via tRPC' });
  });

  it('answers 400 with the Norwegian message and field details', async () => {
    const res = await send({ method: 'POST', url: '/trpc/inbox.contact', payload: { ...contact, email: 'nei' } });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.error.message).toBe('Skriv inn en gyldig e-postadresse.');
    expect(body.error.data.details).toEqual({ email: 'Skriv inn en gyldig e-postadresse.' });
  });
});
