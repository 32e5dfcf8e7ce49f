import { type TThread, UNKNOWN_PROVIDER_NAME } from '@dash/shared';
import { Avatar } from '@mantine/core';
import { initials } from '../format';

/** The provider's image, else the first two letters of its name. */
export function ThreadAvatar({ provider, size = 36 }: { provider: TThread['provider']; size?: number }) {
  const name = provider?.name ?? UNKNOWN_PROVIDER_NAME;
  return (
    <Avatar src={provider?.imageUrl ?? null} alt={name} size={size} radius="xl" color="teal">
      {initials(name)}
    </Avatar>
  );
}
