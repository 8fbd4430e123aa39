import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
// The server's price list is the one source (pricing in one place).
import { LIST_PRICE_CENTS } from '../../../../src/modules/pricing/pricing.constants.js';

/** What each buying option costs and delivers (docs/product-rules.md, "Audio files"). */
export interface BuyingOption {
  option: 0 | 1 | 2;
  price: number;
  name: MessageDescriptor;
  delivers: MessageDescriptor;
}

export const BUYING_OPTIONS: readonly BuyingOption[] = [
  { option: 0, price: LIST_PRICE_CENTS[0] / 100, name: msg`Free`, delivers: msg`MP3, 192 kbps` },
  { option: 1, price: LIST_PRICE_CENTS[1] / 100, name: msg`Standard`, delivers: msg`WAV 16-bit, 44.1 kHz, dithered` },
  { option: 2, price: LIST_PRICE_CENTS[2] / 100, name: msg`Studio`, delivers: msg`WAV 24-bit, your mix's sample rate (up to 96 kHz)` },
];
