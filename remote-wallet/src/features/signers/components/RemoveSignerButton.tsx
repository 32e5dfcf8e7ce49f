import {
  notifyError,
  notifySuccess,
  type TWalletSigner,
  useRemoveWalletSignerMutation,
  useT,
} from '@dash/shared';
import { Button, Group } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { signerName } from '../../../lib/wallet-display';

/**
 * Withdraws a proposed signer (Admins, before deployment), after a confirming second click. Focus
 * follows the question for keyboard users: Remove moves it to the confirming button, Cancel (or a
 * refusal) back to Remove.
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
  const [confirming, setConfirming] = useState(false);
  const name = signerName(signer);
  const removeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  const ask = (next: boolean) => {
    moveFocus.current = true;
    setConfirming(next);
  };
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (confirming ? confirmButton : removeButton).current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      <Group justify="flex-end">
        <Button
          ref={removeButton}
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => ask(true)}
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
        ref={confirmButton}
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
              ask(false);
            },
          )
        }
      >
        {t('signers.remove')}
      </Button>
      <Button size="xs" variant="default" onClick={() => ask(false)}>
        {t('signers.cancel')}
      </Button>
    </Group>
  );
}
