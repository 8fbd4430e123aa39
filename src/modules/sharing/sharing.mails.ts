import type { Locale } from '../../platform/context.js';
import { escapeHtml, mailButton } from '../../platform/mail/html.js';

interface ShareMailData {
  sharer: string;
  trackName: string;
  styleName: string | null;
  link: string;
}

const TEXTS: Record<Locale, { subject: (d: ShareMailData) => string; body: (d: ShareMailData) => string; action: string; footer: string }> = {
  en: {
    subject: (d) => `${d.sharer} shared a master with you: ${d.trackName}`,
    body: (d) => `${d.sharer} shared the master of "${d.trackName}"${d.styleName ? ` (${d.styleName})` : ''} with you on Masterdeck. You can listen to it and compare it with the original.`,
    action: 'Listen to the master',
    footer: 'Log in with this e-mail address to listen. If you have no account yet, sign up with this address and the master is waiting for you.',
  },
  de: {
    subject: (d) => `${d.sharer} hat einen Master mit dir geteilt: ${d.trackName}`,
    body: (d) => `${d.sharer} hat den Master von „${d.trackName}“${d.styleName ? ` (${d.styleName})` : ''} auf Masterdeck mit dir geteilt. Du kannst ihn anhören und mit dem Original vergleichen.`,
    action: 'Master anhören',
    footer: 'Melde dich mit dieser E-Mail-Adresse an, um zuzuhören. Wenn du noch kein Konto hast, registriere dich mit dieser Adresse, dann wartet der Master auf dich.',
  },
};


/** The invitation mail, in the sharer's language (the invited address may have no account and so no language). */
export function renderShareMail(locale: Locale, data: ShareMailData) {
  const t = TEXTS[locale];
  const text = [t.body(data), '', `${t.action}: ${data.link}`, '', t.footer, '', '-- ', 'Masterdeck'].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(t.body(data))}</p>
${mailButton(data.link, t.action)}
<p style="font-size:13px;color:#555">${escapeHtml(data.link)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(t.footer)}</p>
<p>Masterdeck</p>
</body></html>`;
  return { subject: t.subject(data), text, html };
}
