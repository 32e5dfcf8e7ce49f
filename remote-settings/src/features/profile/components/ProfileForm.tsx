import {
  detectLocale,
  i18n,
  notifyError,
  notifySuccess,
  SUPPORTED_LOCALES,
  schemaResolverInLanguage,
  setLocale,
  type TLocale,
  type TSessionUser,
  useFocusFirstInvalid,
  useT,
} from '@dash/shared';
import { ZUpdateProfileRequest } from '@dash/shared/api';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useUpdateProfileMutation } from '../api/update-profile';

/** The language select's value for "follow the browser" (null in the profile). */
const BROWSER = 'browser';

interface ProfileFormValues {
  firstName: string;
  lastName: string;
  locale: string;
}

const toRequest = ({ locale, ...names }: ProfileFormValues) => ({
  ...names,
  locale: locale === BROWSER ? null : (locale as TLocale),
});
const validateProfile = schemaResolverInLanguage(ZUpdateProfileRequest);

/**
 * First and last name and the language; saving refreshes the session, so the account menu shows the
 * new name and the whole dashboard switches to the chosen language.
 */
export function ProfileForm({ user }: { user: TSessionUser }) {
  const { t } = useT('settings');
  const { t: common } = useT('common');
  const update = useUpdateProfileMutation();
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: { firstName: user.firstName, lastName: user.lastName, locale: user.locale ?? BROWSER },
    validate: (values) => validateProfile(toRequest(values)),
    validateInputOnBlur: true,
  });

  const invalid = useFocusFirstInvalid();

  const submit = form.onSubmit(
    (values) =>
      update.mutate(ZUpdateProfileRequest.parse(toRequest(values)), {
        // The page speaks the saved language before it says so (the shell would follow a moment later).
        onSuccess: async (saved) => {
          await setLocale(saved.locale ?? detectLocale(navigator.languages));
          notifySuccess(i18n.t('profile.saved', { ns: 'settings' }));
        },
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      }),
    invalid.onValidationErrors,
  );

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('profile.formLabel')}>
      <Stack gap="md" maw={480}>
        <Group grow align="flex-start">
          <TextInput
            label={t('profile.firstName')}
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('profile.lastName')}
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
          />
        </Group>
        <NativeSelect
          label={common('language.label')}
          data={[
            { value: BROWSER, label: common('language.auto') },
            ...SUPPORTED_LOCALES.map((locale) => ({ value: locale, label: common(`language.${locale}`) })),
          ]}
          {...form.getInputProps('locale')}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
