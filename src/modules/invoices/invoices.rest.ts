import express from 'express';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { ZInvoiceNumberInput } from './invoices.schemas.js';
import { invoicePdf } from './invoices.service.js';

/** The invoice download. */
export function invoicesRest(platform: Platform) {
  const router = express.Router();
  router.get('/download/invoice/:invoiceNumber', async (req, res) => {
    const input = parseInput(ZInvoiceNumberInput, { invoiceNumber: req.params.invoiceNumber });
    const { fileName, pdf } = await invoicePdf(contextOfRequest(platform, req), input);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('X-File-Name', fileName);
    res.setHeader('Cache-Control', 'private, no-store');
    res.attachment(fileName);
    res.end(pdf);
  });
  return router;
}
