import { DialogModal, notifyError, schemaResolverInLanguage, useFocusFirstInvalid, useT } from '@dash/shared';
import { type TUpdateCounterpartyRequest, ZUpdateCounterpartyRequest } from '@dash/shared/api';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

interface EditCounterpartyModalProps {
  title: string;
  /** The counterparty being edited; the modal is open while it is set. */
  counterparty: { name: string; remark: string | null } | null;
  saving: boolean;
  onSave: (change: TUpdateCounterpartyRequest, callbacks: { onError: (error: unknown) => void }) => void;
  onClose: () => void;
}

/** Edit a registered wallet's or a beneficiary's name and remark (the address or key never changes). */
export function EditCounterpartyModal({
  title,
  counterparty,
  saving,
  onSave,
  onClose,
}: EditCounterpartyModalProps) {
  return (
    <DialogModal opened={counterparty !== null} onClose={onClose} title={title} centered>
      {counterparty ? (
        <EditForm counterparty={counterparty} saving={saving} onSave={onSave} onClose={onClose} />
      ) : null}
    </DialogModal>
  );
}

function EditForm({
  counterparty,
  saving,
  onSave,
  onClose,
}: Omit<EditCounterpartyModalProps, 'title' | 'counterparty'> & {
  counterparty: { name: string; remark: string | null };
}) {
  const { t } = useT('rails');
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: counterparty.name, remark: counterparty.remark ?? '' },
    validate: schemaResolverInLanguage(ZUpdateCounterpartyRequest),
    validateInputOnBlur: true,
  });
  const invalid = useFocusFirstInvalid();
  const submit = form.onSubmit(
    (values) =>
      onSave(values, {
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      }),
    invalid.onValidationErrors,
  );
  return (
    <form
      ref={invalid.formRef}
      onSubmit={submit}
      noValidate
      aria-label={t('counterparties.editLabel', { name: counterparty.name })}
    >
      <Stack gap="md">
        <TextInput label={t('common.name')} required data-autofocus {...form.getInputProps('name')} />
        <Textarea label={t('common.remark')} autosize minRows={2} {...form.getInputProps('remark')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
