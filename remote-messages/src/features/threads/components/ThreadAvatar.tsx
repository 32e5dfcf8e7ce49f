import { useT } from '@dash/shared';
import type { TThread } from '@dash/shared/api';
import { Avatar } from '@mantine/core';
import { initials } from '../format';

/**
 * The provider's image, else the first two letters of its name. Hidden from assistive technology:
 * the name is always written beside it, and the initials began every conversation's link name
 * ("CI USDC settlement report…").
 */
export function ThreadAvatar({ provider, size = 36 }: { provider: TThread['provider']; size?: number }) {
  const { t } = useT('messages');
  const name = provider?.name ?? t('thread.unknownProvider');
  return (
    <Avatar
      src={provider?.imageUrl ?? null}
      alt={name}
      size={size}
      radius="xl"
      color="teal"
      aria-hidden="true"
    >
      {initials(name)}
    </Avatar>
  );
}
