import { describe, expect, it } from 'vitest';
import { plausibleEvent } from './plausible-sink.js';

const target = { endpoint: 'https://stats.example.org/api/event', site: 'masterdeck.example' };
const location = { origin: 'https://masterdeck.example', pathname: '/masters/song/7' };

describe('Plausible event body', () => {
  it('when a page view is sent, then it is a pageview of the reported path on this origin', () => {
    expect(plausibleEvent(target, 'page_view', { page_path: '/blog' }, location, '')).toEqual({
      name: 'pageview',
      url: 'https://masterdeck.example/blog',
      domain: 'masterdeck.example',
      referrer: null,
    });
  });

  it('when an event carries lists or objects, then they arrive as JSON text props at the current path', () => {
    const body = plausibleEvent(target, 'view_item_list', { item_list_name: 'styles', items: [{ item_name: 'Pop - Bright' }], empty: null }, location, 'https://search.example/');
    expect(body).toEqual({
      name: 'view_item_list',
      url: 'https://masterdeck.example/masters/song/7',
      domain: 'masterdeck.example',
      referrer: 'https://search.example/',
      props: { item_list_name: 'styles', items: '[{"item_name":"Pop - Bright"}]' },
    });
  });
});
