import type { TFaq } from '../../../src/modules/faq/faq.schemas.js';
import type { TStyleGroup } from '../../../src/modules/catalogue/catalogue.schemas.js';
import type { TDemo } from '../../../src/modules/demos/demos.schemas.js';
import type { TPublicConfig } from '../../../src/modules/site/site.schemas.js';

export interface FakeData {
  styleGroups?: TStyleGroup[];
  faqs?: TFaq[];
  config?: Partial<TPublicConfig>;
  demos?: TDemo[];
  /**
   * Answers of further procedures a test needs, by name (`pricing.shownPrices`); a function answers
   * from the call's input (and may record it).
   */
  procedures?: Record<string, unknown>;
}

/**
 * A fetch that answers the few calls the shell makes, in the wire format of tRPC's batch link and
 * of GET /api/config. Each test builds its own data with the factories below.
 */
export function fakeServerFetch(data: FakeData): typeof fetch {
  const procedures: Record<string, unknown> = {
    'catalogue.styleGroups': data.styleGroups ?? [],
    'faq.list': data.faqs ?? [],
    'demos.list': data.demos ?? [],
    ...data.procedures,
  };
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname === '/api/config') {
      return Response.json({
        mediaUrl: 'ws://localhost:3001/ws',
        paymentMode: 'local',
        features: { distribution: true, blog: true },
        noticeBanner: null,
        video: null,
        seller: { name: 'Test Seller GmbH', addressLines: ['Teststraße 2', '20095 Hamburg', 'Germany'], country: 'DE', vatId: 'DE123456789', contactEmail: 'privacy@seller.test' },
        pluginBundleUrl: null,
        analytics: null,
        ...data.config,
      });
    }
    if (url.pathname.startsWith('/trpc/')) {
      const names = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
      const inputs = JSON.parse((init?.method === 'POST' ? (init.body as string) : url.searchParams.get('input')) ?? '{}') as Record<string, unknown>;
      const answer = (name: string, index: number) => {
        const procedure = procedures[name];
        return typeof procedure === 'function' ? (procedure as (input: unknown) => unknown)(inputs[String(index)] ?? {}) : (procedure ?? null);
      };
      return Response.json(names.map((name, index) => ({ result: { data: answer(name, index) } })));
    }
    return new Response('not found', { status: 404 });
  };
}

let nextId = 1;

export function aStyleGroup(overrides: Partial<TStyleGroup> = {}): TStyleGroup {
  const id = nextId++;
  return {
    id,
    name: `Group ${id}`,
    description: `Description of group ${id}`,
    icon: 'pop',
    order: id,
    enabled: true,
    styles: [aStyle({ name: `Style ${id}` })],
    ...overrides,
  };
}

export function aStyle(overrides: Partial<TStyleGroup['styles'][number]> = {}): TStyleGroup['styles'][number] {
  const id = nextId++;
  return { id, name: `Style ${id}`, description: `What style ${id} does`, targetLufs: -11, ceilingDbtp: -1, traits: ['warmBody'], styleIndex: id, order: id, enabled: true, usageCount: 0, ...overrides };
}
