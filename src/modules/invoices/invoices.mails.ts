import type { Locale } from '../../platform/context.js';
import { escapeHtml, mailButton } from '../../platform/mail/html.js';

interface ReceiptText {
  subject: (invoiceNumber: number) => string;
  greeting: (name: string) => string;
  body: (product: string, total: string, invoiceNumber: number) => string;
  action: string;
  footer: string;
}

/** The receipt in both interface languages; it goes out in the buyer's (chosen at sign-up). */
const TEXTS: Record<Locale, ReceiptText> = {
  en: {
    subject: (n) => `Your Masterdeck receipt: invoice ${n}`,
    greeting: (name) => `Hi ${name},`,
    body: (product, total, n) => `thank you for your purchase. You paid ${total} for ${product}. Your invoice ${n} is attached to this mail as a PDF.`,
    action: 'Your purchases and invoices',
    footer: 'Keep this mail for your records. If something about this purchase looks wrong, reply to this mail.',
  },
  de: {
    subject: (n) => `Dein Kaufbeleg von Masterdeck: Rechnung ${n}`,
    greeting: (name) => `Hallo ${name},`,
    body: (product, total, n) => `danke für deinen Kauf. Du hast ${total} für ${product} bezahlt. Deine Rechnung ${n} hängt als PDF an dieser Mail.`,
    action: 'Deine Käufe und Rechnungen',
    footer: 'Bewahre diese Mail für deine Unterlagen auf. Wenn dir an diesem Kauf etwas falsch vorkommt, antworte einfach auf diese Mail.',
  },
};


/** An amount as the buyer's language writes it: "$3.56" / "3,56 €". */
export const formatMoney = (cents: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency }).format(cents / 100);

export function renderReceiptMail(locale: Locale, data: { firstName: string; invoiceNumber: number; product: string; totalCents: number; currency: string; link: string }) {
  const t = TEXTS[locale];
  const name = data.firstName.trim() || (locale === 'de' ? 'du' : 'there');
  const body = t.body(data.product, formatMoney(data.totalCents, data.currency, locale), data.invoiceNumber);
  const text = [t.greeting(name), '', body, '', `${t.action}: ${data.link}`, '', t.footer, '', '-- ', 'Masterdeck'].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(body)}</p>
${mailButton(data.link, t.action)}
<p style="font-size:13px;color:#555">${escapeHtml(t.footer)}</p>
<p>Masterdeck</p>
</body></html>`;
  return { subject: t.subject(data.invoiceNumber), text, html };
}
