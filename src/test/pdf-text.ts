/**
 * The text lines of an uncompressed pdfkit PDF (tests only; pdf-lib is not a dependency): every
 * BT..ET block's TJ arrays, their hex strings decoded as WinAnsi (latin1 for these characters).
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const block of source.match(/BT[\s\S]*?ET/g) ?? []) {
    const hexes = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
    if (hexes.length > 0) lines.push(hexes.join(''));
  }
  return lines;
}
