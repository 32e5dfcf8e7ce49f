import {
  notifyError,
  notifySuccess,
  paths,
  schemaResolverInLanguage,
  type TOrganization,
  useFocusFirstInvalid,
  useT,
} from '@dash/shared';
import { type TOrganizationUser, ZProposeWalletSignerRequest } from '@dash/shared/api';
import { Anchor, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { signerName } from '../../../lib/wallet-display';
import { useProposeWalletSignerMutation } from '../api/propose-wallet-signer';

interface AddSignerFormProps {
  organization: TOrganization;
  users: TOrganizationUser[];
  /** Users already signers, who cannot be proposed again. */
  signerUids: string[];
}

/** "Ana Souza (ana@example.com)", or the e-mail alone for a user without a name. */
function userLabel(user: TOrganizationUser): string {
  const name = signerName(user);
  return name === user.email ? name : `${name} (${user.email})`;
}

/**
 * Chooses a user who is not a signer yet. The list is computed here, beside the mutation, so that
 * proposing the last candidate does not swap the form for the empty state before navigating away.
 */
export function AddSignerForm({ organization, users, signerUids }: AddSignerFormProps) {
  const { t } = useT('wallet');
  const navigate = useNavigate();
  const candidates = users.filter((user) => !signerUids.includes(user.uid));
  const propose = useProposeWalletSignerMutation(organization.uid);
  const form = useForm({
    mode: 'controlled',
    initialValues: { userUid: '' },
    validate: schemaResolverInLanguage(ZProposeWalletSignerRequest),
  });
  const invalid = useFocusFirstInvalid();

  const submit = form.onSubmit(
    (values) =>
      propose.mutate(values, {
        onSuccess: () => {
          const user = candidates.find((candidate) => candidate.uid === values.userUid);
          notifySuccess(t('addSigner.proposed', { name: user ? signerName(user) : t('addSigner.theUser') }));
          navigate(paths.org.wallet.root(organization.slug));
        },
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      }),
    invalid.onValidationErrors,
  );

  if (candidates.length === 0 && propose.isIdle) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text>{t('addSigner.everyoneIsSigner', { organization: organization.name })}</Text>
        <Anchor component={Link} to={paths.org.invite(organization.slug)}>
          {t('addSigner.invite')}
        </Anchor>
        <Anchor component={Link} to={paths.org.wallet.root(organization.slug)} size="sm">
          {t('page.backToWallet')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('addSigner.formLabel')}>
      <Stack gap="md">
        <NativeSelect
          label={t('addSigner.user')}
          data={[
            { value: '', label: t('addSigner.userPlaceholder'), disabled: true },
            ...candidates.map((user) => ({ value: user.uid, label: userLabel(user) })),
          ]}
          required
          {...form.getInputProps('userUid')}
        />
        <Group justify="space-between">
          <Anchor component={Link} to={paths.org.wallet.root(organization.slug)} size="sm">
            {t('addSigner.cancel')}
          </Anchor>
          <Button type="submit" loading={propose.isPending}>
            {t('addSigner.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
