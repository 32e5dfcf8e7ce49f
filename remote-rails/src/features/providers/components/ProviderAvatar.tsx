import { Avatar } from '@mantine/core';

/** A provider's logo; without one, the first two letters of its name (spec section 3). */
export function ProviderAvatar({
  name,
  logoUrl,
  size = 'md',
}: {
  name: string;
  logoUrl: string | null;
  size?: string;
}) {
  return (
    <Avatar src={logoUrl} alt={name} size={size} radius="sm" color="blue">
      {name.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}
