import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../test/outbox.js';
import { createLogger } from '../log.js';
import { createMailer } from './mailer.js';

describe('the outbox mailer', () => {
  let folder = '';
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('when a large mail is being written, then a reader of the outbox sees it whole or not at all, and no temporary file is left', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'masterdeck-outbox-'));
    const outboxDir = path.join(folder, 'outbox');
    const mailer = createMailer({ from: 'Masterdeck <noreply@example.com>', outboxDir, log: createLogger('silent', 'test') });
    const invoice = { filename: 'invoice.pdf', contentType: 'application/pdf', content: Buffer.alloc(8 * 1024 * 1024, 7) };
    const sending = mailer.send({ to: 'ada@example.com', subject: 'Your invoice', text: 'Attached.', html: '<p>Attached.</p>', kind: 'receipt', attachments: [invoice] });
    let done = false;
    void sending.finally(() => (done = true));
    while (!done) {
      const files = await readdir(outboxDir).catch(() => [] as string[]);
      for (const file of files.filter((name) => name.endsWith('.eml'))) {
        const raw = await readFile(path.join(outboxDir, file), 'utf8');
        // A whole MIME message ends with its closing boundary.
        expect(raw.trimEnd()).toMatch(/\n--[^\n]+--$/);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sending;
    expect(await readdir(outboxDir)).toHaveLength(1);
    const [mail] = await mailsTo(outboxDir, 'ada@example.com');
    expect(mail!.attachments[0]!.content.equals(invoice.content)).toBe(true);
  });
});
