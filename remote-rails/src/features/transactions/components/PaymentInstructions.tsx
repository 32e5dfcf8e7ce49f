import { Trans, useFormat, useT } from '@dash/shared';
import { networkOf, type TTransferInstructions } from '@dash/shared/api';
import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useT('rails');
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
      {copied ? t('instructions.copied') : label}
    </Button>
  );
}

/** A QR image of a text (a Pix BR Code, an EIP-681 payment request), drawn here. */
function Qr({ value, alt }: { value: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toDataURL(value, { margin: 1, width: 220 }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [value]);
  return src ? <img src={src} alt={alt} width={220} height={220} /> : null;
}

/** Where to send the money the provider waits for: Pix BR Code, SPEI CLABE, or a deposit address. */
export function PaymentInstructions({ instructions }: { instructions: TTransferInstructions }) {
  const { t } = useT('rails');
  const f = useFormat();
  const strong = { strong: <strong /> };
  return (
    <Paper withBorder p="md" radius="md" aria-label={t('instructions.label')} component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {instructions.kind === 'crypto' ? t('instructions.sendStablecoin') : t('instructions.payWithBank')}
        </Title>
        {instructions.kind === 'pix' ? (
          <>
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="instructions.pix"
                values={{ amount: f.money(instructions.amount, 'BRL'), txid: instructions.txid }}
                components={strong}
              />
            </Text>
            <Qr value={instructions.brCode} alt={t('instructions.qrAlt')} />
            <Text size="sm" fw={500}>
              {t('instructions.brCode')}
            </Text>
            <Code
              block
              style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
              aria-label={t('instructions.brCode')}
            >
              {instructions.brCode}
            </Code>
            <Group>
              <CopyButton value={instructions.brCode} label={t('instructions.copyBrCode')} />
            </Group>
          </>
        ) : instructions.kind === 'spei' ? (
          <>
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="instructions.spei"
                values={{
                  amount: f.money(instructions.amount, 'MXN'),
                  beneficiary: instructions.beneficiary,
                }}
                components={strong}
              />
            </Text>
            <Text size="sm">
              {t('instructions.clabe')}{' '}
              <Code aria-label={t('beneficiaries.clabe')}>{instructions.clabe}</Code>{' '}
              <CopyButton value={instructions.clabe} label={t('instructions.copyClabe')} />
            </Text>
            <Text size="sm">
              {t('instructions.reference')}{' '}
              <Code aria-label={t('instructions.speiReference')}>{instructions.reference}</Code>
            </Text>
          </>
        ) : (
          <>
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="instructions.crypto"
                values={{
                  amount: f.money(instructions.amount, instructions.symbol),
                  network: networkOf(instructions.network).name,
                }}
                components={strong}
              />
            </Text>
            <Code block style={{ wordBreak: 'break-all' }} aria-label={t('instructions.depositAddress')}>
              {instructions.address}
            </Code>
            <Group>
              <CopyButton value={instructions.address} label={t('instructions.copyAddress')} />
            </Group>
            {instructions.paymentUri ? (
              <>
                <Qr value={instructions.paymentUri} alt={t('instructions.paymentQrAlt')} />
                <Text size="sm" fw={500}>
                  {t('instructions.paymentUri')}
                </Text>
                <Code block style={{ wordBreak: 'break-all' }} aria-label={t('instructions.paymentUri')}>
                  {instructions.paymentUri}
                </Code>
                <Group>
                  <CopyButton value={instructions.paymentUri} label={t('instructions.copyPaymentUri')} />
                  <Button component="a" href={instructions.paymentUri} size="xs" variant="light">
                    {t('instructions.openInWallet')}
                  </Button>
                </Group>
              </>
            ) : null}
            {instructions.memo ? (
              <Text size="sm">
                {t('instructions.memo')} <Code>{instructions.memo}</Code>
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
