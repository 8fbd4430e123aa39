import { describe, expect, it } from 'vitest';
import { escapeHtml, mailButton } from './html.js';

describe('mail html', () => {
  it('escapes every character that could open markup or close an attribute', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
  });

  it('escapes the link and the label of the button', () => {
    const html = mailButton('https://x.test/?a=1&b="2"', '<b>Go</b>');
    expect(html).toContain('href="https://x.test/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('>&lt;b&gt;Go&lt;/b&gt;</a>');
  });
});
