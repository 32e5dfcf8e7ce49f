import {
  can,
  notifyError,
  PageHeader,
  PageSkeleton,
  paths,
  schemaResolverInLanguage,
  shortAddress,
  useCurrentOrganization,
  useFocusFirstInvalid,
  useFormat,
  useT,
} from '@dash/shared';
import {
  DEPOSIT_CURRENCY,
  DEPOSIT_NETWORK,
  DEPOSIT_PROVIDER,
  DEPOSIT_STABLECOIN,
  networkOf,
  useProvidersQuery,
  useRegisteredWalletsQuery,
  ZCreateDepositRequest,
} from '@dash/shared/api';
import { Alert, Anchor, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useProviderAccountsQuery } from '../../providers/api/get-provider-accounts';
import { limitValues } from '../../providers/limits';
import { useCreateDepositMutation } from '../api/create-deposit';

/**
 * A fixed choice: its code as the value, shown by its name where it has one (the network's). A
 * native select of one option: it shows the choice and there is no other to pick.
 */
const fixed = (value: string, label = value) => [{ value, label }];

/**
 * /deposit (spec sections 3 and 5): an on-ramp with Transfero, BRL, testbrz and polygon-amoy fixed;
 * a positive amount and a target wallet. One Idempotency-Key per submission of the same values, so
 * a double click never creates two deposits.
 */
export default function DepositForm() {
  const { t } = useT('rails');
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const f = useFormat();
  const wallets = useRegisteredWalletsQuery(organization.uid);
  // Transfero's limits per transfer in BRL, under the amount once the catalogue is in (the API holds
  // to them); the form does not wait for it.
  const limits = useProvidersQuery(organization.uid)
    .data?.find((provider) => provider.name === DEPOSIT_PROVIDER)
    ?.fees.find((fee) => fee.currency === DEPOSIT_CURRENCY);
  // Said before the form is filled: without an Active Transfero account or a wallet on the
  // deposit's network, the deposit cannot be made.
  const accounts = useProviderAccountsQuery(organization.uid);
  const deposit = useCreateDepositMutation(organization.uid);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const invalid = useFocusFirstInvalid();
  // The amount is typed the reader's way ("1.234,56" in pt-BR); the contract checks, and the deposit
  // carries, the decimal string it means ("1234.56").
  const rules = schemaResolverInLanguage(ZCreateDepositRequest);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      provider: DEPOSIT_PROVIDER,
      currencyId: DEPOSIT_CURRENCY,
      stablecoinId: DEPOSIT_STABLECOIN,
      networkId: DEPOSIT_NETWORK,
      amount: '',
      targetWalletUid: '',
    },
    validate: (values) => rules(f.amountValues(values)),
    transformValues: f.amountValues,
    onValuesChange: () => setKey(crypto.randomUUID()),
  });

  if (!can(organization.role, 'rails.write')) {
    return <Text c="dimmed">{t('common.writeDenied')}</Text>;
  }
  if (wallets.isPending) return <PageSkeleton rows={5} label={t('loading.deposit')} />;
  const walletOptions = (wallets.data ?? [])
    .filter((wallet) => wallet.network === DEPOSIT_NETWORK)
    // Named with its address too: two wallets may share a name.
    .map((wallet) => ({
      value: wallet.uid,
      label: t('ramp.walletOption', {
        name: wallet.name,
        network: networkOf(DEPOSIT_NETWORK).name,
        address: shortAddress(wallet.address),
      }),
    }));
  const noAccount =
    accounts.data !== undefined &&
    !accounts.data.some(
      (account) => account.provider.name === DEPOSIT_PROVIDER && account.status === 'Active',
    );
  const network = networkOf(DEPOSIT_NETWORK).name;

  const submit = form.onSubmit(
    (values) =>
      deposit.mutate(
        { body: ZCreateDepositRequest.parse(values), idempotencyKey: key },
        {
          onSuccess: (transfer) => navigate(paths.org.rails.transaction(organization.slug, transfer.uid)),
          onError: (error) => {
            if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
          },
        },
      ),
    invalid.onValidationErrors,
  );

  return (
    <Stack gap="md" maw={560}>
      <PageHeader title={t('deposit.title')} description={t('deposit.description', { network })} />
      {noAccount ? (
        <Alert color="yellow" title={t('deposit.noActiveAccountTitle', { provider: DEPOSIT_PROVIDER })}>
          {t('deposit.noActiveAccount', { provider: DEPOSIT_PROVIDER })}{' '}
          <Anchor component={Link} to={paths.org.openStable.root(organization.slug)} size="sm">
            {t('deposit.toOpenStable')}
          </Anchor>
        </Alert>
      ) : null}
      <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('deposit.formLabel')}>
        <Stack gap="sm">
          <NativeSelect
            label={t('common.provider')}
            data={fixed(DEPOSIT_PROVIDER)}
            {...form.getInputProps('provider')}
          />
          <NativeSelect
            label={t('common.currency')}
            data={fixed(DEPOSIT_CURRENCY)}
            {...form.getInputProps('currencyId')}
          />
          <NativeSelect
            label={t('deposit.stablecoin')}
            data={fixed(DEPOSIT_STABLECOIN)}
            {...form.getInputProps('stablecoinId')}
          />
          <NativeSelect
            label={t('common.network')}
            data={fixed(DEPOSIT_NETWORK, network)}
            {...form.getInputProps('networkId')}
          />
          <TextInput
            label={t('deposit.amount')}
            description={limits ? t('offer.limitValue', limitValues(f, limits)) : undefined}
            inputMode="decimal"
            required
            {...form.getInputProps('amount')}
          />
          <NativeSelect
            label={t('deposit.targetWallet')}
            data={[{ value: '', label: t('ramp.walletPlaceholder'), disabled: true }, ...walletOptions]}
            required
            description={
              walletOptions.length === 0 ? (
                <>
                  {t('deposit.noWallet', { network })}{' '}
                  <Anchor
                    component={Link}
                    to={paths.org.rails.blockchainWallets(organization.slug)}
                    size="xs"
                  >
                    {t('deposit.toWallets')}
                  </Anchor>
                </>
              ) : undefined
            }
            {...form.getInputProps('targetWalletUid')}
          />
          <Button type="submit" loading={deposit.isPending}>
            {t('deposit.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
