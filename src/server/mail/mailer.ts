import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { recordMail } from '../ops/metrics';
import type { MailQueueRepo, QueuedMail } from '../store/mail-queue';
import type { MailMessage } from './templates';

// The app's mail (docs/decisions/021-mail-and-account-recovery.md, docs/decisions/024-mail-queue.md). A mail is queued
// in the database, so a crash or a deploy loses none, and a worker in each instance claims due mails one at a time and
// sends them. With SMTP_URL, nodemailer's SMTP transport sends; without, nodemailer's stream transport builds the same
// RFC 5322 message and it is written as one .eml file into MAIL_OUTBOX_DIR, where development and tests read what would
// have been sent. Callers hand over a mail after their transaction has committed; a failed attempt is retried a
// bounded number of times and logged, and never reaches the request that caused it.

export interface Mailer {
  /** Queues a mail to `to` in the database and wakes the worker; resolves once it is stored, never rejects. */
  send(to: string, message: MailMessage): Promise<void>;
  /**
   * Runs `job` in the background, after the current request (work whose timing must not show in the answer, such as
   * the look-up behind 'Glemt passord?'). A failure is logged, never thrown; the job usually ends by calling send.
   */
  later(job: () => Promise<void>): void;
  /**
   * Resolves when every job has finished and the queue is empty, each mail sent, written or given up (waiting out the
   * retries and mails other instances hold): for tests.
   */
  idle(): Promise<void>;
  /** Waits for the jobs and the mail being sent, stops the worker and closes the transport; queued mail stays queued. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** The queue in the database (store.mailQueue). */
  queue: MailQueueRepo;
  /** smtp://user:pass@host:587 or smtps://…, with nodemailer's options as query parameters; absent, mails become files in outboxDir. */
  smtpUrl?: string;
  outboxDir: string;
  /** The From header, e.g. 'Bilpartner.no <no-reply@bilpartner.no>'. */
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * The pause before each retry; its length bounds the retries. The default spans about 70 minutes: with the queue in
   * the database, an SMTP server's outage or a deploy of it loses no mail.
   */
  retryDelaysMs?: readonly number[];
  /**
   * How often the worker looks for mail queued by other instances or before a restart; it also starts at once. Absent,
   * it looks only when this mailer queues a mail or a retry falls due (tests, tools).
   */
  pollMs?: number;
  /** How long a claim lasts: a mail whose sender died while sending it is tried again after this. Default 2 minutes. */
  claimMs?: number;
}

export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000] as const;
export const DEFAULT_CLAIM_MS = 120_000;
/** How often an instance's worker looks for mail it was not woken for (other instances', or from before a restart). */
export const MAIL_POLL_MS = 3_000;

/** How long one attempt may take at most, well within a claim: nodemailer's own defaults allow minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(opts: MailerOptions): Mailer {
  const { queue } = opts;
  const transport = opts.smtpUrl
    ? // The URL's own query parameters (e.g. ?socketTimeout=60000) take precedence over these.
      nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS })
    : // CRLF line ends: the .eml file is the message as it would go over SMTP (RFC 5322 section 2.1).
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const delays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const claimMs = opts.claimMs ?? DEFAULT_CLAIM_MS;
  const messageIdDomain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? 'localhost';
  const jobs = new Set<Promise<void>>();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliver(mail: QueuedMail): Promise<void> {
    const info = await transport.sendMail({
      from: opts.from,
      to: mail.recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      date: mail.createdAt,
      ...(mail.unsubscribeUrl && { list: { unsubscribe: mail.unsubscribeUrl } }),
    });
    if (opts.smtpUrl) return;
    // Written under a temporary name and renamed: a reader of the folder never sees half a message.
    await fs.mkdir(opts.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
    const file = path.join(opts.outboxDir, name);
    await fs.writeFile(`${file}.tmp`, (info as { message: Buffer }).message);
    await fs.rename(`${file}.tmp`, file);
  }

  /** Where a mail's outcome is known: the metrics count 'sent' and 'failed' here (docs/operations.md#metrics). */
  function finished(outcome: 'sent' | 'failed', mail: QueuedMail, err?: unknown) {
    recordMail(outcome);
    const { recipient: to, subject, attempts } = mail;
    const domain = to.slice(to.lastIndexOf('@') + 1);
    // The address's domain only: the log outlives the account, the address should not be in it.
    if (outcome === 'sent') opts.log.info({ mail: { subject, domain, attempts } }, 'mail sent');
    else opts.log.error({ err, mail: { subject, domain, attempts } }, 'mail given up');
  }

  /** Claims one due mail and tries it; answers whether there was one. */
  async function attemptOne(): Promise<boolean> {
    const now = Date.now();
    const mail = await queue.claim(new Date(now), new Date(now + claimMs));
    if (!mail) return false;
    try {
      await deliver(mail);
    } catch (err) {
      if (mail.attempts > delays.length) {
        await queue.remove(mail.id);
        finished('failed', mail, err);
      } else {
        opts.log.warn({ err, attempt: mail.attempts }, 'mail failed, retrying');
        await queue.retryAt(mail.id, mail.attempts, new Date(Date.now() + delays[mail.attempts - 1]));
      }
      return true;
    }
    // At once after the server took it: a crash before this delete sends the mail again when the claim runs out.
    try {
      await queue.remove(mail.id);
    } finally {
      finished('sent', mail);
    }
    return true;
  }

  /** Sets the timer for the next due mail, or the next look for other instances' mail, whichever comes first. */
  async function schedule(): Promise<void> {
    const next = await queue.nextDue();
    const wait = Math.min(next ? Math.max(0, next.getTime() - Date.now()) : Infinity, opts.pollMs ?? Infinity);
    if (stopped || wait === Infinity) return;
    timer = setTimeout(() => void wake(), wait);
    timer.unref();
  }

  /** Runs the worker until nothing is due; a wake while it runs makes it look once more. */
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          clearTimeout(timer);
          while (!stopped && (await attemptOne()));
          await schedule();
        } while (again && !stopped);
      } catch (err) {
        opts.log.error({ err }, 'mail queue failed');
        if (opts.pollMs && !stopped) timer = setTimeout(() => void wake(), opts.pollMs).unref();
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function track(work: Promise<void>) {
    const p = work.catch((err: unknown) => opts.log.error({ err }, 'mail job failed'));
    jobs.add(p);
    void p.finally(() => jobs.delete(p));
  }

  const settleJobs = async () => {
    while (jobs.size > 0) await Promise.all([...jobs]);
  };

  if (opts.pollMs) void wake();

  return {
    async send(to, message) {
      try {
        const messageId = `<${crypto.randomUUID()}@${messageIdDomain}>`;
        const { subject, text, html, unsubscribeUrl = null } = message;
        await queue.enqueue({ recipient: to, subject, text, html, unsubscribeUrl, messageId });
      } catch (err) {
        opts.log.error({ err }, 'mail not queued');
        return;
      }
      void wake();
    },
    later(job) {
      // setImmediate: the job starts after the caller's answer is on its way, not in the same tick.
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(job));
    },
    async idle() {
      for (;;) {
        await settleJobs();
        if (stopped) return;
        await wake();
        const next = await queue.nextDue();
        if (!next && jobs.size === 0) return;
        // A retry's pause, or a mail another instance holds: looked at again shortly.
        if (next) await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(0, next.getTime() - Date.now()), 20)));
      }
    },
    async close() {
      await settleJobs();
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
