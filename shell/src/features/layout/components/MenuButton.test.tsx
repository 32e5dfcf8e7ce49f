import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton, MenuDivider, MenuItem, MenuLabel } from './MenuButton';

function renderMenu() {
  const profile = vi.fn();
  const signOut = vi.fn();
  render(
    <MantineProvider>
      <MenuButton
        placement="below"
        width={200}
        items={
          <>
            <MenuLabel>Account</MenuLabel>
            <MenuItem onClick={profile}>Profile</MenuItem>
            <MenuItem onClick={() => {}} disabled>
              Unavailable
            </MenuItem>
            <MenuDivider />
            <MenuItem danger onClick={signOut}>
              Sign out
            </MenuItem>
          </>
        }
      >
        Account menu
      </MenuButton>
      <button type="button">Elsewhere</button>
    </MantineProvider>,
  );
  return { button: screen.getByRole('button', { name: 'Account menu' }), profile, signOut };
}

describe('the menu button', () => {
  it('opens on a click with focus on its first item, and acts and closes on an item', () => {
    const { button, profile } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    // The label is seen, not read: only the actions are the menu's items.
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Unavailable',
      'Sign out',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Profile' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(profile).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('moves with the arrows past disabled items, wraps, and closes with Escape back to its button', () => {
    const { button, signOut } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    const menu = screen.getByRole('menu');
    expect(document.activeElement?.textContent).toBe('Sign out');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Profile');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Sign out');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement?.textContent).toBe('Profile');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('closes on a press outside it without taking focus there', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBeNull();
  });
});
