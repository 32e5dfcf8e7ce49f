import { Stack, Text, Title } from '@mantine/core';

/** Documents and KYB exist as routes; their content is not specified yet. */
function RouteOnlyPage({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
    </Stack>
  );
}

export const DocumentsPage = () => (
  <RouteOnlyPage title="Documents" text="Your organization's documents will be listed here." />
);

export const KybPage = () => (
  <RouteOnlyPage
    title="Business verification (KYB)"
    text="Identity verification for your business will open here."
  />
);
