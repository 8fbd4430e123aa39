import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../log.js';

/** One message, already rendered: the platform only transports it (templates belong to modules). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about; the outbox logs it so a developer can follow it without a mail client. */
  link?: string;
  /** A short, file-name-safe word for what the mail is ("verify", "reset"), used in outbox file names. */
  kind: string;
  /** Files sent with the mail (a receipt's invoice PDF), base64-encoded by nodemailer. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** The nodemailer message of a MailMessage: the same for SMTP and the outbox, so the outbox shows what SMTP would send. */
const nodemailerMessage = (from: string, message: MailMessage) => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  ...(message.attachments?.length ? { attachments: message.attachments.map(({ filename, content, contentType }) => ({ filename, content, contentType })) } : {}),
});

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Forgets everything kept about one recipient (account deletion). The outbox removes the .eml
   * files addressed to them; SMTP keeps nothing, so it has nothing to do.
   */
  forgetRecipient(email: string): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** smtp:// or smtps:// URL; when absent, mails go to the outbox directory. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  log: Logger;
}

/** File names carry a hash of the recipient, not the address, so deletion finds them without parsing. */
export const recipientTagOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options) : createOutboxMailer(options);
}

function createSmtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(nodemailerMessage(options.from, message));
      options.log.info({ kind: message.kind }, 'mail sent');
    },
    async forgetRecipient() {
      // Nothing is kept locally.
    },
  };
}

/**
 * The embedded default: each mail is rendered by nodemailer's stream transport into a
 * complete .eml file under the outbox directory, and its link is logged.
 */
function createOutboxMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(options.from, message));
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${message.kind}-${recipientTagOf(message.to)}-${randomBytes(3).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      // Written under a temporary name and moved into place: whoever reads the outbox sees a mail whole or not at all.
      const temp = path.join(options.outboxDir, `.${name}.tmp`);
      try {
        await writeFile(temp, info.message as Buffer, { mode: 0o600 });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      options.log.info({ kind: message.kind, file, link: message.link }, 'mail written to outbox');
    },
    async forgetRecipient(email) {
      const tag = `-${recipientTagOf(email)}-`;
      let files: string[];
      try {
        files = await readdir(options.outboxDir);
      } catch {
        return;
      }
      await Promise.all(files.filter((file) => file.includes(tag)).map((file) => rm(path.join(options.outboxDir, file), { force: true })));
    },
  };
}
