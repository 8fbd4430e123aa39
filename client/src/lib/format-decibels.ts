/** Decibel figures as a mastering engineer writes them: one decimal and a real minus sign (U+2212), never a hyphen. */

/** A change in dB, always signed: +2.3, −6.0, 0.0. */
export function formatDb(value: number, locale: string): string {
  const rounded = Math.round(value * 10) / 10;
  const text = Math.abs(rounded).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (rounded === 0) return text;
  return `${rounded > 0 ? '+' : '\u2212'}${text}`;
}

/** A level (LUFS, dBTP): a minus sign when negative, no plus sign. */
export function formatFigure(value: number, locale: string): string {
  const rounded = Math.round(value * 10) / 10;
  const text = Math.abs(rounded).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return rounded < 0 ? `\u2212${text}` : text;
}
