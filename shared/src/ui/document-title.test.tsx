import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './document-title';

function Page({ area, organization }: { area: string; organization?: string }) {
  useDocumentTitle(area, organization);
  return null;
}

describe('the page title', () => {
  it('names the page, its organization and the product, leaving out what is missing', () => {
    expect(documentTitle('Wallet', 'Acme Treasury')).toBe('Wallet · Acme Treasury · Dash');
    expect(documentTitle('Settings', undefined)).toBe('Settings · Dash');
    expect(documentTitle(' ', null)).toBe('Dash');
  });

  it('follows the page shown', () => {
    const { rerender } = render(<Page area="Wallet" organization="Acme Treasury" />);
    expect(document.title).toBe('Wallet · Acme Treasury · Dash');
    rerender(<Page area="Rails" organization="Acme Treasury" />);
    expect(document.title).toBe('Rails · Acme Treasury · Dash');
  });
});
