import {
  notifyError,
  notifySuccess,
  paths,
  schemaResolverInLanguage,
  shortAddress,
  type TOrganization,
  useFocusFirstInvalid,
  useT,
} from '@dash/shared';
import { type TSigningDevice, ZSetWalletSigningDeviceRequest } from '@dash/shared/api';
import { Anchor, Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { useSetWalletSigningDeviceMutation } from '../api/set-wallet-signing-device';

interface SigningDeviceFormProps {
  organization: TOrganization;
  devices: TSigningDevice[];
  /** The device the signer set before, if any. */
  current?: string;
}

/** Chooses one of the user's devices; starts on the current one, or on the only one there is. */
export function SigningDeviceForm({ organization, devices, current }: SigningDeviceFormProps) {
  const { t } = useT('wallet');
  const navigate = useNavigate();
  const setDevice = useSetWalletSigningDeviceMutation(organization.uid);
  const walletPath = paths.org.wallet.root(organization.slug);
  const form = useForm({
    mode: 'controlled',
    initialValues: { signingDeviceUid: current ?? (devices.length === 1 ? (devices[0]?.uid ?? '') : '') },
    validate: schemaResolverInLanguage(ZSetWalletSigningDeviceRequest),
  });
  const invalid = useFocusFirstInvalid();

  const submit = form.onSubmit(
    (values) =>
      setDevice.mutate(values, {
        onSuccess: () => {
          const device = devices.find((candidate) => candidate.uid === values.signingDeviceUid);
          notifySuccess(t('signingDevice.saved', { name: device?.name ?? t('signingDevice.yourDevice') }));
          navigate(walletPath);
        },
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      }),
    invalid.onValidationErrors,
  );

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('signingDevice.formLabel')}>
      <Stack gap="md">
        <NativeSelect
          label={t('signingDevice.device')}
          data={[
            { value: '', label: t('signingDevice.devicePlaceholder'), disabled: true },
            ...devices.map((device) => ({
              value: device.uid,
              label: `${device.name} (${shortAddress(device.ethAddress)})`,
            })),
          ]}
          required
          {...form.getInputProps('signingDeviceUid')}
        />
        <Group justify="space-between">
          <Anchor component={Link} to={walletPath} size="sm">
            {t('signingDevice.cancel')}
          </Anchor>
          <Button type="submit" loading={setDevice.isPending}>
            {t('signingDevice.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
