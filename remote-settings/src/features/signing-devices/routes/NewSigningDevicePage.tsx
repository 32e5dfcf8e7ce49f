import {
  applyServerFieldErrors,
  notifyError,
  notifySuccess,
  paths,
  useCreateSigningDeviceMutation,
  ZCreateSigningDeviceRequest,
} from '@dash/shared';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router-dom';

export function NewSigningDevicePage() {
  const navigate = useNavigate();
  const create = useCreateSigningDeviceMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', ethAddress: '' },
    validate: schemaResolver(ZCreateSigningDeviceRequest, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (device) => {
        notifySuccess(`${device.name} added`);
        navigate(paths.settings.signingDevices());
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error)) notifyError(error);
      },
    }),
  );

  return (
    <Stack gap="md" maw={520}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          New signing device
        </Title>
        <Text c="dimmed">Register a device by its name and Ethereum address.</Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label="New signing device">
        <Stack gap="md">
          <TextInput label="Name" placeholder="Ledger Nano X" required {...form.getInputProps('name')} />
          <TextInput
            label="Ethereum address"
            placeholder="0x…"
            description="0x followed by 40 hexadecimal digits"
            autoComplete="off"
            spellCheck={false}
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('ethAddress')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to={paths.settings.signingDevices()} size="sm">
              Cancel
            </Anchor>
            <Button type="submit" loading={create.isPending}>
              Add signing device
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
