import type { Locale } from '../../platform/context.js';
import { escapeHtml, mailButton } from '../../platform/mail/html.js';

export type AccountMailKind = 'verify' | 'reset' | 'emailChange' | 'accountExists';

interface MailText {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  footer: string;
}

/**
 * The account mails in both interface languages; each is sent in the language the user chose at
 * sign-up. Plain text and HTML say the same, the HTML adds a button.
 */
const TEXTS: Record<AccountMailKind, Record<Locale, MailText>> = {
  verify: {
    en: {
      subject: 'Confirm your e-mail address for Masterdeck',
      greeting: (name) => `Hi ${name},`,
      body: 'thanks for signing up. Please confirm your e-mail address to activate your account. The link works once and for 7 days.',
      action: 'Confirm e-mail address',
      footer: 'If you did not sign up for Masterdeck, ignore this mail; no account will be activated.',
    },
    de: {
      subject: 'Bestätige deine E-Mail-Adresse für Masterdeck',
      greeting: (name) => `Hallo ${name},`,
      body: 'danke für deine Anmeldung. Bitte bestätige deine E-Mail-Adresse, um dein Konto zu aktivieren. Der Link funktioniert einmal und 7 Tage lang.',
      action: 'E-Mail-Adresse bestätigen',
      footer: 'Wenn du dich nicht bei Masterdeck angemeldet hast, ignoriere diese Mail; es wird kein Konto aktiviert.',
    },
  },
  reset: {
    en: {
      subject: 'Reset your Masterdeck password',
      greeting: (name) => `Hi ${name},`,
      body: 'someone asked to reset the password of your Masterdeck account. Choose a new password with the link below. It works once and for 1 hour.',
      action: 'Choose a new password',
      footer: 'If you did not ask for this, ignore this mail; your password stays as it is.',
    },
    de: {
      subject: 'Setze dein Masterdeck-Passwort zurück',
      greeting: (name) => `Hallo ${name},`,
      body: 'jemand möchte das Passwort deines Masterdeck-Kontos zurücksetzen. Wähle über den Link unten ein neues Passwort. Er funktioniert einmal und 1 Stunde lang.',
      action: 'Neues Passwort wählen',
      footer: 'Wenn du das nicht warst, ignoriere diese Mail; dein Passwort bleibt unverändert.',
    },
  },
  emailChange: {
    en: {
      subject: 'Confirm your new e-mail address for Masterdeck',
      greeting: (name) => `Hi ${name},`,
      body: 'please confirm that this is the new e-mail address of your Masterdeck account. Until you do, your account keeps its old address. The link works once and for 24 hours.',
      action: 'Confirm new e-mail address',
      footer: 'If you did not ask for this, ignore this mail; nothing changes.',
    },
    de: {
      subject: 'Bestätige deine neue E-Mail-Adresse für Masterdeck',
      greeting: (name) => `Hallo ${name},`,
      body: 'bitte bestätige, dass dies die neue E-Mail-Adresse deines Masterdeck-Kontos ist. Bis dahin behält dein Konto die alte Adresse. Der Link funktioniert einmal und 24 Stunden lang.',
      action: 'Neue E-Mail-Adresse bestätigen',
      footer: 'Wenn du das nicht warst, ignoriere diese Mail; es ändert sich nichts.',
    },
  },
  accountExists: {
    en: {
      subject: 'You already have a Masterdeck account',
      greeting: (name) => `Hi ${name},`,
      body: 'someone tried to sign up with this e-mail address, but it already belongs to your account. If you forgot your password, you can choose a new one.',
      action: 'Reset password',
      footer: 'If this was not you, ignore this mail; your account is unchanged.',
    },
    de: {
      subject: 'Du hast schon ein Masterdeck-Konto',
      greeting: (name) => `Hallo ${name},`,
      body: 'jemand wollte sich mit dieser E-Mail-Adresse anmelden, aber sie gehört bereits zu deinem Konto. Wenn du dein Passwort vergessen hast, kannst du ein neues wählen.',
      action: 'Passwort zurücksetzen',
      footer: 'Wenn du das nicht warst, ignoriere diese Mail; dein Konto bleibt unverändert.',
    },
  },
};


export function renderAccountMail(kind: AccountMailKind, locale: Locale, data: { firstName: string; link: string }) {
  const t = TEXTS[kind][locale];
  const name = data.firstName.trim() || (locale === 'de' ? 'du' : 'there');
  const text = [t.greeting(name), '', t.body, '', `${t.action}: ${data.link}`, '', t.footer, '', '-- ', 'Masterdeck'].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Helvetica,Arial,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(t.body)}</p>
${mailButton(data.link, t.action)}
<p style="font-size:13px;color:#555">${escapeHtml(data.link)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(t.footer)}</p>
<p>Masterdeck</p>
</body></html>`;
  return { subject: t.subject, text, html };
}
