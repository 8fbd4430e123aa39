import type { Locale } from '../../platform/context.js';

export interface PayoutMailLine {
  period: string;
  store: string;
  track: string;
  territory: string;
  sharePercent: number;
  amountMinor: number;
}

interface PayoutMailData {
  name: string;
  amountMinor: number;
  currency: string;
  /** Who made the releases: the user's label or artist, so the recipient knows where the money comes from. */
  from: string;
  lines: PayoutMailLine[];
}

const money = (minor: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency, minimumFractionDigits: 2, useGrouping: false }).format(minor / 100);
const percent = (value: number, locale: Locale) => `${new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 }).format(value)} %`;

const TEXTS: Record<Locale, { subject: (d: PayoutMailData, amount: string) => string; intro: (d: PayoutMailData, amount: string) => string; lines: string; footer: string }> = {
  en: {
    subject: (_d, amount) => `Your royalties: ${amount}`,
    intro: (d, amount) => `Hello ${d.name}, ${amount} in royalties from the releases of ${d.from} are on their way to this payout address. Your share of each store statement line:`,
    lines: 'month, store, track, country: your share, your amount',
    footer: 'You get this mail because you are named as a participant with a payout share on these releases.',
  },
  de: {
    subject: (_d, amount) => `Deine Tantiemen: ${amount}`,
    intro: (d, amount) => `Hallo ${d.name}, ${amount} an Tantiemen aus den Veröffentlichungen von ${d.from} sind an diese Auszahlungsadresse unterwegs. Dein Anteil an jeder Zeile der Store-Abrechnungen:`,
    lines: 'Monat, Store, Track, Land: dein Anteil, dein Betrag',
    footer: 'Du bekommst diese Mail, weil du bei diesen Veröffentlichungen als Beteiligte oder Beteiligter mit Auszahlungsanteil genannt bist.',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The payout e-mail (issue 14): how a participant who is not the user learns their share. In the
 * language of the user who named them; names and titles stay plain text.
 */
export function renderPayoutMail(locale: Locale, data: PayoutMailData) {
  const t = TEXTS[locale];
  const amount = money(data.amountMinor, data.currency, locale);
  const row = (l: PayoutMailLine) => [`${l.period}, ${l.store}, ${l.track}, ${l.territory}`, `${percent(l.sharePercent, locale)}, ${money(l.amountMinor, data.currency, locale)}`] as const;
  const text = [t.intro(data, amount), '', t.lines, ...data.lines.map((l) => `- ${row(l).join(': ')}`), '', t.footer, '', '-- ', 'Masterdeck'].join('\n');
  const items = data.lines.map((l) => `<li>${escapeHtml(row(l)[0])}: <strong>${escapeHtml(row(l)[1])}</strong></li>`).join('');
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(t.intro(data, amount))}</p>
<p style="font-size:13px;color:#555">${escapeHtml(t.lines)}</p>
<ul>${items}</ul>
<p style="font-size:13px;color:#555">${escapeHtml(t.footer)}</p>
<p>Masterdeck</p>
</body></html>`;
  return { subject: t.subject(data, amount), text, html };
}
