import { useFormat, useT } from '@dash/shared';
import { Alert, Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useDevMailboxQuery } from '../api/get-dev-mailbox';

/** The local outbox: mails the API would have sent, newest first (development only). */
export function DevMailboxPage() {
  const { t } = useT('shell');
  const format = useFormat();
  const mailbox = useDevMailboxQuery();
  return (
    <Container component="main" size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('devMailbox.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('devMailbox.intro')}
        </Text>
        {mailbox.isError && (
          <Alert color="yellow" title={t('devMailbox.offTitle')}>
            {t('devMailbox.offBody')}
          </Alert>
        )}
        {mailbox.data?.length === 0 && <Text>{t('devMailbox.empty')}</Text>}
        {mailbox.data?.map((mail) => (
          <Card
            key={`${mail.sentAt}-${mail.to}-${mail.subject}`}
            withBorder
            aria-label={t('devMailbox.mailTo', { to: mail.to })}
          >
            <Text size="xs" c="dimmed">
              {format.dateTime(mail.sentAt)} · {t('devMailbox.to', { to: mail.to })}
            </Text>
            <Text fw={600}>{mail.subject}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {mail.text}
            </Text>
            {mail.links.map((link) => (
              <Anchor key={link} href={link} size="sm">
                {link}
              </Anchor>
            ))}
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
