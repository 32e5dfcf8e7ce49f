import {
  can,
  notifyError,
  PageHeader,
  PageSkeleton,
  paths,
  schemaResolverInLanguage,
  shortAddress,
  useCurrentOrganization,
  useFocusFirstInvalid,
  useFormat,
  useT,
  visuallyHidden,
} from '@dash/shared';
import {
  compareDecimals,
  FIAT_CURRENCIES,
  networkOf,
  type TQuote,
  useHoldingsQuery,
  useProvidersQuery,
  useRegisteredWalletsQuery,
  ZOffRampForm,
  ZOnRampForm,
} from '@dash/shared/api';
import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { choices } from '../../../components/choices';
import { useBankBeneficiariesQuery } from '../../beneficiaries/api/get-bank-beneficiaries';
import { useProviderAccountsQuery } from '../../providers/api/get-provider-accounts';
import { limitValues } from '../../providers/limits';
import { useCreateOffRampMutation } from '../api/create-off-ramp';
import { useCreateOnRampMutation } from '../api/create-on-ramp';
import { useCreateQuoteMutation } from '../api/create-quote';
import { QuoteCard, secondsUntil } from './QuoteCard';

type RampType = 'on_ramp' | 'off_ramp';
/** The form's values (the amount as the contract's decimal string, as a quote is asked with it). */
interface TRampValues {
  providerUid: string;
  currency: string;
  counterpartyUid: string;
  network: string;
  amount: string;
  /** Off-ramp: the registered wallet it is paid from; SAFE_SOURCE for the Safe; '' for an external wallet. */
  sourceWalletUid: string;
}

/** The "Paid from" value of the organization's Safe. */
const SAFE_SOURCE = 'safe';

/**
 * On-ramp (search params providerUid, currency, walletUid) and off-ramp (providerUid, currency,
 * bankBeneficiaryUid, network): choose, quote, confirm; the transaction page then shows the
 * instructions and the live status. One Idempotency-Key per quote confirmed, so a double click or
 * a retry of the same confirmation never moves money twice.
 */
export function RampPage({ type }: { type: RampType }) {
  const { t } = useT('rails');
  const f = useFormat();
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const providers = useProvidersQuery(organization.uid);
  const accounts = useProviderAccountsQuery(organization.uid);
  const wallets = useRegisteredWalletsQuery(organization.uid);
  const beneficiaries = useBankBeneficiariesQuery(organization.uid);
  // The Safe's tokens on chain: an off-ramp may be paid from it on its network.
  const holdings = useHoldingsQuery(organization.uid);
  // Whether the member chose where it is paid from (else the Safe is chosen when it holds enough).
  const sourceChosen = useRef(false);
  const quote = useCreateQuoteMutation(organization.uid);
  const onRamp = useCreateOnRampMutation(organization.uid);
  const offRamp = useCreateOffRampMutation(organization.uid);
  // The quote shown, the form's values it was asked for (what Confirm books: never what the form
  // says since), and its Idempotency-Key.
  const [accepted, setAccepted] = useState<{ quote: TQuote; key: string; values: TRampValues } | null>(null);
  // Bumped by every change of the form: a quote asked for before a change is not shown when it comes.
  const edits = useRef(0);
  // Said once to screen readers: a quote's summary when it arrives, "expired" when it expires (the
  // countdown itself is not live: it would be read every second). Keyed, so the same words for a new
  // quote are a new node in the region, and said again.
  const [announcement, setAnnouncement] = useState<{ key: string; text: string } | null>(null);
  const invalid = useFocusFirstInvalid();
  const counterpartyParam = type === 'on_ramp' ? 'walletUid' : 'bankBeneficiaryUid';
  const initialCurrency = search.get('currency');
  // The amount is typed the reader's way ("1.234,56" in pt-BR); the contract checks, and the quote
  // request carries, the decimal string it means ("1234.56").
  const rules = schemaResolverInLanguage(type === 'on_ramp' ? ZOnRampForm : ZOffRampForm);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      providerUid: search.get('providerUid') ?? '',
      currency: (FIAT_CURRENCIES as readonly string[]).includes(initialCurrency ?? '')
        ? (initialCurrency as string)
        : 'BRL',
      counterpartyUid: search.get(counterpartyParam) ?? '',
      network: search.get('network') ?? '',
      amount: '',
      // Off-ramp: paid from an external wallet unless a registered one is chosen.
      sourceWalletUid: '',
    },
    validate: (values) => rules(f.amountValues(values)),
    transformValues: f.amountValues,
    // Any change (amount, provider, currency, wallet or beneficiary, network) makes the quote shown
    // one for other values: it goes, and Confirm with it, until a quote is asked for these.
    onValuesChange: () => {
      edits.current += 1;
      setAccepted(null);
      // Nor is the quote's summary left in the live region, where a screen reader could still find it.
      setAnnouncement(null);
    },
  });

  // An off-ramp is paid from the Safe by default when the Safe, on the quote's network, holds the
  // amount of its stablecoin (until the member chooses otherwise).
  const safeOnNetwork = holdings.data?.wallets.find(
    (wallet) => wallet.kind === 'safe' && wallet.network === form.values.network,
  );
  const safeSymbol = providers.data
    ?.find((candidate) => candidate.uid === form.values.providerUid)
    ?.stablecoins.find((coin) => coin.network === form.values.network)?.symbol;
  const safeHolds = safeOnNetwork?.balances.find((balance) => balance.symbol === safeSymbol)?.amount ?? null;
  const typed = f.amountValues(form.values).amount;
  const safeDefault =
    type === 'off_ramp' &&
    safeHolds !== null &&
    /^\d+(\.\d+)?$/.test(typed) &&
    compareDecimals(safeHolds, typed) >= 0;
  const source = form.values.sourceWalletUid;
  const setField = form.setFieldValue;
  useEffect(() => {
    if (sourceChosen.current) return;
    if (safeDefault && source !== SAFE_SOURCE) setField('sourceWalletUid', SAFE_SOURCE);
    if (!safeDefault && source === SAFE_SOURCE) setField('sourceWalletUid', '');
  }, [safeDefault, source, setField]);

  if (!can(organization.role, 'rails.write')) {
    return <Text c="dimmed">{t('common.writeDenied')}</Text>;
  }
  if (providers.isPending || accounts.isPending || wallets.isPending || beneficiaries.isPending) {
    return <PageSkeleton rows={5} label={type === 'on_ramp' ? t('loading.onRamp') : t('loading.offRamp')} />;
  }
  const active = new Set(
    (accounts.data ?? [])
      .filter((account) => account.status === 'Active')
      .map((account) => account.provider.uid),
  );
  const usable = (providers.data ?? []).filter((provider) => active.has(provider.uid));
  const provider = usable.find((candidate) => candidate.uid === form.values.providerUid);
  const currencies = provider?.fiat.map((fiat) => fiat.currency) ?? [];
  // The provider's limits per transfer in the chosen currency, under the amount (the API holds to
  // them): an on-ramp's amount is that fiat, an off-ramp's is worth it once priced.
  const limits = provider?.fees.find((fee) => fee.currency === form.values.currency);
  const networks = [...new Set(provider?.stablecoins.map((coin) => coin.network) ?? [])];
  const walletOption = (wallet: NonNullable<typeof wallets.data>[number]) => ({
    value: wallet.uid,
    // Named with its network and address: two wallets may share a name.
    label: t('ramp.walletOption', {
      name: wallet.name,
      network: networkOf(wallet.network).name,
      address: shortAddress(wallet.address),
    }),
  });
  // An off-ramp's source: the registered wallets on the network it is quoted on.
  const sourceWalletOptions = (wallets.data ?? [])
    .filter((wallet) => wallet.network === form.values.network)
    .map(walletOption);
  const walletOptions = (wallets.data ?? [])
    .filter((wallet) => networks.includes(wallet.network))
    .map(walletOption);
  const beneficiaryOptions = (beneficiaries.data ?? [])
    .filter((beneficiary) =>
      form.values.currency === 'BRL' ? beneficiary.type === 'PixKey' : beneficiary.type === 'Clabe',
    )
    // Named with the account paid: two beneficiaries may share a name.
    .map((beneficiary) => ({
      value: beneficiary.uid,
      label: t('ramp.beneficiaryOption', {
        name: beneficiary.name,
        account: beneficiary.type === 'Clabe' ? beneficiary.bankAccountNumber : beneficiary.pixKey,
      }),
    }));

  const quoteSummary = (answer: TQuote) =>
    t('quote.summary', {
      send: f.money(answer.sourceAmount, answer.sourceCurrency),
      receive: f.money(answer.targetAmount, answer.targetCurrency),
      rate: t('quote.rate', {
        rate: f.number(answer.rate),
        source: answer.sourceCurrency,
        target: answer.targetCurrency,
      }),
      fees: f.money(answer.fee, answer.feeCurrency),
      seconds: secondsUntil(answer.expiresAt),
    });

  const getQuote = form.onSubmit((values) => {
    const asked = edits.current;
    const network =
      type === 'on_ramp'
        ? ((wallets.data ?? []).find((wallet) => wallet.uid === values.counterpartyUid)?.network ?? '')
        : values.network;
    quote.mutate(
      {
        providerUid: values.providerUid,
        type,
        currency: values.currency as 'BRL' | 'MXN',
        network: network as never,
        amount: values.amount,
      },
      {
        onSuccess: (answer) => {
          // The form changed while the quote was on its way: it is not a quote for what it says.
          if (edits.current !== asked) return;
          setAccepted({ quote: answer, key: crypto.randomUUID(), values });
          setAnnouncement({ key: answer.uid, text: quoteSummary(answer) });
        },
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      },
    );
  }, invalid.onValidationErrors);

  const confirm = () => {
    if (!accepted) return;
    const done = {
      onSuccess: (transfer: { uid: string }) =>
        navigate(paths.org.rails.transaction(organization.slug, transfer.uid)),
      onError: notifyError,
    };
    if (type === 'on_ramp') {
      onRamp.mutate(
        {
          body: { quoteUid: accepted.quote.uid, walletUid: accepted.values.counterpartyUid },
          idempotencyKey: accepted.key,
        },
        done,
      );
    } else {
      offRamp.mutate(
        {
          body: {
            quoteUid: accepted.quote.uid,
            bankBeneficiaryUid: accepted.values.counterpartyUid,
            ...(accepted.values.sourceWalletUid === SAFE_SOURCE
              ? { fromSafe: true }
              : { walletUid: accepted.values.sourceWalletUid || null }),
          },
          idempotencyKey: accepted.key,
        },
        done,
      );
    }
  };

  return (
    <Stack gap="md" maw={560}>
      <PageHeader
        title={type === 'on_ramp' ? t('ramp.onRampTitle') : t('ramp.offRampTitle')}
        description={type === 'on_ramp' ? t('ramp.onRampDescription') : t('ramp.offRampDescription')}
      />
      {usable.length === 0 ? <Text size="sm">{t('ramp.noActiveAccount')}</Text> : null}
      <form
        ref={invalid.formRef}
        onSubmit={getQuote}
        noValidate
        aria-label={type === 'on_ramp' ? t('ramp.onRampTitle') : t('ramp.offRampTitle')}
      >
        <Stack gap="sm">
          {/* Native selects: type-ahead, the phone's own picker, no script to open them. */}
          <NativeSelect
            label={t('common.provider')}
            required
            {...form.getInputProps('providerUid')}
            {...choices(
              form.values.providerUid,
              usable.map((candidate) => ({ value: candidate.uid, label: candidate.name })),
              t('onboard.providerPlaceholder'),
            )}
            onChange={(event) => {
              const value = event.currentTarget.value;
              form.setFieldValue('providerUid', value);
              const next = usable.find((candidate) => candidate.uid === value);
              if (next?.fiat[0]) form.setFieldValue('currency', next.fiat[0].currency);
            }}
          />
          <NativeSelect
            label={t('common.currency')}
            required
            {...form.getInputProps('currency')}
            {...choices(
              form.values.currency,
              (currencies.length > 0 ? currencies : [...FIAT_CURRENCIES]).map((code) => ({
                value: code,
                label: code,
              })),
              t('ramp.currencyPlaceholder'),
              { always: false },
            )}
          />
          {type === 'on_ramp' ? (
            <NativeSelect
              label={t('ramp.targetWallet')}
              required
              {...form.getInputProps('counterpartyUid')}
              {...choices(form.values.counterpartyUid, walletOptions, t('ramp.walletPlaceholder'))}
            />
          ) : (
            <>
              <NativeSelect
                label={t('ramp.bankBeneficiary')}
                required
                {...form.getInputProps('counterpartyUid')}
                {...choices(
                  form.values.counterpartyUid,
                  beneficiaryOptions,
                  t('ramp.beneficiaryPlaceholder'),
                )}
              />
              <NativeSelect
                label={t('common.network')}
                required
                {...form.getInputProps('network')}
                {...choices(
                  form.values.network,
                  networks.map((network) => ({ value: network, label: networkOf(network).name })),
                  t('ramp.networkPlaceholder'),
                )}
              />
              <NativeSelect
                label={t('ramp.sourceWallet')}
                description={t('ramp.sourceWalletDescription')}
                {...form.getInputProps('sourceWalletUid')}
                {...choices(
                  form.values.sourceWalletUid,
                  [
                    ...(safeOnNetwork
                      ? [
                          {
                            value: SAFE_SOURCE,
                            label:
                              safeHolds !== null && safeSymbol
                                ? t('ramp.safeSourceHolds', { amount: f.money(safeHolds, safeSymbol) })
                                : t('ramp.safeSource'),
                          },
                        ]
                      : []),
                    { value: '', label: t('ramp.externalWallet') },
                    ...sourceWalletOptions,
                  ],
                  t('ramp.walletPlaceholder'),
                  { always: false },
                )}
                onChange={(event) => {
                  sourceChosen.current = true;
                  form.setFieldValue('sourceWalletUid', event.currentTarget.value);
                }}
              />
              {form.values.sourceWalletUid === SAFE_SOURCE ? (
                <Text size="sm" c="dimmed">
                  {t('ramp.safeSourceNote')}
                </Text>
              ) : null}
            </>
          )}
          <TextInput
            label={
              type === 'on_ramp'
                ? t('ramp.amountIn', { currency: form.values.currency })
                : t('ramp.amountStablecoin')
            }
            description={
              limits
                ? t(type === 'on_ramp' ? 'offer.limitValue' : 'ramp.limitWorth', limitValues(f, limits))
                : undefined
            }
            inputMode="decimal"
            required
            {...form.getInputProps('amount')}
          />
          <Button type="submit" loading={quote.isPending} variant={accepted ? 'default' : 'filled'}>
            {t('ramp.getQuote')}
          </Button>
        </Stack>
      </form>
      {accepted ? (
        <QuoteCard
          quote={accepted.quote}
          confirming={onRamp.isPending || offRamp.isPending}
          onConfirm={confirm}
          onRequote={() => getQuote()}
          onExpired={() =>
            setAnnouncement({ key: `${accepted.quote.uid}-expired`, text: t('quote.expired') })
          }
        />
      ) : null}
      <div role="status" style={visuallyHidden}>
        {announcement ? <span key={announcement.key}>{announcement.text}</span> : null}
      </div>
    </Stack>
  );
}
