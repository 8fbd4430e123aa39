import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { listInvoices } from './invoices.service.js';

export const invoicesRouter = router({
  list: authedProcedure.query(({ ctx }) => listInvoices(ctx)),
});
