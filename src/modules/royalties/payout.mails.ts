import type { Locale } from '../../platform/context.js';
import { escapeHtml } from '../../platform/mail/html.js';

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
  /** What left the balance; the recipient receives it less the fee. */
  amountMinor: number;
  feeMinor: number;
  currency: string;
  /** Who made the releases: the user's label or artist, so the recipient knows where the money comes from. */
  from: string;
  /** local: the payout was written to a file for the operator and no money moved (said in the mail). */
  provider: 'local' | 'paypal';
  lines: PayoutMailLine[];
}

const money = (minor: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency, minimumFractionDigits: 2, useGrouping: false }).format(minor / 100);
const percent = (value: number, locale: Locale) => `${new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 }).format(value)} %`;

interface Amounts {
  net: string;
  gross: string;
  fee: string;
}
const TEXTS: Record<
  Locale,
  { subject: (d: PayoutMailData, a: Amounts) => string; intro: (d: PayoutMailData, a: Amounts) => string; fee: (a: Amounts) => string; local: string; lines: string; footer: (d: PayoutMailData) => string }
> = {
  en: {
    subject: (d, a) => `Royalties from ${d.from}: ${a.net} paid to you`,
    intro: (d, a) => `Hello ${d.name}, ${d.from} has paid you ${a.net} in royalties from their releases through Masterdeck, to this payout address. The payment service confirmed the payment.`,
    fee: (a) => `The payout was ${a.gross}; the payment service's fee of ${a.fee} was deducted.`,
    local: 'This installation of Masterdeck records payouts in a file and moves no money itself: the payment reaches you from the sender directly.',
    lines: 'Your share of each store statement line (month, store, track, country: your share, your amount):',
    footer: (d) => `You get this mail because ${d.from} named you as a participant with a payout share on these releases and gave this address for your payouts. If you do not know ${d.from}, reply to this mail and we will stop payouts to this address.`,
  },
  de: {
    subject: (d, a) => `Tantiemen von ${d.from}: ${a.net} an Sie ausgezahlt`,
    intro: (d, a) => `Guten Tag ${d.name}, ${d.from} hat Ihnen über Masterdeck ${a.net} an Tantiemen aus den eigenen Veröffentlichungen an diese Auszahlungsadresse gezahlt. Der Zahlungsdienst hat die Zahlung bestätigt.`,
    fee: (a) => `Die Auszahlung betrug ${a.gross}; die Gebühr des Zahlungsdienstes von ${a.fee} wurde abgezogen.`,
    local: 'Diese Masterdeck-Installation hält Auszahlungen in einer Datei fest und bewegt selbst kein Geld: Die Zahlung erhalten Sie direkt vom Absender.',
    lines: 'Ihr Anteil an jeder Zeile der Store-Abrechnungen (Monat, Store, Track, Land: Ihr Anteil, Ihr Betrag):',
    footer: (d) => `Sie erhalten diese Mail, weil ${d.from} Sie bei diesen Veröffentlichungen als Beteiligte oder Beteiligten mit Auszahlungsanteil genannt und diese Adresse für Ihre Auszahlungen angegeben hat. Wenn Sie ${d.from} nicht kennen, antworten Sie auf diese Mail; dann zahlen wir nicht mehr an diese Adresse aus.`,
  },
};


/**
 * The payout e-mail, sent once the payment service confirmed the payment: how a participant who is
 * not the user learns their share, who sent the money and why this address gets it. In the
 * language of the user who named them; names and titles stay plain text.
 */
export function renderPayoutMail(locale: Locale, data: PayoutMailData) {
  const t = TEXTS[locale];
  const amounts = { net: money(data.amountMinor - data.feeMinor, data.currency, locale), gross: money(data.amountMinor, data.currency, locale), fee: money(data.feeMinor, data.currency, locale) };
  const row = (l: PayoutMailLine) => [`${l.period}, ${l.store}, ${l.track}, ${l.territory}`, `${percent(l.sharePercent, locale)}, ${money(l.amountMinor, data.currency, locale)}`] as const;
  const notes = [...(data.feeMinor > 0 ? [t.fee(amounts)] : []), ...(data.provider === 'local' ? [t.local] : [])];
  const text = [t.intro(data, amounts), ...notes, '', t.lines, ...data.lines.map((l) => `- ${row(l).join(': ')}`), '', t.footer(data), '', '-- ', 'Masterdeck'].join('\n');
  const items = data.lines.map((l) => `<li>${escapeHtml(row(l)[0])}: <strong>${escapeHtml(row(l)[1])}</strong></li>`).join('');
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(t.intro(data, amounts))}</p>
${notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('\n')}
<p style="font-size:13px;color:#555">${escapeHtml(t.lines)}</p>
<ul>${items}</ul>
<p style="font-size:13px;color:#555">${escapeHtml(t.footer(data))}</p>
<p>Masterdeck</p>
</body></html>`;
  return { subject: t.subject(data, amounts), text, html };
}

const CONFIRM_TEXTS: Record<Locale, { subject: (from: string) => string; body: (d: { name: string; from: string }) => string[]; button: string; ignore: (from: string) => string }> = {
  en: {
    subject: (from) => `${from} wants to pay you royalties: please confirm this address`,
    body: (d) => [
      `Hello ${d.name},`,
      `${d.from} releases music through Masterdeck and has named you as a participant with a share of the royalties of their releases. They gave this e-mail address for your payouts.`,
      'Before any money is sent here, please confirm that this address is yours and that you want to receive these payouts:',
    ],
    button: 'Confirm my payout address',
    ignore: (from) => `If you do not know ${from} or do not want these payouts, ignore this mail: nothing is paid to an address that is not confirmed.`,
  },
  de: {
    subject: (from) => `${from} möchte Ihnen Tantiemen zahlen: Bitte bestätigen Sie diese Adresse`,
    body: (d) => [
      `Guten Tag ${d.name},`,
      `${d.from} veröffentlicht Musik über Masterdeck und hat Sie als Beteiligte oder Beteiligten mit einem Anteil an den Tantiemen der eigenen Veröffentlichungen genannt. Für Ihre Auszahlungen wurde diese E-Mail-Adresse angegeben.`,
      'Bevor Geld hierher gesendet wird, bestätigen Sie bitte, dass diese Adresse Ihnen gehört und Sie diese Auszahlungen erhalten möchten:',
    ],
    button: 'Meine Auszahlungsadresse bestätigen',
    ignore: (from) => `Wenn Sie ${from} nicht kennen oder diese Auszahlungen nicht möchten, ignorieren Sie diese Mail: An eine nicht bestätigte Adresse wird nichts gezahlt.`,
  },
};

/**
 * The request to confirm a payout address: who names the recipient and why, and a link to
 * confirm. Sent before the first payout to an address (and again when it changes).
 */
export function renderConfirmAddressMail(locale: Locale, data: { name: string; from: string; link: string }) {
  const t = CONFIRM_TEXTS[locale];
  const ignore = t.ignore(data.from);
  const text = [...t.body(data), '', `${t.button}: ${data.link}`, '', ignore, '', '-- ', 'Masterdeck'].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1a1b1e;line-height:1.5">
${t.body(data).map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(data.link)}" style="display:inline-block;padding:10px 16px;background:#1a1b1e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.button)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(ignore)}</p>
<p>Masterdeck</p>
</body></html>`;
  return { subject: t.subject(data.from), text, html };
}
