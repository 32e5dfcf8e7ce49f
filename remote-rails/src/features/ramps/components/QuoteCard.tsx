import { Trans, useFormat, useT } from '@dash/shared';
import type { TQuote } from '@dash/shared/api';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export const secondsUntil = (expiresAt: string) =>
  Math.max(0, Math.ceil((new Date(expiresAt).getTime() - Date.now()) / 1000));

/** Seconds until the quote expires, ticking each second (0 once expired). */
function useSecondsLeft(expiresAt: string): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(expiresAt));
  useEffect(() => {
    setSeconds(secondsUntil(expiresAt));
    const timer = setInterval(() => setSeconds(secondsUntil(expiresAt)), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return seconds;
}

/**
 * A quote: rate, fees, amount delivered and its countdown; Confirm until it expires. The countdown
 * is not a live region (it would be read every second): the page announces the quote when it
 * arrives and `onExpired` when it expires.
 */
export function QuoteCard({
  quote,
  confirming,
  onConfirm,
  onRequote,
  onExpired,
}: {
  quote: TQuote;
  confirming: boolean;
  onConfirm: () => void;
  onRequote: () => void;
  onExpired?: () => void;
}) {
  const { t } = useT('rails');
  const f = useFormat();
  const seconds = useSecondsLeft(quote.expiresAt);
  const expired = seconds === 0;
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;
  useEffect(() => {
    if (expired) onExpiredRef.current?.();
  }, [expired]);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('quote.label')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('quote.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="quote.youSend"
              values={{ amount: f.money(quote.sourceAmount, quote.sourceCurrency) }}
              components={{ strong: <strong /> }}
            />
          </Text>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="quote.youReceive"
              values={{ amount: f.money(quote.targetAmount, quote.targetCurrency) }}
              components={{ strong: <strong /> }}
            />
          </Text>
          <Text size="sm">
            {t('quote.rate', {
              rate: f.number(quote.rate),
              source: quote.sourceCurrency,
              target: quote.targetCurrency,
            })}
          </Text>
          <Text size="sm">{t('quote.fees', { amount: f.money(quote.fee, quote.feeCurrency) })}</Text>
        </SimpleGrid>
        <Text size="sm" c={expired ? 'red' : 'dimmed'}>
          {expired ? t('quote.expired') : t('quote.expiresIn', { seconds })}
        </Text>
        <Group>
          {expired ? (
            <Button onClick={onRequote}>{t('quote.newQuote')}</Button>
          ) : (
            <Button onClick={onConfirm} loading={confirming}>
              {t('quote.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
