import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { recipientTagOf } from '../platform/mail/mailer.js';

export interface OutboxMail {
  file: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** The attached files of a raw mail: MIME parts with a Content-Disposition of attachment (nodemailer encodes them base64). */
function attachmentsOf(raw: string): OutboxMail['attachments'] {
  const attachments: OutboxMail['attachments'] = [];
  for (const part of raw.split(/\n--[^\n]+\n/)) {
    const split = part.indexOf('\n\n');
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\n[ \t]+/g, ' ');
    if (!/^Content-Disposition: attachment/im.test(headers)) continue;
    const filename = headers.match(/filename\*?=(?:utf-8'')?"?([^";\n]+)"?/i)?.[1] ?? '';
    const contentType = headers.match(/^Content-Type: ([^;\n]+)/im)?.[1]?.trim() ?? '';
    const body = part.slice(split + 2).replace(/\n--[\s\S]*$/, '');
    attachments.push({ filename: decodeURIComponent(filename), contentType, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
  }
  return attachments;
}

function decodePart(encoding: string, body: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeSubject(raw: string): string {
  return raw.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

/** Reads the outbox mails to one recipient, oldest first, with their decoded text and HTML parts. */
export async function mailsTo(outboxDir: string, email: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = await readdir(outboxDir);
  } catch {
    return [];
  }
  const tag = `-${recipientTagOf(email)}-`;
  const mails: OutboxMail[] = [];
  for (const file of files.filter((f) => f.includes(tag) && f.endsWith('.eml')).sort()) {
    const raw = (await readFile(path.join(outboxDir, file), 'utf8')).replace(/\r\n/g, '\n');
    const subjectMatch = raw.match(/^Subject: (.*(?:\n[ \t].*)*)/m);
    const parts = [...raw.matchAll(/Content-Type: (text\/(?:plain|html))[^\n]*\n(?:[\w-]+:[^\n]*\n)*?Content-Transfer-Encoding: ([\w-]+)\n\n([\s\S]*?)(?=\n--)/g)];
    const partOf = (type: string) => {
      const part = parts.find((p) => p[1] === type);
      return part ? decodePart(part[2] ?? '', part[3] ?? '') : '';
    };
    mails.push({ file, subject: decodeSubject((subjectMatch?.[1] ?? '').replace(/\n[ \t]/g, ' ')), text: partOf('text/plain'), html: partOf('text/html'), attachments: attachmentsOf(raw) });
  }
  return mails;
}

/** Long enough for the job queue of a web process on a loaded two-core machine (5 s was not, in browser tests). */
const MAIL_WAIT_MS = 30_000;

/**
 * Reads the mails to `email` until `found` makes something of them, for half a minute at most:
 * some mails are sent after the answer (forgot-password's), so they may take a moment to arrive.
 */
async function pollMailsTo<T>(outboxDir: string, email: string, found: (mails: OutboxMail[]) => T | null): Promise<{ value: T | null; mails: OutboxMail[] }> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const mails = await mailsTo(outboxDir, email);
    const value = found(mails);
    if (value !== null || Date.now() > deadline) return { value, mails };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The path and token of the last link of a kind ("verify-email", "reset-password") mailed to someone. */
export async function lastLinkTo(outboxDir: string, email: string, kind: 'verify-email' | 'reset-password'): Promise<{ url: string; token: string }> {
  const { value } = await pollMailsTo(outboxDir, email, (mails) => {
    for (const mail of [...mails].reverse()) {
      const match = mail.text.match(new RegExp(`(https?://\\S+/auth/${kind}/([\\w-]+))`));
      if (match?.[1] && match[2]) return { url: match[1], token: match[2] };
    }
    return null;
  });
  if (!value) throw new Error(`no ${kind} link mailed to ${email}`);
  return value;
}

/** The mails to one recipient once there are at least `count` (or whatever there is after half a minute). */
export async function awaitMailsTo(outboxDir: string, email: string, count = 1): Promise<OutboxMail[]> {
  return (await pollMailsTo(outboxDir, email, (mails) => (mails.length >= count ? true : null))).mails;
}
