import { z } from 'zod';

export const ZFaq = z.object({ id: z.number().int(), question: z.string(), answer: z.string(), order: z.number().int() });
export type TFaq = z.infer<typeof ZFaq>;

/** Operator commands faq:list, faq:add, faq:remove. */
export const ZFaqLocale = z.enum(['en', 'de']);
export const ZOperatorFaq = ZFaq.extend({ locale: ZFaqLocale });
export type TOperatorFaq = z.infer<typeof ZOperatorFaq>;
export const ZListFaqsInput = z.object({ locale: ZFaqLocale.optional() }).default({});
export type TListFaqsInput = z.infer<typeof ZListFaqsInput>;
export const ZAddFaqInput = z.object({
  locale: ZFaqLocale,
  question: z.string().trim().min(1).max(500),
  answer: z.string().trim().min(1).max(5000),
  /** Position in the list; after the last one when absent. */
  order: z.number().int().min(0).optional(),
});
export type TAddFaqInput = z.infer<typeof ZAddFaqInput>;
export const ZRemoveFaqInput = z.object({ id: z.number().int().positive() });
export type TRemoveFaqInput = z.infer<typeof ZRemoveFaqInput>;
