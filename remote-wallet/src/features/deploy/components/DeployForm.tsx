import {
  ApiError,
  notifyError,
  schemaResolverInLanguage,
  useConfirmStep,
  useFocusFirstInvalid,
  useFormat,
  useT,
} from '@dash/shared';
import { quorumOptions, type TWallet, ZDeployWalletRequest } from '@dash/shared/api';
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { WalletAddress } from '../../../components/WalletAddress';
import { quorumText, sharedAddresses, signerName, walletMessage } from '../../../lib/wallet-display';
import { useDeployWalletMutation } from '../api/deploy-wallet';
import { defaultQuorum, quorumWarnings } from '../quorum';

interface DeployFormProps {
  organizationUid: string;
  wallet: TWallet;
  /**
   * Why the last Deploy was refused, kept by the page: the form starts anew when the number of
   * signers changes (its default quorum), which is just when "the signers changed" must stay said.
   */
  refusal: string | null;
  onRefusal: (refusal: string | null) => void;
}

/** The API's answer when the signers changed since the page showed them (nothing was deployed). */
const isSignersChanged = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.fields?.owners !== undefined;

/** A rule the signers break, said by the API on `owners` (shown as it is, in the reader's language). */
const ownersRule = (error: unknown) =>
  error instanceof ApiError && error.isClientError ? error.fields?.owners : undefined;

/**
 * Quorum and Deploy Wallet (Admins, undeployed). Deploy stays disabled, with the reason, until there
 * is a signer, every signer is Ready and no two share an address; then the address the chosen
 * quorum gets is shown. The request names the owners shown here: when the signers changed since,
 * nothing is deployed, the wallet reloads and the form says so.
 */
export function DeployForm({ organizationUid, wallet, refusal, onRefusal }: DeployFormProps) {
  const { t } = useT('wallet');
  const f = useFormat();
  const deploy = useDeployWalletMutation(organizationUid);
  const reasonId = useId();
  const confirmId = useId();
  const signerCount = wallet.signers.length;
  const pending = wallet.signers.filter((signer) => signer.status !== 'Ready');
  const shared = sharedAddresses(wallet.signers);
  const ready = signerCount > 0 && pending.length === 0 && shared.length === 0;
  const invalid = useFocusFirstInvalid();
  // Deploying is final (the owners and the quorum are on chain then): Deploy Wallet asks first, and
  // the keyboard follows the question.
  const step = useConfirmStep();
  // One field: its value and error in state, not a form library (the wallet's first page then
  // loads none: @mantine/form is loaded by the pages with real forms).
  const [threshold, setThreshold] = useState(() => defaultQuorum(signerCount));
  const [thresholdError, setThresholdError] = useState<string | null>(null);
  const predicted = wallet.predictedAddresses?.find((prediction) => prediction.threshold === threshold);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { threshold };
    const errors = schemaResolverInLanguage<typeof values>(ZDeployWalletRequest)(values);
    if (Object.keys(errors).length > 0) {
      setThresholdError(errors.threshold ?? null);
      invalid.onValidationErrors(errors);
      return;
    }
    if (step.confirming === null) {
      step.ask(true);
      return;
    }
    onRefusal(null);
    const owners = wallet.signers.map((signer) => signer.ethAddress ?? '');
    // On success the wallet is deploying and the page shows it (this form is gone by then); on any
    // answer the wallet reloads (the mutation's onSettled).
    deploy.mutate(
      { ...values, owners },
      {
        onError: (error) => {
          if (isSignersChanged(error)) {
            step.cancel();
            onRefusal(t('rules.signersChanged'));
            return;
          }
          const fields = error instanceof ApiError ? error.fields : undefined;
          const codes = error instanceof ApiError ? error.codes.fields : undefined;
          if (fields?.threshold) {
            // Worded for the wallet (walletMessage), then the keyboard is taken to it.
            step.dismiss();
            setThresholdError(walletMessage(codes?.threshold, fields.threshold, t));
            invalid.onValidationErrors({ threshold: fields.threshold });
            return;
          }
          step.cancel();
          const rule = ownersRule(error);
          if (rule) onRefusal(walletMessage(codes?.owners, rule, t));
          else notifyError(error);
        },
      },
    );
  };

  let reason: string | null = null;
  if (signerCount === 0) reason = t('rules.noSigners');
  else if (pending.length > 0)
    reason = t('deploy.waitingFor', {
      message: t('rules.signersNotReady'),
      names: f.list(pending.map(signerName)),
    });
  else if (shared.length > 0)
    reason = shared
      .map((group) =>
        t('deploy.sharedAddress', {
          names: f.list(group.map(signerName)),
          address: group[0]?.ethAddress ?? '',
        }),
      )
      .join(' ');

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('deploy.formLabel')}>
      <Stack gap="md">
        <NativeSelect
          label={t('deploy.quorumLabel')}
          description={t('deploy.quorumDescription')}
          data={quorumOptions(signerCount).map((option) => ({
            value: String(option),
            label: quorumText(option, signerCount, t),
          }))}
          disabled={!ready}
          maw={320}
          // Found by its path, as a form library's field is (useFocusFirstInvalid).
          data-path="threshold"
          error={thresholdError}
          value={signerCount > 0 ? String(threshold) : ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (!value) return;
            setThreshold(Number(value));
            setThresholdError(null);
            // Another quorum is another question.
            step.dismiss();
          }}
        />
        {ready
          ? quorumWarnings(threshold, signerCount).map((warning) => (
              <Alert
                key={warning}
                color="yellow"
                variant="light"
                title={t(`deploy.${warning}WarningTitle`, {
                  quorum: quorumText(warning === 'all' ? signerCount : 1, signerCount, t),
                })}
              >
                {t(`deploy.${warning}WarningText`)}
              </Alert>
            ))
          : null}
        {ready && predicted ? (
          <WalletAddress label={t('address.predicted')} address={predicted.address} chain={wallet.chain} />
        ) : null}
        {refusal ? (
          <Alert color="red" variant="light">
            {refusal}
          </Alert>
        ) : null}
        {reason ? (
          <Text size="sm" c="dimmed" id={reasonId}>
            {reason}
          </Text>
        ) : null}
        {step.confirming === null ? (
          <Group>
            <Button
              ref={step.askRef(true)}
              type="submit"
              disabled={!ready}
              aria-describedby={reason ? reasonId : undefined}
            >
              {t('deploy.submit')}
            </Button>
          </Group>
        ) : (
          <Stack gap="xs">
            <Text size="sm" id={confirmId}>
              {t('deploy.confirmText', { quorum: quorumText(threshold, signerCount, t) })}
            </Text>
            <Group gap="xs">
              <Button
                ref={step.confirmRef}
                type="submit"
                loading={deploy.isPending}
                aria-describedby={confirmId}
              >
                {t('deploy.confirm')}
              </Button>
              <Button variant="default" onClick={step.cancel} disabled={deploy.isPending}>
                {t('deploy.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </form>
  );
}
