import PDFDocument from 'pdfkit';
import type { Locale } from '../../platform/context.js';
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
  /** The language the invoice was issued in (absent: English). */
  locale?: Locale;
  /** An album's tracks (product type 2), each with its price; the product then names the album. */
  lines?: { product: string; buyingOption: number; upgradeFrom: number; priceCents: number }[];
}

/** Every text of the invoice, per language (the figures and the product as issued are not translated). */
const TEXTS = {
  en: {
    invoice: (n: number) => `Invoice ${n}`,
    vatId: 'VAT ID',
    number: 'Invoice number',
    date: 'Invoice date',
    supply: 'Date of supply',
    deliverable: { 1: 'Master download, WAV 16-bit 44.1 kHz', 2: "Master download, WAV 24-bit at the mix's sample rate" } as Record<number, string>,
    masterDownload: 'Master download',
    subscription: 'Distribution add-on subscription',
    upgrade: (owned: string) => `Upgrade from ${owned}: the difference`,
    owned: { 0: 'MP3', 1: 'WAV 16-bit' } as Record<number, string>,
    coupon: (key: string) => `Coupon ${key}`,
    net: 'Net amount',
    vat: (rate: string) => `VAT ${rate}%`,
    total: 'Total',
    // Art. 226(11a) of Directive 2006/112/EC asks for exactly this wording.
    reverseCharge: 'Reverse charge: VAT to be accounted for by the recipient (Art. 196 Council Directive 2006/112/EC).',
    outsideEu: 'Not subject to EU VAT: electronically supplied service to a recipient outside the EU.',
    paymentMethod: 'Payment method',
    transaction: 'Transaction ID',
    paid: 'Paid in full. Thank you for your purchase.',
    free: 'Nothing to pay. Thank you.',
  },
  de: {
    invoice: (n: number) => `Rechnung ${n}`,
    vatId: 'USt-IdNr.',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    supply: 'Leistungsdatum',
    deliverable: { 1: 'Master-Download, WAV 16 Bit 44,1 kHz', 2: 'Master-Download, WAV 24 Bit in der Abtastrate des Mixes' } as Record<number, string>,
    masterDownload: 'Master-Download',
    subscription: 'Abonnement Vertriebs-Add-on',
    upgrade: (owned: string) => `Upgrade von ${owned}: der Differenzbetrag`,
    owned: { 0: 'MP3', 1: 'WAV 16 Bit' } as Record<number, string>,
    coupon: (key: string) => `Gutschein ${key}`,
    net: 'Nettobetrag',
    vat: (rate: string) => `USt. ${rate} %`,
    total: 'Gesamtbetrag',
    // The German wording of Art. 226(11a) of Directive 2006/112/EC (and of § 14a (5) UStG).
    reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers (Art. 196 der Richtlinie 2006/112/EG).',
    outsideEu: 'Nicht im Inland steuerbar: elektronisch erbrachte Dienstleistung an einen Empfänger außerhalb der EU.',
    paymentMethod: 'Zahlungsart',
    transaction: 'Transaktions-ID',
    paid: 'Vollständig bezahlt. Vielen Dank für Ihren Einkauf.',
    free: 'Nichts zu zahlen. Vielen Dank.',
  },
} as const;

/** The buyer's country as a name in the invoice's language (the seller's address names its country the same way). */
const countryName = (code: string, locale: Locale) => new Intl.DisplayNames([locale], { type: 'region' }).of(code.trim().toUpperCase()) ?? code;

const money = (cents: number, currency: string, locale: Locale) =>
  `${locale === 'de' ? (cents / 100).toFixed(2).replace('.', ',') : (cents / 100).toFixed(2)} ${currency}`;
const EU = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']);

/**
 * The invoice as a PDF (pdfkit, built-in Helvetica). Byte-stable: the same invoice gives the same
 * bytes, because the info dictionary's dates are the invoice's issue date and pdfkit derives the
 * file ID from that dictionary; nothing else in the output depends on the clock. Content streams
 * are left uncompressed: an invoice is a few kilobytes, and its text stays searchable by tools
 * (and tests) that do not inflate streams.
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const locale = invoice.locale ?? 'en';
  const text = TEXTS[locale];
  const title = text.invoice(invoice.invoiceNumber);
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
  doc.font('Helvetica').fontSize(9).text([...seller.addressLines, `${text.vatId}: ${seller.vatId}`].join('\n'), left, 80);

  const buyerLines = [
    buyer.company,
    `${buyer.firstName} ${buyer.lastName}`,
    buyer.streetAndNumber,
    buyer.additional,
    `${buyer.zip} ${buyer.city}`,
    [buyer.state, countryName(buyer.country, locale)].filter(Boolean).join(', '),
    buyer.taxId ? `${text.vatId}: ${buyer.taxId}` : null,
  ].filter((line): line is string => Boolean(line?.trim()));
  doc.fontSize(10).text(buyerLines.join('\n'), left, 170);

  const date = invoice.issuedAt.toISOString().slice(0, 10);
  doc.text(`${text.number}: ${invoice.invoiceNumber}\n${text.date}: ${date}\n${text.supply}: ${date}`, 340, 170, { width: right - 340, align: 'right' });

  doc.font('Helvetica-Bold').fontSize(16).text(title, left, 290);

  let y = 330;
  const bottom = doc.page.height - 56;
  /** Moves to a new page when `height` more would run past the bottom margin (an album of many tracks). */
  const room = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = 56;
  };
  const row = (label: string, amount: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(doc.heightOfString(label, { width: 360 }), 12) + 6;
    room(height);
    doc.text(label, left, y, { width: 360 });
    doc.text(amount, 420, y, { width: right - 420, align: 'right' });
    y += height;
  };
  doc.moveTo(left, y - 6).lineTo(right, y - 6).stroke();
  const deliverable = (option: number) => text.deliverable[option] ?? text.masterDownload;
  if (invoice.lines?.length) {
    // An album: its name, then each track with what it delivers and costs.
    doc.font('Helvetica-Bold').fontSize(10).text(invoice.product, left, y, { width: right - left });
    y += doc.heightOfString(invoice.product, { width: right - left }) + 6;
    for (const line of invoice.lines) {
      const upgrade = line.upgradeFrom > 0 ? `\n${text.upgrade(text.owned[line.upgradeFrom] ?? String(line.upgradeFrom))}` : '';
      row(`${line.product}\n${deliverable(line.buyingOption)}${upgrade}`, money(line.priceCents, currency, locale));
    }
  } else {
    row(`${invoice.product}\n${invoice.productType === 1 ? text.subscription : deliverable(invoice.buyingOption)}`, money(invoice.priceCents, currency, locale));
  }
  if (invoice.couponKey) row(text.coupon(invoice.couponKey), `-${money(invoice.couponValueCents, currency, locale)}`);
  row(text.net, money(invoice.priceCents - invoice.couponValueCents, currency, locale));
  row(text.vat(locale === 'de' ? String(invoice.vatRate).replace('.', ',') : String(invoice.vatRate)), money(invoice.vatCents, currency, locale));
  doc.moveTo(left, y - 3).lineTo(right, y - 3).stroke();
  y += 4;
  row(text.total, money(invoice.totalCents, currency, locale), true);

  y += 16;
  doc.font('Helvetica').fontSize(9);
  const notes: string[] = [];
  if (invoice.reverseCharge) {
    notes.push(text.reverseCharge);
  } else if (invoice.vatCents === 0 && !EU.has(buyer.country)) {
    notes.push(text.outsideEu);
  }
  notes.push(`${text.paymentMethod}: ${invoice.paymentMethod.replaceAll('_', ' ')}`);
  if (invoice.transactionId) notes.push(`${text.transaction}: ${invoice.transactionId}`);
  notes.push(invoice.totalCents > 0 ? text.paid : text.free);
  room(doc.heightOfString(notes.join('\n'), { width: right - left }));
  doc.text(notes.join('\n'), left, y, { width: right - left });

  doc.end();
  return done;
}
