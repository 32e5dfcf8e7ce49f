import { schemaResolverInLanguage, useFocusFirstInvalid, useFormat, useT } from '@dash/shared';
import { ID_DOCUMENT_TYPES, type TKybApplication, type TKybDraft, ZKybDraft } from '@dash/shared/api';
import {
  Button,
  Divider,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { type KybFormValues, newOwner, toFormValues } from '../kyb-form-values';

/** The country choices, labelled in the settings messages (kyb.form.countries.*). */
const COUNTRY_CHOICES = ['MX', 'BR', 'other'] as const;

const choiceOf = (country: string) =>
  country === '' || country === 'MX' || country === 'BR' ? country : 'other';

export interface KybFormActions {
  /** Saves the draft; resolves once saved (field errors are put under their fields by the caller). */
  save(draft: TKybDraft, form: KybFormApi): Promise<void>;
  /** Saves, then submits; absent when this user cannot submit. */
  submit?: (draft: TKybDraft, form: KybFormApi) => Promise<void>;
  saving: boolean;
  submitting: boolean;
}

/** What the form lends its actions for the server's answer. */
export interface KybFormApi {
  /**
   * Puts the server's field messages under their fields and takes the keyboard to the first one;
   * false when none of the error's fields is on the form (the caller shows the error instead).
   */
  applyServerFieldErrors(error: unknown): boolean;
}

/**
 * The KYB application form: the shared draft schema checks what is filled in (field errors under
 * each field); submitting asks the API for the full check. Read-only once submitted.
 */
export function KybForm({
  application,
  readOnly,
  actions,
  submitHint,
}: {
  application: TKybApplication;
  readOnly: boolean;
  actions: KybFormActions;
  /** Why Submit is not offered (e.g. only Admins submit). */
  submitHint?: ReactNode;
}) {
  const { t } = useT('settings');
  const format = useFormat();
  const invalid = useFocusFirstInvalid();
  // The monthly volume and the owners' shares are typed the reader's way ("250.000,00", "12,5" in
  // pt-BR) and shown back so; the draft schema checks, and the API gets, the decimal strings they mean.
  const amounts = (values: KybFormValues, write: (amount: string) => string): KybFormValues => ({
    ...values,
    expectedMonthlyVolume: {
      ...values.expectedMonthlyVolume,
      amount: write(values.expectedMonthlyVolume.amount),
    },
    beneficialOwners: values.beneficialOwners.map((owner) => ({
      ...owner,
      ownershipPercent: write(owner.ownershipPercent),
    })),
  });
  const asDecimals = (values: KybFormValues) => amounts(values, format.amountFromInput);
  const rules = schemaResolverInLanguage(ZKybDraft);
  const form = useForm<KybFormValues>({
    mode: 'controlled',
    initialValues: amounts(toFormValues(application.data), format.amountInput),
    validate: (values) => rules(asDecimals(values)),
    transformValues: asDecimals,
    validateInputOnBlur: true,
  });
  const [countryChoice, setCountryChoice] = useState(choiceOf(application.data.countryOfIncorporation ?? ''));

  const chooseCountry = (choice: string) => {
    if (readOnly) return;
    setCountryChoice(choice);
    form.setFieldValue('countryOfIncorporation', choice === 'other' ? '' : choice);
  };

  const api: KybFormApi = { applyServerFieldErrors: (error) => invalid.applyServerFieldErrors(form, error) };
  const save = form.onSubmit(
    (values) => actions.save(ZKybDraft.parse(values), api),
    invalid.onValidationErrors,
  );
  const submit = () => {
    const checked = form.validate();
    if (checked.hasErrors) invalid.onValidationErrors(checked.errors);
    if (checked.hasErrors || !actions.submit) return;
    void actions.submit(ZKybDraft.parse(form.getTransformedValues()), api);
  };

  const input = (path: string) => ({ ...form.getInputProps(path), readOnly });
  // A native select has no read-only state: a read-only one offers only what was chosen, and stays
  // focusable and readable like the read-only text fields. `prompt` is the first, unpickable option
  // shown while nothing is chosen yet.
  const choices = (prompt: string, options: { value: string; label: string }[], chosen: string) => [
    { value: '', label: prompt, disabled: true },
    ...(readOnly ? options.filter((option) => option.value === chosen) : options),
  ];
  const taxIdHint =
    countryChoice === 'MX'
      ? t('kyb.form.taxIdHintMX')
      : countryChoice === 'BR'
        ? t('kyb.form.taxIdHintBR')
        : t('kyb.form.taxIdHint');

  return (
    <form ref={invalid.formRef} onSubmit={save} noValidate aria-label={t('kyb.form.kybApplication')}>
      <Stack gap="lg">
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('kyb.form.company')}
            </Title>
            <Group grow align="flex-start">
              <TextInput label={t('kyb.form.legalName')} required {...input('legalName')} />
              <TextInput label={t('kyb.form.tradeName')} {...input('tradeName')} />
            </Group>
            <Group grow align="flex-start">
              <NativeSelect
                label={t('kyb.form.countryOfIncorporation')}
                required
                data={choices(
                  t('kyb.form.chooseCountry'),
                  COUNTRY_CHOICES.map((value) => ({ value, label: t(`kyb.form.countries.${value}`) })),
                  countryChoice,
                )}
                value={countryChoice}
                onChange={(event) => chooseCountry(event.currentTarget.value)}
                aria-readonly={readOnly || undefined}
                error={countryChoice === 'other' ? undefined : form.errors.countryOfIncorporation}
                // Where the keyboard goes when the country is in error (the code's input when "other").
                data-path={countryChoice === 'other' ? undefined : 'countryOfIncorporation'}
              />
              {countryChoice === 'other' && (
                <TextInput
                  label={t('kyb.form.countryCodeIso3166')}
                  placeholder={t('kyb.form.us')}
                  required
                  {...input('countryOfIncorporation')}
                />
              )}
            </Group>
            <Group grow align="flex-start">
              <TextInput label={t('kyb.form.taxId')} description={taxIdHint} required {...input('taxId')} />
              <TextInput
                label={t('kyb.form.incorporationDate')}
                description={t('kyb.form.yyyyMmDd')}
                placeholder="2015-06-01"
                required
                {...input('incorporationDate')}
              />
            </Group>
            <Group grow align="flex-start">
              <TextInput
                label={t('kyb.form.website')}
                placeholder={t('kyb.form.httpsExampleCom')}
                {...input('website')}
              />
              <Group grow align="flex-start" gap="xs">
                <TextInput
                  label={t('kyb.form.expectedMonthlyVolume')}
                  placeholder={format.amountInput('250000.00')}
                  inputMode="decimal"
                  required
                  {...input('expectedMonthlyVolume.amount')}
                />
                <TextInput
                  label={t('kyb.form.currency')}
                  placeholder={t('kyb.form.mxn')}
                  required
                  {...input('expectedMonthlyVolume.currency')}
                />
              </Group>
            </Group>
            <Textarea
              label={t('kyb.form.businessActivity')}
              rows={3}
              required
              {...input('businessActivity')}
            />
          </Stack>
        </Paper>

        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('kyb.form.registeredAddress')}
            </Title>
            <TextInput label={t('kyb.form.addressLine1')} required {...input('registeredAddress.line1')} />
            <TextInput label={t('kyb.form.addressLine2')} {...input('registeredAddress.line2')} />
            <Group grow align="flex-start">
              <TextInput label={t('kyb.form.city')} required {...input('registeredAddress.city')} />
              <TextInput label={t('kyb.form.state')} required {...input('registeredAddress.state')} />
            </Group>
            <Group grow align="flex-start">
              <TextInput
                label={t('kyb.form.postalCode')}
                required
                {...input('registeredAddress.postalCode')}
              />
              <TextInput
                label={t('kyb.form.addressCountry')}
                placeholder={t('kyb.form.mx')}
                description={t('kyb.form.twoLetterCode')}
                required
                {...input('registeredAddress.country')}
              />
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('kyb.form.beneficialOwners')}
            </Title>
            {form.errors.beneficialOwners && (
              <Text c="red" size="sm" role="alert" id="beneficial-owners-error">
                {form.errors.beneficialOwners}
              </Text>
            )}
            {form.getValues().beneficialOwners.map((owner, index) => (
              <Stack
                key={owner.id}
                gap="xs"
                role="group"
                aria-label={t('kyb.form.owner', { number: index + 1 })}
              >
                {index > 0 && <Divider />}
                <Group grow align="flex-start">
                  <TextInput
                    label={t('kyb.form.ownerName')}
                    required
                    {...input(`beneficialOwners.${index}.name`)}
                  />
                  <TextInput
                    label={t('kyb.form.ownership')}
                    placeholder="25"
                    inputMode="decimal"
                    required
                    {...input(`beneficialOwners.${index}.ownershipPercent`)}
                  />
                  <TextInput
                    label={t('kyb.form.nationality')}
                    placeholder={t('kyb.form.mx')}
                    required
                    {...input(`beneficialOwners.${index}.nationality`)}
                  />
                </Group>
                <Group grow align="flex-start">
                  <NativeSelect
                    label={t('kyb.form.idDocumentType')}
                    data={choices(
                      t('kyb.form.chooseIdType'),
                      ID_DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`kyb.idTypes.${type}`) })),
                      owner.idDocumentType,
                    )}
                    required
                    aria-readonly={readOnly || undefined}
                    {...form.getInputProps(`beneficialOwners.${index}.idDocumentType`)}
                  />
                  <TextInput
                    label={t('kyb.form.idDocumentNumber')}
                    required
                    {...input(`beneficialOwners.${index}.idDocumentNumber`)}
                  />
                </Group>
                {!readOnly && (
                  <Group>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => form.removeListItem('beneficialOwners', index)}
                    >
                      {t('kyb.form.removeOwner', { number: index + 1 })}
                    </Button>
                  </Group>
                )}
              </Stack>
            ))}
            {!readOnly && (
              <Group>
                <Button variant="light" onClick={() => form.insertListItem('beneficialOwners', newOwner())}>
                  {t('kyb.form.addOwner')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>

        {!readOnly && (
          <Group>
            <Button type="submit" variant="default" loading={actions.saving}>
              {t('kyb.form.saveDraft')}
            </Button>
            {actions.submit ? (
              <Button onClick={submit} loading={actions.submitting}>
                {t('kyb.form.submitForReview')}
              </Button>
            ) : (
              <>
                <Button disabled>{t('kyb.form.submitForReview')}</Button>
                {submitHint}
              </>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
