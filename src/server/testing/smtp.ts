import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

// A real SMTP server for tests (smtp-server, the nodemailer project's): it offers STARTTLS with a throwaway
// self-signed certificate, takes AUTH only over TLS and only with its user and password, and keeps what it accepted,
// parsed as a mail program would (postal-mime).

export interface DeliveredMail {
  /** The envelope's recipients (RCPT TO). */
  rcptTo: string[];
  /** Whether the session had switched to TLS (STARTTLS) when the mail came. */
  secure: boolean;
  /** The user the session authenticated as. */
  user: unknown;
  raw: string;
  mail: Email;
}

export interface TestSmtpServer {
  port: number;
  /** Mails accepted, in order. */
  delivered: DeliveredMail[];
  /** DATA commands seen, refused ones too. */
  attempts: number;
  /** The certificate (PEM), the CA a client must trust. */
  cert: string;
  /** SMTP_URL for this server: STARTTLS required, the certificate trusted through nodemailer's `tls.ca`. */
  url(auth?: { user: string; pass: string }): string;
  close(): Promise<void>;
}

export const SMTP_USER = 'bilpartner';
export const SMTP_PASS = 'hemmelig-smtp';

/** A throwaway certificate for 127.0.0.1 and localhost, made by openssl (EC, valid a day). */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-smtp-cert-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', key, '-out', cert,
    ], { stdio: 'ignore' });
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the server on 127.0.0.1 (`port`, or a free one). It answers the first `refuse` messages' DATA with 451, a
 * temporary failure, and takes each message `delayMs` to accept.
 */
export async function startSmtpServer(opts: { port?: number; refuse?: number; delayMs?: number; tls?: { key: string; cert: string } } = {}): Promise<TestSmtpServer> {
  const { key, cert } = opts.tls ?? selfSignedCertificate();
  let refuse = opts.refuse ?? 0;
  const state = { delivered: [] as DeliveredMail[], attempts: 0 };
  const server = new SMTPServer({
    key,
    cert,
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      state.attempts++;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        setTimeout(() => {
          void PostalMime.parse(raw).then((mail) => {
            state.delivered.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), secure: session.secure, user: session.user, raw, mail });
            callback();
          }, callback);
        }, opts.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    get delivered() {
      return state.delivered;
    },
    get attempts() {
      return state.attempts;
    },
    cert,
    url: (auth = { user: SMTP_USER, pass: SMTP_PASS }) => smtpUrl(port, cert, auth),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** SMTP_URL for a server on 127.0.0.1:`port` whose certificate is `cert`: STARTTLS required, `cert` trusted. */
export function smtpUrl(port: number, cert: string, auth = { user: SMTP_USER, pass: SMTP_PASS }): string {
  return `smtp://${auth.user}:${encodeURIComponent(auth.pass)}@127.0.0.1:${port}?requireTLS=true&tls.ca=${encodeURIComponent(cert)}`;
}
