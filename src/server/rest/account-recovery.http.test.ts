import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_TAKEN_MESSAGE,
  FORGOT_PASSWORD_SENT_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  RESET_TOKEN_INVALID_MESSAGE,
} from '../../shared/schemas/auth';
import { PASSWORD_MIN_MESSAGE } from '../../shared/validation/password';
import { SESSION_COOKIE, generateSessionToken, sessionIdFromToken } from '../auth/session';
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../limits/rate-limits';
import { PASSWORD_RESET_SUBJECT } from '../mail/templates';
import { USERNAME_TAKEN, WRONG_CREDENTIALS } from '../services/auth';
import { createTestApp, createUser, json, loggedInUser, type TestApp } from '../testing/harness';
import { freshIps } from '../testing/http';
import { readOutbox, resetLinkOf } from '../testing/mail';

// Account recovery over HTTP (docs/decisions/021-mail-and-account-recovery.md): 'Glemt passord?' with the mail read
// from the outbox, logging in with the e-mail address, and e-mail addresses unique ignoring case on register and
// profile.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshIp = freshIps(9);

function post(url: string, body: unknown, opts: { cookie?: string; ip?: string; method?: 'POST' | 'PUT' } = {}) {
  return t.app.inject({
    method: opts.method ?? 'POST',
    url,
    remoteAddress: opts.ip ?? freshIp(),
    headers: { 'content-type': 'application/json', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    payload: JSON.stringify(body),
  });
}
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

/** The mails sent to `address` so far, after the mailer has finished its queue. */
async function mailsTo(address: string) {
  await t.mailer.idle();
  return (await readOutbox(t.outboxDir)).filter((m) => m.to.toLowerCase() === address.toLowerCase());
}

describe('Glemt passord?', () => {
  it('mails a known address a link that sets a new password once, ending every session', async () => {
    const { user, cookie } = await loggedInUser(t.store, { email: 'Glemsk.Kari@Example.no', password: 'gammelt-passord' });
    const other = await loggedInUser(t.store);

    const res = await post('/api/auth/forgot-password', { email: 'glemsk.kari@example.no' });
    expect(res.statusCode).toBe(202);
    expect(json(res)).toEqual({ message: FORGOT_PASSWORD_SENT_MESSAGE });

    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(PASSWORD_RESET_SUBJECT);
    expect(mail.from).toBe('no-reply@bilpartner.no');
    expect(mail.text).toContain(`Hei ${user.name},`);
    expect(mail.text).toContain(`brukernavn: ${user.username}`);
    expect(mail.html).toContain('Velg nytt passord');
    const link = resetLinkOf(mail);
    expect(link.pathname).toBe('/nytt-passord');
    const token = link.searchParams.get('token')!;
    // Stored hashed: the token itself is nowhere in the database.
    expect(await t.store.users.findResetToken(token)).toBeUndefined();
    expect(await t.store.users.findResetToken(sessionIdFromToken(token))).toMatchObject({ userId: user.id });

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'nytt-passord' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(json(reset)).toEqual({ success: true, message: PASSWORD_RESET_DONE_MESSAGE });

    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect((await post('/api/auth/login', { username: user.username, password: 'gammelt-passord' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { username: user.username, password: 'nytt-passord' })).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'tredje-passord' });
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(RESET_TOKEN_INVALID_MESSAGE);
    expect((await post('/api/auth/login', { username: user.username, password: 'nytt-passord' })).statusCode).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const before = (await readOutbox(t.outboxDir)).length;
    const res = await post('/api/auth/forgot-password', { email: 'finnes.ikke@example.no' });
    expect(res.statusCode).toBe(202);
    expect(json(res)).toEqual({ message: FORGOT_PASSWORD_SENT_MESSAGE });
    await t.mailer.idle();
    expect((await readOutbox(t.outboxDir)).length).toBe(before);
  });

  it('refuses an expired token, and an unknown one, with the Norwegian message', async () => {
    const { user } = await createUser(t.store, { password: 'gammelt-passord' });
    const token = generateSessionToken();
    await t.store.users.createResetToken({ id: sessionIdFromToken(token), userId: user.id, expiresAt: new Date(Date.now() - 1000) });

    for (const tried of [token, generateSessionToken()]) {
      const res = await post('/api/auth/reset-password', { token: tried, newPassword: 'nytt-passord' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message: RESET_TOKEN_INVALID_MESSAGE });
    }
    expect((await post('/api/auth/login', { username: user.username, password: 'gammelt-passord' })).statusCode).toBe(200);
  });

  it('keeps the usual password rule, and a refused password leaves the token usable', async () => {
    const { user } = await createUser(t.store);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = resetLinkOf((await mailsTo(user.email)).at(-1)!).searchParams.get('token')!;

    const short = await post('/api/auth/reset-password', { token, newPassword: 'kort' });
    expect(short.statusCode).toBe(400);
    expect(json(short)).toMatchObject({ message: PASSWORD_MIN_MESSAGE, details: { newPassword: PASSWORD_MIN_MESSAGE } });
    expect((await post('/api/auth/reset-password', { token, newPassword: 'langt-nok' })).statusCode).toBe(200);
  });

  it('limits the mails one address can be sent, whoever asks', async () => {
    const { user } = await createUser(t.store);
    const max = RATE_LIMITS.forgotPasswordEmail.max;
    for (let i = 0; i < max; i++) expect((await post('/api/auth/forgot-password', { email: user.email.toUpperCase() })).statusCode).toBe(202);
    const refused = await post('/api/auth/forgot-password', { email: user.email });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe(RATE_LIMIT_MESSAGE);
    expect(await mailsTo(user.email)).toHaveLength(max);
  });
});

describe('an outstanding reset link', () => {
  /** Asks for a reset link for `email` and answers its token (the mail read from the outbox). */
  async function resetTokenFor(email: string) {
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
    return resetLinkOf((await mailsTo(email)).at(-1)!).searchParams.get('token')!;
  }
  const profileOf = (user: { name: string }, email: string) => ({ name: user.name, displayName: 'Kari', phone: '91234567', address: '', email });
  async function expectTokenDead(token: string, username: string, password: string) {
    const res = await post('/api/auth/reset-password', { token, newPassword: 'overtatt-passord' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(RESET_TOKEN_INVALID_MESSAGE);
    expect((await post('/api/auth/login', { username, password })).statusCode).toBe(200);
  }

  it('dies with a password change over REST', async () => {
    const { user, cookie } = await loggedInUser(t.store, { password: 'gammelt-passord' });
    const token = await resetTokenFor(user.email);
    const changed = await post('/api/auth/change-password', { oldPassword: 'gammelt-passord', newPassword: 'nytt-passord' }, { cookie, method: 'PUT' });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectTokenDead(token, user.username, 'nytt-passord');
  });

  it('dies with a password change over tRPC HTTP', async () => {
    const { user, cookie } = await loggedInUser(t.store, { password: 'gammelt-passord' });
    const token = await resetTokenFor(user.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.changePassword',
      remoteAddress: freshIp(),
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ oldPassword: 'gammelt-passord', newPassword: 'nytt-passord' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectTokenDead(token, user.username, 'nytt-passord');
  });

  it('dies when the owner changes the e-mail address, and lives on when only its case changes', async () => {
    const { user, cookie, password } = await loggedInUser(t.store, { email: 'gammel.adresse@example.no' });
    const kept = await resetTokenFor(user.email);
    const sameMailbox = await post('/api/auth/update-profile', profileOf(user, 'Gammel.Adresse@example.no'), { cookie, method: 'PUT' });
    expect(sameMailbox.statusCode, sameMailbox.body).toBe(200);
    expect(await t.store.users.findResetToken(sessionIdFromToken(kept))).toBeDefined();

    const moved = await post('/api/auth/update-profile', profileOf(user, 'ny.adresse@example.no'), { cookie, method: 'PUT' });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectTokenDead(kept, user.username, password);
  });

  it('dies when an admin changes the e-mail address', async () => {
    const admin = await loggedInUser(t.store, { isAdmin: true });
    const { user, password } = await loggedInUser(t.store);
    const token = await resetTokenFor(user.email);
    const edited = await post(`/api/admin/users/${user.id}`, profileOf(user, `flyttet.${user.id}@example.no`), { cookie: admin.cookie, method: 'PUT' });
    expect(edited.statusCode, edited.body).toBe(200);
    await expectTokenDead(token, user.username, password);
  });

  it('dies with a reset through another link of the same account', async () => {
    const { user } = await loggedInUser(t.store);
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    expect((await post('/api/auth/reset-password', { token: second, newPassword: 'nytt-passord' })).statusCode).toBe(200);
    await expectTokenDead(first, user.username, 'nytt-passord');
  });
});

describe('logging in with the e-mail address', () => {
  it('accepts the address in any case in place of the username', async () => {
    const { user } = await createUser(t.store, { email: 'Ola.Epost@Example.no', password: 'hemmelig123' });
    const res = await post('/api/auth/login', { username: 'ola.epost@EXAMPLE.no', password: 'hemmelig123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ id: user.id, username: user.username });
    expect(res.cookies.some((c) => c.name === SESSION_COOKIE && c.value)).toBe(true);

    const wrong = await post('/api/auth/login', { username: 'ola.epost@example.no', password: 'feil-passord' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).message).toBe(WRONG_CREDENTIALS);
  });
});

describe('one account per e-mail address', () => {
  it('refuses a registration with a taken address in another case, in Norwegian on the e-mail field', async () => {
    await createUser(t.store, { email: 'opptatt@example.no' });
    const res = await post('/api/auth/register', {
      username: 'ny.bruker',
      password: 'hemmelig123',
      name: 'Ny Bruker',
      email: 'OPPTATT@example.no',
      phone: '91234567',
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ message: EMAIL_TAKEN_MESSAGE, details: { email: EMAIL_TAKEN_MESSAGE } });
    expect(await t.store.users.findByUsername('ny.bruker')).toBeUndefined();
  });

  it('refuses a profile change to another account’s address, and keeps one’s own in a new case', async () => {
    await createUser(t.store, { email: 'admin.kopi@example.no' });
    const { user, cookie } = await loggedInUser(t.store, { email: 'egen@example.no' });
    const profile = { name: user.name, displayName: 'Kari', phone: '91234567', address: '' };

    const taken = await post('/api/auth/update-profile', { ...profile, email: 'Admin.Kopi@example.no' }, { cookie, method: 'PUT' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toEqual({ message: EMAIL_TAKEN_MESSAGE, details: { email: EMAIL_TAKEN_MESSAGE } });
    expect((await t.store.users.findById(user.id))?.email).toBe('egen@example.no');

    const own = await post('/api/auth/update-profile', { ...profile, email: 'Egen@Example.no' }, { cookie, method: 'PUT' });
    expect(own.statusCode, own.body).toBe(200);
    expect(json(own).email).toBe('Egen@Example.no');
  });
});

describe('look-alike usernames', () => {
  const registration = (username: string, n: number) => ({
    username,
    password: 'hemmelig123',
    name: 'Kari Nordmann',
    email: `liknende.${n}.${Date.now()}@example.no`,
    phone: '91234567',
  });

  it('refuses over REST a name that is another’s in NFKC with case folded, in Norwegian on the username field', async () => {
    expect((await post('/api/auth/register', registration('kari.lik', 1))).statusCode).toBe(201);
    expect((await post('/api/auth/register', registration('straße.lik', 2))).statusCode).toBe(201);
    for (const [i, lookAlike] of ['ｋａｒｉ.lik', 'KARI.LIK', 'Ｋari.ＬＩＫ', 'STRASSE.lik'].entries()) {
      const res = await post('/api/auth/register', registration(lookAlike, 10 + i));
      expect(res.statusCode, lookAlike).toBe(409);
      expect(json(res), lookAlike).toEqual({ message: USERNAME_TAKEN, details: { username: USERNAME_TAKEN } });
    }
  });

  it('refuses one over tRPC HTTP too', async () => {
    expect((await post('/api/auth/register', registration('ola.lik', 3))).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(registration('ｏｌａ.lik', 4)),
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toBe(USERNAME_TAKEN);
  });

  it('logs the one account in under any of its look-alike spellings', async () => {
    expect((await post('/api/auth/register', registration('per.lik', 5))).statusCode).toBe(201);
    const res = await post('/api/auth/login', { username: 'ｐｅｒ.lik', password: 'hemmelig123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ username: 'per.lik' });
  });
});
