import { setLocale, type TOrganization } from '@dash/shared';
import type { TAuditEvent } from '@dash/shared/api';
import { ORGANIZATION as ACME, PROVIDER, renderPage } from '@dash/shared/test';
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeChange } from '../describe-change';
import AuditLog from './AuditLog';

const ORGANIZATION: TOrganization = { ...ACME, name: 'Ejemplo', slug: 'ejemplo' };

const event = (overrides: Partial<TAuditEvent>): TAuditEvent => ({
  id: '1',
  at: '2026-11-20T10:00:00.000Z',
  actor: 'ana@example.com',
  actorUserUid: '11111111-1111-4111-8111-111111111111',
  action: 'organization.updated',
  subjectType: 'organization',
  subjectUid: ORGANIZATION.uid,
  from: null,
  to: null,
  note: null,
  data: null,
  requestId: 'b0f3c1d2-0000-4000-8000-000000000001',
  ip: '203.0.113.7',
  ...overrides,
});

const FIRST_PAGE = [
  event({
    id: '9',
    action: 'member.role_changed',
    subjectType: 'member',
    from: 'Viewer',
    to: 'Editor',
    data: { email: 'bo@example.com' },
  }),
  event({ id: '8', data: { name: { from: 'Old Co', to: 'Ejemplo' } } }),
];
const SECOND_PAGE = [
  event({ id: '3', action: 'organization.created', data: { name: 'Old Co', slug: 'ejemplo' } }),
];

function renderAudit() {
  const fetch = vi.fn(async (url: string) => {
    const search = new URL(url, 'http://localhost').searchParams;
    const body = search.get('cursor')
      ? { data: SECOND_PAGE, nextCursor: null }
      : {
          data: search.get('action') === 'organization.created' ? SECOND_PAGE : FIRST_PAGE,
          nextCursor: search.get('action') ? null : '8',
        };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  renderPage(<AuditLog />, { organization: ORGANIZATION });
  return fetch;
}

/** A document upload, an invitation and an action this page does not know yet. */
const MIXED = [
  event({
    id: '12',
    action: 'document.uploaded',
    subjectType: 'document',
    data: { kind: 'other', name: 'contrato.pdf', byteSize: 1536 },
  }),
  event({
    id: '11',
    action: 'invitation.sent',
    subjectType: 'invitation',
    data: { email: 'bo@example.com', role: 'Viewer' },
  }),
  event({ id: '10', action: 'ledger.reconciled', subjectType: 'ledger_batch', data: { batchSize: 3 } }),
];

const OWNER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** Records whose before → after hold codes: states, roles, KYB statuses, booleans, and unknown ones. */
const CODED = [
  event({
    id: '26',
    action: 'transfer.canceled',
    subjectType: 'transfer',
    from: 'awaiting_approval',
    to: 'canceled',
    note: 'Not needed any more',
    data: { amount: '1250.50000000', currency: 'USDC', source: 'user' },
  }),
  event({
    id: '25',
    action: 'member.role_changed',
    subjectType: 'member',
    from: 'Viewer',
    to: 'Admin',
    data: { email: 'bo@example.com' },
  }),
  event({
    id: '24',
    action: 'member.removed',
    subjectType: 'member',
    from: 'Editor',
    data: { email: 'bo@example.com', remainsWalletOwner: OWNER },
  }),
  event({
    id: '23',
    action: 'member.left',
    subjectType: 'member',
    from: 'Viewer',
    data: { email: 'cy@example.com', remainsWalletOwner: true },
  }),
  event({
    id: '22',
    action: 'kyb.changes_requested',
    subjectType: 'kyb_application',
    from: 'Submitted',
    to: 'ChangesRequested',
    note: 'Blurry ID',
  }),
  event({
    id: '21',
    action: 'transfer.on_hold',
    subjectType: 'transfer',
    from: 'payment_submitted',
    to: 'on_hold',
    data: { holdCode: 'aml_review', approvalStatus: 'Approved', flagged: false },
  }),
];

/** Each row's cells, as text: [time, actor, action, target, change lines joined by ' | ']. */
async function rowsOfLog(): Promise<string[][]> {
  const table = await screen.findByRole('table', { name: /Audit log|Registro de auditor/ });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('td')].map((cell, index) =>
        index === 4
          ? [...cell.querySelectorAll('p')].map((line) => line.textContent).join(' | ')
          : (cell.textContent ?? ''),
      ),
    );
}

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => setLocale('en', { remember: false }));
});

describe('the Audit tab', () => {
  it('shows actor, action, target and before/after, pages with the cursor, filters and links the CSV', {
    timeout: 20_000,
  }, async () => {
    const fetch = renderAudit();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('Member role changed');
    expect(rows[1]?.textContent).toContain('Viewer → Editor');
    expect(rows[1]?.textContent).toContain('E-mail: bo@example.com');
    expect(rows[2]?.textContent).toContain('Name: Old Co → Ejemplo');
    expect(rows[2]?.textContent).toContain('ana@example.com');
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/v0/organizations/${ORGANIZATION.uid}/audit?limit=25`);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2')).toBeTruthy();
    await within(await screen.findByRole('table', { name: 'Audit log' })).findByText('Organization created');
    expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('cursor=8');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Page 1')).toBeTruthy();

    const actor = screen.getByRole('textbox', { name: 'Actor' });
    fireEvent.change(actor, { target: { value: 'bo@example.com' } });
    fireEvent.keyDown(actor, { key: 'Enter' });
    await vi.waitFor(() => expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('actor=bo%40example.com'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await vi.waitFor(() => expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('from=2026-11-01'));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/v0/organizations/${ORGANIZATION.uid}/audit/export.csv?actor=bo%40example.com&from=2026-11-01`,
    );
  });

  it('names actions, targets and recorded fields in words, and keeps an unknown code as it is', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: MIXED, nextCursor: null })),
    );
    renderPage(<AuditLog />, { organization: ORGANIZATION });
    const [upload, invitation, unknown] = await rowsOfLog();
    expect(upload?.slice(2)).toEqual([
      'Document uploaded',
      `document ${ORGANIZATION.uid}`,
      'Type: Other | Name: contrato.pdf | Size: 1.50 KB',
    ]);
    expect(invitation?.slice(2)).toEqual([
      'Invitation sent',
      `invitation ${ORGANIZATION.uid}`,
      'E-mail: bo@example.com | Role: Viewer',
    ]);
    expect(unknown?.slice(2)).toEqual([
      'ledger.reconciled',
      `ledger_batch ${ORGANIZATION.uid}`,
      'batchSize: 3',
    ]);
  });

  it("speaks the reader's language: actions, targets, fields, roles, document kinds and sizes", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: MIXED, nextCursor: null })),
    );
    await renderPage(<AuditLog />, { organization: ORGANIZATION, locale: 'pt-BR' });
    const [upload, invitation] = await rowsOfLog();
    expect(upload?.slice(2)).toEqual([
      'Documento enviado',
      `documento ${ORGANIZATION.uid}`,
      'Tipo: Outro | Nome: contrato.pdf | Tamanho: 1,50 KB',
    ]);
    expect(invitation?.slice(2)).toEqual([
      'Convite enviado',
      `convite ${ORGANIZATION.uid}`,
      'E-mail: bo@example.com | Função: Leitor',
    ]);
  });

  it("words a transfer's states, a role change, a departing wallet owner and a KYB decision in the reader's language", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: CODED, nextCursor: null })),
    );
    await renderPage(<AuditLog />, { organization: ORGANIZATION, locale: 'pt-BR' });
    const [canceled, roleChanged, removed, left, changesRequested, unknown] = await rowsOfLog();
    expect(canceled?.[2]).toBe('Transferência cancelada');
    expect(canceled?.[4]).toBe(
      'Aguardando aprovação → Cancelada | Valor: 1.250,50 | Moeda: USDC | Origem: Membro | Not needed any more',
    );
    expect(roleChanged?.[4]).toBe('Leitor → Administrador | E-mail: bo@example.com');
    expect(removed?.[4]).toBe(
      `Editor → — | E-mail: bo@example.com | Continua como proprietário da carteira: ${OWNER}`,
    );
    expect(left?.[4]).toBe(
      'Leitor → — | E-mail: cy@example.com | Continua como proprietário da carteira: Sim',
    );
    expect(changesRequested?.[4]).toBe('Enviada → Ajustes solicitados | Blurry ID');
    // A state, a field and a code this page does not know are shown as recorded (a boolean in words).
    expect(unknown?.slice(2)).toEqual([
      'transfer.on_hold',
      `transferência ${ORGANIZATION.uid}`,
      'Pagamento enviado → on_hold | holdCode: aml_review | approvalStatus: Approved | flagged: Não',
    ]);
  });

  it('words the same codes in English and Spanish, and never leaves a value blank', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          data: [
            ...CODED.slice(0, 3),
            event({
              id: '20',
              action: 'bank_beneficiary.updated',
              subjectType: 'bank_beneficiary',
              data: { remark: { from: '', to: 'Rent' }, pixKeyType: 'random', type: 'PixKey' },
            }),
          ],
          nextCursor: null,
        }),
      ),
    );
    await renderPage(<AuditLog />, { organization: ORGANIZATION, locale: 'es-MX' });
    const [canceled, roleChanged, removed, beneficiary] = await rowsOfLog();
    expect(canceled?.[4]).toBe(
      'Esperando aprobación → Cancelada | Monto: 1,250.50 | Moneda: USDC | Origen: Miembro | Not needed any more',
    );
    expect(roleChanged?.[4]).toBe('Lector → Administrador | Correo electrónico: bo@example.com');
    expect(removed?.[4]).toBe(
      `Editor → — | Correo electrónico: bo@example.com | Sigue como propietario de la billetera: ${OWNER}`,
    );
    expect(beneficiary?.[4]).toBe('Nota: — → Rent | Tipo de clave Pix: Clave aleatoria | Tipo: Clave Pix');

    await act(() => setLocale('en', { remember: false }));
    const [english] = await rowsOfLog();
    expect(english?.[4]).toBe(
      'Awaiting approval → Canceled | Amount: 1,250.50 | Currency: USDC | Source: Member | Not needed any more',
    );
  });

  it("words a wallet's and a provider account's states, and lists owners, signers and requirements", async () => {
    const other = '0x0000000000000000000000000000000000000002';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          data: [
            event({
              id: '31',
              action: 'wallet.deploy_requested',
              subjectType: 'wallet',
              from: 'undeployed',
              to: 'deploying',
              data: {
                threshold: 2,
                owners: [OWNER, other],
                signers: [
                  { userUid: 'u1', address: OWNER },
                  { userUid: 'u2', address: other },
                ],
              },
            }),
            event({
              id: '30',
              action: 'provider_account.pending',
              subjectType: 'provider_account',
              from: 'Submitting',
              to: 'Pending',
              data: {
                requirements: [{ code: 'proof_of_address', description: 'Upload a proof of address' }],
              },
            }),
            event({
              id: '29',
              action: 'wallet.signer_added',
              subjectType: 'wallet',
              data: { signer: { userUid: 'u3', email: 'cy@example.com' } },
            }),
          ],
          nextCursor: null,
        }),
      ),
    );
    await renderPage(<AuditLog />, { organization: ORGANIZATION, locale: 'en' });
    const [deploy, pending, signer] = await rowsOfLog();
    expect(deploy?.[4]).toBe(
      `Not deployed → Deploying | Quorum: 2 | Signers: ${OWNER}, ${other} | Signer members: ${OWNER}, ${other}`,
    );
    expect(pending?.[4]).toBe('Submitting → Pending | Requirements: Upload a proof of address');
    expect(signer?.[4]).toBe('Signer: cy@example.com');
  });

  it("writes an approval threshold's before and after as money in the reader's digits", async () => {
    const changed = event({
      id: '30',
      action: 'organization.off_ramp_approval_threshold_changed',
      subjectType: 'organization',
      from: '2500.50000000',
      to: '1234.56',
    });
    // Written before the API recorded the threshold as the database keeps it: as it was typed.
    const typed = event({
      id: '29',
      action: 'organization.off_ramp_approval_threshold_changed',
      subjectType: 'organization',
      from: null,
      to: '100',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: [changed, typed], nextCursor: null })),
    );
    await renderPage(<AuditLog />, { organization: ORGANIZATION, locale: 'pt-BR' });
    const [row, older] = await rowsOfLog();
    expect(row?.[4]).toBe('2.500,50 → 1.234,56');
    expect(older?.[4]).toBe('— → 100,00');
  });

  it("words a member's decision on a transfer from its code, and an older record's note as written", async () => {
    const rejected = event({
      id: '31',
      action: 'transfer.canceled',
      subjectType: 'transfer',
      from: 'awaiting_approval',
      to: 'canceled',
      note: 'Rejected by bo@example.com: Valor errado',
      data: {
        amount: '20',
        currency: 'USDC',
        source: 'user',
        noteCode: 'rejected_by',
        noteParams: { actor: 'bo@example.com', reason: 'Valor errado' },
      },
    });
    const older = event({
      id: '32',
      action: 'transfer.canceled',
      subjectType: 'transfer',
      from: 'awaiting_approval',
      to: 'canceled',
      note: 'Canceled by ana@example.com',
      data: { amount: '20', currency: 'USDC', source: 'user' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: [rejected, older], nextCursor: null })),
    );
    await renderPage(<AuditLog />, { organization: ORGANIZATION, locale: 'pt-BR' });
    const [first, second] = await rowsOfLog();
    expect(first?.[4]).toBe(
      'Aguardando aprovação → Cancelada | Valor: 20,00 | Moeda: USDC | Origem: Membro | Rejeitada por bo@example.com: Valor errado',
    );
    expect(second?.[4]).toBe(
      'Aguardando aprovação → Cancelada | Valor: 20,00 | Moeda: USDC | Origem: Membro | Canceled by ana@example.com',
    );
  });

  it("words the API's own reasons for failing a transfer from their code (no actor), the provider's words kept", async () => {
    const failed = (id: string, note: string, noteCode: string, noteParams: Record<string, string>) =>
      event({
        id,
        actor: 'system',
        actorUserUid: null,
        action: 'transfer.failed',
        subjectType: 'transfer',
        from: 'awaiting_funds',
        to: 'failed',
        note,
        data: { amount: '100', currency: 'BRL', source: 'system', noteCode, noteParams },
      });
    const reason = 'POST /v1/transfers answered 422: Chave Pix inválida';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          data: [
            failed('41', `The provider refused the transfer: ${reason}`, 'provider_refused', { reason }),
            failed(
              '42',
              'This provider cannot be reached from this installation.',
              'provider_unavailable',
              {},
            ),
            failed(
              '43',
              'We could not reach the provider. Nothing was moved; start again.',
              'provider_unreachable',
              {},
            ),
            // A member's decision recorded without its member: not worded with nobody in it.
            failed('44', 'Approved by someone', 'approved_by', {}),
          ],
          nextCursor: null,
        }),
      ),
    );
    await renderPage(<AuditLog />, { organization: ORGANIZATION, locale: 'es-MX' });
    const rows = await rowsOfLog();
    const move = 'Esperando fondos → Fallida | Monto: 100.00 | Moneda: BRL | Origen: Sistema';
    expect(rows.map((row) => [row[1], row[4]])).toEqual([
      ['Sistema', `${move} | El proveedor rechazó la transferencia: ${reason}`],
      ['Sistema', `${move} | No es posible conectar con este proveedor desde esta instalación.`],
      ['Sistema', `${move} | No pudimos conectar con el proveedor. No se movió nada; vuelve a empezar.`],
      ['Sistema', `${move} | Approved by someone`],
    ]);
  });

  it('offers the action filter in words and still filters by the code', async () => {
    const fetch = vi.fn(async (_url: string) => Response.json({ data: MIXED, nextCursor: null }));
    vi.stubGlobal('fetch', fetch);
    await renderPage(<AuditLog />, { organization: ORGANIZATION, locale: 'es-MX' });
    await screen.findByRole('table', { name: 'Registro de auditoría' });
    const filter = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Acción' });
    // Every action by default; each action offered in words, its value the code.
    expect(filter.selectedOptions[0]?.textContent).toBe('Todas');
    const sent = within(filter).getByRole<HTMLOptionElement>('option', { name: 'Invitación enviada' });
    fireEvent.change(filter, { target: { value: sent.value } });
    await vi.waitFor(() => expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('action=invitation.sent'));
    // "Todas" clears the filter again.
    fireEvent.change(filter, { target: { value: '' } });
    await vi.waitFor(() => expect(String(fetch.mock.calls.at(-1)?.[0])).not.toContain('action='));
  });

  it('describes a change from its state move, changed fields and note', () => {
    expect(
      describeChange(
        event({
          from: 'Submitted',
          to: 'Rejected',
          note: 'Blurry ID',
          data: { slug: { from: 'a', to: 'b' } },
        }),
      ),
    ).toEqual(['Submitted → Rejected', 'slug: a → b', 'Blurry ID']);
    expect(describeChange(event({ from: 'Admin', to: null }))).toEqual(['Admin → —']);
  });

  it('keeps the pressed pager button focusable at the last and the first page: said unavailable, a press ignored', async () => {
    const fetch = renderAudit();
    await screen.findByRole('table', { name: 'Audit log' });
    const next = screen.getByRole('button', { name: 'Next page' });
    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(next.hasAttribute('aria-disabled')).toBe(false);

    next.focus();
    fireEvent.click(next);
    expect(await screen.findByText('Page 2')).toBeTruthy();
    await vi.waitFor(() => expect(next.getAttribute('aria-disabled')).toBe('true'));
    // Disabled, it would drop focus to the page's body.
    expect(next).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(next);
    const asked = fetch.mock.calls.length;
    fireEvent.click(next);
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(fetch.mock.calls).toHaveLength(asked);

    previous.focus();
    fireEvent.click(previous);
    expect(await screen.findByText('Page 1')).toBeTruthy();
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(previous).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(previous);
    fireEvent.click(previous);
    expect(screen.getByText('Page 1')).toBeTruthy();
  });
  it("names who made a change: a provider from the catalogue, the system and an operator in the reader's words", async () => {
    const transfero = PROVIDER.uid;
    const gone = '44444444-4444-4444-8444-444444444444';
    const changes = [
      event({ id: '5', actor: `provider:${transfero}`, actorUserUid: null }),
      event({ id: '4', actor: `provider:${gone}`, actorUserUid: null }),
      event({ id: '3', actor: 'system', actorUserUid: null }),
      event({ id: '2', actor: 'operator:ops@example.com', actorUserUid: null }),
      event({ id: '1' }),
    ];
    const catalogue = [PROVIDER];
    const fetch = vi.fn(async (url: string) =>
      Response.json(
        new URL(url, 'http://localhost').pathname.endsWith('/providers')
          ? { data: catalogue }
          : { data: changes, nextCursor: null },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    await renderPage(<AuditLog />, { organization: ORGANIZATION, locale: 'pt-BR' });
    await screen.findByText('Transfero (provedor)');
    const actors = (await rowsOfLog()).map((row) => row[1]);
    // A provider the catalogue no longer lists keeps the label as recorded.
    expect(actors).toEqual([
      'Transfero (provedor)',
      `provider:${gone}`,
      'Sistema',
      'ops@example.com (operador)',
      'ana@example.com',
    ]);
    // The label as recorded is what the actor filter and the CSV take.
    expect(screen.getByText('Transfero (provedor)').getAttribute('title')).toBe(`provider:${transfero}`);
  });

  it("asks for the provider catalogue only when the page shows a provider's change", async () => {
    const fetch = renderAudit();
    await rowsOfLog();
    expect(fetch.mock.calls.map(([url]) => new URL(url, 'http://localhost').pathname)).not.toContainEqual(
      expect.stringMatching(/\/providers$/),
    );
  });
});
