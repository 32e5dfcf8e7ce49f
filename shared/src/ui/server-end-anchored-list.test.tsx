// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EndAnchoredList } from './end-anchored-list';
import { SERVER_TAIL_ITEMS } from './ServerEndAnchoredList';

const items = Array.from({ length: 40 }, (_, index) => ({ id: `m${index}` }));

describe('the end-anchored list in the server’s render', () => {
  it('is the newest items in reading order, from the bottom of the log, with no window to virtualize against', () => {
    const html = renderToString(
      <EndAnchoredList
        items={items}
        getKey={(item) => item.id}
        renderItem={(item) => <article>{item.id}</article>}
        hasOlder
        loadingOlder={false}
        onLoadOlder={() => undefined}
        label="Messages"
      />,
    );
    expect(html).toContain('role="log" aria-label="Messages"');
    expect(html).toContain('justify-content:flex-end');
    const shown = [...html.matchAll(/<article>(m\d+)<\/article>/g)].map((match) => match[1]);
    expect(shown).toEqual(items.slice(-SERVER_TAIL_ITEMS).map((item) => item.id));
  });
});
