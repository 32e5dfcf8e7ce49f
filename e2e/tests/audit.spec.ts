import { ZMyInvitationsResponse } from '@dash/shared/contracts';
import {
  createOrganizationThroughApi,
  expect,
  newEmail,
  signInThroughApi,
  suffix,
  test,
} from '../support/fixtures';

test.describe('the audit log', () => {
  test('an Admin reads the Audit tab (before/after, filter, CSV); a Viewer has no Audit tab', async ({
    page,
    browser,
    baseURL,
  }) => {
    const adminEmail = newEmail('admin');
    await signInThroughApi(page, adminEmail);
    const firstName = `Audit ${suffix()}`;
    const organization = await createOrganizationThroughApi(page, firstName, `audit-${suffix()}`);
    const request = page.context().request;
    const headers = { 'x-organization-uid': organization.uid };
    const renamed = `Renamed ${suffix()}`;
    expect((await request.patch('/api/v0/organization', { headers, data: { name: renamed } })).status()).toBe(
      200,
    );
    const viewerEmail = newEmail('viewer');
    expect(
      (
        await request.post('/api/v0/organization/invitations', {
          headers,
          data: { email: viewerEmail, role: 'Viewer' },
        })
      ).status(),
    ).toBe(201);

    await page.goto(`/org/${organization.slug}/settings?tab=audit`);
    const table = page.getByRole('table', { name: 'Audit log' });
    const renameRow = table.getByRole('row').filter({ hasText: 'Organization updated' });
    await expect(renameRow).toContainText(adminEmail);
    await expect(renameRow).toContainText(`Name: ${firstName} → ${renamed}`);
    await expect(table.getByRole('row').filter({ hasText: 'Invitation sent' })).toContainText(viewerEmail);
    await expect(table.getByRole('row')).toHaveCount(4);

    // Filter by action: only the organization's creation is left.
    // The actions are named in words; the filter (and the CSV) still go by the code.
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Organization created' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('Organization created');

    // The CSV link exports exactly the filtered log.
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toContain('action=organization.created');
    const csv = await request.get(href ?? '');
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',organization.created,organization,');

    // A Viewer (who accepted the invitation) sees the settings without an Audit tab, and the API refuses them.
    const viewerContext = await browser.newContext({ baseURL });
    const viewer = await viewerContext.newPage();
    await signInThroughApi(viewer, viewerEmail);
    const mine = ZMyInvitationsResponse.parse(
      await (await viewerContext.request.get('/api/v0/me/invitations')).json(),
    ).data;
    expect(
      (
        await viewerContext.request.post(`/api/v0/me/invitations/${mine[0]?.uid}/accept`, { data: {} })
      ).status(),
    ).toBe(200);
    await viewer.goto(`/org/${organization.slug}/settings?tab=audit`);
    await expect(viewer.getByRole('tab', { name: 'Members' })).toBeVisible();
    await expect(viewer.getByRole('tab', { name: 'Audit' })).toHaveCount(0);
    expect(
      (await viewerContext.request.get(`/api/v0/organizations/${organization.uid}/audit`)).status(),
    ).toBe(403);
    await viewerContext.close();
  });
});
