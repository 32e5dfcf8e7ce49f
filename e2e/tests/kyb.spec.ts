import { randomUUID } from 'node:crypto';
import { KYB_MESSAGES } from '@dash/shared/contracts';
import type { Page } from '@playwright/test';
import {
  createOrganizationThroughApi,
  DEMO_EMAIL,
  DEMO_ORG_SLUG,
  expect,
  fileChoosers,
  mailTo,
  newEmail,
  signInThroughApi,
  test,
} from '../support/fixtures';
import { budget } from '../support/time-budget';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).selectOption({ label: option });
}

async function upload(
  page: Page,
  choosers: ReturnType<typeof fileChoosers>,
  label: string,
  filename: string,
) {
  const choosing = choosers.next();
  await page.getByRole('button', { name: `Upload ${label}` }).click();
  const chooser = await choosing;
  await chooser.setFiles({ name: filename, mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('listitem', { name: label })).toContainText('Uploaded');
}

const nextStep = (page: Page, title: string) =>
  expect(
    page.getByRole('region', { name: 'Verification status' }).getByRole('heading', { name: title }),
  ).toBeVisible();

test.describe('KYB', () => {
  test('a new organization applies, the operator approves, the Admin is mailed, explores and gets an Active provider account', async ({
    page,
    browser,
  }) => {
    test.setTimeout(budget(60_000));
    const choosers = fileChoosers(page);
    const email = newEmail('kyb-admin');
    await signInThroughApi(page, email);
    const slug = `kyb-${randomUUID().slice(0, 6)}`;
    const organization = await createOrganizationThroughApi(page, `Ejemplo ${slug}`, slug);

    await page.goto(`/org/${slug}`);
    await nextStep(page, 'Complete KYB');
    await page.getByRole('link', { name: 'Complete the KYB application' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${slug}/kyb$`));

    // A wrong RFC first: the field says so, in the shared schema's words.
    await page.getByLabel('Legal name').fill('Ejemplo Comercial S.A. de C.V.');
    await choose(page, 'Country of incorporation', 'Mexico');
    await page.getByLabel('Tax id').fill('NOT-AN-RFC');
    await page.getByLabel('Tax id').blur();
    await expect(page.getByText(KYB_MESSAGES.rfcInvalid)).toBeVisible();
    await expect(page.getByLabel('Tax id')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Tax id').fill('ECO010203AB1');
    await page.getByLabel('Tax id').blur();
    await expect(page.getByText(KYB_MESSAGES.rfcInvalid)).toHaveCount(0);

    await page.getByLabel('Incorporation date').fill('2001-02-03');
    await page.getByLabel('Website').fill('https://ejemplo.mx');
    await page.getByLabel('Expected monthly volume').fill('250000.00');
    await page.getByLabel('Currency').fill('MXN');
    await page.getByLabel('Business activity').fill('Wholesale of electronics');
    await page.getByLabel('Address line 1').fill('Av. Reforma 100');
    await page.getByLabel('City').fill('Ciudad de México');
    await page.getByLabel('State').fill('CDMX');
    await page.getByLabel('Postal code').fill('06600');
    await page.getByLabel('Address country').fill('MX');
    await page.getByRole('button', { name: 'Add owner' }).click();
    const owner = page.getByRole('group', { name: 'Owner 1' });
    await owner.getByLabel('Owner name').fill('Ana López');
    await owner.getByLabel('Ownership %').fill('60');
    await owner.getByLabel('Nationality').fill('MX');
    await owner.getByRole('combobox', { name: 'Id document type' }).selectOption({ label: 'Passport' });
    await owner.getByLabel('Id document number').fill('G12345678');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByLabel('Status: Draft')).toBeVisible();

    await upload(page, choosers, 'Articles of incorporation', 'articles.pdf');
    await upload(page, choosers, 'Proof of address', 'proof.pdf');
    await upload(page, choosers, 'Tax certificate (Constancia de Situación Fiscal)', 'constancia.pdf');
    await upload(page, choosers, 'Id of Ana López', 'passport.pdf');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByLabel('Status: Submitted')).toBeVisible();
    await expect(page.getByLabel('Legal name')).toHaveAttribute('readonly', '');

    // The Admin waits on the overview, where the approved-only pages are locked, with the KYB page
    // open in another tab.
    await page.goto(`/org/${slug}`);
    await nextStep(page, 'Waiting for review');
    const nav = page.getByRole('navigation', { name: 'Organization' });
    const kybTab = await page.context().newPage();
    await kybTab.goto(`/org/${slug}/kyb`);
    await expect(kybTab.getByLabel('Status: Submitted')).toBeVisible();

    // The operator, in a browser of their own, approves from the review page.
    const operatorContext = await browser.newContext();
    const operator = await operatorContext.newPage();
    try {
      await signInThroughApi(operator, 'ops@example.com');
      await operator.goto('/ops/kyb');
      await expect(operator.getByRole('heading', { name: 'Compliance review' })).toBeVisible();
      await operator.getByRole('link', { name: organization.name }).click();
      await expect(operator.getByText('Ejemplo Comercial S.A. de C.V.')).toBeVisible();
      await operator.getByRole('button', { name: 'Approve' }).click();
      await expect(operator.getByLabel('Status: Approved')).toBeVisible();
    } finally {
      await operatorContext.close();
    }

    // The open overview follows without a reload, the sidebar too: Explore opens at once.
    await nextStep(page, 'Approved');
    await nav.getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${slug}/explore$`));
    await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();

    // The open KYB page follows too, with the decision in its history; the Admin gets the decision mail.
    await expect(kybTab.getByLabel('Status: Approved')).toBeVisible();
    await expect(kybTab.getByRole('list', { name: 'KYB history' })).toContainText('operator:ops@example.com');
    await kybTab.close();
    const mail = await mailTo(page.context().request, email, 'KYB application approved');
    expect(mail.text).toContain(`/org/${slug}/kyb`);

    await page.goto(`/org/${slug}/explore`);
    await expect(page).toHaveURL(new RegExp(`/org/${slug}/explore$`));
    await expect(page.getByRole('region', { name: 'Verification status' })).toHaveCount(0);

    // Connected: onboarding with the sandbox provider (which receives this approved application)
    // becomes Active on the open page, without a reload.
    await page.getByRole('link', { name: 'Transfero' }).click();
    await page.getByRole('link', { name: 'Start onboarding' }).click();
    let navigations = 0;
    await page.getByRole('button', { name: 'Confirm and start onboarding' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${slug}/open-stable/[0-9a-f-]{36}$`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await expect(page.getByRole('status')).toHaveText('Your account with this provider is active.', {
      timeout: budget(15_000),
    });
    expect(navigations).toBe(0);
  });

  test("on a phone, each document's status reads whole beside its label", async ({ page }) => {
    await signInThroughApi(page, DEMO_EMAIL);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/org/${DEMO_ORG_SLUG}/kyb`);
    const documents = page.getByRole('listitem').filter({ hasText: 'Uploaded' });
    await expect(documents.first()).toBeVisible();
    expect(await documents.count()).toBeGreaterThanOrEqual(4);
    // A badge cut to 'UPL…' by the row's label and file name (Mantine ends a label that does not fit).
    const cut = await page
      .locator('li .mantine-Badge-label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
      );
    expect(cut).toEqual([]);
  });

  test('the overview shows what was asked, and a non-operator cannot open the review', async ({ page }) => {
    const email = newEmail('kyb-fix');
    await signInThroughApi(page, email);
    const slug = `kyb-fix-${randomUUID().slice(0, 6)}`;
    await createOrganizationThroughApi(page, `Fix ${slug}`, slug);

    await page.goto('/ops/kyb');
    await expect(page.getByRole('heading', { name: 'Compliance review' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Compliance review' })).toHaveCount(0);
    const refused = await page.context().request.get('/api/v0/ops/kyb');
    expect(refused.status()).toBe(403);

    // Seeded Mercado Norte waits for review: the operator sends it back; its Admin sees the note.
    const request = page.context().request;
    await signInThroughApi(page, 'ops@example.com');
    const queue = (await (await request.get('/api/v0/ops/kyb')).json()) as {
      data: { organizationUid: string; organizationSlug: string }[];
    };
    const mercado = queue.data.find((item) => item.organizationSlug === 'mercado-norte');
    expect(mercado, 'the seed puts Mercado Norte in the review queue').toBeDefined();
    const note = `Upload a newer proof of address ${randomUUID().slice(0, 4)}`;
    const asked = await request.post(`/api/v0/ops/kyb/${mercado?.organizationUid}/request-changes`, {
      data: { note },
    });
    expect(asked.status()).toBe(200);
    await signInThroughApi(page, 'maria@example.com');
    await page.goto('/org/mercado-norte');
    await nextStep(page, 'Fix what was asked');
    await expect(page.getByRole('region', { name: 'Verification status' })).toContainText(note);
  });
});
