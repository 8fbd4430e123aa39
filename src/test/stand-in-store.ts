import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { childrenNamed, parseXml, pathOf, textAt, type XmlElement } from '../modules/releases/index.js';

/**
 * A store's side of SFTP delivery, for tests: it reads the batch folders in its inbox that carry a
 * completion manifest, checks every file the message lists against its hash, and writes DDEX
 * acknowledgements into its acknowledgement folder (as a store would, written whole and renamed):
 * accepted, rejected with a reason, live, taken down, or something unreadable.
 */

export interface ReceivedBatch {
  batch: string;
  messageId: string;
  kind: string;
  icpn: string;
  release: XmlElement;
  /** Files the message lists that are missing or differ from their hash. */
  damaged: string[];
  files: string[];
}

export type StoreAnswer = { status: 'SuccessfullyIngestedByReleaseDistributor' | 'ReleaseLive' | 'TakenDown' } | { status: 'ProcessingError'; code: string; text: string } | { unreadable: string };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function createStandInStore(options: { root: string; inbox: string; ackDir: string; dpid: string }) {
  const inbox = path.join(options.root, options.inbox);
  const acks = path.join(options.root, options.ackDir);
  const answered = new Set<string>();
  let sequence = 0;

  function write(batch: string, body: string, prefix = 'ACK') {
    mkdirSync(acks, { recursive: true });
    const name = `${prefix}_${batch}_${++sequence}.xml`;
    writeFileSync(path.join(acks, `.${name}.tmp`), body);
    renameSync(path.join(acks, `.${name}.tmp`), path.join(acks, name));
  }

  return {
    /** The complete batches not answered yet, read and checked. */
    receive(): ReceivedBatch[] {
      if (!existsSync(inbox)) return [];
      const batches: ReceivedBatch[] = [];
      for (const batch of readdirSync(inbox).sort()) {
        const dir = path.join(inbox, batch);
        if (answered.has(batch) || !existsSync(path.join(dir, `BatchComplete_${batch}.xml`))) continue;
        const manifest = parseXml(readFileSync(path.join(dir, `BatchComplete_${batch}.xml`), 'utf8'));
        const messageXml = readFileSync(path.join(dir, textAt(manifest, 'MessageInBatch/URL')));
        const damaged: string[] = [];
        if (createHash('sha256').update(messageXml).digest('hex') !== textAt(manifest, 'MessageInBatch/HashSum/HashSumValue')) damaged.push('message');
        const message = parseXml(messageXml.toString('utf8'));
        const resources = pathOf(message, 'ResourceList');
        for (const resource of [...childrenNamed(resources, 'SoundRecording'), ...childrenNamed(resources, 'Image')]) {
          const file = pathOf(resource, resource.local === 'SoundRecording' ? 'SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' : 'TechnicalDetails/DeliveryFile/File');
          const uri = textAt(file, 'URI');
          const full = path.join(dir, uri);
          if (!existsSync(full) || createHash('sha256').update(readFileSync(full)).digest('hex') !== textAt(file, 'HashSum/HashSumValue')) damaged.push(uri);
        }
        batches.push({
          batch,
          messageId: textAt(manifest, 'MessageInBatch/MessageId'),
          kind: textAt(manifest, 'MessageInBatch/DeliveryType'),
          icpn: textAt(manifest, 'MessageInBatch/IncludedReleaseId/ICPN'),
          release: pathOf(message, 'ReleaseList/Release') ?? message,
          damaged,
          files: readdirSync(dir, { recursive: true }).map(String).sort(),
        });
      }
      return batches;
    },
    /** Writes the store's answer to a batch. */
    answer(batch: ReceivedBatch, answer: StoreAnswer) {
      answered.add(batch.batch);
      if ('unreadable' in answer) return write(batch.batch, answer.unreadable);
      const error = answer.status === 'ProcessingError' ? `<ErrorCode>${escape(answer.code)}</ErrorCode><ErrorText>${escape(answer.text)}</ErrorText>` : '';
      write(
        batch.batch,
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<ernc:AcknowledgementMessage xmlns:ernc="http://ddex.net/xml/ern-c/15" LanguageAndScriptCode="en">',
          `<MessageHeader><MessageId>ACK-${batch.batch}-${sequence}</MessageId><MessageSender><PartyId>${options.dpid}</PartyId></MessageSender><MessageCreatedDateTime>${new Date().toISOString()}</MessageCreatedDateTime></MessageHeader>`,
          `<AcknowledgedMessageId>${escape(batch.messageId)}</AcknowledgedMessageId>`,
          `<ReleaseStatus><ReleaseId><ICPN>${batch.icpn}</ICPN></ReleaseId><Status>${answer.status}</Status>${error}</ReleaseStatus>`,
          '</ernc:AcknowledgementMessage>',
        ].join('\n'),
      );
    },
  };
}
