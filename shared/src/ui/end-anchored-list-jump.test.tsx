import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import EndAnchoredList, { arrivedAtEnd } from './EndAnchoredList';
import type { EndAnchoredListProps } from './end-anchored-list';

interface Item {
  id: string;
  own?: boolean;
}
const getKey = (item: Item) => item.id;
const renderItem = (item: Item) => <article>{item.id}</article>;
const itemsOf = (from: number, to: number): Item[] =>
  Array.from({ length: to - from }, (_, index) => ({ id: `m${from + index}` }));

/** Rows before they are measured (jsdom measures nothing) and the log's height: the view is 5 rows. */
const ROW = 100;
const VIEW = 500;
const JUMP = 'Jump to the newest item';

/**
 * The log laid out as a browser would: its content as high as the virtualizer makes it, a view
 * VIEW px high, and a scroll position that fires 'scroll' when it changes (by the list, by
 * scrollTo, or by the reader).
 */
function layOut(log: HTMLElement) {
  let top = 0;
  const content = () => Number.parseFloat((log.firstElementChild as HTMLElement).style.height) || 0;
  const height = () => Math.max(content(), VIEW);
  Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => VIEW });
  Object.defineProperty(log, 'scrollHeight', { configurable: true, get: height });
  Object.defineProperty(log, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      const next = Math.min(Math.max(0, value), height() - VIEW);
      if (next === top) return;
      top = next;
      log.dispatchEvent(new Event('scroll'));
    },
  });
  log.scrollTo = ((options: ScrollToOptions) => {
    log.scrollTop = options.top ?? top;
  }) as typeof log.scrollTo;
}

/**
 * The list, laid out before its first items come (as a thread's first page does), so the list
 * opens at the newest item against a real-sized box.
 */
function renderList(first: Item[], props: Partial<EndAnchoredListProps<Item>> = {}) {
  const view = (items: Item[], more: Partial<EndAnchoredListProps<Item>> = {}) => (
    <MantineProvider>
      <EndAnchoredList
        items={items}
        getKey={getKey}
        renderItem={renderItem}
        estimateSize={ROW}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={() => undefined}
        label="Messages"
        {...props}
        {...more}
      />
    </MantineProvider>
  );
  const { rerender } = render(view([]));
  const log = screen.getByRole('log', { name: 'Messages' });
  layOut(log);
  rerender(view(first));
  return {
    log,
    show: (items: Item[]) => rerender(view(items)),
    /** The first items again, with some props changed. */
    change: (more: Partial<EndAnchoredListProps<Item>>) => rerender(view(first, more)),
    /** The reader scrolls to `offset` px above the bottom. */
    scrollTo: (offset: number) =>
      act(() => {
        log.scrollTop = log.scrollHeight - VIEW - offset;
      }),
    offset: () => log.scrollHeight - VIEW - log.scrollTop,
  };
}

const jumpButton = () => screen.queryByRole('button', { name: new RegExp(JUMP) });

// As the log mounts, before the test lays it out, the virtualizer scrolls it to its end and reads
// its height (the rows in view are those that fit it).
const hadScrollTo = Object.hasOwn(Element.prototype, 'scrollTo');
const scrollTo = Element.prototype.scrollTo;
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
beforeAll(() => {
  Element.prototype.scrollTo = () => {};
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'log' ? VIEW : 0;
    },
  });
});
afterAll(() => {
  if (hadScrollTo) Element.prototype.scrollTo = scrollTo;
  else Reflect.deleteProperty(Element.prototype, 'scrollTo');
  if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
  else Reflect.deleteProperty(HTMLElement.prototype, 'offsetHeight');
});

describe('the jump to the newest item', () => {
  it('shows only more than a screen above the bottom; it scrolls to the end, focus goes to the log, and it goes away', async () => {
    const list = renderList(itemsOf(0, 50));
    expect(list.offset()).toBe(0);
    expect(jumpButton()).toBeNull();

    list.scrollTo(VIEW - 100);
    expect(jumpButton()).toBeNull();

    list.scrollTo(VIEW + 100);
    const button = await screen.findByRole('button', { name: JUMP });
    // No new items: the arrow alone, named.
    expect(button.textContent).toBe('');

    act(() => fireEvent.click(button));
    expect(list.offset()).toBe(0);
    await waitFor(() => expect(jumpButton()).toBeNull());
    expect(document.activeElement).toBe(list.log);
  });

  it('comes and goes without rendering the rows again', () => {
    const rows = vi.fn(renderItem);
    const list = renderList(itemsOf(0, 50), { renderItem: rows });
    // Scrolling starts (the list renders for it), just under a screen up...
    list.scrollTo(VIEW - 5);
    expect(jumpButton()).toBeNull();
    const rendered = rows.mock.calls.length;
    expect(rendered).toBeGreaterThan(0);
    // ...and goes on past it, with the same rows in view: only the button renders.
    list.scrollTo(VIEW + 5);
    expect(screen.getByRole('button', { name: JUMP })).toBeTruthy();
    expect(rows.mock.calls.length).toBe(rendered);
  });

  it('counts the new items that arrive below the view, not the older pages above it, until the reader reaches the bottom', async () => {
    let items = itemsOf(100, 150);
    const list = renderList(items);
    list.scrollTo(2000);
    await screen.findByRole('button', { name: JUMP });

    items = [...items, ...itemsOf(150, 153)];
    list.show(items);
    // The view stays where it was, and the button says what came in below it.
    expect(list.offset()).toBe(2000 + 3 * ROW);
    const counted = await screen.findByRole('button', { name: `3 new items ${JUMP}` });
    expect(counted.textContent).toContain('3 new items');

    items = [...items, ...itemsOf(153, 154)];
    list.show(items);
    await screen.findByRole('button', { name: `4 new items ${JUMP}` });

    // An older page: the view keeps its place (from the bottom too), and nothing new is counted.
    items = [...itemsOf(80, 100), ...items];
    list.show(items);
    expect(list.offset()).toBe(2000 + 4 * ROW);
    expect(screen.getByRole('button', { name: `4 new items ${JUMP}` })).toBeTruthy();

    // Nearer the bottom, but not at it: still unseen.
    list.scrollTo(200);
    expect(screen.getByRole('button', { name: `4 new items ${JUMP}` })).toBeTruthy();

    // At the bottom they have been seen: the button goes, and comes back without a count.
    list.scrollTo(0);
    await waitFor(() => expect(jumpButton()).toBeNull());
    list.scrollTo(VIEW + 100);
    const again = await screen.findByRole('button', { name: JUMP });
    expect(again.textContent).toBe('');
  });

  it('counts new items that arrive just below a view less than a screen up', async () => {
    const items = itemsOf(0, 50);
    const list = renderList(items);
    list.scrollTo(200);
    expect(jumpButton()).toBeNull();
    list.show([...items, ...itemsOf(50, 52)]);
    await screen.findByRole('button', { name: `2 new items ${JUMP}` });
  });

  it('shows nothing while the list follows new items: at the bottom, or the reader’s own item', async () => {
    let items = itemsOf(0, 50);
    const list = renderList(items, { followNew: (item) => item.own === true });
    items = [...items, ...itemsOf(50, 52)];
    list.show(items);
    expect(list.offset()).toBe(0);
    expect(jumpButton()).toBeNull();

    list.scrollTo(2000);
    await screen.findByRole('button', { name: JUMP });
    list.show([...items, { id: 'mine', own: true }]);
    expect(list.offset()).toBe(0);
    await waitFor(() => expect(jumpButton()).toBeNull());
  });

  it('uses the labels it is given, and renders again only when what it shows changes, not per scroll event', async () => {
    const items = itemsOf(0, 50);
    const newItemsLabel = vi.fn((count: number) => `${count} mensajes nuevos`);
    const list = renderList(items, { jumpToNewestLabel: 'Ir al mensaje más reciente', newItemsLabel });
    list.scrollTo(2000);
    await screen.findByRole('button', { name: 'Ir al mensaje más reciente' });
    list.show([...items, ...itemsOf(50, 52)]);
    await screen.findByRole('button', { name: '2 mensajes nuevos Ir al mensaje más reciente' });
    const rendered = newItemsLabel.mock.calls.length;
    for (const offset of [1500, 1800, 1200, 300, 2500]) list.scrollTo(offset);
    expect(newItemsLabel.mock.calls.length).toBe(rendered);
  });
});

describe('arrivedAtEnd (the new items after the newest one the reader had)', () => {
  const before = itemsOf(10, 20);

  it('counts the items after the previous newest, and not an older page before them', () => {
    expect(arrivedAtEnd(itemsOf(10, 23), getKey, 'm19', before)).toBe(3);
    expect(arrivedAtEnd(itemsOf(0, 20), getKey, 'm19', before)).toBe(0);
    expect(arrivedAtEnd(itemsOf(0, 21), getKey, 'm19', before)).toBe(1);
  });

  it('counts the items it did not have when the previous newest is gone (a restart from a fresh page)', () => {
    expect(arrivedAtEnd(itemsOf(40, 60), getKey, 'm19', before)).toBe(20);
    expect(arrivedAtEnd(itemsOf(10, 19), getKey, 'm19', before)).toBe(0);
  });
});

describe('older items', () => {
  it('are asked for at the top, once a refresh of the list in flight is over', async () => {
    const onLoadOlder = vi.fn();
    const list = renderList(itemsOf(0, 50), { hasOlder: true, onLoadOlder, refreshing: true });
    expect(onLoadOlder).not.toHaveBeenCalled();
    // The reader reaches the top while the list is fetched again: nothing is asked for yet…
    act(() => {
      list.log.scrollTop = 0;
    });
    // The oldest rows render (in a task of their own, after the scroll).
    await screen.findByText('m0');
    expect(onLoadOlder).not.toHaveBeenCalled();
    // …and the older page is asked for as soon as that fetch is over.
    list.change({ refreshing: false });
    await waitFor(() => expect(onLoadOlder).toHaveBeenCalledTimes(1));
  });
});
