import { STORE_REASONS } from '../releases.schemas.js';
import { parseXml, textAt, XmlError } from './xml-tree.js';

/**
 * Reads a store's acknowledgement: a DDEX ERN-C AcknowledgementMessage (or the FTP acknowledgement
 * of the choreography). What we take from it: the MessageId it acknowledges (AcknowledgedMessageId,
 * or MessageInBatch/MessageId), the release's status (ReleaseStatus/Status, else MessageStatus or
 * FileStatus), the store's error code and text. The status decides the step:
 * ingested -> acknowledged, live, refused -> rejected, purged -> taken down. Anything else is
 * "unreadable": kept and shown as such, never guessed.
 */

export type AcknowledgedState = 'acknowledged' | 'live' | 'rejected' | 'taken_down';

export type Acknowledgement =
  | { readable: true; messageId: string | null; icpn: string | null; status: string; state: AcknowledgedState; reason: string | null; storeText: string | null }
  | { readable: false; problem: string };

const STATES: Record<string, AcknowledgedState> = {
  SuccessfullyIngestedByReleaseDistributor: 'acknowledged',
  SuccessfullyIngested: 'acknowledged',
  FileOK: 'acknowledged',
  Acknowledged: 'acknowledged',
  Live: 'live',
  ReleaseLive: 'live',
  Published: 'live',
  ProcessingError: 'rejected',
  ResourceCorrupt: 'rejected',
  FileNotFound: 'rejected',
  MetadataError: 'rejected',
  Rejected: 'rejected',
  TakenDown: 'taken_down',
  SuccessfullyPurged: 'taken_down',
  Purged: 'taken_down',
};

/** Store error codes we can say in the user's language; any other refusal shows the store's words. */
const REASONS: Record<string, string> = {
  ResourceCorrupt: STORE_REASONS.resourceCorrupt,
  FileNotFound: STORE_REASONS.resourceCorrupt,
  GenreNotAccepted: STORE_REASONS.electronicOnly,
  TitleCapitalisation: STORE_REASONS.allCapsTitle,
  ArtworkNotAccepted: STORE_REASONS.coverRefused,
};

const first = (...values: string[]) => values.find((value) => value !== '') ?? '';

export function readAcknowledgement(xml: string): Acknowledgement {
  let root;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlError) return { readable: false, problem: error.message };
    throw error;
  }
  if (root.local !== 'AcknowledgementMessage' && root.local !== 'FtpAcknowledgementMessage') return { readable: false, problem: `not an acknowledgement: ${root.local}` };
  const status = first(textAt(root, 'ReleaseStatus/Status'), textAt(root, 'MessageStatus'), textAt(root, 'FileStatus/Status'), textAt(root, 'FileStatus'));
  const state = STATES[status];
  if (!state) return { readable: false, problem: status === '' ? 'no status' : `unknown status ${status}` };
  const messageId = first(textAt(root, 'AcknowledgedMessageId'), textAt(root, 'MessageInBatch/MessageId')) || null;
  const icpn = first(textAt(root, 'ReleaseStatus/ReleaseId/ICPN'), textAt(root, 'MessageInBatch/IncludedReleaseId/ICPN')) || null;
  if (!messageId && !icpn) return { readable: false, problem: 'names neither a message nor a release' };
  const code = first(textAt(root, 'ReleaseStatus/ErrorCode'), textAt(root, 'ErrorCode'), status);
  const storeText = first(textAt(root, 'ReleaseStatus/ErrorText'), textAt(root, 'ErrorText'), textAt(root, 'FileStatus/ErrorText')) || null;
  const reason = state === 'rejected' ? (REASONS[code] ?? STORE_REASONS.refused) : null;
  return { readable: true, messageId, icpn, status, state, reason, storeText };
}
