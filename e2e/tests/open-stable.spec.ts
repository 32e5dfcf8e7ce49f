import { ZMyInvitationsResponse, ZMyOrganizationsResponse } from '@dash/shared/contracts';
import { DEMO_EMAIL, DEMO_ORG_SLUG, expect, newEmail, signInThroughApi, test } from '../support/fixtures';
import { budget } from '../support/time-budget';

test.describe('explore and open-stable with the sandbox provider', () => {
  test('an Admin filters the catalogue, starts onboarding with Bitso and sees it become Active without a reload', async ({
    page,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    await page.goto(`/org/${DEMO_ORG_SLUG}/explore`);
    await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.filter({ hasText: 'Transfero' })).toBeVisible();
    await expect(cards.filter({ hasText: 'Bitso' })).toBeVisible();

    // Mantine's SegmentedControl hides its radios; the user clicks their labels.
    const currency = (label: string) => page.locator('label').filter({ hasText: new RegExp(`^${label}$`) });
    await currency('MXN').click();
    await expect(page.getByRole('radio', { name: 'MXN' })).toBeChecked();
    await expect(page).toHaveURL(/currency=MXN/);
    await expect(cards.filter({ hasText: 'Transfero' })).toHaveCount(0);
    await expect(cards.filter({ hasText: 'Bitso' })).toBeVisible();

    await currency('All').click();
    // Networks are offered and shown by name; the URL keeps the id.
    await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Polygon Amoy' });
    await expect(page).toHaveURL(/network=polygon-amoy/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('testbrz on Polygon Amoy');

    // The seed made Acme's Transfero account Active (rails use it), so the onboarding is Bitso's.
    await page.goto(`/org/${DEMO_ORG_SLUG}/explore?currency=MXN`);
    await page.getByRole('link', { name: 'Bitso' }).click();
    await expect(page.getByRole('heading', { name: 'Bitso' })).toBeVisible();
    await page.getByRole('link', { name: 'Start onboarding' }).click();
    await expect(page.getByRole('heading', { name: 'Onboard' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Provider' }).locator('option:checked')).toHaveText(
      /Bitso/,
    );

    let navigations = 0;
    await page.getByRole('button', { name: 'Confirm and start onboarding' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${DEMO_ORG_SLUG}/open-stable/[0-9a-f-]{36}$`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await expect(page.getByRole('status')).toHaveText(
      /The provider is reviewing your application\.|We are sending your application to the provider\./,
    );
    await expect(page.getByRole('status')).toHaveText('Your account with this provider is active.', {
      timeout: budget(15_000),
    });
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    expect(navigations).toBe(0);

    await page.getByRole('link', { name: 'Back to Open Stable' }).click();
    const row = page.getByRole('row', { name: /Bitso/ });
    await expect(row).toContainText('Active');
  });

  test('a Viewer is sent from the onboard page to the organization root', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    const organizations = ZMyOrganizationsResponse.parse(
      await (await page.context().request.get('/api/v0/me/organizations')).json(),
    );
    const acme = organizations.data.find((organization) => organization.slug === DEMO_ORG_SLUG);
    const email = newEmail('viewer');
    const invited = await page.context().request.post('/api/v0/organization/invitations', {
      headers: { 'x-organization-uid': acme?.uid ?? '' },
      data: { email, role: 'Viewer' },
    });
    expect(invited.status()).toBe(201);

    const context = await browser.newContext({ baseURL });
    const viewer = await context.newPage();
    await signInThroughApi(viewer, email);
    const mine = ZMyInvitationsResponse.parse(
      await (await context.request.get('/api/v0/me/invitations')).json(),
    );
    const invitation = mine.data.find((candidate) => candidate.organization.uid === acme?.uid);
    expect((await context.request.post(`/api/v0/me/invitations/${invitation?.uid}/accept`)).ok()).toBe(true);

    await viewer.goto(`/org/${DEMO_ORG_SLUG}/open-stable/onboard`);
    await expect(viewer).toHaveURL(new RegExp(`/org/${DEMO_ORG_SLUG}$`));

    await viewer.goto(`/org/${DEMO_ORG_SLUG}/explore`);
    // Circle: an account the organization does not have yet (Transfero is seeded, Bitso onboarded above).
    await viewer.getByRole('link', { name: 'Circle' }).click();
    await expect(viewer.getByRole('button', { name: 'Start onboarding' })).toBeDisabled();
    await expect(viewer.getByText('Viewers cannot start onboarding.')).toBeVisible();
    await context.close();
  });
});
