import { renewDueSubscriptions } from './modules/distribution/index.js';
import { DIGEST_SWEEP_MS, sendDueCommentDigests } from './modules/feedback/index.js';
import { reconcilePendingPayments } from './modules/payments/index.js';
import { COVER_JOB_KIND, coverJobHandlers, DELIVERY_JOB_KINDS, deliveryJobHandlers, takeDownReleasesOfEndedSubscriptions } from './modules/releases/index.js';
import { payoutContextOf, pollPayouts } from './modules/royalties/index.js';
import { serviceContextOf, type Platform } from './platform/context.js';
import { createQueuedMailer, MAIL_JOB_KIND, mailJobHandler } from './platform/mail/queued-mailer.js';
import type { PeriodicJob } from './platform/periodic-job.js';
import { pruneFinishedJobs } from './platform/queue/job-queue.js';
import { startJobSchedule } from './platform/queue/job-schedule.js';
import { startJobWorker, type JobHandler, type JobWorker } from './platform/queue/job-worker.js';

/** The kinds of job the web process runs. The media processes claim theirs (media.*) through the internal API. */
export const WEB_JOB_KINDS = {
  mail: MAIL_JOB_KIND,
  paymentReconciliation: 'payments.reconcile',
  commentDigests: 'feedback.comment-digests',
  subscriptionRenewals: 'distribution.renew-subscriptions',
  payoutPolls: 'royalties.poll-payouts',
  prune: 'queue.prune',
} as const;

const HOUR_MS = 3_600_000;
/** Done rows are kept a day (their keys keep a schedule slot from running twice), failed ones a month for inspection. */
const DONE_KEPT_MS = 24 * HOUR_MS;
const FAILED_KEPT_MS = 30 * 24 * HOUR_MS;

export interface BackgroundJobs {
  /** The platform whose mailer puts mails on the queue; requests and jobs use it. */
  platform: Platform;
  stop(): Promise<void>;
}

/**
 * The web process's side of the durable queue: the worker for the web's job kinds, and the
 * schedules that put the periodic sweeps on it once per slot for all web processes together.
 */
export function startBackgroundJobs(base: Platform): BackgroundJobs {
  const { env, log, db } = base;
  let worker: JobWorker | null = null;
  const wake = () => worker?.wake();
  const platform: Platform = { ...base, mailer: createQueuedMailer(db, base.mailer, wake) };
  const system = () => serviceContextOf(platform, null, 'en');

  const handlers: Record<string, JobHandler> = {
    [WEB_JOB_KINDS.mail]: mailJobHandler(base.mailer),
    // Charged-but-unbooked payments (the process died mid-pay) get their invoice within minutes.
    [WEB_JOB_KINDS.paymentReconciliation]: async () => void (await reconcilePendingPayments(system())),
    [WEB_JOB_KINDS.commentDigests]: async () => void (await sendDueCommentDigests(platform)),
    [WEB_JOB_KINDS.subscriptionRenewals]: async () => {
      await renewDueSubscriptions(system(), new Date());
      // A subscription that ended (its paid period over) takes its releases off the stores.
      await takeDownReleasesOfEndedSubscriptions(system());
    },
    // PayPal settles items after the run: confirmed ones are announced, failed ones go back on the balance.
    [WEB_JOB_KINDS.payoutPolls]: async () => void (await pollPayouts(payoutContextOf(platform, log))),
    [WEB_JOB_KINDS.prune]: async () => {
      const now = Date.now();
      await pruneFinishedJobs(db, new Date(now - DONE_KEPT_MS), 'done');
      await pruneFinishedJobs(db, new Date(now - FAILED_KEPT_MS), 'failed');
    },
  };
  // Store deliveries, the local provider's steps and over SFTP, and the sweep of the stores' acknowledgements.
  Object.assign(handlers, deliveryJobHandlers(platform));
  // A release cover's variants, made after its upload answered.
  Object.assign(handlers, coverJobHandlers(platform));
  // A sweep never runs beside another of its kind (a slow one outlasting its slot), in any process.
  const limits = {
    ...Object.fromEntries([...Object.values(WEB_JOB_KINDS), DELIVERY_JOB_KINDS.acknowledgements].filter((kind) => kind !== WEB_JOB_KINDS.mail).map((kind) => [kind, { global: 1 }])),
    // Uploads are long and use the stores' bandwidth, not ours alone: a few at a time.
    [DELIVERY_JOB_KINDS.deliver]: { global: 2 },
    [DELIVERY_JOB_KINDS.detachedTakedown]: { global: 2 },
    // Decoding a cover takes a core for a moment: one per user at a time.
    [COVER_JOB_KIND]: { perUser: 1 },
  };
  worker = startJobWorker(db, log, { handlers, limits, concurrency: env.JOB_CONCURRENCY });

  const schedule = (kind: string, everyMs: number, firstDelayMs?: number) =>
    startJobSchedule(db, log, { kind, everyMs, onEnqueued: wake, ...(firstDelayMs !== undefined ? { firstDelayMs } : {}) });
  const schedules: PeriodicJob[] = [
    schedule(WEB_JOB_KINDS.paymentReconciliation, 5 * 60_000),
    schedule(WEB_JOB_KINDS.commentDigests, DIGEST_SWEEP_MS),
    schedule(WEB_JOB_KINDS.prune, HOUR_MS, 60_000),
  ];
  if (env.PAYOUT_PROVIDER !== 'local') schedules.push(schedule(WEB_JOB_KINDS.payoutPolls, 15 * 60_000, 60_000));
  if (env.SUBSCRIPTION_RENEWAL_INTERVAL_S > 0) schedules.push(schedule(WEB_JOB_KINDS.subscriptionRenewals, env.SUBSCRIPTION_RENEWAL_INTERVAL_S * 1000, 5_000));
  if (env.DISTRIBUTION_PROVIDER === 'sftp' && env.DELIVERY_ACK_POLL_S > 0) schedules.push(schedule(DELIVERY_JOB_KINDS.acknowledgements, env.DELIVERY_ACK_POLL_S * 1000, 10_000));

  return {
    platform,
    async stop() {
      for (const job of schedules) job.stop();
      await worker?.stop();
    },
  };
}
