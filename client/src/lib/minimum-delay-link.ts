import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AnyTRPCRouter } from '@trpc/server';

/** A data fetch takes at least this long, so a loading state never flashes for a few ms. */
export const FETCH_MINIMUM_DELAY_MS = 200;

/**
 * Holds back the answer of a query until `ms` after it was sent.
 * Mutations pass straight through: a user's own action is never slowed down. Unsubscribing (a
 * cancelled query) clears the pending timers.
 */
export function minimumDelayLink<TRouter extends AnyTRPCRouter>(ms: number, now: () => number = Date.now): TRPCLink<TRouter> {
  return () =>
    ({ next, op }) =>
      observable((observer) => {
        if (op.type !== 'query' || ms <= 0) {
          const direct = next(op).subscribe(observer);
          return () => direct.unsubscribe();
        }
        const due = now() + ms;
        // The answer's events (data, then complete) are delivered in the order they came. Each one
        // timed on its own could split at the due moment: data still waiting while complete, a
        // millisecond later, went at once, and the client read "complete without data" as an abort
        // ("signal is aborted without reason"), one load in a few hundred on a busy machine.
        const waiting: Array<() => void> = [];
        let timer: ReturnType<typeof setTimeout> | null = null;
        let released = false;
        const atDue = (deliver: () => void) => {
          if (released || (timer === null && now() >= due)) {
            released = true;
            deliver();
            return;
          }
          waiting.push(deliver);
          timer ??= setTimeout(() => {
            released = true;
            for (const held of waiting.splice(0)) held();
          }, due - now());
        };
        const subscription = next(op).subscribe({
          next: (value) => atDue(() => observer.next(value)),
          error: (error) => atDue(() => observer.error(error)),
          complete: () => atDue(() => observer.complete()),
        });
        return () => {
          subscription.unsubscribe();
          if (timer !== null) clearTimeout(timer);
        };
      });
}
