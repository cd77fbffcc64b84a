import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { freshIps } from '../testing/http';
import { insertListing } from '../testing/listing-factory';
import { readOutbox, resetLinkOf } from '../testing/mail';

// Every link in a mail starts with the origin the configuration gives (PUBLIC_URL, else the server's own HOST and
// PORT), never with what the request says it was sent to: the Host header or, from a trusted proxy, X-Forwarded-*.
// The outbox is a pickup folder a mail system may deliver from, so it is held to the same rule as SMTP.

const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

const freshIp = freshIps(33);

/** 'Glemt passord?' for `email` over REST or tRPC HTTP, sent with the hostile headers from a fresh address. */
const forgotPassword = (t: TestApp, url: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: freshIp(),
    headers: { ...HOSTILE, 'content-type': 'application/json' },
    payload: JSON.stringify({ email }),
  });

async function mailsTo(t: TestApp, address: string) {
  await t.mailer.idle();
  return (await readOutbox(t.outboxDir)).filter((m) => m.to.toLowerCase() === address.toLowerCase());
}

describe.each([
  { setting: 'PUBLIC_URL', overrides: { publicUrl: 'https://bilpartner.example' }, origin: 'https://bilpartner.example' },
  { setting: 'HOST and PORT without PUBLIC_URL', overrides: { host: '0.0.0.0', port: 8123 }, origin: 'http://localhost:8123' },
])('links in mail, from $setting', ({ overrides, origin }) => {
  let t: TestApp;
  beforeAll(async () => {
    // A trusting proxy setting, so X-Forwarded-* would be believed if anything read it for mail.
    t = await createTestApp(overrides, { trustProxy: true });
  });
  afterAll(() => t.close());

  it('a reset link asked for over REST with a hostile Host and X-Forwarded-* names the configured origin', async () => {
    const { user } = await loggedInUser(t.store);
    const res = await forgotPassword(t, '/api/auth/forgot-password', user.email);
    expect(res.statusCode).toBe(202);
    const [mail] = await mailsTo(t, user.email);
    expect(resetLinkOf(mail).origin).toBe(origin);
    expect(mail.raw).not.toContain('evil.example');
  });

  it('a reset link asked for over tRPC HTTP names the configured origin', async () => {
    const { user } = await loggedInUser(t.store);
    const res = await forgotPassword(t, '/trpc/auth.forgotPassword', user.email);
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(t, user.email);
    expect(resetLinkOf(mail).origin).toBe(origin);
    expect(mail.raw).not.toContain('evil.example');
  });

  it("a saved-search alert set off by a seller's request with a hostile Host links and unsubscribes at the configured origin", async () => {
    const seller = await loggedInUser(t.store);
    const saver = await loggedInUser(t.store);
    const listing = await insertListing(t.store, seller.user.id, { make: 'Saab', model: '9-3 Viggen', year: 2000, status: 'approved' });
    const sold = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ sold: true }),
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { cookie: saver.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Viggen', params: { make: 'Saab', query: 'viggen' }, email: true }),
    });
    expect(saved.statusCode, saved.body).toBe(201);

    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      headers: { ...HOSTILE, cookie: seller.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ sold: false }),
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(json(back)).toMatchObject({ id: listing.id });

    const [mail, ...more] = await mailsTo(t, saver.user.email);
    expect(more).toEqual([]);
    expect(mail.text).toContain(`${origin}/listing/${listing.id}`);
    const headers = mail.raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(new RegExp(`List-Unsubscribe: <${origin.replace(/[.:/]/g, '\\$&')}/meld-av-sok\\?token=[a-z2-7]+>`));
    expect(mail.raw).not.toContain('evil.example');
  });
});
