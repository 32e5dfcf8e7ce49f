import { ORGANIZATION } from '@dash/shared/test';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { OrganizationNav } from './OrganizationNav';

describe('the organization navigation', () => {
  it('shows the areas that need approval as unavailable, and does not follow them', () => {
    const navigate = vi.fn();
    const onNavigate = vi.fn();
    render(
      <MantineProvider>
        <OrganizationNav
          organization={{ ...ORGANIZATION, approvalStatus: 'Pending' }}
          pathname={`/org/${ORGANIZATION.slug}`}
          navigate={navigate}
          onNavigate={onNavigate}
        />
      </MantineProvider>,
    );
    const rails = screen.getByRole('link', { name: /Rails/ });
    expect(rails.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(rails);
    expect(navigate).not.toHaveBeenCalled();
    expect(onNavigate).not.toHaveBeenCalled();

    // An area open to every organization is followed.
    const wallet = screen.getByRole('link', { name: 'Wallet' });
    expect(wallet.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(wallet);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`/org/${ORGANIZATION.slug}/wallet`);
  });
});
