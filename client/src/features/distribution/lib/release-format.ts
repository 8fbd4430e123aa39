import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { displayStatusName, type TDeliveryState } from '../../../../../src/modules/releases/releases.schemas.js';

/**
 * Release dates with the long month, day and year in English ("March 5, 2027"); German
 * writes the same parts its own way ("5. März 2027"). Dates are calendar days, so they are read and
 * written in UTC and never shift by a time zone.
 */
export function formatReleaseDate(day: string | null | undefined, locale: string): string {
  if (!day) return '';
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The song picker shows a master's date as YYYY-MM-DD (the user's own calendar day). */
export function pickerDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso.slice(0, 10);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today as YYYY-MM-DD in the user's calendar. */
export function todayDay(): string {
  return pickerDate(new Date().toISOString());
}

const STATUS_LABELS: Record<string, MessageDescriptor> = {
  DRAFT: msg`Draft`,
  DELIVERING: msg`Being delivered`,
  DELIVERED: msg`Delivered`,
  PENDING: msg`Pending`,
  DISTRIBUTED: msg`Distributed`,
  DISAPPROVED: msg`Disapproved`,
};

/** A status with the provider prefix stripped; the known ones in the user's language. */
export function statusLabel(statusName: string): MessageDescriptor {
  const name = displayStatusName(statusName);
  return STATUS_LABELS[name] ?? { id: name, message: name };
}

const DELIVERY_STATE_LABELS: Record<TDeliveryState, MessageDescriptor> = {
  queued: msg`Waiting to be sent`,
  uploaded: msg`Sent to the store`,
  acknowledged: msg`Received by the store`,
  live: msg`Live`,
  rejected: msg`Rejected by the store`,
  unreadable: msg`Answer not readable`,
  takedown_requested: msg`Being taken down`,
  taken_down: msg`Taken down`,
};

/** Where a release stands at one store, in the user's language. */
export const deliveryStateLabel = (state: TDeliveryState): MessageDescriptor => DELIVERY_STATE_LABELS[state];
