import {
  DialogModal,
  notifyError,
  notifySuccess,
  schemaResolverInLanguage,
  useFocusFirstInvalid,
  useT,
} from '@dash/shared';
import {
  BANK_BENEFICIARY_TYPES,
  PIX_KEY_TYPES,
  type TBankBeneficiaryType,
  type TPixKeyType,
} from '@dash/shared/api';
import {
  detectPixKeyType,
  type TCreateBankBeneficiaryRequest,
  ZCreateBankBeneficiaryRequest,
} from '@dash/shared/counterparty-rules';
import { Button, Group, NativeSelect, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useCreateBankBeneficiaryMutation } from '../api/create-bank-beneficiary';
import { ClabeInput } from './ClabeInput';

interface Values {
  type: TBankBeneficiaryType;
  name: string;
  remark: string;
  bankAccountNumber: string;
  pixKeyType: TPixKeyType;
  pixKey: string;
}

const INITIAL_VALUES: Values = {
  type: 'Clabe',
  name: '',
  remark: '',
  bankAccountNumber: '',
  pixKeyType: 'cpf',
  pixKey: '',
};

/** The request for the chosen type: only that type's fields (the contract refuses the others). */
function toRequest(values: Values): TCreateBankBeneficiaryRequest {
  const common = { name: values.name, remark: values.remark };
  return values.type === 'Clabe'
    ? { type: 'Clabe', ...common, bankAccountNumber: values.bankAccountNumber }
    : { type: 'PixKey', ...common, pixKeyType: values.pixKeyType, pixKey: values.pixKey };
}

const validateRequest = schemaResolverInLanguage(ZCreateBankBeneficiaryRequest);

export function AddBankBeneficiaryModal({
  organizationUid,
  opened,
  onClose,
}: {
  organizationUid: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useT('rails');
  const typeOptions = useMemo(
    () =>
      BANK_BENEFICIARY_TYPES.map((type) => ({
        value: type,
        label: type === 'Clabe' ? t('beneficiaries.typeClabe') : t('beneficiaries.typePix'),
      })),
    [t],
  );
  const pixKeyTypeOptions = useMemo(
    () => PIX_KEY_TYPES.map((type) => ({ value: type, label: t(`pixKeyType.${type}`) })),
    [t],
  );
  const create = useCreateBankBeneficiaryMutation(organizationUid);
  // The key type follows what is typed until the user picks one.
  const [kindChosen, setKindChosen] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: INITIAL_VALUES,
    validate: (values) => validateRequest(toRequest(values)),
    validateInputOnBlur: true,
  });
  const invalid = useFocusFirstInvalid();
  const close = () => {
    form.reset();
    setKindChosen(false);
    onClose();
  };
  const submit = form.onSubmit(
    (values) =>
      create.mutate(toRequest(values), {
        onSuccess: (beneficiary) => {
          notifySuccess(t('beneficiaries.added', { name: beneficiary.name }));
          close();
        },
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      }),
    invalid.onValidationErrors,
  );
  const pixKeyInput = form.getInputProps('pixKey');

  return (
    <DialogModal opened={opened} onClose={close} title={t('beneficiaries.modalTitle')} centered>
      <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('beneficiaries.modalTitle')}>
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('beneficiaries.typeLabel')}
            data={typeOptions}
            value={form.values.type}
            onChange={(value) => {
              form.setFieldValue('type', value as TBankBeneficiaryType);
              form.clearErrors();
            }}
          />
          <TextInput label={t('common.name')} required {...form.getInputProps('name')} />
          {form.values.type === 'Clabe' ? (
            <ClabeInput required {...form.getInputProps('bankAccountNumber')} />
          ) : (
            <>
              <NativeSelect
                label={t('beneficiaries.keyType')}
                data={pixKeyTypeOptions}
                required
                {...form.getInputProps('pixKeyType')}
                onChange={(event) => {
                  setKindChosen(true);
                  form.setFieldValue('pixKeyType', event.currentTarget.value as TPixKeyType);
                  if (form.values.pixKey) form.validateField('pixKey');
                }}
              />
              <TextInput
                label={t('beneficiaries.pixKey')}
                autoComplete="off"
                spellCheck={false}
                required
                {...pixKeyInput}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  pixKeyInput.onChange(event);
                  const detected = kindChosen ? null : detectPixKeyType(value);
                  if (detected) form.setFieldValue('pixKeyType', detected);
                }}
              />
            </>
          )}
          <Textarea label={t('common.remark')} autosize minRows={2} {...form.getInputProps('remark')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('beneficiaries.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogModal>
  );
}
