import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { openPgDatabase } from '../../../db/pg/client';
import { PASSWORD_RESET_SUBJECT } from './templates';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createPgStore, createSqliteStore, storeParts, type Store } from '../store';
import { freePort } from '../testing/free-port';
import { createUser } from '../testing/harness';
import { freshIps } from '../testing/http';
import { resetLinkOf } from '../testing/mail';
import { spawnMain } from '../testing/main-process';
import { selfSignedCertificate, smtpUrl, startSmtpServer, SMTP_USER, type TestSmtpServer } from '../testing/smtp';
import { createTestStore, pgUrlOf, testDialect } from '../testing/stores';
import { createMailer } from './mailer';

// Mail through a real SMTP server (docs/decisions/024-mail-queue.md, docs/operations.md#mail): STARTTLS with the
// server's certificate checked, AUTH, a server that refuses and then accepts, a process killed with a mail queued,
// and two instances on one PostgreSQL database.

const PUBLIC_URL = 'https://bilpartner.example';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-smtp-'));
const freshIp = freshIps(7);
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function smtpServer(opts: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const server = await startSmtpServer(opts);
  cleanups.push(() => server.close());
  return server;
}

async function testStore(): Promise<Store> {
  const store = await createTestStore();
  cleanups.push(() => store.close());
  return store;
}

async function app(store: Store, smtp: string): Promise<FastifyInstance> {
  const instance = await buildApp(testConfig({ smtpUrl: smtp, publicUrl: PUBLIC_URL, uploadDir: path.join(tmp, 'uploads') }), { store });
  await instance.ready();
  cleanups.push(() => instance.close());
  return instance;
}

const forgotPassword = (instance: FastifyInstance, email: string) =>
  instance.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: freshIp(), headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email }) });

function recordingLog() {
  const lines: { level: string; msg: string; obj: unknown }[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => void lines.push({ level, msg: msg ?? '', obj });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

/** The queue's rows, read directly. */
async function queued(store: Store) {
  const { db, t } = storeParts(store);
  return db.select().from(t.mailQueue);
}

describe('mail through a real SMTP server', () => {
  it('sends the password-reset mail over STARTTLS with AUTH, as the user reads it', async () => {
    const smtp = await smtpServer();
    const store = await testStore();
    const { user } = await createUser(store, { name: 'Kari Nordmann', email: 'kari.smtp@example.no' });
    const instance = await app(store, smtp.url());

    expect((await forgotPassword(instance, 'KARI.SMTP@example.no')).statusCode).toBe(202);
    await expect.poll(() => smtp.delivered.length).toBe(1);

    const [{ mail, rcptTo, secure, user: authed, raw }] = smtp.delivered;
    expect(secure).toBe(true);
    expect(authed).toBe(SMTP_USER);
    expect(rcptTo).toEqual(['kari.smtp@example.no']);
    expect(mail.from).toEqual({ name: 'Bilpartner.no', address: 'no-reply@bilpartner.no' });
    expect(mail.to).toEqual([{ name: '', address: 'kari.smtp@example.no' }]);
    expect(mail.subject).toBe(PASSWORD_RESET_SUBJECT);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@bilpartner\.no>$/);
    expect(raw).toMatch(/^Date: /m);
    expect(mail.text).toContain('Hei Kari Nordmann,');
    expect(mail.text).toContain('Lenken kan brukes én gang og gjelder i én time.');
    expect(mail.html).toContain('Velg nytt passord');
    const link = resetLinkOf({ text: mail.text ?? '' });
    expect(link.origin).toBe(PUBLIC_URL);
    const reset = await instance.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: link.searchParams.get('token'), newPassword: 'nytt-passord' }),
    });
    expect(reset.statusCode).toBe(200);
    expect((await store.users.findById(user.id))?.id).toBe(user.id);
    await expect.poll(() => queued(store)).toEqual([]);
  });

  it('delivers once, after its retries, a mail the server refuses twice with 451', async () => {
    const smtp = await smtpServer({ refuse: 2 });
    const store = await testStore();
    const { log, lines } = recordingLog();
    const mailer = createMailer({ queue: store.mailQueue, smtpUrl: smtp.url(), outboxDir: tmp, from: 'Bilpartner.no <no-reply@bilpartner.no>', log, retryDelaysMs: [50, 50, 50] });
    await mailer.send('ola@example.no', { subject: 'Prisen er satt ned', text: 'Hei Ola,\n\nPrisen er satt ned.\n', html: '<p>Hei Ola,</p>' });
    await mailer.idle();
    await mailer.close();
    expect(smtp.attempts).toBe(3);
    expect(smtp.delivered.map((d) => d.mail.subject)).toEqual(['Prisen er satt ned']);
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual(['warn mail failed, retrying', 'warn mail failed, retrying', 'info mail sent']);
    expect(String((lines[0].obj as { err: Error }).err)).toContain('451');
    expect(await queued(store)).toEqual([]);
  });

  it.each([
    ['a wrong password', (s: TestSmtpServer) => s.url({ user: SMTP_USER, pass: 'feil' })],
    ['a certificate it was not told to trust', (s: TestSmtpServer) => s.url().replace(/&tls\.ca=.*$/, '')],
  ])('gives a mail up, delivering nothing, with %s', async (_case, urlOf) => {
    const smtp = await smtpServer();
    const store = await testStore();
    const { log, lines } = recordingLog();
    const mailer = createMailer({ queue: store.mailQueue, smtpUrl: urlOf(smtp), outboxDir: tmp, from: 'no-reply@bilpartner.no', log, retryDelaysMs: [10] });
    await mailer.send('ola@example.no', { subject: 'Hei', text: 'Hei', html: '<p>Hei</p>' });
    await mailer.idle();
    await mailer.close();
    expect(smtp.delivered).toEqual([]);
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual(['warn mail failed, retrying', 'error mail given up']);
  });
});

describe('the queue outlives the process', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('sends, once, after a restart, the mail queued when the process was killed', async () => {
    // The SMTP server's port and certificate are chosen first; nothing listens there until after the kill.
    const [port, tls] = [await freePort(), selfSignedCertificate()];
    const url = smtpUrl(port, tls.cert);
    const dialect = testDialect();
    const file = path.join(tmp, 'crash.sqlite');
    const pgStore = dialect === 'pg' ? await testStore() : undefined;
    const database: Record<string, string> = pgStore ? { DATABASE_URL: pgUrlOf(pgStore) } : { DATABASE_PATH: file };

    const appPort = await freePort();
    const proc = (child = spawnMain(appPort, tmp, { ...database, SMTP_URL: url, PUBLIC_URL, LOG_LEVEL: 'info' }));
    let output = '';
    proc.stdout!.on('data', (d) => (output += d));
    proc.stderr!.on('data', (d) => (output += d));
    await expect.poll(() => output.includes('Server listening'), { timeout: 30_000 }).toBe(true);

    const store = pgStore ?? createSqliteStore(openDatabase(file));
    if (!pgStore) cleanups.push(() => store.close());
    const { user } = await createUser(store, { email: 'krasj@example.no' });
    const res = await fetch(`http://127.0.0.1:${appPort}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(202);
    // Queued, tried once against the closed port, and waiting for its retry (not its claim's end): now the process dies.
    const waitingForRetry = async () => (await queued(store)).map((m) => ({ attempts: m.attempts, retrySoon: m.nextAttemptAt.getTime() < Date.now() + 10_000 }));
    await expect.poll(waitingForRetry, { timeout: 15_000 }).toEqual([{ attempts: 1, retrySoon: true }]);
    expect(output).toContain('mail failed, retrying');
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;

    const smtp = await smtpServer({ port, tls });
    await app(store, url);
    await expect.poll(() => smtp.delivered.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => queued(store)).toEqual([]);
    expect(smtp.delivered[0].rcptTo).toEqual([user.email]);
    expect(smtp.delivered[0].mail.subject).toBe(PASSWORD_RESET_SUBJECT);
    const token = resetLinkOf({ text: smtp.delivered[0].mail.text ?? '' }).searchParams.get('token');
    expect(token).toBeTruthy();
    // Once: nothing more arrives while the new instance goes on polling.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.delivered).toHaveLength(1);
  });
});

describe('two instances on one PostgreSQL database', () => {
  it('deliver each queued mail once', async () => {
    const smtp = await smtpServer({ delayMs: 20 });
    const store = await createTestStore('pg');
    cleanups.push(() => store.close());
    const other = createPgStore(await openPgDatabase(pgUrlOf(store), { max: 4 }));
    cleanups.push(() => other.close());
    const instances = [await app(store, smtp.url()), await app(other, smtp.url())];
    const users = [];
    for (let n = 0; n < 12; n++) users.push((await createUser(store, { email: `kjoper${n}@example.no` })).user);

    // Each instance queues half; both workers take from the one queue.
    const answers = await Promise.all(users.map((u, n) => forgotPassword(instances[n % 2], u.email)));
    expect(answers.map((a) => a.statusCode)).toEqual(users.map(() => 202));
    await expect.poll(() => smtp.delivered.length, { timeout: 15_000 }).toBe(12);
    await expect.poll(() => queued(store)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.delivered.flatMap((d) => d.rcptTo).sort()).toEqual(users.map((u) => u.email).sort());
  });
});
