import PDFDocument from 'pdfkit';
import type { Seller } from '../pricing/index.js';

export interface InvoiceDocument {
  invoiceNumber: number;
  issuedAt: Date;
  seller: Seller;
  buyer: {
    firstName: string;
    lastName: string;
    company: string | null;
    streetAndNumber: string;
    additional: string | null;
    zip: string;
    city: string;
    state: string;
    country: string;
    taxId: string | null;
  };
  product: string;
  buyingOption: number;
  /** 0 a track master, 1 the distribution add-on (sql/0021). */
  productType?: number;
  currency: string;
  priceCents: number;
  couponKey: string | null;
  couponValueCents: number;
  /** Percent, e.g. 19 or 25.5. */
  vatRate: number;
  vatCents: number;
  totalCents: number;
  reverseCharge: boolean;
  paymentMethod: string;
  transactionId: string | null;
}

const DELIVERABLE: Record<number, string> = {
  1: 'Master download, WAV 16-bit 44.1 kHz',
  2: 'Master download, WAV 24-bit 44.1 kHz',
};

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
const EU = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']);

/**
 * The invoice as a PDF (pdfkit, built-in Helvetica). Byte-stable: the same invoice gives the same
 * bytes, because the info dictionary's dates are the invoice's issue date and pdfkit derives the
 * file ID from that dictionary; nothing else in the output depends on the clock. Content streams
 * are left uncompressed: an invoice is a few kilobytes, and its text stays searchable by tools
 * (and tests) that do not inflate streams.
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const title = `Invoice ${invoice.invoiceNumber}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: title, Author: invoice.seller.name, Creator: invoice.seller.name, Producer: 'Masterdeck', CreationDate: invoice.issuedAt, ModDate: invoice.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 56;
  const right = 539;
  const { seller, buyer, currency } = invoice;

  doc.font('Helvetica-Bold').fontSize(18).text(seller.name, left, 56);
  doc.font('Helvetica').fontSize(9).text([...seller.addressLines, `VAT ID: ${seller.vatId}`].join('\n'), left, 80);

  const buyerLines = [
    buyer.company,
    `${buyer.firstName} ${buyer.lastName}`,
    buyer.streetAndNumber,
    buyer.additional,
    `${buyer.zip} ${buyer.city}`,
    [buyer.state, buyer.country].filter(Boolean).join(', '),
    buyer.taxId ? `VAT ID: ${buyer.taxId}` : null,
  ].filter((line): line is string => Boolean(line?.trim()));
  doc.fontSize(10).text(buyerLines.join('\n'), left, 170);

  const date = invoice.issuedAt.toISOString().slice(0, 10);
  doc.text(`Invoice number: ${invoice.invoiceNumber}\nInvoice date: ${date}\nDate of supply: ${date}`, 340, 170, { width: right - 340, align: 'right' });

  doc.font('Helvetica-Bold').fontSize(16).text(title, left, 290);

  let y = 330;
  const row = (label: string, amount: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left, y, { width: 360 });
    doc.text(amount, 420, y, { width: right - 420, align: 'right' });
    y += Math.max(doc.heightOfString(label, { width: 360 }), 12) + 6;
  };
  doc.moveTo(left, y - 6).lineTo(right, y - 6).stroke();
  row(`${invoice.product}\n${invoice.productType === 1 ? 'Distribution add-on subscription' : (DELIVERABLE[invoice.buyingOption] ?? 'Master download')}`, money(invoice.priceCents, currency));
  if (invoice.couponKey) row(`Coupon ${invoice.couponKey}`, `-${money(invoice.couponValueCents, currency)}`);
  row('Net amount', money(invoice.priceCents - invoice.couponValueCents, currency));
  row(`VAT ${invoice.vatRate}%`, money(invoice.vatCents, currency));
  doc.moveTo(left, y - 3).lineTo(right, y - 3).stroke();
  y += 4;
  row('Total', money(invoice.totalCents, currency), true);

  y += 16;
  doc.font('Helvetica').fontSize(9);
  const notes: string[] = [];
  if (invoice.reverseCharge) {
    // Art. 226(11a) of Directive 2006/112/EC asks for exactly this wording.
    notes.push('Reverse charge: VAT to be accounted for by the recipient (Art. 196 Council Directive 2006/112/EC).');
  } else if (invoice.vatCents === 0 && !EU.has(buyer.country)) {
    notes.push('Not subject to EU VAT: electronically supplied service to a recipient outside the EU.');
  }
  notes.push(`Payment method: ${invoice.paymentMethod.replaceAll('_', ' ')}`);
  if (invoice.transactionId) notes.push(`Transaction ID: ${invoice.transactionId}`);
  notes.push(invoice.totalCents > 0 ? 'Paid in full. Thank you for your purchase.' : 'Nothing to pay. Thank you.');
  doc.text(notes.join('\n'), left, y, { width: right - left });

  doc.end();
  return done;
}
