import {
  ApiError,
  type BrowserWallet,
  discoverBrowserWallets,
  notifyError,
  notifySuccess,
  PageHeader,
  paths,
  requestWalletAccounts,
  safeRedirectPath,
  schemaResolverInLanguage,
  useFocusFirstInvalid,
  useT,
  wordIssue,
} from '@dash/shared';
import { type TSigningDeviceChallenge, ZNewSigningDeviceForm, ZSigningDeviceProof } from '@dash/shared/api';
import { Anchor, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCreateSigningDeviceMutation } from '../api/create-signing-device';
import { requestChallenge } from '../api/prove-signing-device';

/** The choice to sign the challenge outside this browser (a hardware wallet, its own app). */
const ELSEWHERE = 'elsewhere';

export function NewSigningDevicePage() {
  const { t } = useT('settings');
  const navigate = useNavigate();
  // Where the member came from to add one (the wallet's Set Signing Device page): back there after.
  const [searchParams] = useSearchParams();
  const back = safeRedirectPath(searchParams.get('returnTo')) ?? paths.settings.signingDevices();
  const create = useCreateSigningDeviceMutation();
  const ask = useMutation({ mutationFn: requestChallenge });
  // The challenge shown to be signed elsewhere, for the address it was asked for.
  const [challenge, setChallenge] = useState<(TSigningDeviceChallenge & { ethAddress: string }) | null>(null);
  const fieldsValid = schemaResolverInLanguage(ZNewSigningDeviceForm);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', ethAddress: '', signature: '' },
    validate: (values: { name: string; ethAddress: string; signature: string }) => {
      const errors: FormErrors = fieldsValid({
        name: values.name,
        ethAddress: values.ethAddress,
      });
      const signature = challenge
        ? ZSigningDeviceProof.shape.signature.safeParse(values.signature.trim())
        : null;
      const problem = signature?.error?.issues[0];
      if (problem) errors.signature = wordIssue(problem);
      return errors;
    },
    validateInputOnBlur: ['name', 'ethAddress'],
  });

  const invalid = useFocusFirstInvalid();
  // The browser's wallets (EIP-6963): the one chosen signs the challenge (personal_sign) for the
  // address typed or taken from it. A key no browser wallet holds signs the same challenge elsewhere.
  const [wallets, setWallets] = useState<BrowserWallet[] | null>(null);
  const [proveWith, setProveWith] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void discoverBrowserWallets().then((found) => {
      if (!live) return;
      setWallets(found);
      setProveWith((chosen) => chosen ?? found[0]?.uuid ?? ELSEWHERE);
    });
    return () => {
      live = false;
    };
  }, []);
  const wallet = wallets?.find((candidate) => candidate.uuid === proveWith) ?? null;
  // Until discovery answers (a moment), and with no wallet chosen, the challenge is signed elsewhere.
  const elsewhere = !wallet;
  const typedAddress = ZNewSigningDeviceForm.shape.ethAddress.safeParse(form.values.ethAddress).data;
  const shown = elsewhere && challenge && challenge.ethAddress === typedAddress ? challenge : null;
  const fillFromWallet = async () => {
    if (!wallet) return;
    try {
      const [account] = await requestWalletAccounts(wallet.provider);
      if (account) form.setFieldValue('ethAddress', account);
    } catch (error) {
      notifyError(error);
    }
  };

  const refused = (error: unknown) => {
    if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
  };
  const submit = form.onSubmit((values) => {
    if (elsewhere && !shown) {
      const ethAddress = ZNewSigningDeviceForm.shape.ethAddress.parse(values.ethAddress);
      ask.mutate(ethAddress, {
        onSuccess: (asked) => {
          setChallenge({ ...asked, ethAddress });
          form.setFieldValue('signature', '');
        },
        onError: refused,
      });
      return;
    }
    create.mutate(
      {
        name: values.name,
        ethAddress: values.ethAddress,
        proveWith: wallet
          ? { wallet }
          : { signed: { challengeUid: shown?.uid ?? '', signature: values.signature.trim() } },
      },
      {
        onSuccess: (device) => {
          notifySuccess(t('devices.added', { name: device.name }));
          navigate(back);
        },
        onError: (error) => {
          // A challenge used or expired is asked for anew on the next press; a signature refused
          // leaves the challenge unused, to paste the right one.
          if (error instanceof ApiError && error.fields?.proof) setChallenge(null);
          refused(error);
        },
      },
    );
  }, invalid.onValidationErrors);

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
              <NativeSelect
                label={t('devices.proveWith')}
                description={t('devices.proveWithDescription')}
                data={[
                  ...wallets.map((candidate) => ({ value: candidate.uuid, label: candidate.name })),
                  { value: ELSEWHERE, label: t('devices.proveElsewhere') },
                ]}
                value={proveWith ?? ELSEWHERE}
                onChange={(event) => setProveWith(event.currentTarget.value || ELSEWHERE)}
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
          {shown ? (
            <>
              <Textarea
                label={t('devices.messageToSign')}
                description={t('devices.messageToSignDescription')}
                value={shown.message}
                readOnly
                rows={9}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              <TextInput
                label={t('devices.signature')}
                description={t('devices.signatureDescription')}
                autoComplete="off"
                spellCheck={false}
                required
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                {...form.getInputProps('signature')}
              />
            </>
          ) : null}
          <Group justify="space-between">
            <Anchor component={Link} to={back} size="sm">
              {t('common.cancel')}
            </Anchor>
            <Button type="submit" loading={create.isPending || ask.isPending}>
              {elsewhere && !shown ? t('devices.getMessage') : t('devices.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
