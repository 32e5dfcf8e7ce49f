import {
  DialogModal,
  notifyError,
  notifySuccess,
  schemaResolverInLanguage,
  useFocusFirstInvalid,
  useT,
} from '@dash/shared';
import { NETWORKS, REGISTERED_WALLET_NETWORK_IDS } from '@dash/shared/api';
import {
  type TCreateRegisteredWalletRequest,
  ZCreateRegisteredWalletRequest,
} from '@dash/shared/counterparty-rules';
import { Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCreateRegisteredWalletMutation } from '../api/create-registered-wallet';

const NETWORK_OPTIONS = NETWORKS.filter((network) =>
  (REGISTERED_WALLET_NETWORK_IDS as readonly string[]).includes(network.id),
).map((network) => ({ value: network.id, label: network.name }));

const INITIAL_VALUES = { network: 'ethereum', address: '', name: '', remark: '' };

export function AddRegisteredWalletModal({
  organizationUid,
  opened,
  onClose,
}: {
  organizationUid: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useT('rails');
  const create = useCreateRegisteredWalletMutation(organizationUid);
  const form = useForm({
    mode: 'controlled',
    initialValues: INITIAL_VALUES,
    validate: schemaResolverInLanguage(ZCreateRegisteredWalletRequest),
    validateInputOnBlur: true,
  });
  const invalid = useFocusFirstInvalid();
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(
    (values) =>
      create.mutate(values as TCreateRegisteredWalletRequest, {
        onSuccess: (wallet) => {
          notifySuccess(t('wallets.registered', { name: wallet.name }));
          close();
        },
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      }),
    invalid.onValidationErrors,
  );

  return (
    <DialogModal opened={opened} onClose={close} title={t('wallets.modalTitle')} centered>
      <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('wallets.modalTitle')}>
        <Stack gap="md">
          <NativeSelect
            label={t('common.network')}
            data={NETWORK_OPTIONS}
            required
            {...form.getInputProps('network')}
            onChange={(event) => {
              form.setFieldValue('network', event.currentTarget.value);
              if (form.values.address) form.validateField('address');
            }}
          />
          <TextInput
            label={t('common.address')}
            placeholder={
              form.values.network === 'solana' ? t('wallets.solanaPlaceholder') : t('wallets.evmPlaceholder')
            }
            autoComplete="off"
            spellCheck={false}
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('address')}
          />
          <TextInput label={t('common.name')} required {...form.getInputProps('name')} />
          <Textarea label={t('common.remark')} autosize minRows={2} {...form.getInputProps('remark')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('wallets.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogModal>
  );
}
