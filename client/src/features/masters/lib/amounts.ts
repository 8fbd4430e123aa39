import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_AMOUNTS, type Amounts } from '../../../../../src/modules/masters/masters.constants.js';

/** The amounts in the order the control, the report card and the masters list show them. */
export const AMOUNT_PARTS = ['tone', 'width', 'dynamics'] as const satisfies readonly (keyof Amounts)[];

/** The names of the amounts. */
export const AMOUNT_NAMES: Readonly<Record<keyof Amounts, MessageDescriptor>> = {
  tone: msg({ message: 'Tone', context: 'amount' }),
  width: msg({ message: 'Width', context: 'amount' }),
  dynamics: msg({ message: 'Dynamics', context: 'amount' }),
};

/** A master's amounts, from the flat fields the API answers. */
export const amountsOfMaster = (master: { toneAmount: number; widthAmount: number; dynamicsAmount: number }): Amounts => ({
  tone: master.toneAmount,
  width: master.widthAmount,
  dynamics: master.dynamicsAmount,
});

/** What was changed, e.g. "Tone 120 %, Width 80 %"; '' when every amount is 100 % (the style as it is). */
export function amountsSummary(i18n: { _: (descriptor: MessageDescriptor) => string; number: (value: number) => string }, amounts: Amounts): string {
  return AMOUNT_PARTS.filter((part) => amounts[part] !== DEFAULT_AMOUNTS[part])
    .map((part) => `${i18n._(AMOUNT_NAMES[part])} ${i18n.number(amounts[part])} %`)
    .join(', ');
}
