import { networkOf, type TTransferInstructions } from '@dash/shared';
import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        })
      }
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}

/** The Pix BR Code's QR image (drawn here from the copy-and-paste text). */
function PixQr({ brCode }: { brCode: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toDataURL(brCode, { margin: 1, width: 220 }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [brCode]);
  return src ? <img src={src} alt="Pix QR code" width={220} height={220} /> : null;
}

/** Where to send the money the provider waits for: Pix BR Code, SPEI CLABE, or a deposit address. */
export function PaymentInstructions({ instructions }: { instructions: TTransferInstructions }) {
  return (
    <Paper withBorder p="md" radius="md" aria-label="Payment instructions" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {instructions.kind === 'crypto' ? 'Send the stablecoin' : 'Pay with your bank'}
        </Title>
        {instructions.kind === 'pix' ? (
          <>
            <Text size="sm">
              Pay exactly <strong>{instructions.amount} BRL</strong> with Pix: scan the QR code or paste the
              BR Code in your bank's app (txid {instructions.txid}).
            </Text>
            <PixQr brCode={instructions.brCode} />
            <Text size="sm" fw={500}>
              Pix BR Code
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} aria-label="Pix BR Code">
              {instructions.brCode}
            </Code>
            <Group>
              <CopyButton value={instructions.brCode} label="Copy BR Code" />
            </Group>
          </>
        ) : instructions.kind === 'spei' ? (
          <>
            <Text size="sm">
              Send exactly <strong>{instructions.amount} MXN</strong> by SPEI to {instructions.beneficiary}.
            </Text>
            <Text size="sm">
              CLABE: <Code aria-label="CLABE">{instructions.clabe}</Code>{' '}
              <CopyButton value={instructions.clabe} label="Copy CLABE" />
            </Text>
            <Text size="sm">
              Reference: <Code aria-label="SPEI reference">{instructions.reference}</Code>
            </Text>
          </>
        ) : (
          <>
            <Text size="sm">
              Send exactly{' '}
              <strong>
                {instructions.amount} {instructions.symbol}
              </strong>{' '}
              on {networkOf(instructions.network).name} to the provider's deposit address:
            </Text>
            <Code block style={{ wordBreak: 'break-all' }} aria-label="Deposit address">
              {instructions.address}
            </Code>
            <Group>
              <CopyButton value={instructions.address} label="Copy address" />
            </Group>
            {instructions.memo ? (
              <Text size="sm">
                Memo: <Code>{instructions.memo}</Code>
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
