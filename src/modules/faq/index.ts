export { addFaq, listFaqs, listFaqsForOperators, removeFaq } from './faq.service.js';
export { faqRouter } from './faq.trpc.js';
export { faqGraphql } from './faq.graphql.js';
export * from './faq.schemas.js';
