import { notifyError, notifySuccess, useConfirmStep, useT } from '@dash/shared';
import type { TWalletSigner } from '@dash/shared/api';
import { Button, Group } from '@mantine/core';
import { signerName } from '../../../lib/wallet-display';
import { useRemoveWalletSignerMutation } from '../api/remove-wallet-signer';

/**
 * Withdraws a proposed signer (Admins, before deployment), after a confirming second click; focus
 * follows the question (`useConfirmStep`).
 */
export function RemoveSignerButton({
  organizationUid,
  signer,
}: {
  organizationUid: string;
  signer: TWalletSigner;
}) {
  const { t } = useT('wallet');
  const removeSigner = useRemoveWalletSignerMutation(organizationUid);
  const step = useConfirmStep();
  const name = signerName(signer);
  const userUid = signer.uid;
  // Only a wallet's owners can lack a uid, and they are never removable.
  if (!userUid) return null;

  if (step.confirming === null) {
    return (
      <Group justify="flex-end">
        <Button
          ref={step.askRef(true)}
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => step.ask(true)}
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
        ref={step.confirmRef}
        size="xs"
        color="red"
        loading={removeSigner.isPending}
        aria-label={t('signers.confirmRemoveLabel', { name })}
        // The row (and this button) is gone once the wallet reloads: a promise, unlike mutate's
        // callbacks, still settles after the component unmounts.
        onClick={() =>
          removeSigner.mutateAsync(userUid).then(
            () => notifySuccess(t('signers.removed', { name })),
            (error: unknown) => {
              notifyError(error);
              step.cancel();
            },
          )
        }
      >
        {t('signers.remove')}
      </Button>
      <Button size="xs" variant="default" onClick={step.cancel}>
        {t('signers.cancel')}
      </Button>
    </Group>
  );
}
