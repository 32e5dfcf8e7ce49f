import type { TQuote } from '@dash/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';

const secondsUntil = (expiresAt: string) =>
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

/** A quote: rate, fees, amount delivered and its countdown; Confirm until it expires. */
export function QuoteCard({
  quote,
  confirming,
  onConfirm,
  onRequote,
}: {
  quote: TQuote;
  confirming: boolean;
  onConfirm: () => void;
  onRequote: () => void;
}) {
  const seconds = useSecondsLeft(quote.expiresAt);
  const expired = seconds === 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Quote">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Quote
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Text size="sm">
            You send:{' '}
            <strong>
              {quote.sourceAmount} {quote.sourceCurrency}
            </strong>
          </Text>
          <Text size="sm">
            You receive:{' '}
            <strong>
              {quote.targetAmount} {quote.targetCurrency}
            </strong>
          </Text>
          <Text size="sm">Rate: {quote.rate}</Text>
          <Text size="sm">
            Fees: {quote.fee} {quote.feeCurrency}
          </Text>
        </SimpleGrid>
        <Text size="sm" c={expired ? 'red' : 'dimmed'} aria-live="polite">
          {expired ? 'This quote has expired. Get a new quote to continue.' : `Expires in ${seconds} s`}
        </Text>
        <Group>
          {expired ? (
            <Button onClick={onRequote}>Get a new quote</Button>
          ) : (
            <Button onClick={onConfirm} loading={confirming}>
              Confirm
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
