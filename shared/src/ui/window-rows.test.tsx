import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WindowRows } from './window-rows';

const items = Array.from({ length: 100 }, (_, index) => ({ id: `row-${index}` }));

function Table({ rows = items }: { rows?: { id: string }[] }) {
  return (
    <table aria-label="Rows" aria-rowcount={rows.length + 1}>
      <thead>
        <tr aria-rowindex={1}>
          <th>Id</th>
        </tr>
      </thead>
      <tbody>
        <WindowRows
          items={rows}
          getKey={(item) => item.id}
          columns={1}
          estimateRowHeight={40}
          renderRow={(item, row) => (
            <tr
              key={item.id}
              data-index={row['data-index']}
              aria-rowindex={row['aria-rowindex']}
              ref={row.ref}
            >
              <td>
                <a href={`#${item.id}`}>{item.id}</a>
              </td>
            </tr>
          )}
        />
      </tbody>
      <tfoot>
        <tr>
          <td>
            <button type="button">After the rows</button>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

describe('WindowRows', () => {
  it('renders the rows in view of a long page, numbered for assistive technology, and not the rest', async () => {
    render(<Table />);
    // The virtualizer's chunk loads lazily; its rows carry the virtualizer's ref and its spacer follows.
    await waitFor(() => expect(document.querySelector('tbody tr[aria-hidden="true"] td')).not.toBeNull());
    const rows = [...document.querySelectorAll('tbody tr[aria-rowindex]')];
    // jsdom's window is 768 px high: 20 rows of 40 px, and 3 more beyond its edge.
    expect(rows.length).toBe(Math.ceil(window.innerHeight / 40) + 3);
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
    expect(rows.at(-1)?.getAttribute('aria-rowindex')).toBe(String(rows.length + 1));
    expect(screen.getByText('row-0')).toBeTruthy();
    expect(screen.queryByText('row-99')).toBeNull();
    // The spacer keeps the table as tall as all its rows: the ones not rendered below.
    const spacer = document.querySelector<HTMLElement>('tbody tr[aria-hidden="true"]:last-child');
    expect(spacer?.style.height).toBe(`${(items.length - rows.length) * 40}px`);
  });

  it('renders the focused row and the 3 after it at once, and only the rows in view once focus leaves them', async () => {
    render(<Table />);
    await waitFor(() => expect(document.querySelector('tbody tr[aria-hidden="true"] td')).not.toBeNull());
    const rendered = () => document.querySelectorAll('tbody tr[aria-rowindex]').length;
    const inView = rendered();
    const last = inView - 1;
    // Focus on the last rendered row (as Tab reaches it): the 3 rows after it are there before the next Tab.
    act(() => screen.getByText(`row-${last}`).focus());
    expect(screen.getByText(`row-${last + 3}`)).toBeTruthy();
    expect(screen.queryByText(`row-${last + 4}`)).toBeNull();
    // Focus leaves the rows: back to the rows in view.
    act(() => screen.getByRole('button', { name: 'After the rows' }).focus());
    expect(rendered()).toBe(inView);
  });

  it("places a new page's rows at the height rows have measured, so measuring them moves nothing", async () => {
    // A ResizeObserver the test drives: it reports every observed row at 30 px when told to.
    const observers: { callback: ResizeObserverCallback; elements: Set<Element> }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        private readonly entry: { callback: ResizeObserverCallback; elements: Set<Element> };
        constructor(callback: ResizeObserverCallback) {
          this.entry = { callback, elements: new Set() };
          observers.push(this.entry);
        }
        observe(element: Element) {
          this.entry.elements.add(element);
        }
        unobserve(element: Element) {
          this.entry.elements.delete(element);
        }
        disconnect() {
          this.entry.elements.clear();
        }
      },
    );
    const reportRowsAt = (height: number) =>
      act(() => {
        for (const { callback, elements } of observers) {
          const rows = [...elements].filter((element) => element.matches('tr[data-index]'));
          if (rows.length === 0) continue;
          const entries = rows.map((target) => ({
            target,
            borderBoxSize: [{ blockSize: height, inlineSize: 0 }],
          }));
          callback(entries as unknown as ResizeObserverEntry[], {} as ResizeObserver);
        }
      });
    try {
      const { rerender } = render(<Table />);
      await waitFor(() => expect(document.querySelector('tbody tr[aria-hidden="true"] td')).not.toBeNull());
      const rendered = () => document.querySelectorAll('tbody tr[aria-rowindex]').length;
      // Estimated at 40 px: 20 rows fill jsdom's 768 px window, and 3 more.
      expect(rendered()).toBe(Math.ceil(window.innerHeight / 40) + 3);
      // Measured at 30 px: more rows fit, and the ones that came in are measured too.
      reportRowsAt(30);
      reportRowsAt(30);
      const fit = Math.ceil(window.innerHeight / 30) + 3;
      expect(rendered()).toBe(fit);

      // The next page (other rows): its first render already has the rows that fit at 30 px, and the
      // spacer stands for the others at 30 px.
      const next = Array.from({ length: 100 }, (_, index) => ({ id: `next-${index}` }));
      rerender(<Table rows={next} />);
      expect(screen.getByText('next-0')).toBeTruthy();
      expect(rendered()).toBe(fit);
      const spacer = document.querySelector<HTMLElement>('tbody tr[aria-hidden="true"]:last-child');
      expect(spacer?.style.height).toBe(`${(next.length - fit) * 30}px`);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
