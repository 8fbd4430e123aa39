/** Text placed into a mail's HTML body or an attribute: user names and links must never become markup. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The call-to-action button every account mail ends with: the link and its label, escaped. */
export const mailButton = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#7048e8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
