import { useDevMailboxQuery } from '@dash/shared';
import { Alert, Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';

/** The local outbox: mails the API would have sent, newest first (development only). */
export function DevMailboxPage() {
  const mailbox = useDevMailboxQuery();
  return (
    <Container component="main" size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Local outbox</Title>
        <Text c="dimmed" size="sm">
          With no SMTP server configured, mails land here instead of an inbox.
        </Text>
        {mailbox.isError && (
          <Alert color="yellow" title="The outbox is off">
            Mail is sent through SMTP, or this is a production server.
          </Alert>
        )}
        {mailbox.data?.length === 0 && <Text>No mail yet.</Text>}
        {mailbox.data?.map((mail) => (
          <Card
            key={`${mail.sentAt}-${mail.to}-${mail.subject}`}
            withBorder
            aria-label={`Mail to ${mail.to}`}
          >
            <Text size="xs" c="dimmed">
              {new Date(mail.sentAt).toLocaleString()} · to {mail.to}
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
