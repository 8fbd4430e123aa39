import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** One parser for every post: GitHub-flavoured Markdown, no raw-HTML trust (the sanitiser decides). */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * What a post may contain after rendering: text structure, links, images, tables and code. No
 * scripts, styles, frames, forms or event attributes; links and images only over http(s) or
 * same-site paths. Links get rel="noopener noreferrer" and open outside only when absolute.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'code', 'pre',
    'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'title', 'width', 'height', 'loading'], th: ['align'], td: ['align'], code: ['class'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // A post's own heading is its title: Markdown's level-1 headings become level 2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer', ...(external ? { target: '_blank' } : {}) } };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** Markdown to HTML that is safe to put into the page as is; rendered once, when a post is saved. */
export function renderPostMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return sanitizeHtml(html, SANITIZE);
}
