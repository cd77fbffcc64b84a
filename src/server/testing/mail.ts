import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { createMailer, type Mailer } from '../mail/mailer';
import type { Store } from '../store';

// Tests read what the app would have sent from its outbox folder (src/server/mail/mailer.ts), parsed as a mail
// program would (postal-mime): the quoted-printable body and encoded subject decoded.

const silent = { info() {}, warn() {}, error() {} };

/**
 * A mailer queueing in `store` and writing into `outboxDir` (default: a fresh temporary folder), with retries but no
 * pauses between them.
 */
export function createTestMailer(store: Pick<Store, 'mailQueue'>, dir?: string): { mailer: Mailer; outboxDir: string } {
  const outboxDir = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bp-outbox-'));
  return { mailer: createMailer({ queue: store.mailQueue, outboxDir, from: 'Bilpartner.no <no-reply@bilpartner.no>', log: silent, retryDelaysMs: [0, 0] }), outboxDir };
}

export interface ReadMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** Every .eml in the folder, oldest first (the names start with the time written). */
export async function readOutbox(outboxDir: string): Promise<ReadMail[]> {
  if (!fs.existsSync(outboxDir)) return [];
  const files = fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = fs.readFileSync(path.join(outboxDir, file), 'utf8');
      const mail = await PostalMime.parse(raw);
      return {
        file,
        from: mail.from?.address ?? '',
        to: mail.to?.map((a) => a.address).join(', ') ?? '',
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: mail.html ?? '',
        raw,
      };
    }),
  );
}

/** The /nytt-passord link of a mail's text. */
export function resetLinkOf(mail: Pick<ReadMail, 'text'>): URL {
  const match = /https?:\/\/\S+\/nytt-passord\?token=\S+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in:\n${mail.text}`);
  return new URL(match[0]);
}
