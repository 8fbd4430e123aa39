import { publicProcedure, router } from '../../platform/trpc/trpc.js';
import { listFaqs } from './faq.service.js';

export const faqRouter = router({
  list: publicProcedure.query(({ ctx }) => listFaqs(ctx)),
});
