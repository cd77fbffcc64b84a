import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN_MESSAGE } from '../../shared/validation/password';
import { PHONE_SUBMIT_MESSAGE } from '../../shared/validation/phone';
import { SESSION_COOKIE, sessionIdFromToken } from '../auth/session';
import { createRateLimits } from '../limits/rate-limiter';
import { LOGIN_THROTTLE, RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../limits/rate-limits';
import { USERNAME_TAKEN, WRONG_CREDENTIALS } from '../services/auth';
import { createTestApp, createUser, json, type TestApp } from '../testing/harness';
import { freshIps } from '../testing/http';
import { findRow, findRows } from '../testing/store-rows';

// The HTTP side of docs/product/states.md, docs/product/validation.md, docs/product/api.md auth and docs/product/api.md, through app.inject: statuses, Norwegian messages,
// cookies and sessions as a browser would meet them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each test gets its own client address, so the per-address login/register budgets never leak from one test into
// another; the rate-limit tests spend a budget on purpose.
const freshIp = freshIps(0);

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  body?: unknown;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

function call({ method, url, body, cookie, ip, headers = {} }: Call) {
  return t.app.inject({
    method,
    url,
    remoteAddress: ip ?? freshIp(),
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}
/** The Cookie header a browser would send next, from the Set-Cookie of a response. */
function cookieHeader(res: LightMyRequestResponse): string {
  const c = sessionCookieOf(res);
  if (!c || !c.value) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `${SESSION_COOKIE}=${c.value}`;
}
const me = (cookie?: string) => call({ method: 'GET', url: '/api/auth/user', cookie });
const login = (username: string, password: string, opts: Partial<Call> = {}) =>
  call({ method: 'POST', url: '/api/auth/login', body: { username, password }, ...opts });

let n = 0;
function registration(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    username: `ola.nordmann${n}`,
    password: 'bilpartner123',
    name: 'Ola Nordmann',
    email: `ola${n}@example.no`,
    phone: '91234567',
    address: 'Arendalsgata 12B, 0463 OSLO',
    ...overrides,
  };
}
const register = (body: unknown, opts: Partial<Call> = {}) => call({ method: 'POST', url: '/api/auth/register', body, ...opts });

/** A registration with `field` set to `value` is refused with 400, and the message is given for that field. */
async function refusesRegistration(field: string, value: string, message: string) {
  const res = await register(registration({ [field]: value }));
  expect(res.statusCode).toBe(400);
  expect(json(res).details[field]).toBe(message);
}

describe('POST /api/auth/register', () => {
  it('answers 201 with the user, logged in: the cookie works on GET /api/auth/user', async () => {
    const input = registration({ name: 'Kari Nordmann' });
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const user = json(res);
    expect(user).toMatchObject({
      username: input.username,
      name: 'Kari Nordmann',
      email: input.email,
      phone: '91234567',
      address: 'Arendalsgata 12B, 0463 OSLO',
      isAdmin: false,
    });
    expect(user.uniqueId).toMatch(/^BP-[A-Z0-9]{6}$/);
    expect(user).not.toHaveProperty('passwordHash');
    expect(res.body).not.toContain('argon2');

    const who = await me(cookieHeader(res));
    expect(who.statusCode).toBe(200);
    expect(json(who)).toMatchObject({ id: user.id, username: input.username });
  });

  it('sets the session cookie httpOnly, SameSite=Lax, for the whole site', async () => {
    const res = await register(registration());
    const c = sessionCookieOf(res)!;
    expect(c.httpOnly).toBe(true);
    expect(String(c.sameSite).toLowerCase()).toBe('lax');
    expect(c.path).toBe('/');
    expect(c.maxAge).toBeGreaterThan(24 * 60 * 60);
    // COOKIE_SECURE is off in tests (plain http); production turns it on.
    expect(c.secure).toBeFalsy();
  });

  it('stores only the SHA-256 of the session token, never the token itself', async () => {
    const res = await register(registration());
    const token = sessionCookieOf(res)!.value;
    const rows = await findRows(t.store, 'sessions', { userId: json(res).id });
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(sessionIdFromToken(token));
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(await findRows(t.store, 'sessions'));
    expect(everything).not.toContain(token);
  });

  it('stores an argon2id hash, not the password', async () => {
    const input = registration();
    const res = await register(input);
    const row = (await findRow(t.store, 'users', { id: json(res).id }))!;
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordHash).not.toContain(input.password);
  });

  it('refuses a taken username with 409, whatever its case', async () => {
    const first = registration({ username: 'Per.Hansen' });
    expect((await register(first)).statusCode).toBe(201);
    for (const username of ['Per.Hansen', 'per.hansen', 'PER.HANSEN', '  per.hansen ']) {
      const res = await register(registration({ username }));
      expect(res.statusCode).toBe(409);
      expect(json(res)).toEqual({ message: USERNAME_TAKEN, details: { username: USERNAME_TAKEN } });
    }
  });

  it.each([
    ['username', 'Brukernavn må fylles ut.'],
    ['password', 'Passord må fylles ut.'],
    ['name', 'Fullt navn må fylles ut.'],
    ['email', 'E-post må fylles ut.'],
    ['phone', 'Telefonnummer må fylles ut.'],
  ])('answers 400 naming the field when %s is missing', async (field, message) => {
    const body: Record<string, unknown> = registration();
    delete body[field];
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(json(res).details[field]).toBe(message);
  });

  it.each([
    ['username', '   ', 'Brukernavn må fylles ut.'],
    ['password', '', 'Passord må fylles ut.'],
    ['name', '   ', 'Fullt navn må fylles ut.'],
    ['email', '', 'E-post må fylles ut.'],
    ['phone', '', 'Telefonnummer må fylles ut.'],
  ])('answers 400 when %s is blank', refusesRegistration);

  it('accepts a registration without an address (the one optional field)', async () => {
    const body: Record<string, unknown> = registration();
    delete body.address;
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(json(res).address).toBe('');
  });

  it.each([
    ['email', 'ola@', 'Skriv inn en gyldig e-postadresse.'],
    ['password', '12345', 'Passordet må være minst 6 tegn langt.'],
    ['username', 'ol', 'Brukernavn må være minst 3 tegn.'],
    ['username', 'ola nordmann', 'Brukernavn kan bare inneholde bokstaver, tall, punktum, bindestrek og understrek.'],
  ])('answers 400 for an invalid %s (%s)', refusesRegistration);

  it.each(['91234567', '+47 912 34 567', '0047 41234567', '4791234567', '22 33 44 55', '+4799999999'])(
    'accepts the Norwegian phone number %s',
    async (phone) => {
      const res = await register(registration({ phone }));
      expect(res.statusCode).toBe(201);
      // Stored without spaces, so the same number is written one way.
      expect(json(res).phone).toBe(phone.replace(/\s+/g, ''));
    },
  );

  it.each(['12345678', '02345678', '9123456', '912345678', '+46 912 34 567', '0046 91234567', '+47 1234 5678', '9123456a', '+47'])(
    'refuses the phone number %s with the documented message',
    async (phone) => {
      const res = await register(registration({ phone }));
      expect(res.statusCode).toBe(400);
      expect(json(res).details.phone).toBe(PHONE_SUBMIT_MESSAGE);
    },
  );
});

describe('POST /api/auth/login', () => {
  it('logs in with the right password (username in any case) and sets a working cookie', async () => {
    const { user, password } = await createUser(t.store, { username: 'Kari.Nordmann7' });
    const res = await login('kari.nordmann7', password);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: user.id, username: 'Kari.Nordmann7' });
    expect(json(await me(cookieHeader(res)))).toMatchObject({ id: user.id });
  });

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const { user } = await createUser(t.store);
    const wrong = await login(user.username, 'feil-passord');
    const unknown = await login('finnes.ikke', 'feil-passord');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual({ message: WRONG_CREDENTIALS });
    expect(json(unknown)).toEqual(json(wrong));
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it.each([
    [{ password: 'x' }, 'Brukernavn må fylles ut.'],
    [{ username: 'kari' }, 'Passord må fylles ut.'],
    [{ username: '', password: 'x' }, 'Brukernavn må fylles ut.'],
    [{ username: 'kari', password: '' }, 'Passord må fylles ut.'],
  ])('answers 400 for missing credentials %j', async (body, message) => {
    const res = await call({ method: 'POST', url: '/api/auth/login', body });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it('replaces this browser\'s session with a new one; sessions in other browsers stay valid', async () => {
    const { user, password } = await createUser(t.store);
    const laptop = cookieHeader(await login(user.username, password));
    const phone = cookieHeader(await login(user.username, password));
    expect(phone).not.toBe(laptop);
    expect((await me(laptop)).statusCode).toBe(200);

    // Logging in again on the laptop (it still sends its cookie): a fresh token, the old one is gone.
    const again = await login(user.username, password, { cookie: laptop });
    const laptop2 = cookieHeader(again);
    expect(laptop2).not.toBe(laptop);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(laptop2)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('ends another user\'s session held by this browser when someone else logs in on it', async () => {
    const a = await createUser(t.store);
    const b = await createUser(t.store);
    const cookieA = cookieHeader(await login(a.user.username, a.password));
    const res = await login(b.user.username, b.password, { cookie: cookieA });
    expect(json(await me(cookieHeader(res)))).toMatchObject({ id: b.user.id });
    expect((await me(cookieA)).statusCode).toBe(401);
  });
});

describe('GET /api/auth/user and POST /api/auth/logout', () => {
  it('answers 401 when logged out, and for an unknown token clears the cookie', async () => {
    const none = await me();
    expect(none.statusCode).toBe(401);
    expect(json(none).message).toBe('Ikke innlogget.');
    const bogus = await me(`${SESSION_COOKIE}=ikke-en-gyldig-token`);
    expect(bogus.statusCode).toBe(401);
    expect(sessionCookieOf(bogus)).toMatchObject({ value: '', maxAge: 0 });
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const { user, password } = await createUser(t.store);
    const res = await login(user.username, password);
    const cookie = cookieHeader(res);
    const token = sessionCookieOf(res)!.value;
    const out = await call({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBe(200);
    expect(json(out)).toEqual({ success: true });
    expect(sessionCookieOf(out)).toMatchObject({ value: '', maxAge: 0 });
    // The old cookie, replayed, no longer works: the session row is gone.
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await findRow(t.store, 'sessions', { id: sessionIdFromToken(token) })).toBeUndefined();
  });

  it('logout without a session still answers 200 (nothing to end)', async () => {
    const out = await call({ method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
  });
});

describe('PUT /api/auth/change-password', () => {
  const change = (cookie: string | undefined, body: unknown) => call({ method: 'PUT', url: '/api/auth/change-password', cookie, body });

  it('answers 401 when logged out', async () => {
    const res = await change(undefined, { oldPassword: 'a', newPassword: 'bbbbbb' });
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe('Du må være innlogget.');
  });

  it('refuses a wrong current password with 400 and keeps the old password', async () => {
    const { user, password } = await createUser(t.store);
    const cookie = cookieHeader(await login(user.username, password));
    const res = await change(cookie, { oldPassword: 'feil-passord', newPassword: 'nyttpassord1' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: 'Nåværende passord er feil.', details: { oldPassword: 'Nåværende passord er feil.' } });
    expect((await login(user.username, password)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it("refuses a new password under 6 characters with 400 'Nytt passord må være minst 6 tegn langt.'", async () => {
    const { user, password } = await createUser(t.store);
    const cookie = cookieHeader(await login(user.username, password));
    const res = await change(cookie, { oldPassword: password, newPassword: '12345' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(PASSWORD_MIN_MESSAGE);
    expect(json(res).details).toEqual({ newPassword: PASSWORD_MIN_MESSAGE });
  });

  it('refuses a missing current password and a new password equal to the old one', async () => {
    const { user, password } = await createUser(t.store);
    const cookie = cookieHeader(await login(user.username, password));
    const missing = await change(cookie, { newPassword: 'nyttpassord1' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe('Nåværende passord må fylles ut.');
    const same = await change(cookie, { oldPassword: password, newPassword: password });
    expect(same.statusCode).toBe(400);
    expect(json(same).message).toBe('Det nye passordet må være forskjellig fra det gamle.');
  });

  it('on success revokes every other session of the user and keeps this browser logged in', async () => {
    const { user, password } = await createUser(t.store);
    const here = cookieHeader(await login(user.username, password));
    const elsewhere = cookieHeader(await login(user.username, password));
    const res = await change(here, { oldPassword: password, newPassword: 'nyttpassord1' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true });

    // This browser gets a fresh session in the same answer.
    const hereNow = cookieHeader(res);
    expect((await me(hereNow)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(401);
    expect(await findRows(t.store, 'sessions', { userId: user.id })).toHaveLength(1);

    expect((await login(user.username, password)).statusCode).toBe(401);
    expect((await login(user.username, 'nyttpassord1')).statusCode).toBe(200);
  });
});

describe('PUT /api/auth/update-profile', () => {
  const update = (cookie: string | undefined, body: unknown) => call({ method: 'PUT', url: '/api/auth/update-profile', cookie, body });
  // Each profile its own address: e-mail addresses are unique across accounts.
  let profiles = 0;
  const profile = (overrides: Record<string, unknown> = {}) => ({
    name: 'Kari Nordmann',
    displayName: 'Kari',
    email: `kari.profil${++profiles}@example.no`,
    phone: '+47 412 34 567',
    address: 'Arendalsgata 12A, 0463 OSLO',
    ...overrides,
  });

  it('answers 401 when logged out', async () => {
    expect((await update(undefined, profile())).statusCode).toBe(401);
  });

  it('saves the profile and answers the updated user', async () => {
    const { user, password } = await createUser(t.store);
    const cookie = cookieHeader(await login(user.username, password));
    const res = await update(cookie, profile({ name: '  Kari Nordmann Hansen ', email: 'kari@example.no' }));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      id: user.id,
      username: user.username,
      uniqueId: user.uniqueId,
      name: 'Kari Nordmann Hansen',
      displayName: 'Kari',
      email: 'kari@example.no',
      phone: '+4741234567',
      address: 'Arendalsgata 12A, 0463 OSLO',
    });
    expect(json(await me(cookie))).toMatchObject({ name: 'Kari Nordmann Hansen', phone: '+4741234567' });
  });

  it('ignores fields the owner may not change (username, uniqueId, isAdmin)', async () => {
    const { user, password } = await createUser(t.store);
    const cookie = cookieHeader(await login(user.username, password));
    const res = await update(cookie, profile({ username: 'admin', uniqueId: 'BP-HACKED', isAdmin: true, id: 1 }));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: user.id, username: user.username, uniqueId: user.uniqueId, isAdmin: false });
  });

  it.each([
    [{ name: '' }, 'name', 'Navn må fylles ut.'],
    [{ displayName: '  ' }, 'displayName', 'Visningsnavn må fylles ut.'],
    [{ email: 'kari.example.no' }, 'email', 'Skriv inn en gyldig e-postadresse.'],
    [{ phone: '12345678' }, 'phone', PHONE_SUBMIT_MESSAGE],
    [{ displayName: 'x'.repeat(61) }, 'displayName', 'Visningsnavn kan ikke være lengre enn 60 tegn.'],
  ])('answers 400 for %j', async (overrides, field, message) => {
    const { user, password } = await createUser(t.store);
    const cookie = cookieHeader(await login(user.username, password));
    const res = await update(cookie, profile(overrides));
    expect(res.statusCode).toBe(400);
    expect(json(res).details[field]).toBe(message);
    // Nothing was saved.
    expect(json(await me(cookie)).name).toBe(user.name);
  });
});

describe('malformed requests: 4xx with a Norwegian message, never a 500', () => {
  it.each(['/api/auth/login', '/api/auth/register'])('%s answers 400 to broken JSON', async (url) => {
    const res = await call({ method: 'POST', url, body: '{"username": "kari", ' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Ugyldig JSON i forespørselen.');
  });

  it.each([
    ['/api/auth/login', { username: 123, password: true }],
    ['/api/auth/login', ['kari', 'passord']],
    ['/api/auth/login', 'null'],
    ['/api/auth/register', { ...registration(), username: { $ne: null } }],
    ['/api/auth/register', { ...registration(), phone: 91234567 }],
    ['/api/auth/register', { ...registration(), address: ['Storgata 1'] }],
    ['/api/auth/register', '"kari"'],
  ])('%s answers 400 to wrong types (%j)', async (url, body) => {
    const res = await call({ method: 'POST', url, body });
    expect(res.statusCode).toBe(400);
    expect(typeof json(res).message).toBe('string');
  });

  it('answers 4xx, never 5xx, to a batch of odd bodies on every auth path', async () => {
    const { user, password } = await createUser(t.store);
    const cookie = cookieHeader(await login(user.username, password));
    const bodies = ['', '{}', '[]', '0', '"x"', '{"a":', '{"oldPassword":null,"newPassword":{}}', JSON.stringify({ username: 'x'.repeat(10_000), password: 'y' })];
    const paths: Array<['POST' | 'PUT', string]> = [
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/register'],
      ['PUT', '/api/auth/update-profile'],
      ['PUT', '/api/auth/change-password'],
    ];
    for (const [method, url] of paths) {
      for (const body of bodies) {
        const res = await call({ method, url, body, cookie });
        expect(res.statusCode, `${method} ${url} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} ${body.slice(0, 40)}`).toBeLessThan(500);
        expect(typeof json(res).message).toBe('string');
      }
    }
  });

  it('refuses a state-changing request from a foreign Origin with 403, and accepts the same site', async () => {
    const { user, password } = await createUser(t.store);
    const foreign = await login(user.username, password, { headers: { origin: 'https://evil.example', host: 'bilpartner.no' } });
    expect(foreign.statusCode).toBe(403);
    expect(sessionCookieOf(foreign)).toBeUndefined();
    const cookie = cookieHeader(await login(user.username, password));
    const out = await call({ method: 'POST', url: '/api/auth/logout', cookie, headers: { origin: 'https://evil.example' } });
    expect(out.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
    const same = await login(user.username, password, { headers: { origin: 'http://bilpartner.no', host: 'bilpartner.no' } });
    expect(same.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  // A different username each attempt, so the per-account throttle stays out of the per-address count.
  let stranger = 0;
  const nobody = () => `finnes.ikke${++stranger}`;

  it('answers 429 with Retry-After once one address has spent its login budget; another address is not affected', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.login.max; i++) expect((await login(nobody(), 'feil', { ip })).statusCode).toBe(401);
    const limited = await login(nobody(), 'feil', { ip });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toBe(RATE_LIMIT_MESSAGE);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await login(nobody(), 'feil')).statusCode).toBe(401);
  });

  it('shares the login budget between REST and tRPC', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.login.max; i++) await login(nobody(), 'feil', { ip });
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: nobody(), password: 'feil' }),
    });
    expect(res.statusCode).toBe(429);
    expect(json(res).error.message).toBe(RATE_LIMIT_MESSAGE);
  });

  it('lets a class sign up together: 30 accounts from one address within a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await register(registration(), { ip })).statusCode).toBe(201);
  });

  it('answers 429 once one address has spent its sign-up budget for the minute', async () => {
    const ip = freshIp();
    // Invalid forms spend the budget too: the limit stands in front of validation (and of argon2).
    for (let i = 0; i < RATE_LIMITS.register.max; i++) expect((await register({}, { ip })).statusCode).toBe(400);
    const limited = await register(registration(), { ip });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toBe(RATE_LIMIT_MESSAGE);
    expect(RATE_LIMITS.register.timeWindow).toBeLessThanOrEqual(60_000);
  });

  it('limits password changes per address', async () => {
    const ip = freshIp();
    const { user, password } = await createUser(t.store);
    const cookie = cookieHeader(await login(user.username, password));
    const change = () => call({ method: 'PUT', url: '/api/auth/change-password', cookie, ip, body: { oldPassword: 'x', newPassword: '1' } });
    for (let i = 0; i < RATE_LIMITS.changePassword.max; i++) expect((await change()).statusCode).toBe(400);
    const limited = await change();
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toBe(RATE_LIMIT_MESSAGE);
  });
});

describe('failed logins per account (OWASP ASVS V2.2)', () => {
  // Behind a trusted proxy, every attempt from another address: the per-address budget never applies here.
  let a: TestApp;
  let clock = Date.parse('2025-03-01T12:00:00Z');
  let xff = 0;
  beforeAll(async () => {
    a = await createTestApp({}, { trustProxy: true, rateLimits: createRateLimits({ now: () => clock }) });
  });
  afterAll(() => a.close());
  const { threshold, firstLockMs } = LOGIN_THROTTLE;
  const tryLogin = (username: string, password: string) =>
    a.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-forwarded-for': `198.51.100.${++xff % 250}` }, payload: { username, password } });
  const lockedFor = (minutes: number) => `For mange mislykkede innlogginger. Prøv igjen om ${minutes} ${minutes === 1 ? 'minutt' : 'minutter'}.`;

  it('locks an account after consecutive failures from many addresses, even for the right password, until the lock ends', async () => {
    const { user, password } = await createUser(a.store);
    for (let i = 0; i < threshold; i++) expect((await tryLogin(user.username, 'feil-passord')).statusCode).toBe(401);
    const locked = await tryLogin(user.username, password);
    expect(locked.statusCode).toBe(429);
    expect(json(locked)).toEqual({ message: lockedFor(1) });
    expect(locked.headers['retry-after']).toBe(String(firstLockMs / 1000));
    // Any case of the username is the same account.
    expect((await tryLogin(user.username.toUpperCase(), password)).statusCode).toBe(429);

    clock += firstLockMs;
    const ok = await tryLogin(user.username, password);
    expect(ok.statusCode).toBe(200);
    // The success forgets the failures: the next wrong password is an ordinary 401.
    expect((await tryLogin(user.username, 'feil-passord')).statusCode).toBe(401);
  });

  it('answers an unknown username exactly as a known one (no enumeration)', async () => {
    const known = (await createUser(a.store)).user.username;
    const unknown = `ukjent.${known}`;
    for (const username of [known, unknown]) {
      for (let i = 0; i < threshold; i++) expect((await tryLogin(username, 'feil-passord')).statusCode).toBe(401);
    }
    const [k, u] = [await tryLogin(known, 'x'), await tryLogin(unknown, 'x')];
    expect([k.statusCode, u.statusCode]).toEqual([429, 429]);
    expect(k.body).toBe(u.body);
    expect(k.headers['retry-after']).toBe(u.headers['retry-after']);
  });

  it('lets no more than the threshold of concurrent guesses through', async () => {
    const { user } = await createUser(a.store);
    const answers = await Promise.all(Array.from({ length: 20 }, () => tryLogin(user.username, 'feil-passord')));
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(threshold);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(20 - threshold);
  });

  it('doubles the lock with each further failure', async () => {
    const { user, password } = await createUser(a.store);
    for (let i = 0; i < threshold; i++) await tryLogin(user.username, 'feil-passord');
    clock += firstLockMs;
    expect((await tryLogin(user.username, 'feil-passord')).statusCode).toBe(401);
    const again = await tryLogin(user.username, password);
    expect(json(again).message).toBe(lockedFor(2));
    expect(again.headers['retry-after']).toBe(String((2 * firstLockMs) / 1000));
    clock += 2 * firstLockMs;
    expect((await tryLogin(user.username, password)).statusCode).toBe(200);
  });

  it('counts wrong old passwords on change-password against the account', async () => {
    const { user, password } = await createUser(a.store);
    const cookie = `${SESSION_COOKIE}=${sessionCookieOf(await tryLogin(user.username, password))?.value}`;
    const change = (oldPassword: string) =>
      a.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: { cookie, 'x-forwarded-for': `198.51.100.${++xff % 250}` }, payload: { oldPassword, newPassword: 'nyttpassord1' } });
    for (let i = 0; i < threshold; i++) expect((await change('feil-passord')).statusCode).toBe(400);
    const locked = await change(password);
    expect(locked.statusCode).toBe(429);
    expect(json(locked).message).toBe(lockedFor(1));
    expect((await tryLogin(user.username, password)).statusCode).toBe(429);
    clock += firstLockMs;
    expect((await change(password)).statusCode).toBe(200);
  });
});
