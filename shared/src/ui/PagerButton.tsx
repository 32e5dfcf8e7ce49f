import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A pager's Previous or Next: at the first or last page it says it is unavailable (aria-disabled, the
 * disabled look) and ignores a press, but stays focusable: disabled, the button just pressed to reach
 * that page would drop focus to the page's body.
 */
export function PagerButton({
  unavailable,
  onPress,
  children,
}: {
  unavailable: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="default"
      size="xs"
      aria-disabled={unavailable || undefined}
      data-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable) onPress();
      }}
    >
      {children}
    </Button>
  );
}
