import { setLocale } from '@dash/shared';
import type { TDocument } from '@dash/shared/api';
import { renderPage } from '@dash/shared/test';
import { act, cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentsPage } from './DocumentsPage';

const document = (uid: string, name: string, byteSize: number): TDocument => ({
  uid,
  kind: 'other',
  ownerId: null,
  name,
  byteSize,
  contentType: 'application/pdf',
  uploadedBy: { uid: null, email: 'ana@example.com' },
  createdAt: '2026-11-20T10:00:00.000Z',
  downloadUrl: `/api/v0/documents/${uid}`,
});

const DOCUMENTS = [
  document('a0000000-0000-4000-8000-000000000001', 'tiny.txt', 512),
  document('a0000000-0000-4000-8000-000000000002', 'contrato.pdf', 1536),
  document('a0000000-0000-4000-8000-000000000003', 'even.pdf', 2048),
  document('a0000000-0000-4000-8000-000000000004', 'scan.png', 5 * 1024 * 1024 + 256 * 1024),
  document('a0000000-0000-4000-8000-000000000005', 'archive.zip', 3 * 1024 * 1024 * 1024),
];

/** The Size cell of each row, in the order listed. */
async function sizes(): Promise<string[]> {
  const table = await screen.findByRole('table', { name: /Documents|Documentos/ });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[2]?.textContent ?? '');
}

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => setLocale('en', { remember: false }));
});

describe('the Documents page', () => {
  it('shows sizes in B, KB, MB and GB with 2 decimals (spec section 9)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: DOCUMENTS })),
    );
    renderPage(<DocumentsPage />, { url: '/org/acme/documents' });
    expect(await sizes()).toEqual(['512.00 B', '1.50 KB', '2.00 KB', '5.25 MB', '3.00 GB']);
  });

  it("uses the language's decimal mark", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: DOCUMENTS })),
    );
    await renderPage(<DocumentsPage />, { url: '/org/acme/documents', locale: 'pt-BR' });
    expect(await sizes()).toEqual(['512,00 B', '1,50 KB', '2,00 KB', '5,25 MB', '3,00 GB']);
  });
});
