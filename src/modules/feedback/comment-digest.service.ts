import type { Platform } from '../../platform/context.js';
import { renderDigestMail } from './comment-digest.mails.js';
import * as repo from './feedback.repository.js';

/** At most one digest per hour and track. */
export const DIGEST_MIN_GAP_MS = 60 * 60 * 1000;
/** How often the web process looks for due digests. */
export const DIGEST_SWEEP_MS = 5 * 60 * 1000;

const displayName = (first: string, last: string, email: string) => `${first} ${last}`.trim() || email;

/**
 * One sweep: for every track with comments by others that no digest covered yet and whose last
 * digest is an hour old (or none went out), claims the slot and mails the owner one digest. An owner
 * who switched digests off gets none, and the comments count as covered, so switching back on does
 * not send old news. Answers how many mails went out.
 */
export async function sendDueCommentDigests(platform: Platform, now = new Date()): Promise<number> {
  const { db, log } = platform;
  let sent = 0;
  for (const { track_id: trackId } of await repo.findTracksDueForDigest(db, now, DIGEST_MIN_GAP_MS)) {
    const comments = await repo.findDigestContent(db, trackId);
    const first = comments[0];
    const newest = comments.at(-1);
    if (!first || !newest) continue;
    if (!(await repo.claimDigest(db, trackId, now, DIGEST_MIN_GAP_MS, new Date(newest.created_at)))) continue;
    if (first.opted_out) continue;
    const master = await repo.findMasterOfTrack(db, trackId);
    const link = new URL(master ? `/masters/song/${master.id}` : '/masters', platform.env.PUBLIC_URL).toString();
    const settingsLink = new URL('/account', platform.env.PUBLIC_URL).toString();
    const rendered = renderDigestMail(first.owner_locale, {
      trackName: first.track_name,
      link,
      settingsLink,
      comments: comments.map((c) => ({ author: displayName(c.author_first_name, c.author_last_name, c.author_email), text: c.text, timestamp: c.timestamp_s })),
    });
    try {
      await platform.mailer.send({ to: first.owner_email, ...rendered, link, kind: 'comments' });
      sent += 1;
    } catch (error) {
      // The comments stay on the page; a lost digest is a missed nudge, not lost data.
      log.error({ err: error, trackId }, 'comment digest could not be sent');
    }
  }
  return sent;
}
