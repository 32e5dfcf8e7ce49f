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
