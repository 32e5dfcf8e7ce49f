import '../i18n';
import {
  can,
  notifyError,
  notifySuccess,
  PageSkeleton,
  schemaResolverInLanguage,
  useCurrentOrganization,
  useFocusFirstInvalid,
  useFormat,
  useT,
} from '@dash/shared';
import { type TRailsSettings, ZRailsSettings } from '@dash/shared/api';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type RefObject, useEffect, useRef } from 'react';
import { useRailsSettingsQuery } from '../api/get-rails-settings';
import { useUpdateRailsSettingsMutation } from '../api/update-rails-settings';

/**
 * Two-person approval (issue 11): off-ramps of a larger stablecoin amount than the threshold wait
 * for a second member. Admins set it (empty turns it off); the others read it. Approved
 * organizations only, as the rails themselves.
 */
export function ApprovalThresholdSettings() {
  const organization = useCurrentOrganization();
  const { t, locale } = useT('approvals');
  const settings = useRailsSettingsQuery(organization.uid);
  const justSaved = useRef(false);
  if (settings.isPending) return <PageSkeleton rows={2} label={t('loading')} />;
  if (settings.isError) return null;
  const canUpdate = can(organization.role, 'organization.update');
  const saved = settings.data.offRampApprovalThreshold;
  return (
    <Stack gap="sm" maw={480}>
      <Title order={2} size="h4">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('description')}
      </Text>
      {canUpdate ? (
        // Keyed by what was saved and the language: after a save, or in another language, the form
        // starts again from the saved value, written the reader's way.
        <ThresholdForm key={`${locale}|${saved ?? ''}`} settings={settings.data} justSaved={justSaved} />
      ) : (
        <>
          <CurrentThreshold threshold={saved} />
          <Text size="sm" c="dimmed">
            {t('adminOnly')}
          </Text>
        </>
      )}
    </Stack>
  );
}

function CurrentThreshold({ threshold }: { threshold: string | null }) {
  const { t } = useT('approvals');
  const format = useFormat();
  return (
    <Text size="sm">
      {threshold === null ? t('off') : t('current', { amount: format.amount(threshold) })}
    </Text>
  );
}

function ThresholdForm({
  settings,
  justSaved,
}: {
  settings: TRailsSettings;
  /** Set on a successful save: the form that starts again from the saved value takes the focus back. */
  justSaved: RefObject<boolean>;
}) {
  const organization = useCurrentOrganization();
  const { t } = useT('approvals');
  const format = useFormat();
  const update = useUpdateRailsSettingsMutation(organization.uid);
  // The input holds the threshold as the reader writes it ("2.500,50" in pt-BR); the contract checks,
  // and the API gets, the decimal string it means ("2500.50").
  const asDecimal = ({ offRampApprovalThreshold: typed }: TRailsSettings): TRailsSettings => ({
    offRampApprovalThreshold: typed === null ? null : format.amountFromInput(typed),
  });
  const rules = schemaResolverInLanguage(ZRailsSettings);
  const threshold = settings.offRampApprovalThreshold;
  const invalid = useFocusFirstInvalid();
  const form = useForm<TRailsSettings>({
    mode: 'controlled',
    initialValues: { offRampApprovalThreshold: threshold === null ? null : format.amountInput(threshold) },
    validate: (values) => rules(asDecimal(values)),
    transformValues: asDecimal,
  });
  const field = form.getInputProps('offRampApprovalThreshold');
  const input = useRef<HTMLInputElement>(null);
  // After a save the form is a new one (keyed by the saved value): the field keeps the keyboard.
  useEffect(() => {
    if (!justSaved.current) return;
    justSaved.current = false;
    input.current?.focus();
  }, [justSaved]);

  const submit = form.onSubmit(
    (values) =>
      update.mutate(values, {
        onSuccess: () => {
          justSaved.current = true;
          notifySuccess(t('saved'));
        },
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      }),
    invalid.onValidationErrors,
  );

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('title')}>
      <Stack gap="sm">
        <CurrentThreshold threshold={settings.offRampApprovalThreshold} />
        <TextInput
          ref={input}
          label={t('threshold.label')}
          description={t('threshold.description')}
          placeholder={t('threshold.placeholder')}
          inputMode="decimal"
          {...field}
          value={form.values.offRampApprovalThreshold ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value.trim();
            form.setFieldValue('offRampApprovalThreshold', value === '' ? null : value);
          }}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
