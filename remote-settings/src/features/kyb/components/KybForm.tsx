import {
  ID_DOCUMENT_TYPE_LABELS,
  ID_DOCUMENT_TYPES,
  type TKybApplication,
  type TKybDraft,
  ZKybDraft,
} from '@dash/shared';
import {
  Button,
  Divider,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { type KybFormValues, newOwner, toFormValues } from '../kyb-form-values';

const COUNTRY_CHOICES = [
  { value: 'MX', label: 'Mexico' },
  { value: 'BR', label: 'Brazil' },
  { value: 'other', label: 'Other' },
];

const ID_TYPE_OPTIONS = ID_DOCUMENT_TYPES.map((type) => ({
  value: type,
  label: ID_DOCUMENT_TYPE_LABELS[type],
}));

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

export interface KybFormApi {
  setErrors(errors: Record<string, string>): void;
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
  const form = useForm<KybFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(application.data),
    validate: schemaResolver(ZKybDraft, { sync: true }),
    validateInputOnBlur: true,
  });
  const [countryChoice, setCountryChoice] = useState(choiceOf(application.data.countryOfIncorporation ?? ''));

  const chooseCountry = (value: string | null) => {
    const choice = value ?? '';
    setCountryChoice(choice);
    form.setFieldValue('countryOfIncorporation', choice === 'other' ? '' : choice);
  };

  const save = form.onSubmit((values) => actions.save(ZKybDraft.parse(values), form));
  const submit = () => {
    const checked = form.validate();
    if (checked.hasErrors || !actions.submit) return;
    void actions.submit(ZKybDraft.parse(form.getValues()), form);
  };

  const input = (path: string) => ({ ...form.getInputProps(path), readOnly });
  const taxIdHint =
    countryChoice === 'MX'
      ? 'RFC, e.g. ABC010203XY9'
      : countryChoice === 'BR'
        ? 'CNPJ, e.g. 11.222.333/0001-81'
        : 'The company tax identifier';

  return (
    <form onSubmit={save} noValidate aria-label="KYB application">
      <Stack gap="lg">
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Company
            </Title>
            <Group grow align="flex-start">
              <TextInput label="Legal name" required {...input('legalName')} />
              <TextInput label="Trade name" {...input('tradeName')} />
            </Group>
            <Group grow align="flex-start">
              <Select
                label="Country of incorporation"
                required
                data={COUNTRY_CHOICES}
                value={countryChoice || null}
                onChange={chooseCountry}
                readOnly={readOnly}
                error={countryChoice === 'other' ? undefined : form.errors.countryOfIncorporation}
                allowDeselect={false}
              />
              {countryChoice === 'other' && (
                <TextInput
                  label="Country code (ISO 3166)"
                  placeholder="US"
                  required
                  {...input('countryOfIncorporation')}
                />
              )}
            </Group>
            <Group grow align="flex-start">
              <TextInput label="Tax id" description={taxIdHint} required {...input('taxId')} />
              <TextInput
                label="Incorporation date"
                description="YYYY-MM-DD"
                placeholder="2015-06-01"
                required
                {...input('incorporationDate')}
              />
            </Group>
            <Group grow align="flex-start">
              <TextInput label="Website" placeholder="https://example.com" {...input('website')} />
              <Group grow align="flex-start" gap="xs">
                <TextInput
                  label="Expected monthly volume"
                  placeholder="250000.00"
                  inputMode="decimal"
                  required
                  {...input('expectedMonthlyVolume.amount')}
                />
                <TextInput
                  label="Currency"
                  placeholder="MXN"
                  required
                  {...input('expectedMonthlyVolume.currency')}
                />
              </Group>
            </Group>
            <Textarea label="Business activity" rows={3} required {...input('businessActivity')} />
          </Stack>
        </Paper>

        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Registered address
            </Title>
            <TextInput label="Address line 1" required {...input('registeredAddress.line1')} />
            <TextInput label="Address line 2" {...input('registeredAddress.line2')} />
            <Group grow align="flex-start">
              <TextInput label="City" required {...input('registeredAddress.city')} />
              <TextInput label="State" required {...input('registeredAddress.state')} />
            </Group>
            <Group grow align="flex-start">
              <TextInput label="Postal code" required {...input('registeredAddress.postalCode')} />
              <TextInput
                label="Address country"
                placeholder="MX"
                description="Two-letter code"
                required
                {...input('registeredAddress.country')}
              />
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Beneficial owners
            </Title>
            {form.errors.beneficialOwners && (
              <Text c="red" size="sm" role="alert" id="beneficial-owners-error">
                {form.errors.beneficialOwners}
              </Text>
            )}
            {form.getValues().beneficialOwners.map((owner, index) => (
              <Stack key={owner.id} gap="xs" role="group" aria-label={`Owner ${index + 1}`}>
                {index > 0 && <Divider />}
                <Group grow align="flex-start">
                  <TextInput label="Owner name" required {...input(`beneficialOwners.${index}.name`)} />
                  <TextInput
                    label="Ownership %"
                    placeholder="25"
                    inputMode="decimal"
                    required
                    {...input(`beneficialOwners.${index}.ownershipPercent`)}
                  />
                  <TextInput
                    label="Nationality"
                    placeholder="MX"
                    required
                    {...input(`beneficialOwners.${index}.nationality`)}
                  />
                </Group>
                <Group grow align="flex-start">
                  <Select
                    label="Id document type"
                    data={ID_TYPE_OPTIONS}
                    required
                    {...input(`beneficialOwners.${index}.idDocumentType`)}
                  />
                  <TextInput
                    label="Id document number"
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
                      Remove owner {index + 1}
                    </Button>
                  </Group>
                )}
              </Stack>
            ))}
            {!readOnly && (
              <Group>
                <Button variant="light" onClick={() => form.insertListItem('beneficialOwners', newOwner())}>
                  Add owner
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>

        {!readOnly && (
          <Group>
            <Button type="submit" variant="default" loading={actions.saving}>
              Save draft
            </Button>
            {actions.submit ? (
              <Button onClick={submit} loading={actions.submitting}>
                Submit for review
              </Button>
            ) : (
              <>
                <Button disabled>Submit for review</Button>
                {submitHint}
              </>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
