import { randomUUID } from 'node:crypto';
import { createOrganizationThroughApi, expect, newEmail, signInThroughApi, test } from '../support/fixtures';

test.describe('languages', () => {
  test('a user chooses Português in the profile: the sidebar, settings and money speak it, and a reload keeps it', async ({
    page,
  }) => {
    await signInThroughApi(page, newEmail('idioma'));
    const slug = `brasil-${randomUUID().slice(0, 6)}`;
    await createOrganizationThroughApi(page, 'Tesouraria Brasil', slug);

    await page.goto('/settings/profile');
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Português (Brasil)' });
    await page.getByRole('button', { name: 'Save profile' }).click();

    // The whole page switches at once, without a reload: toast, form and sidebar.
    await expect(page.getByRole('alert').filter({ hasText: 'Perfil salvo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salvar perfil' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    const sidebar = page.getByRole('navigation', { name: 'Organização' });
    await expect(sidebar.getByRole('link', { name: 'Visão geral' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Central de mensagens' })).toBeVisible();

    await sidebar.getByRole('link', { name: 'Configurações' }).click();
    await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Membros' })).toBeVisible();

    // A reload starts in Portuguese (the boot page carries the user's language).
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Zona de perigo' })).toBeVisible();

    // Money and numbers follow the language: BRL as R$ 1.234,56.
    await page.goto('/design-system');
    const formats = page.getByLabel('Formatos');
    await expect(formats).toContainText('R$ 1.234,56');
    await expect(formats).toContainText('1.234.567,891');
  });

  test.describe('a browser that prefers Spanish', () => {
    test.use({ locale: 'es-MX' });

    test('sees the sign-in page in Spanish', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
      await expect(
        page.getByText('Tesorería para rieles bancarios y billeteras de stablecoins'),
      ).toBeVisible();
      await expect(page.getByLabel('Correo electrónico')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Enviar enlace mágico' })).toBeVisible();
    });
  });
});
