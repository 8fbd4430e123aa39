import { z } from 'zod';

/** 0 free (MP3), 1 WAV 16-bit, 2 WAV 24-bit (decisions.md, "Audio"). The option only goes up. */
export const ZBuyingOption = z.number().int().min(0).max(2);
export type TBuyingOption = z.infer<typeof ZBuyingOption>;

export const ZCurrency = z.enum(['USD', 'EUR']);
export type TCurrency = z.infer<typeof ZCurrency>;

/** What the price box and the option buttons show (spec §1): amounts in currency units, 2 decimals. */
export const ZPriceList = z.object({
  currency: ZCurrency,
  options: z.array(z.object({ buyingOption: ZBuyingOption, price: z.number() })),
  priceBox: z.object({ price: z.number(), listPrice: z.number() }),
});
export type TPriceList = z.infer<typeof ZPriceList>;
