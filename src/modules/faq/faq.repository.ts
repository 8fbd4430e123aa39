import type { Database } from '../../platform/db/database.js';
import type { Locale } from '../../platform/context.js';

export function findFaqs(db: Database, locale: Locale) {
  return db
    .selectFrom('faqs')
    .select(['id', 'question', 'answer', 'sort_order'])
    .where('locale', '=', locale)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function findAllFaqs(db: Database, locale?: Locale) {
  let query = db.selectFrom('faqs').select(['id', 'locale', 'question', 'answer', 'sort_order']).orderBy('locale').orderBy('sort_order').orderBy('id');
  if (locale) query = query.where('locale', '=', locale);
  return query.execute();
}

export function insertFaq(db: Database, values: { locale: Locale; question: string; answer: string; order?: number | undefined }) {
  return db
    .insertInto('faqs')
    .values((eb) => ({
      locale: values.locale,
      question: values.question,
      answer: values.answer,
      sort_order:
        values.order ??
        eb.selectFrom('faqs').select(eb.fn.coalesce(eb(eb.fn.max('sort_order'), '+', 1), eb.lit(1)).as('next')).where('locale', '=', values.locale),
    }))
    .returning(['id', 'locale', 'question', 'answer', 'sort_order'])
    .executeTakeFirstOrThrow();
}

export function deleteFaq(db: Database, id: number) {
  return db.deleteFrom('faqs').where('id', '=', id).returning(['id', 'locale', 'question', 'answer', 'sort_order']).executeTakeFirst();
}
