import type { Locale } from '../../platform/context.js';
import { escapeHtml, mailButton } from '../../platform/mail/html.js';

export interface DigestComment {
  author: string;
  text: string;
  /** Seconds into the track, or null for a comment on the whole track. */
  timestamp: number | null;
}

interface DigestMailData {
  trackName: string;
  comments: DigestComment[];
  link: string;
  settingsLink: string;
}

const TEXTS: Record<Locale, { subject: (d: DigestMailData) => string; intro: (d: DigestMailData) => string; at: string; action: string; footer: string }> = {
  en: {
    subject: (d) => (d.comments.length === 1 ? `New comment on ${d.trackName}` : `${d.comments.length} new comments on ${d.trackName}`),
    intro: (d) => `People you shared "${d.trackName}" with wrote about it on Masterdeck:`,
    at: 'at',
    action: 'Open the master',
    footer: 'You get at most one of these mails per hour and track. Switch them off in your profile:',
  },
  de: {
    subject: (d) => (d.comments.length === 1 ? `Neuer Kommentar zu ${d.trackName}` : `${d.comments.length} neue Kommentare zu ${d.trackName}`),
    intro: (d) => `Menschen, mit denen du „${d.trackName}“ geteilt hast, haben auf Masterdeck dazu geschrieben:`,
    at: 'bei',
    action: 'Master öffnen',
    footer: 'Du bekommst höchstens eine solche Mail pro Stunde und Track. Abschalten kannst du sie in deinem Profil:',
  },
};


/** m:ss or h:mm:ss. */
export function formatPosition(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The owner's digest of new comments on one track, in the owner's language; comment text stays plain. */
export function renderDigestMail(locale: Locale, data: DigestMailData) {
  const t = TEXTS[locale];
  const line = (c: DigestComment) => `${c.author}${c.timestamp !== null ? ` (${t.at} ${formatPosition(c.timestamp)})` : ''}: ${c.text}`;
  const text = [t.intro(data), '', ...data.comments.map((c) => `- ${line(c)}`), '', `${t.action}: ${data.link}`, '', `${t.footer} ${data.settingsLink}`, '', '-- ', 'Masterdeck'].join('\n');
  const items = data.comments
    .map(
      (c) =>
        `<li><strong>${escapeHtml(c.author)}</strong>${c.timestamp !== null ? ` <span style="color:#555">(${t.at} ${formatPosition(c.timestamp)})</span>` : ''}<br><span style="white-space:pre-wrap">${escapeHtml(c.text)}</span></li>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(t.intro(data))}</p>
<ul>${items}</ul>
${mailButton(data.link, t.action)}
<p style="font-size:13px;color:#555">${escapeHtml(t.footer)} <a href="${escapeHtml(data.settingsLink)}">${escapeHtml(data.settingsLink)}</a></p>
<p>Masterdeck</p>
</body></html>`;
  return { subject: t.subject(data), text, html };
}
