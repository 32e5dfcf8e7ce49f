import {
  notifyError,
  notifySuccess,
  type TWalletSigner,
  useRemoveWalletSignerMutation,
  useT,
} from '@dash/shared';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { signerName } from '../../../lib/wallet-display';

/** Withdraws a proposed signer (Admins, before deployment), after a confirming second click. */
export function RemoveSignerButton({
  organizationUid,
  signer,
}: {
  organizationUid: string;
  signer: TWalletSigner;
}) {
  const { t } = useT('wallet');
  const removeSigner = useRemoveWalletSignerMutation(organizationUid);
  const [confirming, setConfirming] = useState(false);
  const name = signerName(signer);

  if (!confirming) {
    return (
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setConfirming(true)}
          aria-label={t('signers.removeLabel', { name })}
        >
          {t('signers.remove')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        color="red"
        loading={removeSigner.isPending}
        aria-label={t('signers.confirmRemoveLabel', { name })}
        // The row (and this button) is gone once the wallet reloads: a promise, unlike mutate's
        // callbacks, still settles after the component unmounts.
        onClick={() =>
          removeSigner.mutateAsync(signer.uid).then(
            () => notifySuccess(t('signers.removed', { name })),
            (error: unknown) => {
              notifyError(error);
              setConfirming(false);
            },
          )
        }
      >
        {t('signers.remove')}
      </Button>
      <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
        {t('signers.cancel')}
      </Button>
    </Group>
  );
}
