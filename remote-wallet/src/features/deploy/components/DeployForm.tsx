import { applyServerFieldErrors, inLanguage, notifyError, useT } from '@dash/shared';
import { quorumOptions, type TWallet, useDeployWalletMutation, ZDeployWalletRequest } from '@dash/shared/api';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useId } from 'react';
import { WalletAddress } from '../../../components/WalletAddress';
import { quorumText, signerName } from '../../../lib/wallet-display';
import { defaultQuorum, quorumWarnings } from '../quorum';

interface DeployFormProps {
  organizationUid: string;
  wallet: TWallet;
}

/**
 * Quorum and Deploy Wallet (Admins, undeployed). Deploy stays disabled, with the reason, until there
 * is a signer and every signer is Ready; then the address the chosen quorum gets is shown.
 */
export function DeployForm({ organizationUid, wallet }: DeployFormProps) {
  const { t } = useT('wallet');
  const deploy = useDeployWalletMutation(organizationUid);
  const reasonId = useId();
  const signerCount = wallet.signers.length;
  const pending = wallet.signers.filter((signer) => signer.status !== 'Ready');
  const ready = signerCount > 0 && pending.length === 0;
  const form = useForm({
    mode: 'controlled',
    initialValues: { threshold: defaultQuorum(signerCount) },
    validate: inLanguage(schemaResolver(ZDeployWalletRequest, { sync: true })),
  });
  const threshold = form.values.threshold;
  const predicted = wallet.predictedAddresses?.find((prediction) => prediction.threshold === threshold);

  const submit = form.onSubmit((values) =>
    // On success the wallet is deploying and the page shows it (this form is gone by then).
    deploy.mutate(values, {
      onError: (error) => {
        if (!applyServerFieldErrors(form, error)) notifyError(error);
      },
    }),
  );

  let reason: string | null = null;
  if (signerCount === 0) reason = t('rules.noSigners');
  else if (!ready)
    reason = t('deploy.waitingFor', {
      message: t('rules.signersNotReady'),
      names: pending.map(signerName).join(', '),
    });

  return (
    <form onSubmit={submit} noValidate aria-label={t('deploy.formLabel')}>
      <Stack gap="md">
        <Select
          label={t('deploy.quorumLabel')}
          description={t('deploy.quorumDescription')}
          data={quorumOptions(signerCount).map((option) => ({
            value: String(option),
            label: quorumText(option, signerCount, t),
          }))}
          allowDeselect={false}
          disabled={!ready}
          maw={320}
          {...form.getInputProps('threshold')}
          value={signerCount > 0 ? String(threshold) : null}
          onChange={(value) => value && form.setFieldValue('threshold', Number(value))}
        />
        {ready
          ? quorumWarnings(threshold, signerCount).map((warning) => (
              <Alert
                key={warning}
                color="yellow"
                variant="light"
                title={t(`deploy.${warning}WarningTitle`, {
                  quorum: quorumText(warning === 'one' ? 1 : signerCount, signerCount, t),
                })}
              >
                {t(`deploy.${warning}WarningText`)}
              </Alert>
            ))
          : null}
        {ready && predicted ? (
          <WalletAddress label={t('address.predicted')} address={predicted.address} chain={wallet.chain} />
        ) : null}
        {reason ? (
          <Text size="sm" c="dimmed" id={reasonId}>
            {reason}
          </Text>
        ) : null}
        <Group>
          <Button
            type="submit"
            disabled={!ready}
            loading={deploy.isPending}
            aria-describedby={reason ? reasonId : undefined}
          >
            {t('deploy.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
