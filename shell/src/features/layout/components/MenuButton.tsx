import { UnstyledButton } from '@mantine/core';
import {
  type CSSProperties,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useContext,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import './menu-button.css';

/**
 * A menu button (WAI-ARIA menu button pattern) for the sidebar's two menus: a button that opens a
 * menu of actions below or above it. Mantine's Menu would bring its Popover and floating-ui into the
 * shared @mantine/core build every page loads (docs/decisions/0012); this is the part the sidebar uses.
 * Enter, Space and the arrows open it with focus on an item; the arrows, Home and End move; Escape
 * and Tab close it and give focus back to the button; a click outside or on an item closes it.
 */
export function MenuButton({
  children,
  items,
  placement,
  width,
  buttonRef,
}: {
  /** What the button shows (its accessible name comes from it). */
  children: ReactNode;
  /** The menu's entries: MenuItem, MenuLabel, MenuDivider. */
  items: ReactNode;
  /** Opens below the button's start edge, or above it (the account menu, at the sidebar's foot). */
  placement: 'below' | 'above';
  width: number;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [position, setPosition] = useState<CSSProperties>({});
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();
  useImperativeHandle(buttonRef, () => button.current as HTMLButtonElement, []);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  // Placed from the button's box, before paint, and again when the page scrolls or resizes.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const box = button.current?.getBoundingClientRect();
      if (!box) return;
      setPosition(
        placement === 'below'
          ? { top: box.bottom + 4, left: box.left, width }
          : { bottom: window.innerHeight - box.top + 4, left: box.left, width },
      );
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, placement, width]);

  // Focus on the first (or last) item once open; a press outside closes without taking focus.
  useEffect(() => {
    if (!open) return;
    const entries = menuItems(menu.current);
    (open === 'last' ? entries.at(-1) : entries[0])?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open, close]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const entries = menuItems(menu.current);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      entries[(to + entries.length) % entries.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close(true);
    }
  };

  return (
    <>
      <UnstyledButton
        ref={button}
        id={`${id}-button`}
        w="100%"
        p="xs"
        style={{ borderRadius: 8 }}
        aria-haspopup="menu"
        aria-expanded={open ? true : undefined}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        {children}
      </UnstyledButton>
      {open ? (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          tabIndex={-1}
          aria-labelledby={`${id}-button`}
          className="dash-menu"
          style={position}
          onKeyDown={onMenuKey}
        >
          <CloseMenu.Provider value={close}>{items}</CloseMenu.Provider>
        </div>
      ) : null}
    </>
  );
}

const CloseMenu = createContext<(refocus: boolean) => void>(() => {});

const menuItems = (menu: HTMLElement | null): HTMLElement[] =>
  menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)')] : [];

/** An action of the menu: closes it (focus back on its button), then acts. */
export function MenuItem({
  children,
  onClick,
  disabled,
  danger,
  leftSection,
  rightSection,
  current,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** Drawn in red: an action that ends something (sign out). */
  danger?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** The entry for what is open now: marked for the eye and for assistive technology. */
  current?: boolean;
}) {
  const close = useContext(CloseMenu);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className="dash-menu-item mantine-focus-auto"
      disabled={disabled}
      data-danger={danger || undefined}
      aria-current={current ? 'true' : undefined}
      style={current ? { background: 'var(--mantine-primary-color-light)' } : undefined}
      onClick={() => {
        close(true);
        onClick();
      }}
    >
      {leftSection}
      <span style={{ flex: 1, minWidth: 0 }}>{children}</span>
      {rightSection}
    </button>
  );
}

/** A heading over some entries: seen, not read (a menu holds menu items only; axe: aria-required-children). */
export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <div className="dash-menu-label" aria-hidden="true">
      {children}
    </div>
  );
}

export function MenuDivider() {
  return <hr className="dash-menu-divider" />;
}
