import {
  type BrowserWallet,
  discoverBrowserWallets,
  inLanguage,
  notifyError,
  notifySuccess,
  PageHeader,
  paths,
  requestWalletAccounts,
  safeRedirectPath,
  useFocusFirstInvalid,
  useT,
} from '@dash/shared';
import { ZCreateSigningDeviceRequest } from '@dash/shared/api';
import { Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCreateSigningDeviceMutation } from '../api/create-signing-device';

export function NewSigningDevicePage() {
  const { t } = useT('settings');
  const navigate = useNavigate();
  // Where the member came from to add one (the wallet's Set Signing Device page): back there after.
  const [searchParams] = useSearchParams();
  const back = safeRedirectPath(searchParams.get('returnTo')) ?? paths.settings.signingDevices();
  const create = useCreateSigningDeviceMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', ethAddress: '' },
    validate: inLanguage(schemaResolver(ZCreateSigningDeviceRequest, { sync: true })),
    validateInputOnBlur: true,
  });

  const invalid = useFocusFirstInvalid();
  // The browser's wallets (EIP-6963): the one chosen proves the key (a signed challenge); with none,
  // the device is added unverified and can be verified later.
  const [wallets, setWallets] = useState<BrowserWallet[] | null>(null);
  const [walletUuid, setWalletUuid] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void discoverBrowserWallets().then((found) => {
      if (!live) return;
      setWallets(found);
      setWalletUuid((chosen) => chosen ?? found[0]?.uuid ?? null);
    });
    return () => {
      live = false;
    };
  }, []);
  const wallet = wallets?.find((candidate) => candidate.uuid === walletUuid) ?? null;
  const fillFromWallet = async () => {
    if (!wallet) return;
    try {
      const [account] = await requestWalletAccounts(wallet.provider);
      if (account) form.setFieldValue('ethAddress', account);
    } catch (error) {
      notifyError(error);
    }
  };

  const submit = form.onSubmit(
    (values) =>
      create.mutate(
        { ...values, wallet },
        {
          onSuccess: (device) => {
            notifySuccess(t('devices.added', { name: device.name }));
            navigate(back);
          },
          onError: (error) => {
            if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
          },
        },
      ),
    invalid.onValidationErrors,
  );

  return (
    <Stack gap="md" maw={520}>
      <PageHeader title={t('devices.newTitle')} description={t('devices.newIntro')} />
      <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('devices.newTitle')}>
        <Stack gap="md">
          <TextInput
            label={t('devices.name')}
            placeholder={t('devices.namePlaceholder')}
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('devices.ethAddress')}
            placeholder={t('devices.ethPlaceholder')}
            description={t('devices.ethDescription')}
            autoComplete="off"
            spellCheck={false}
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('ethAddress')}
          />
          {wallets && wallets.length > 0 ? (
            <Stack gap={4}>
              <Select
                label={t('devices.proveWith')}
                description={t('devices.proveWithDescription')}
                data={[
                  ...wallets.map((candidate) => ({ value: candidate.uuid, label: candidate.name })),
                  { value: '', label: t('devices.proveNone') },
                ]}
                value={walletUuid ?? ''}
                onChange={(value) => setWalletUuid(value || null)}
                allowDeselect={false}
              />
              {wallet ? (
                <Anchor component="button" type="button" size="sm" ta="start" onClick={fillFromWallet}>
                  {t('devices.useWalletAddress', { wallet: wallet.name })}
                </Anchor>
              ) : null}
            </Stack>
          ) : wallets ? (
            <Text size="sm">{t('devices.noWallet')}</Text>
          ) : null}
          <Group justify="space-between">
            <Anchor component={Link} to={back} size="sm">
              {t('common.cancel')}
            </Anchor>
            <Button type="submit" loading={create.isPending}>
              {t('devices.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
