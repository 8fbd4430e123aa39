import type { Page } from 'playwright-core';
import type { Locale } from './server-harness.js';

/**
 * What a reader sees of a screen's words, checked for the slips translation leaves behind: a
 * message key shown as text ("global.error.server"), an English word in the German interface, and a
 * validation message that is not a sentence ("invalid email"). User content (track names, e-mail
 * addresses) is whatever it is; the English words looked for are ones no German sentence, name or
 * format uses.
 */

/**
 * English words that have no place in a German sentence of this product, matched in any case
 * except those in CASED. Words German shares ("was", "will", "also"), loan words German writes
 * as well ("Upgrade", "Add-on") and country codes ("US", "IT", "AT", "BE", "NO") are left out.
 */
const ENGLISH_ONLY = new Set([
  'the', 'and', 'your', 'you', 'with', 'of', 'to', 'is', 'are', 'for', 'this', 'that', 'not', 'please', 'save', 'saved', 'cancel', 'delete',
  'close', 'loading', 'back', 'next', 'continue', 'choose', 'share', 'shared', 'changes', 'months', 'month', 'year', 'years', 'distribution',
  'style', 'styles', 'settings', 'account', 'password', 'price', 'prices', 'buy', 'pay', 'payment', 'payments', 'invoice', 'invoices', 'sign', 'log',
  'new', 'my', 'yes', 'edit', 'rename', 'remove', 'listen', 'help', 'search', 'show', 'hide', 'error', 'required', 'invalid', 'field',
  'first', 'last', 'country', 'street', 'date', 'artist', 'artists', 'release', 'releases', 'owned', 'free', 'mastered', 'unmastered', 'before',
  'after', 'from', 'here', 'there', 'what', 'when', 'which', 'who', 'would', 'can', 'could', 'should', 'has', 'have', 'had', 'been',
  'were', 'its', 'our', 'we', 'they', 'them', 'their', 'or', 'if', 'then', 'than', 'by', 'on', 'off', 'out',
  'up', 'down', 'all', 'any', 'some', 'each', 'every', 'more', 'most', 'less', 'only', 'just', 'now', 'today', 'again', 'yet',
  'stars', 'star', 'rating', 'comments', 'comment', 'reply', 'send', 'sent', 'week', 'day', 'days', 'quality', 'offer', 'instead', 'bit',
]);
/** Words that are German too when written as German writes them ("Name", "Start"); only the English spelling counts. */
const CASED = new Set(['bit']);

/** Message keys look like `global.error.server` or `payment.addressRequired`; web addresses do not count. */
const MESSAGE_KEY = /(?<![@\w/.-])[a-z][a-zA-Z]*(?:\.[a-z][a-zA-Z]*){1,4}(?![\w@/-])/g;
const WEB_ADDRESS_END = /\.(com|de|org|net|app|io|eu|test|example|local|localhost)$/;
const KEY_SEGMENT = /[A-Z]|^(global|error|store|mastering|master|share|payment|distribution|account|binary|upload|releases?|royalties|message)$/;

export interface ScreenText {
  /** Every visible text node of the page, trimmed. */
  texts: string[];
  /** The visible texts of validation and error messages (alerts, field errors). */
  messages: string[];
}

export async function visibleTextsOf(page: Page): Promise<ScreenText> {
  return page.evaluate(() => {
    const visible = (element: Element | null) => element !== null && (element as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) !== false;
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) || !visible(parent)) continue;
      texts.push(text);
    }
    const messages = [...document.querySelectorAll('[role="alert"], .mantine-InputWrapper-error, [role="status"]')]
      .filter((element) => visible(element))
      .map((element) => element.textContent?.replace(/\s+/g, ' ').trim() ?? '')
      .filter((text) => text.length > 0);
    return { texts, messages };
  });
}

/** The slips in what a screen shows, each named with the screen it was found on. */
export function textProblems(screen: string, locale: Locale, { texts, messages }: ScreenText, allowed: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const text of texts) {
    if (allowed.some((words) => text.includes(words))) continue;
    for (const match of text.matchAll(MESSAGE_KEY)) {
      const key = match[0];
      if (WEB_ADDRESS_END.test(key)) continue;
      if (key.split('.').some((segment) => KEY_SEGMENT.test(segment))) problems.push(`${screen}: message key "${key}" in "${text}"`);
    }
    if (locale === 'de') {
      for (const word of text.split(/[^\p{L}'-]+/u)) {
        const english = CASED.has(word) || (ENGLISH_ONLY.has(word.toLowerCase()) && !CASED.has(word.toLowerCase()));
        if (word && english) problems.push(`${screen}: English "${word}" in "${text}"`);
      }
    }
  }
  for (const message of messages) {
    // A sentence may open with a figure ("4 of 8 checks fail."); it may not open with a small letter.
    const first = message.match(/[\p{L}\p{N}]/u)?.[0];
    if (first && first === first.toLowerCase() && first !== first.toUpperCase()) problems.push(`${screen}: message not a sentence: "${message}"`);
  }
  return problems;
}
