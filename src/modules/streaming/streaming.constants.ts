/**
 * Names the web process and the media processes share for media work on the durable queue: the
 * job kinds and the topics their events go out on. Plain values, so the media process imports them
 * without the streaming module's services.
 */
import { amountsKeyOf, type Amounts } from '../masters/masters.constants.js';

export const MEDIA_JOB_KINDS = { bounce: 'media.bounce', prepare: 'media.prepare', renditions: 'media.renditions', album: 'media.album', codecs: 'media.codecs' } as const;
export type MediaJobKind = (typeof MEDIA_JOB_KINDS)[keyof typeof MEDIA_JOB_KINDS];

/** The topic every media process hears: new media work is queued (its workers look at once). */
export const MEDIA_QUEUED_TOPIC = 'media';
/** Medium keeps the topic it had before intensities existed, so a bounce queued before still reaches its listener. */
export const bounceTopic = (trackId: string, styleId: number, intensity: string = 'medium', amounts?: Amounts | null, referenceId?: string | null) =>
  `bounce:${trackId}:${styleId}${intensity === 'medium' ? '' : `:${intensity}`}${amountsKeyOf(amounts)}${referenceId ? `@${referenceId}` : ''}`;
export const prepareTopic = (trackId: string) => `prepare:${trackId}`;
/** An album's masters, made together by one job (the albums module). */
export const albumTopic = (albumId: string) => `album:${albumId}`;
/** A master's codec check (its owner asked for it). */
export const codecsTopic = (masterId: string) => `codecs:${masterId}`;
