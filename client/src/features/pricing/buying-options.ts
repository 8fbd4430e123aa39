import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Spec §1/§9 and decisions.md (Audio): what each buying option costs and delivers. */
export interface BuyingOption {
  option: 0 | 1 | 2;
  price: number;
  name: MessageDescriptor;
  delivers: MessageDescriptor;
}

export const BUYING_OPTIONS: readonly BuyingOption[] = [
  { option: 0, price: 0, name: msg`Free`, delivers: msg`MP3, 192 kbps` },
  { option: 1, price: 2.99, name: msg`Standard`, delivers: msg`WAV 16-bit, 44.1 kHz, dithered` },
  { option: 2, price: 6.99, name: msg`Studio`, delivers: msg`WAV 24-bit, 44.1 kHz` },
];

/** The advertised quality master (spec §1): 10, list price 17.99 struck through. */
export const QUALITY_MASTER = { price: 10, listPrice: 17.99 } as const;
