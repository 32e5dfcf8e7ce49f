import { randomBytes, randomUUID } from 'node:crypto';
import {
  CLABE_MESSAGES,
  INVALID_CLABE,
  INVALID_EVM_ADDRESS,
  INVALID_SOLANA_ADDRESS,
  PIX_KEY_MESSAGES,
} from '@dash/shared/contracts';
import type { Locator } from '@playwright/test';
import { DEMO_EMAIL, DEMO_ORG_SLUG, expect, signInThroughApi, test } from '../support/fixtures';
import { budget } from '../support/time-budget';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A fresh Solana public key: 32 random bytes in base58. */
function newSolanaAddress(): string {
  const bytes = randomBytes(32);
  bytes[0] = bytes[0] || 1; // no leading zero byte, so the encoding has no leading '1'
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let encoded = '';
  while (value > 0n) {
    encoded = BASE58_ALPHABET[Number(value % 58n)] + encoded;
    value /= 58n;
  }
  return encoded;
}

/** The field's error is shown under it and the input says it is invalid. */
async function expectFieldError(dialog: Locator, label: string, message: string) {
  const input = dialog.getByRole('textbox', { name: label });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(message, { exact: true })).toBeVisible();
}

/** A native select: chosen by its option's label. */
async function chooseOption(dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).selectOption({ label: option });
}

test.describe('rails counterparties', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, DEMO_EMAIL);
  });

  test('registers an EVM and a Solana wallet through the form, each refused once with its message', async ({
    page,
  }) => {
    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/blockchain-wallets`);
    await expect(page.getByRole('heading', { name: 'Registered Wallets' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Registered wallets' });
    await expect(table.getByRole('row', { name: /Treasury/ })).toBeVisible(); // seeded

    const evmAddress = `0x${randomBytes(20).toString('hex')}`;
    const solanaAddress = newSolanaAddress();
    const cases = [
      {
        network: 'Polygon Amoy',
        wrong: `0x${'aB'.repeat(20)}`, // mixed case with a wrong EIP-55 checksum
        message: INVALID_EVM_ADDRESS,
        right: evmAddress,
        name: `EVM ${randomUUID().slice(0, 6)}`,
        // Polygon Amoy is a local dev chain under npm start: no public explorer knows the address.
        explorer: null,
      },
      {
        network: 'Solana',
        wrong: '1'.repeat(34), // valid base58, but 34 bytes
        message: INVALID_SOLANA_ADDRESS,
        right: solanaAddress,
        name: `Solana ${randomUUID().slice(0, 6)}`,
        explorer: `https://explorer.solana.com/address/${solanaAddress}`,
      },
    ];
    for (const wallet of cases) {
      await page.getByRole('button', { name: 'Register wallet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Register a wallet' });
      await chooseOption(dialog, 'Network', wallet.network);
      await dialog.getByRole('textbox', { name: 'Name' }).fill(wallet.name);
      await dialog.getByRole('textbox', { name: 'Address' }).fill(wallet.wrong);
      await dialog.getByRole('button', { name: 'Register wallet' }).click();
      await expectFieldError(dialog, 'Address', wallet.message);

      await dialog.getByRole('textbox', { name: 'Address' }).fill(wallet.right);
      await dialog.getByRole('button', { name: 'Register wallet' }).click();
      await expect(dialog).toBeHidden();
      const row = table.getByRole('row', { name: new RegExp(wallet.name) });
      await expect(row).toContainText(wallet.network);
      const link = row.getByRole('link');
      if (wallet.explorer === null) {
        // Stored checksummed (EIP-55), typed in lower case.
        await expect(row).toContainText(new RegExp(`${wallet.right} \\(local chain\\)`, 'i'));
        await expect(link).toHaveCount(0);
        continue;
      }
      await expect(link).toHaveAttribute('href', new RegExp(`^${wallet.explorer}`, 'i'));
      await expect(link).toHaveAttribute('target', '_blank');
    }
  });

  test('adds a CLABE and a Pix key of each kind through the form, each refused once with its message', async ({
    page,
  }) => {
    // Six forms filled, each refused once and then saved: about 23 s on an idle CI machine, so the
    // default 30 s left no room for a busy one (it ran out there once).
    test.setTimeout(budget(60_000));
    await page.goto(`/org/${DEMO_ORG_SLUG}/rails/bank-beneficiaries`);
    await expect(page.getByRole('heading', { name: 'Bank Beneficiaries' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Bank beneficiaries' });
    await expect(table.getByRole('row', { name: /Proveedora Azteca/ })).toBeVisible(); // seeded

    // CLABE: the bank and city show while typing; a wrong checksum is refused with its message.
    await page.getByRole('button', { name: 'Add beneficiary' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add a bank beneficiary' });
    const clabeName = `CLABE ${randomUUID().slice(0, 6)}`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(clabeName);
    const clabeInput = dialog.getByRole('textbox', { name: 'CLABE' });
    await clabeInput.fill('072180');
    await expect(dialog.getByTestId('clabe-resolution')).toContainText('Banco Mercantil del Norte (BANORTE)');
    await expect(dialog.getByTestId('clabe-resolution')).toContainText('Ciudad de México');
    await clabeInput.fill('072180005556667771');
    await expect(dialog.getByTestId('clabe-resolution')).toHaveText(INVALID_CLABE);
    await dialog.getByRole('button', { name: 'Add beneficiary' }).click();
    await expectFieldError(dialog, 'CLABE', CLABE_MESSAGES.checksum);
    await clabeInput.fill('072180005556667772');
    await dialog.getByRole('button', { name: 'Add beneficiary' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row', { name: new RegExp(clabeName) })).toContainText('072180005556667772');

    const pixKeys = [
      {
        kind: 'CPF',
        wrong: '123.456',
        message: PIX_KEY_MESSAGES.cpf,
        right: '529.982.247-25',
        shown: '52998224725',
      },
      {
        kind: 'CNPJ',
        wrong: '04.252.011',
        message: PIX_KEY_MESSAGES.cnpj,
        right: '04.252.011/0001-10',
        shown: '04252011000110',
      },
      {
        kind: 'Phone',
        wrong: '21998765432',
        message: PIX_KEY_MESSAGES.phone,
        right: '+55 21 99876-5432',
        shown: '+5521998765432',
      },
      {
        kind: 'E-mail',
        wrong: 'pagamentos@',
        message: PIX_KEY_MESSAGES.email,
        right: `Pix.${randomUUID().slice(0, 6)}@Example.com`,
        shown: null,
      },
      {
        kind: 'Random key',
        wrong: 'not-a-uuid',
        message: PIX_KEY_MESSAGES.random,
        right: randomUUID().toUpperCase(),
        shown: null,
      },
    ];
    for (const key of pixKeys) {
      await page.getByRole('button', { name: 'Add beneficiary' }).click();
      dialog = page.getByRole('dialog', { name: 'Add a bank beneficiary' });
      // A click on the segment while the dialog still opens (a busy machine) can be lost: the form
      // then still shows CLABE, and the key type never appears. Click until it does.
      await expect(async () => {
        await dialog.getByText('Pix key (Brazil)').click();
        await expect(dialog.getByRole('combobox', { name: 'Key type' })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: budget(10_000) });
      const name = `Pix ${key.kind} ${randomUUID().slice(0, 6)}`;
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await chooseOption(dialog, 'Key type', key.kind);
      await dialog.getByRole('textbox', { name: 'Pix key' }).fill(key.wrong);
      await dialog.getByRole('button', { name: 'Add beneficiary' }).click();
      await expectFieldError(dialog, 'Pix key', key.message);

      await dialog.getByRole('textbox', { name: 'Pix key' }).fill(key.right);
      await dialog.getByRole('button', { name: 'Add beneficiary' }).click();
      await expect(dialog).toBeHidden();
      const row = table.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText('Pix');
      await expect(row).toContainText(key.kind);
      await expect(row).toContainText(key.shown ?? key.right.toLowerCase());
    }
  });
});
