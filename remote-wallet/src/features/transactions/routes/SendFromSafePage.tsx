import {
  ApiError,
  can,
  LoadFailed,
  notifySuccess,
  PageSkeleton,
  paths,
  shortAddress,
  useCurrentOrganization,
  useFocusFirstInvalid,
  useFormat,
  useOneAtATime,
  useT,
} from '@dash/shared';
import {
  networkOf,
  networkOfChainId,
  type THoldings,
  type TNetworkId,
  type TRegisteredWallet,
  useHoldingsQuery,
  useRegisteredWalletsQuery,
} from '@dash/shared/api';
import { type TTokenRecord, tokensOn } from '@dash/shared/contracts';
import { Alert, Anchor, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { WalletSubpage } from '../../../components/WalletSubpage';
import { notifyWalletError, walletMessage } from '../../../lib/wallet-display';
import { useWalletQuery } from '../../wallet/api/get-wallet';
import { useProposeSafeTransactionMutation } from '../api/propose-safe-transaction';
import '../i18n';
import { sendFormErrors, type TSendValues } from '../lib/send-form';

/**
 * /org/{org}/wallet/send: an Admin or Editor proposes a transfer from the organization's Safe on one
 * of the networks it is deployed on (its first by default), of one of that network's tokens, to one
 * of the organization's registered wallets on that network. The transaction then waits in the
 * queue for the owners' confirmations; its page opens.
 */
export default function SendFromSafePage() {
  const { t } = useT('safeTransactions');
  const { t: w } = useT('wallet');
  const organization = useCurrentOrganization();
  const mayPropose = can(organization.role, 'wallet.propose');
  const wallet = useWalletQuery(organization.uid);
  const recipients = useRegisteredWalletsQuery(
    organization.uid,
    mayPropose && wallet.data?.status === 'deployed',
  );
  const holdings = useHoldingsQuery(organization.uid);

  // The networks the Safe is deployed on (the same address on each); the member picks one when there are several.
  const deployedOn = (wallet.data?.networks ?? []).filter((candidate) => candidate.status === 'deployed');
  const [chosen, setChosen] = useState<TNetworkId | null>(null);
  let content: ReactNode;
  const network = chosen ?? (wallet.data ? networkOfChainId(wallet.data.chain.id) : undefined);
  if (!mayPropose) content = <Alert color="gray">{t('send.denied')}</Alert>;
  else if (!wallet.data)
    content = wallet.isError ? (
      <LoadFailed error={wallet.error} onRetry={() => wallet.refetch()} />
    ) : (
      <PageSkeleton rows={3} label={t('send.loading')} />
    );
  else if (wallet.data.status !== 'deployed' || !network)
    content = <Alert color="gray">{t('send.notDeployed')}</Alert>;
  else if (!recipients.data)
    content = recipients.isError ? (
      <LoadFailed error={recipients.error} onRetry={() => recipients.refetch()} />
    ) : (
      <PageSkeleton rows={3} label={t('send.loading')} />
    );
  else {
    // The Safe's network, a local dev chain or the real one (the holdings say; else the wallet's chain).
    const local =
      holdings.data?.networks.find((candidate) => candidate.network === network)?.local ??
      wallet.data.chain.isDevChain;
    const onNetwork = recipients.data.filter((candidate) => candidate.network === network);
    const name = networkOf(network).name;
    const networkName = local ? t('transaction.localNetwork', { name }) : name;
    content =
      onNetwork.length === 0 ? (
        <Alert color="gray">
          {t('send.noRecipients', { network: networkName })}{' '}
          <Anchor component={Link} to={paths.org.rails.blockchainWallets(organization.slug)} size="sm">
            {t('send.registerWallet')}
          </Anchor>
        </Alert>
      ) : (
        <SendForm
          key={network}
          networkName={networkName}
          tokens={tokensOn(network, local)}
          recipients={onNetwork}
          balances={safeBalances(holdings.data, network)}
        />
      );
    if (deployedOn.length > 1)
      content = (
        <Stack gap="md">
          <NativeSelect
            label={t('send.network')}
            data={deployedOn.map((candidate) => ({
              value: candidate.network,
              label: candidate.chain.isDevChain
                ? t('transaction.localNetwork', { name: networkOf(candidate.network).name })
                : networkOf(candidate.network).name,
            }))}
            value={network}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (value) setChosen(value as TNetworkId);
            }}
          />
          {content}
        </Stack>
      );
  }

  return (
    <WalletSubpage title={t('send.title')} description={t('send.description')}>
      {content}
      <Anchor component={Link} to={paths.org.wallet.root(organization.slug)} size="sm">
        {w('page.backToWallet')}
      </Anchor>
    </WalletSubpage>
  );
}

/** What the Safe holds of each token, as the watcher last read it (an amount it could not read is left out). */
function safeBalances(holdings: THoldings | undefined, network: TNetworkId): Map<string, string> {
  const safe = holdings?.wallets.find(
    (candidate) => candidate.kind === 'safe' && candidate.network === network,
  );
  return new Map(
    (safe?.balances ?? []).flatMap((balance) =>
      balance.amount === null ? [] : [[balance.symbol, balance.amount]],
    ),
  );
}

function SendForm({
  networkName,
  tokens,
  recipients,
  balances,
}: {
  networkName: string;
  tokens: TTokenRecord[];
  recipients: TRegisteredWallet[];
  balances: Map<string, string>;
}) {
  const { t } = useT('safeTransactions');
  const { t: w } = useT('wallet');
  const f = useFormat();
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const propose = useProposeSafeTransactionMutation(organization.uid);
  const invalid = useFocusFirstInvalid();
  const once = useOneAtATime();
  // One Idempotency-Key per set of values sent: a double click or a retry after a lost answer
  // proposes one transfer; any change of the form is another request, with a key of its own.
  const key = useRef<string | null>(null);
  const form = useForm<TSendValues>({
    mode: 'controlled',
    initialValues: {
      symbol: tokens.length === 1 ? (tokens[0]?.symbol ?? '') : '',
      amount: '',
      walletUid: recipients.length === 1 ? (recipients[0]?.uid ?? '') : '',
    },
    // The amount is typed the reader's way ("1.234,56" in pt-BR); the API takes the decimal string it means.
    validate: (values) => sendFormErrors(f.amountValues(values), tokens, t),
    transformValues: f.amountValues,
    onValuesChange: () => {
      key.current = null;
    },
  });
  const balance = balances.get(form.values.symbol);

  const submit = form.onSubmit((values) => {
    key.current ??= crypto.randomUUID();
    const idempotencyKey = key.current;
    once((done) =>
      propose.mutate(
        { body: { kind: 'transfer', ...values }, idempotencyKey },
        {
          onSuccess: (transaction) => {
            notifySuccess(t('send.proposed', { nonce: transaction.nonce }));
            navigate(paths.org.wallet.transaction(organization.slug, transaction.safeTxHash));
          },
          onError: (error) => {
            // The API's field errors under their fields, worded for the wallet; anything else as a toast.
            const fields = Object.entries((error instanceof ApiError && error.fields) || {}).filter(
              ([field]) => field in values,
            );
            if (fields.length === 0) {
              notifyWalletError(error, w);
              return;
            }
            form.setErrors(
              Object.fromEntries(
                fields.map(([field, text]) => [
                  field,
                  walletMessage(error instanceof ApiError ? error.codes.fields?.[field] : undefined, text, w),
                ]),
              ),
            );
            invalid.onValidationErrors(Object.fromEntries(fields));
          },
          onSettled: done,
        },
      ),
    );
  }, invalid.onValidationErrors);

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('send.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('send.from', { network: networkName })}</Text>
        <NativeSelect
          label={t('send.token')}
          data={[
            { value: '', label: t('send.tokenRequired'), disabled: true },
            ...tokens.map((token) => token.symbol),
          ]}
          required
          {...form.getInputProps('symbol')}
        />
        <TextInput
          label={t('send.amount')}
          description={
            balance !== undefined && form.values.symbol
              ? t('send.balance', { amount: f.money(balance, form.values.symbol) })
              : undefined
          }
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.getInputProps('amount')}
        />
        <NativeSelect
          label={t('send.recipient')}
          description={t('send.recipientDescription')}
          data={[
            { value: '', label: t('send.recipientRequired'), disabled: true },
            ...recipients.map((recipient) => ({
              value: recipient.uid,
              label: t('send.walletOption', {
                name: recipient.name,
                address: shortAddress(recipient.address),
              }),
            })),
          ]}
          required
          {...form.getInputProps('walletUid')}
        />
        <div>
          <Button type="submit" loading={propose.isPending}>
            {t('send.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
