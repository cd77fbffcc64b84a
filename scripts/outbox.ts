// npm run outbox [-- N]: the newest N (default 1) mails of the outbox folder (MAIL_OUTBOX_DIR, default ./data/outbox),
// decoded as a mail program shows them: who, subject, the plain text with its links. Without SMTP_URL every mail the
// app sends lands there as an .eml file (docs/decisions/021-mail-and-account-recovery.md); this reads them.
import path from 'node:path';
import { readOutbox } from '../src/server/testing/mail';

const dir = path.resolve(process.env.MAIL_OUTBOX_DIR || './data/outbox');
const count = Math.max(1, Number(process.argv[2] ?? 1) || 1);
const mails = await readOutbox(dir);
if (mails.length === 0) {
  console.log(`No mail in ${dir} yet.`);
} else {
  for (const mail of mails.slice(-count)) {
    console.log(`── ${path.join(dir, mail.file)}\nTil: ${mail.to}\nEmne: ${mail.subject}\n\n${mail.text.trim()}\n`);
  }
}
