import { describe, expect, it } from 'vitest';
import { renderPostMarkdown } from './blog.markdown.js';

describe('post Markdown', () => {
  it('when a post uses headings, lists, emphasis, links and tables, then they render as HTML', () => {
    const html = renderPostMarkdown('# Loudness\n\nSome **bold** and *soft* words.\n\n- one\n- two\n\n[Docs](https://example.com/docs)\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h2>Loudness</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://example.com/docs" rel="noopener noreferrer" target="_blank">Docs</a>');
    expect(html).toContain('<td>2</td>');
  });

  it('when a post carries scripts, event handlers, javascript: links or frames, then none of it survives', () => {
    const html = renderPostMarkdown(
      'Hi <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))\n\n<iframe src="https://evil.example"></iframe>\n\n<p style="color:red" onclick="x()">styled</p>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|style=/i);
    expect(html).toContain('styled');
  });

  it('when a post shows an image of our own blog, then it stays, loaded lazily', () => {
    const html = renderPostMarkdown('![A desk](https://masterdeck.example/api/blog/images/1/medium)');
    expect(html.trim()).toBe('<p><img src="https://masterdeck.example/api/blog/images/1/medium" alt="A desk" loading="lazy" /></p>');
  });
});
