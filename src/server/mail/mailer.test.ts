import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registry } from '../ops/metrics';
import type { Store } from '../store';
import { readOutbox } from '../testing/mail';
import { createTestStore } from '../testing/stores';
import { createMailer } from './mailer';
import { passwordResetMail } from './templates';

// The mail module without SMTP (docs/decisions/021-mail-and-account-recovery.md, 024-mail-queue.md): mails queued in
// the database, one RFC 5322 file per mail in the outbox, sent in the background, retried a bounded number of times,
// never thrown at the caller. smtp.test.ts sends through a real SMTP server.

const dirs: string[] = [];
let store: Store;
beforeEach(async () => {
  store = await createTestStore();
});
afterEach(async () => {
  await store.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-mailer-'));
  dirs.push(d);
  return d;
};

/** The value of one of /metrics' counters in this process. */
async function counter(name: string) {
  const metric = await registry.getSingleMetric(name)?.get();
  return metric?.values[0]?.value ?? 0;
}

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: unknown, msg?: string) => void lines.push({ level, msg: msg ?? '' });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('createMailer without SMTP_URL', () => {
  it('writes each mail as one RFC 5322 .eml file with CRLF line ends, plain text and HTML', async () => {
    const outboxDir = path.join(tmp(), 'outbox');
    const { log, lines } = recordingLog();
    const mailer = createMailer({ queue: store.mailQueue, outboxDir, from: 'Bilpartner.no <no-reply@bilpartner.no>', log });
    const link = 'http://localhost:3000/nytt-passord?token=abc123';
    const sentBefore = await counter('bilpartner_mail_sent_total');
    await mailer.send('kari@example.no', passwordResetMail({ name: 'Kari Nordmann', username: 'kari.nordmann' }, link));
    await mailer.send('ola@example.no', passwordResetMail({ name: 'Ola Hansen', username: 'ola.hansen' }, link));
    await mailer.idle();

    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const mails = await readOutbox(outboxDir);
    const kari = mails.find((m) => m.to === 'kari@example.no')!;
    expect(kari.subject).toBe('Nytt passord på Bilpartner.no');
    expect(kari.text).toContain('Hei Kari Nordmann,');
    expect(kari.text).toContain(link);
    expect(kari.html).toContain(`href="${link}"`);
    const [head] = kari.raw.split('\r\n\r\n');
    const names = head.split('\r\n').map((line) => line.split(':')[0]);
    for (const header of ['From', 'To', 'Subject', 'Date', 'Message-ID', 'MIME-Version']) expect(names).toContain(header);
    expect(kari.raw.replace(/\r\n/g, '')).not.toContain('\n');
    expect(lines.filter((l) => l.msg === 'mail sent')).toHaveLength(2);
    expect(await counter('bilpartner_mail_sent_total')).toBe(sentBefore + 2);
    await mailer.close();
  });

  it('retries a failing send a bounded number of times, logs it, and never throws', async () => {
    // A file where the outbox folder should be: every write fails.
    const blocked = path.join(tmp(), 'not-a-folder');
    fs.writeFileSync(blocked, '');
    const { log, lines } = recordingLog();
    const mailer = createMailer({ queue: store.mailQueue, outboxDir: blocked, from: 'no-reply@bilpartner.no', log, retryDelaysMs: [0, 0] });
    const failedBefore = await counter('bilpartner_mail_failed_total');
    await expect(mailer.send('kari@example.no', { subject: 'Hei', text: 'Hei', html: '<p>Hei</p>' })).resolves.toBeUndefined();
    await mailer.idle();
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual(['warn mail failed, retrying', 'warn mail failed, retrying', 'error mail given up']);
    // One mail given up counts once, not once per attempt.
    expect(await counter('bilpartner_mail_failed_total')).toBe(failedBefore + 1);
    await mailer.close();
  });

  it('runs a later job after the caller, and logs a job that fails', async () => {
    const { log, lines } = recordingLog();
    const mailer = createMailer({ queue: store.mailQueue, outboxDir: tmp(), from: 'no-reply@bilpartner.no', log });
    const order: string[] = [];
    mailer.later(async () => void order.push('job'));
    mailer.later(async () => {
      throw new Error('database gone');
    });
    order.push('caller');
    await mailer.idle();
    expect(order).toEqual(['caller', 'job']);
    expect(lines).toContainEqual({ level: 'error', msg: 'mail job failed' });
    await mailer.close();
  });
});

describe('the queue in the database', () => {
  const mail = (n: number) => ({ recipient: `kari${n}@example.no`, subject: `Hei ${n}`, text: 'Hei', html: '<p>Hei</p>', unsubscribeUrl: null, messageId: `<${n}@bilpartner.no>` });

  it('sends, once, at start, a mail an instance queued and did not send before it stopped', async () => {
    await store.mailQueue.enqueue(mail(1));
    const outboxDir = tmp();
    const mailer = createMailer({ queue: store.mailQueue, outboxDir, from: 'no-reply@bilpartner.no', log: recordingLog().log, pollMs: 50 });
    await expect.poll(() => fs.readdirSync(outboxDir).length).toBe(1);
    await mailer.idle();
    await mailer.close();
    const [sent, ...more] = await readOutbox(outboxDir);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ to: 'kari1@example.no', subject: 'Hei 1' });
    expect(sent.raw).toContain('Message-ID: <1@bilpartner.no>');
    expect(await store.mailQueue.nextDue()).toBeUndefined();
  });

  it('sends again, once, a mail whose sender died while sending it, when the claim runs out', async () => {
    await store.mailQueue.enqueue(mail(1));
    // The claim of an instance that died before the mail server answered.
    expect(await store.mailQueue.claim(new Date(), new Date(Date.now() + 300))).toBeDefined();
    const outboxDir = tmp();
    const { log, lines } = recordingLog();
    const mailer = createMailer({ queue: store.mailQueue, outboxDir, from: 'no-reply@bilpartner.no', log });
    await mailer.idle();
    await mailer.close();
    expect(await readOutbox(outboxDir)).toHaveLength(1);
    expect(lines.map((l) => l.msg)).toEqual(['mail sent']);
  });

  it('leaves a mail waiting for its retry in the queue at close, without waiting out the pause', async () => {
    const blocked = path.join(tmp(), 'not-a-folder');
    fs.writeFileSync(blocked, '');
    const mailer = createMailer({ queue: store.mailQueue, outboxDir: blocked, from: 'no-reply@bilpartner.no', log: recordingLog().log, retryDelaysMs: [60_000] });
    await mailer.send('kari@example.no', { subject: 'Hei', text: 'Hei', html: '<p>Hei</p>' });
    await expect.poll(async () => (await store.mailQueue.nextDue())?.getTime() ?? 0).toBeGreaterThan(Date.now() + 50_000);
    const started = Date.now();
    await mailer.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    // The next start tries it when the pause is over.
    expect(await store.mailQueue.claim(new Date(Date.now() + 61_000), new Date(Date.now() + 120_000))).toMatchObject({ recipient: 'kari@example.no', attempts: 2 });
  });

  it('sends each mail once with two mailers working the one queue', async () => {
    const outboxDir = tmp();
    const opts = { queue: store.mailQueue, outboxDir, from: 'no-reply@bilpartner.no', log: recordingLog().log };
    const [a, b] = [createMailer(opts), createMailer(opts)];
    await Promise.all(Array.from({ length: 20 }, (_, n) => (n % 2 ? a : b).send(`kari${n}@example.no`, { subject: `Hei ${n}`, text: 'Hei', html: '<p>Hei</p>' })));
    await Promise.all([a.idle(), b.idle()]);
    await Promise.all([a.close(), b.close()]);
    const subjects = (await readOutbox(outboxDir)).map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 20 }, (_, n) => `Hei ${n}`).sort());
  });
});
