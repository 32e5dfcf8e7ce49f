import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * A row's height from its ResizeObserver entry. When a row mounts there is no entry yet: reading
 * offsetHeight then would force a layout for every new row (dozens per scroll step); the size
 * known so far stands until the observer, which runs after layout, reports the real one.
 */
export function measureWithoutReflow<TScroll extends Element | Window>(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<TScroll, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.measurementsCache[index]?.size ?? instance.options.estimateSize(index);
}

/**
 * The height the last `recentRows` measured rows have most often had, as the estimate for rows not
 * measured yet. With a fixed guess, a new page's rows are first placed at the guess, then measured,
 * moved and rendered again (more or fewer of them fit the window); with the height they will have,
 * measuring them changes nothing (the virtualizer re-renders only when a size differs from its
 * estimate). The most common height, not the mean: with rows of two heights the mean is neither.
 * Only recent rows count, so the estimate follows a change of width (rows wrapping or not).
 */
export function typicalSize(initial: number, recentRows = 50) {
  const recent: number[] = [];
  const counts = new Map<number, number>();
  let typical = initial;
  return {
    estimate: (): number => typical,
    record(size: number): void {
      recent.push(size);
      counts.set(size, (counts.get(size) ?? 0) + 1);
      if (recent.length > recentRows) {
        const oldest = recent.shift() as number;
        const left = (counts.get(oldest) ?? 1) - 1;
        if (left > 0) counts.set(oldest, left);
        else counts.delete(oldest);
      }
      let most = 0;
      for (const [height, count] of counts) {
        if (count > most) {
          most = count;
          typical = height;
        }
      }
    },
  };
}
