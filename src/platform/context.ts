import type { BackgroundTasks } from './background-tasks.js';
import type { Env } from './env.js';
import type { Database } from './db/database.js';
import type { Logger } from './log.js';
import type { Mailer } from './mail/mailer.js';
import type { Secrets } from './secrets.js';
import type { JobEvents } from './queue/job-events.js';
import type { FileStorage } from './storage/file-storage.js';

/** Platform singletons, built once in server.ts (or by a test) and shared by every request. */
export interface Platform {
  env: Env;
  db: Database;
  log: Logger;
  secrets: Secrets;
  storage: FileStorage;
  mailer: Mailer;
  /** Job progress and outcomes for every process (media jobs' listeners sit in the media processes). */
  events: JobEvents;
  /** Work started for a request that the request does not wait for; drained before the process or a test stops. */
  background: BackgroundTasks;
}

export type Locale = 'en' | 'de';

/** Who is calling: a signed-in user, or nobody. */
export interface Actor {
  userId: string;
  /** The refresh family (sign-in) the access token belongs to, when it names one. */
  sessionId?: string;
}

/** What every service function receives. */
export interface ServiceContext {
  db: Database;
  log: Logger;
  actor: Actor | null;
  locale: Locale;
  platform: Platform;
}

export function serviceContextOf(platform: Platform, actor: Actor | null, locale: Locale, log = platform.log): ServiceContext {
  return { db: platform.db, log, actor, locale, platform };
}

export function localeOf(acceptLanguage: string | undefined, cookie: string | undefined): Locale {
  if (cookie === 'de' || cookie === 'en') return cookie;
  return acceptLanguage?.trim().toLowerCase().startsWith('de') ? 'de' : 'en';
}
