import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process (the `smtp-server` package on a loopback port), which
 * keeps every message it is handed, decoded enough to read: headers, the plain-text part and the
 * HTML part. It asks for the credentials of `url` (AUTH PLAIN/LOGIN without TLS, as a local
 * catcher such as maildev does), can be stopped to play an outage and started again on the same
 * port. Not a mock transport: Bloom's nodemailer speaks SMTP to it over TCP.
 */
export interface CaughtMail {
  /** The SMTP envelope. */
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export const CATCHER_USER = 'bloom';
export const CATCHER_PASSWORD = 'catcher-secret';

export class SmtpCatcher {
  readonly messages: CaughtMail[] = [];
  /** Sign-ins seen, as `user:password`. */
  readonly logins: string[] = [];
  /** Recipients refused with 550 (an unknown mailbox): the mail is given up (decision 0083). */
  readonly refuse = new Set<string>();
  /** Recipients refused with 450 (the mailbox busy for now): the mail stays queued for a retry. */
  readonly defer = new Set<string>();
  /** Called with each message as it arrives (the browser tests' catcher hands it to their workers: e2e/mail-catcher.ts). */
  onMessage: ((message: CaughtMail) => void) | undefined;
  #server: SMTPServer | undefined;
  #waiters = new Set<() => void>();

  private constructor(public port: number) {}

  /** Listens on `port` (0: any free one). */
  static async start(port = 0): Promise<SmtpCatcher> {
    const catcher = new SmtpCatcher(port);
    await catcher.listen();
    return catcher;
  }

  /** A catcher's address with no server behind it yet (an SMTP server that is down): `listen()` later. */
  static async down(): Promise<SmtpCatcher> {
    const catcher = await SmtpCatcher.start();
    await catcher.stop();
    return catcher;
  }

  get url(): string {
    return `smtp://${CATCHER_USER}:${CATCHER_PASSWORD}@127.0.0.1:${this.port}`;
  }

  get listening(): boolean {
    return this.#server !== undefined;
  }

  async listen(): Promise<void> {
    if (this.#server) return;
    const server = new SMTPServer({
      secure: false,
      // No STARTTLS: nodemailer would upgrade and then refuse the self-signed certificate.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: false,
      logger: false,
      closeTimeout: 1_000,
      onAuth: (auth, _session, callback) => {
        this.logins.push(`${auth.username}:${auth.password}`);
        if (auth.username === CATCHER_USER && auth.password === CATCHER_PASSWORD) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo: (address, _session, callback) => {
        if (this.defer.has(address.address)) return callback(Object.assign(new Error(`Mailbox <${address.address}> is busy, try again later`), { responseCode: 450 }));
        if (!this.refuse.has(address.address)) return callback();
        callback(Object.assign(new Error(`Mailbox <${address.address}> does not exist`), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const message: CaughtMail = { ...parseMessage(raw), from: envelopeFrom, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw };
          this.messages.push(message);
          this.onMessage?.(message);
          for (const wake of this.#waiters) wake();
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages to `address` so far. */
  to(address: string): CaughtMail[] {
    return this.messages.filter((message) => message.to.includes(address));
  }

  /** Resolves with the first message that matches, waiting for it up to `timeoutMs`. */
  async waitFor(match: (message: CaughtMail) => boolean, timeoutMs = 5_000): Promise<CaughtMail> {
    const found = () => this.messages.find(match);
    const already = found();
    if (already) return already;
    return new Promise<CaughtMail>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`No matching mail within ${timeoutMs} ms (caught ${this.messages.length})`));
      }, timeoutMs);
      const check = () => {
        const message = found();
        if (!message) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve(message);
      };
      this.#waiters.add(check);
    });
  }
}

/** Just enough MIME for nodemailer's messages: headers, multipart, quoted-printable and base64, encoded words. */
function parseMessage(raw: string): Omit<CaughtMail, 'from' | 'to' | 'raw'> {
  const parts = { text: '', html: '' };
  const headers = readPart(raw, parts);
  return { headers, subject: decodeWords(headers.subject ?? ''), ...parts };
}

function readPart(raw: string, found: { text: string; html: string }): Record<string, string> {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (!boundary) return headers;
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      readPart(section.replace(/^\r?\n/, ''), found);
    }
    return headers;
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const decoded =
    encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
  const normalized = decoded.replace(/\r\n/g, '\n');
  if (type.startsWith('text/html')) found.html += normalized;
  else if (type.startsWith('text/plain')) found.text += normalized;
  return headers;
}

function decodeQuotedPrintable(value: string): string {
  const softBreaksGone = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < softBreaksGone.length; index++) {
    const char = softBreaksGone[index]!;
    const hex = softBreaksGone.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
