import type { ServiceContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { TAddFaqInput, TFaq, TListFaqsInput, TOperatorFaq, TRemoveFaqInput } from './faq.schemas.js';
import { deleteFaq, findAllFaqs, findFaqs, insertFaq } from './faq.repository.js';

export async function listFaqs(ctx: Pick<ServiceContext, 'db' | 'locale'>): Promise<TFaq[]> {
  const rows = await findFaqs(ctx.db, ctx.locale);
  return rows.map((row) => ({ id: row.id, question: row.question, answer: row.answer, order: row.sort_order }));
}

const toOperatorFaq = (row: { id: number; locale: 'en' | 'de'; question: string; answer: string; sort_order: number }): TOperatorFaq => ({
  id: row.id,
  locale: row.locale,
  question: row.question,
  answer: row.answer,
  order: row.sort_order,
});

/** Operators' view: every FAQ entry, of one language or both. */
export async function listFaqsForOperators(ctx: Pick<ServiceContext, 'db'>, input: TListFaqsInput): Promise<TOperatorFaq[]> {
  return (await findAllFaqs(ctx.db, input.locale)).map(toOperatorFaq);
}

export async function addFaq(ctx: Pick<ServiceContext, 'db'>, input: TAddFaqInput): Promise<TOperatorFaq> {
  return toOperatorFaq(await insertFaq(ctx.db, input));
}

export async function removeFaq(ctx: Pick<ServiceContext, 'db'>, input: TRemoveFaqInput): Promise<TOperatorFaq> {
  const row = await deleteFaq(ctx.db, input.id);
  if (!row) throw new AppError('NOT_FOUND', 'error.faqNotFound', { detail: String(input.id) });
  return toOperatorFaq(row);
}
