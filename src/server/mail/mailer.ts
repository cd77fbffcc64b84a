import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { recordMail } from '../ops/metrics';
import type { MailMessage } from './templates';

// The app's mail (docs/decisions/021-mail-and-account-recovery.md). With SMTP_URL, nodemailer's SMTP transport sends
// it; without, nodemailer's stream transport builds the same RFC 5322 message and it is written as one .eml file into
// MAIL_OUTBOX_DIR, where development and tests read what would have been sent. Callers hand over a mail after their
// transaction has committed; sending happens in the background, is retried a bounded number of times and logged, and
// never reaches the request that caused it.

export interface Mailer {
  /** Queues a mail to `to`; answers at once and never throws. */
  send(to: string, message: MailMessage): void;
  /**
   * Runs `job` in the background, after the current request (work whose timing must not show in the answer, such as
   * the look-up behind 'Glemt passord?'). A failure is logged, never thrown; the job usually ends by calling send.
   */
  later(job: () => Promise<void>): void;
  /** Resolves when every queued mail and job has finished (sent, written or given up): for tests and shutdown. */
  idle(): Promise<void>;
  /** Waits for the queue, cutting retry pauses short, and closes the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://…; absent, mails become files in outboxDir. */
  smtpUrl?: string;
  outboxDir: string;
  /** The From header, e.g. 'Bilpartner.no <no-reply@bilpartner.no>'. */
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The pause before each retry; its length bounds the retries (default three: 2 s, 10 s, 60 s). */
  retryDelaysMs?: readonly number[];
}

export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000] as const;

export function createMailer(opts: MailerOptions): Mailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : // CRLF line ends: the .eml file is the message as it would go over SMTP (RFC 5322 section 2.1).
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const delays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const pending = new Set<Promise<void>>();
  let closing = false;
  const wakeOnClose = new Set<() => void>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (closing || ms <= 0) return resolve();
      const done = () => {
        clearTimeout(timer);
        wakeOnClose.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeOnClose.add(done);
    });

  async function deliver(to: string, message: MailMessage): Promise<void> {
    const info = await transport.sendMail({
      from: opts.from,
      to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.unsubscribeUrl && { list: { unsubscribe: message.unsubscribeUrl } }),
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
  function finished(outcome: 'sent' | 'failed', to: string, subject: string, attempts: number, err?: unknown) {
    recordMail(outcome);
    const domain = to.slice(to.lastIndexOf('@') + 1);
    // The address's domain only: the log outlives the account, the address should not be in it.
    if (outcome === 'sent') opts.log.info({ mail: { subject, domain, attempts } }, 'mail sent');
    else opts.log.error({ err, mail: { subject, domain, attempts } }, 'mail given up');
  }

  async function sendWithRetries(to: string, message: MailMessage): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await deliver(to, message);
        return finished('sent', to, message.subject, attempt);
      } catch (err) {
        if (attempt > delays.length) return finished('failed', to, message.subject, attempt, err);
        opts.log.warn({ err, attempt }, 'mail failed, retrying');
        await pause(delays[attempt - 1]);
      }
    }
  }

  function track(work: Promise<void>) {
    const p = work.catch((err: unknown) => opts.log.error({ err }, 'mail job failed'));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }

  return {
    send(to, message) {
      track(sendWithRetries(to, message));
    },
    later(job) {
      // setImmediate: the job starts after the caller's answer is on its way, not in the same tick.
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(job));
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      closing = true;
      for (const wake of [...wakeOnClose]) wake();
      await this.idle();
      transport.close();
    },
  };
}
