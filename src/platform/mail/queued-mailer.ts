import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { enqueueJob, type ClaimedJob } from '../queue/job-queue.js';
import type { MailMessage, Mailer } from './mailer.js';

export const MAIL_JOB_KIND = 'mail.send';
/** Above the sweeps: a person is usually waiting for this mail (a confirmation link). */
const MAIL_PRIORITY = 10;

type MailPayload = Omit<MailMessage, 'attachments'> & { attachments?: { filename: string; contentType: string; base64: string }[] };

/**
 * A Mailer that puts each mail on the job queue; `mailJobHandler` hands it to the transport. A mail
 * survives a process that stops before sending it and is retried while the SMTP server is away.
 * Delivery is at least once: a process that dies between the SMTP answer and the job's completion
 * sends that mail again.
 */
export function createQueuedMailer(db: Database, transport: Mailer, onEnqueued: () => void = () => undefined): Mailer {
  return {
    async send({ attachments, ...message }) {
      const payload: MailPayload = {
        ...message,
        ...(attachments ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') })) } : {}),
      };
      await enqueueJob(db, { kind: MAIL_JOB_KIND, payload, priority: MAIL_PRIORITY, maxAttempts: 8, backoffMs: 5_000 });
      onEnqueued();
    },
    async forgetRecipient(email) {
      // A running mail is left to finish; done ones kept no payload.
      await db
        .deleteFrom('jobs')
        .where('kind', '=', MAIL_JOB_KIND)
        .where('state', 'in', ['queued', 'failed'])
        .where(sql<string>`lower(payload->>'to')`, '=', email.trim().toLowerCase())
        .execute();
      await transport.forgetRecipient(email);
    },
  };
}

export const mailJobHandler = (transport: Mailer) => async (job: ClaimedJob) => {
  const { attachments, ...message } = job.payload as MailPayload;
  await transport.send({
    ...message,
    ...(attachments ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') })) } : {}),
  });
};
