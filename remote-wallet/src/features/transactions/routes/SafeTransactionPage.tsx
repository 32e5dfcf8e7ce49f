import {
  can,
  isMissingItem,
  LoadFailed,
  notifySuccess,
  PageHeader,
  PageSkeleton,
  paths,
  type TFunction,
  useConfirmStep,
  useCurrentOrganization,
  useFormat,
  useOneAtATime,
  useSession,
  useT,
} from '@dash/shared';
import { explorerTransactionUrl, networkOf, type TSafeTransaction, type TWallet } from '@dash/shared/api';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { notifyWalletError } from '../../../lib/wallet-display';
import { useWalletQuery } from '../../wallet/api/get-wallet';
import { useSafeTransactionQuery } from '../api/get-safe-transaction';
import { useProposeSafeTransactionMutation } from '../api/propose-safe-transaction';
import { useSafeTransactionsQuery } from '../api/safe-transactions';
import { useConfirmWithDevice } from '../hooks/useConfirmWithDevice';
import { describe } from '../lib/describe';
import '../i18n';
import { awaitedOwner, ownerOf, rejectable, type TViewer } from '../lib/queue';

/**
 * /org/{org}/wallet/transactions/{safeTxHash}: one Safe transaction, saying in plain words what its
 * owners sign (token, amount, recipient and whose it is, network, nonce), its confirmations and who
 * is missing, and the hashes a hardware wallet shows, to compare before signing. An owner whose
 * confirmation is awaited confirms with their signing device; Admins and Editors may propose the
 * rejection of a queued transfer's nonce. Kept live by the event stream.
 */
export default function SafeTransactionPage() {
  const { safeTxHash = '' } = useParams();
  // A new transaction (the rejection just proposed) starts afresh: no question left open from the last one.
  return <SafeTransactionView key={safeTxHash} safeTxHash={safeTxHash} />;
}

function SafeTransactionView({ safeTxHash }: { safeTxHash: string }) {
  const { t } = useT('safeTransactions');
  const { t: w } = useT('wallet');
  const format = useFormat();
  const organization = useCurrentOrganization();
  const { user } = useSession();
  const query = useSafeTransactionQuery(organization.uid, safeTxHash);
  const list = useSafeTransactionsQuery(organization.uid);
  const wallet = useWalletQuery(organization.uid);

  const back = (
    <Anchor component={Link} to={paths.org.wallet.root(organization.slug)} size="sm">
      {w('page.backToWallet')}
    </Anchor>
  );
  if (query.isPending) return <PageSkeleton rows={6} label={t('transaction.loading')} />;
  if (query.isError && isMissingItem(query.error))
    return (
      <Stack gap="xs" align="flex-start">
        <Title order={1} size="h3">
          {t('transaction.notFound')}
        </Title>
        <Text c="dimmed">{t('transaction.notFoundText')}</Text>
        {back}
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md">
        {back}
        <PageHeader title={t('transaction.title')} />
        <LoadFailed error={query.error} onRetry={() => query.refetch()} />
      </Stack>
    );

  const transaction = query.data;
  const viewer: TViewer = {
    userUid: user.uid,
    address: wallet.data?.signers.find((signer) => signer.uid === user.uid)?.ethAddress ?? null,
  };
  const queued = list.data?.queued ?? [];
  const others = queued.filter(
    (other) => other.nonce === transaction.nonce && other.safeTxHash !== transaction.safeTxHash,
  );
  return (
    <Stack gap="lg" maw={880}>
      {back}
      <PageHeader
        title={describe(transaction, w, format)}
        actions={<StatusBadge transaction={transaction} viewer={viewer} />}
      />
      {transaction.conflict || others.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          title={t('transaction.conflictTitle', { nonce: transaction.nonce })}
        >
          <Text size="sm">{w('queue.conflict')}</Text>
          {others.length > 0 ? (
            <Box component="ul" mt="xs" mb={0} fz="sm">
              {others.map((other) => (
                <Box component="li" key={other.uid}>
                  <Anchor
                    component={Link}
                    to={paths.org.wallet.transaction(organization.slug, other.safeTxHash)}
                    size="sm"
                  >
                    {describe(other, w, format)}
                  </Anchor>{' '}
                  ({w(`queue.statuses.${other.status}`)})
                </Box>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <WhatIsSigned transaction={transaction} wallet={wallet.data} />
      <Confirmations transaction={transaction} viewer={viewer} />
      <Hashes transaction={transaction} />
      <Actions
        transaction={transaction}
        viewer={viewer}
        // Until the queue is read, whether the nonce already has a rejection is not known: no Reject yet.
        mayReject={
          can(organization.role, 'wallet.propose') && list.isSuccess && rejectable(transaction, queued)
        }
      />
    </Stack>
  );
}

function StatusBadge({ transaction, viewer }: { transaction: TSafeTransaction; viewer: TViewer }) {
  const { t: w } = useT('wallet');
  const needsYou = awaitedOwner(transaction, viewer) !== null;
  return (
    <Group gap="xs" role="group" aria-label={w('queue.status')}>
      <Badge
        variant="light"
        color={needsYou ? 'orange' : transaction.status === 'executed' ? 'teal' : 'gray'}
      >
        {needsYou ? w('queue.needsYou') : w(`queue.statuses.${transaction.status}`)}
      </Badge>
    </Group>
  );
}

/** A section of the page: its heading (level two) and content. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** One term and its description, in the page's description lists. */
function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <Text component="dt" size="xs" c="dimmed">
        {term}
      </Text>
      {/* A hash or an address breaks where it must; words wrap between words. */}
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

/** The network's name, and "local chain" for a dev chain standing in for it (no public explorer). */
function isLocal(transaction: TSafeTransaction, wallet: TWallet | undefined): boolean | undefined {
  if (!wallet) return undefined;
  return wallet.chain.isDevChain && wallet.chain.id === transaction.chainId;
}

function WhatIsSigned({
  transaction,
  wallet,
}: {
  transaction: TSafeTransaction;
  wallet: TWallet | undefined;
}) {
  const organization = useCurrentOrganization();
  const { t } = useT('safeTransactions');
  const { t: w } = useT('wallet');
  const format = useFormat();
  const local = isLocal(transaction, wallet);
  const name = networkOf(transaction.network).name;
  const network = local ? t('transaction.localNetwork', { name }) : name;
  const { transfer } = transaction;
  // An off-ramp's payment goes to the provider's deposit address (recipient.name is the provider).
  const whose = transfer
    ? transaction.transferUid
      ? t('transaction.offRampDeposit', { name: transfer.recipient.name })
      : transfer.recipient.walletUid
        ? t('transaction.registeredWallet', { name: transfer.recipient.name })
        : t('transaction.unregisteredWallet', { name: transfer.recipient.name })
    : '';
  return (
    <Section title={t('transaction.whatTitle')}>
      <Text size="sm" mb="md">
        {transfer
          ? t('transaction.signsTransfer', {
              amount: format.money(transfer.amount, transfer.symbol),
              name: transfer.recipient.name,
              address: transfer.recipient.address,
              whose,
              network,
              nonce: transaction.nonce,
            })
          : t('transaction.signsRejection', { nonce: transaction.nonce, network })}
      </Text>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        {transfer ? (
          <>
            <Item term={t('transaction.token')}>
              {transfer.symbol} <Code>{transfer.token}</Code>
            </Item>
            <Item term={t('transaction.amount')}>{format.money(transfer.amount, transfer.symbol)}</Item>
            <Item term={t('transaction.recipient')}>
              {transfer.recipient.name} <Code>{transfer.recipient.address}</Code>
              <Text component="span" size="xs" c="dimmed" display="block">
                {transaction.transferUid ? (
                  <Anchor
                    component={Link}
                    to={paths.org.rails.transaction(organization.slug, transaction.transferUid)}
                    size="xs"
                  >
                    {t('transaction.offRampLink')}
                  </Anchor>
                ) : transfer.recipient.walletUid ? (
                  t('transaction.registered')
                ) : (
                  t('transaction.noLongerRegistered')
                )}
              </Text>
            </Item>
          </>
        ) : (
          <Item term={t('transaction.call')}>{t('transaction.emptyCall')}</Item>
        )}
        <Item term={t('transaction.network')}>{network}</Item>
        <Item term={t('transaction.safe')}>
          <Code>{transaction.safeAddress}</Code>
        </Item>
        <Item term={w('queue.nonce')}>{transaction.nonce}</Item>
        <Item term={w('queue.status')}>{w(`queue.statuses.${transaction.status}`)}</Item>
        <Item term={t('transaction.proposedBy')}>
          {transaction.proposedBy
            ? t('transaction.proposedOn', {
                name: transaction.proposedBy.name,
                date: format.dateTime(transaction.createdAt),
              })
            : t('transaction.unknown')}
        </Item>
        {transaction.executionTxHash ? (
          <Item term={t('transaction.execution')}>
            {local === false ? (
              <Anchor
                href={explorerTransactionUrl(transaction.network, transaction.executionTxHash)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
              >
                {transaction.executionTxHash}
              </Anchor>
            ) : (
              <>
                <Code>{transaction.executionTxHash}</Code>
                {local ? ` ${t('transaction.noExplorer')}` : null}
              </>
            )}
          </Item>
        ) : null}
      </SimpleGrid>
    </Section>
  );
}

function Confirmations({ transaction, viewer }: { transaction: TSafeTransaction; viewer: TViewer }) {
  const { t } = useT('safeTransactions');
  const format = useFormat();
  const open = transaction.status === 'awaiting_confirmations';
  const isOwner = ownerOf(transaction, viewer) !== null;
  return (
    <Section title={t('transaction.confirmationsTitle')}>
      <Text size="sm" fw={600}>
        {t('transaction.confirmationCount', {
          confirmed: transaction.confirmations.length,
          threshold: transaction.threshold,
        })}
      </Text>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" mt="sm" mb={0}>
        <Item term={t('transaction.confirmedBy')}>
          {transaction.confirmations.length === 0 ? (
            t('transaction.nobodyYet')
          ) : (
            <Box component="ul" m={0} pl="md">
              {transaction.confirmations.map((owner) => (
                <Box component="li" key={owner.owner}>
                  {t('transaction.confirmedOn', {
                    who: ownerLabel(owner, t),
                    date: format.dateTime(owner.submittedAt),
                  })}
                </Box>
              ))}
            </Box>
          )}
        </Item>
        <Item term={t('transaction.missingTitle')}>
          {transaction.missing.length === 0 ? (
            t('transaction.nobody')
          ) : (
            <Box component="ul" m={0} pl="md">
              {transaction.missing.map((owner) => (
                <Box component="li" key={owner.owner}>
                  {ownerLabel(owner, t)}
                </Box>
              ))}
            </Box>
          )}
        </Item>
      </SimpleGrid>
      {open && !isOwner ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('transaction.notOwner')}
        </Text>
      ) : null}
    </Section>
  );
}

/** An owner by name and address ("Ana Souza (0x…)"), or by address alone when no member is known to hold it. */
function ownerLabel(owner: { owner: string; name: string | null }, t: TFunction): string {
  return owner.name ? t('transaction.ownerNamed', { name: owner.name, address: owner.owner }) : owner.owner;
}

function Hashes({ transaction }: { transaction: TSafeTransaction }) {
  const { t } = useT('safeTransactions');
  const { t: w } = useT('wallet');
  const rows: [string, string][] = [
    [w('queue.domainHash'), transaction.domainHash],
    [w('queue.messageHash'), transaction.messageHash],
    [w('queue.safeTxHash'), transaction.safeTxHash],
  ];
  return (
    <Section title={t('transaction.hashesTitle')}>
      <Text size="sm" mb="md">
        {t('transaction.hashesText')}
      </Text>
      <Stack gap="sm" component="dl" m={0}>
        {rows.map(([label, hash]) => (
          <Box key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Group component="dd" m={0} gap="xs" wrap="nowrap" align="center">
              <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {hash}
              </Code>
              <CopyHash hash={hash} label={label} />
            </Group>
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

/** Copies a hash for pasting beside a hardware wallet's screen; says "Copied" for two seconds. */
function CopyHash({ hash, label }: { hash: string; label: string }) {
  const { t } = useT('safeTransactions');
  const clipboard = useClipboard({ timeout: 2000 });
  return (
    <Button
      size="compact-xs"
      variant="light"
      onClick={() => clipboard.copy(hash)}
      aria-label={clipboard.copied ? t('transaction.copied') : t('transaction.copy', { label })}
    >
      {clipboard.copied ? t('transaction.copied') : t('transaction.copyShort')}
    </Button>
  );
}

function Actions({
  transaction,
  viewer,
  mayReject,
}: {
  transaction: TSafeTransaction;
  viewer: TViewer;
  mayReject: boolean;
}) {
  const { t } = useT('safeTransactions');
  const { t: w } = useT('wallet');
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const { confirm, isPending } = useConfirmWithDevice(organization.uid);
  const propose = useProposeSafeTransactionMutation(organization.uid);
  const step = useConfirmStep();
  const once = useOneAtATime();
  // One Idempotency-Key per rejection asked for: a double click or a retry proposes it once.
  const [key, setKey] = useState('');
  const questionId = useId();
  const owner = awaitedOwner(transaction, viewer);
  if (!owner && !mayReject) return null;

  const reject = () =>
    once((done) =>
      propose.mutate(
        {
          body: { kind: 'rejection', nonce: transaction.nonce, network: transaction.network },
          idempotencyKey: key,
        },
        {
          onSettled: done,
          onSuccess: (rejection) => {
            notifySuccess(t('transaction.rejectionProposed', { nonce: transaction.nonce }));
            navigate(paths.org.wallet.transaction(organization.slug, rejection.safeTxHash));
          },
          onError: (error) => {
            step.cancel();
            notifyWalletError(error, w);
          },
        },
      ),
    );

  return (
    <Stack gap="xs" component="section" aria-label={t('transaction.actions')}>
      {step.confirming === null ? (
        <Group gap="sm">
          {owner ? (
            <Button loading={isPending} onClick={() => confirm(transaction, owner)}>
              {w('queue.confirm')}
            </Button>
          ) : null}
          {mayReject ? (
            <Button
              ref={step.askRef(true)}
              variant="default"
              color="red"
              onClick={() => {
                setKey(crypto.randomUUID());
                step.ask(true);
              }}
            >
              {t('transaction.reject')}
            </Button>
          ) : null}
        </Group>
      ) : (
        <>
          <Text size="sm" id={questionId}>
            {t('transaction.rejectQuestion', { nonce: transaction.nonce, threshold: transaction.threshold })}
          </Text>
          <Group gap="sm">
            <Button
              ref={step.confirmRef}
              color="red"
              loading={propose.isPending}
              aria-describedby={questionId}
              onClick={reject}
            >
              {t('transaction.proposeRejection')}
            </Button>
            <Button variant="default" onClick={step.cancel} disabled={propose.isPending}>
              {t('transaction.cancel')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
