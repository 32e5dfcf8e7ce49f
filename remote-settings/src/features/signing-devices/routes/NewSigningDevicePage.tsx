import {
  inLanguage,
  notifyError,
  notifySuccess,
  PageHeader,
  paths,
  safeRedirectPath,
  useFocusFirstInvalid,
  useT,
} from '@dash/shared';
import { ZCreateSigningDeviceRequest } from '@dash/shared/api';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
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

  const submit = form.onSubmit(
    (values) =>
      create.mutate(values, {
        onSuccess: (device) => {
          notifySuccess(t('devices.added', { name: device.name }));
          navigate(back);
        },
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      }),
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
