import {
  applyServerFieldErrors,
  notifyError,
  notifySuccess,
  type TSessionUser,
  useUpdateProfileMutation,
  ZUpdateProfileRequest,
} from '@dash/shared';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';

/** First and last name; saving refreshes the session, so the account menu shows the new name. */
export function ProfileForm({ user }: { user: TSessionUser }) {
  const update = useUpdateProfileMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: user.firstName, lastName: user.lastName },
    validate: schemaResolver(ZUpdateProfileRequest, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) =>
    update.mutate(ZUpdateProfileRequest.parse(values), {
      onSuccess: () => notifySuccess('Profile saved'),
      onError: (error) => {
        if (!applyServerFieldErrors(form, error)) notifyError(error);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Your name">
      <Stack gap="md" maw={480}>
        <Group grow align="flex-start">
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
        </Group>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
