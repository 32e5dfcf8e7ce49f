import { useId } from '@mantine/hooks';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// shared/patches/@mantine__hooks@9.7.3.patch: Mantine's useId keeps React's id. The original swapped
// it for a random one in a layout effect after mount, so every component using it (inputs, tooltips,
// popovers) rendered a second time, synchronously, inside the commit that mounted it.

/** The id each render of Probe got, in order. */
const seen: string[] = [];
function Probe({ id }: { id?: string }) {
  const value = useId(id);
  seen.push(value);
  return <span data-testid="probe" id={value} />;
}

describe("Mantine's useId, patched", () => {
  it('gives the id React gives, and a component using it renders once when it mounts', () => {
    seen.length = 0;
    const { getByTestId, rerender } = render(<Probe />);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^mantine-/);
    expect(getByTestId('probe').id).toBe(seen[0]);
    // The same id on every later render; a given id wins.
    rerender(<Probe />);
    expect(seen[1]).toBe(seen[0]);
    rerender(<Probe id="given" />);
    expect(seen[2]).toBe('given');
  });
});
