import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** One rendered message, ready for the wire. */
export interface MailMessage {
  /** The outbox row's id: the Message-ID is made from it, so a retried message is recognisably the same one. */
  id: string;
  from: string;
  /** Where a reply goes (SUPPORT_EMAIL): the sender is usually a no-reply address. */
  replyTo?: string | undefined;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where a message went: the SMTP server, or a file of the .eml outbox. */
export type Delivery = { kind: 'smtp' } | { kind: 'outbox'; file: string };

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the SMTP server accepted the message (or the file is written); rejects otherwise. */
  send(message: MailMessage): Promise<Delivery>;
  close(): void;
}

/**
 * nodemailer over `SMTP_URL`; without it, the .eml outbox in `DATA_DIR/outbox` (DESIGN.md §12):
 * a fresh install needs no mail server, and a developer opens the file to follow its link.
 */
export function createMailTransport(options: { smtpUrl: string | undefined; dataDir: string }): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : outboxTransport(path.join(options.dataDir, 'outbox'));
}

/**
 * Timeouts well under the dispatcher's claim lease (dispatcher.ts), so a hung server fails the
 * attempt (to be retried) before another instance may claim the same message.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

function smtpTransport(smtpUrl: string): MailTransport {
  // nodemailer's own logger stays off: at debug it prints whole messages, and ours carry links with tokens.
  const transporter = lazyTransporter({ url: smtpUrl, ...SMTP_TIMEOUTS, logger: false, debug: false });
  return {
    kind: 'smtp',
    send: async (message) => {
      await (await transporter.get()).sendMail(nodemailerMessage(message));
      return { kind: 'smtp' };
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(folder: string): MailTransport {
  const composer = lazyTransporter({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    send: async (message) => {
      const info = await (await composer.get()).sendMail(nodemailerMessage(message));
      mkdirSync(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${message.id}.eml`);
      // Written aside and renamed, so a reader of the folder never sees half a message.
      writeFileSync(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      renameSync(`${file}.part`, file);
      return { kind: 'outbox', file };
    },
    close: () => composer.close(),
  };
}

/**
 * nodemailer is loaded with the first message, not at start-up: most instances send mail
 * rarely, and the module is a couple of MB of heap (docs/performance.md, issue 28 memory).
 */
function lazyTransporter(options: Record<string, unknown>): { get(): Promise<Transporter>; close(): void } {
  let transporter: Promise<Transporter> | undefined;
  return {
    get: () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options))),
    close: () => void transporter?.then((created) => created.close(), () => {}),
  };
}

function nodemailerMessage(message: MailMessage) {
  return {
    from: message.from,
    // An object, not a string: nodemailer parses a string as an address list, so an address such as
    // `victim@example.com,1` (one recipient to Bloom) would reach victim@example.com. As an object it
    // stays one address, which the SMTP server accepts or refuses as it is (decision 0068).
    to: { name: '', address: message.to },
    ...(message.replyTo ? { replyTo: { name: '', address: message.replyTo } } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${message.id}@${senderDomain(message.from)}>`,
  };
}

/** The domain of the sender's address, for the Message-ID ("localhost" when none can be read). */
function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}
