import { paths, useT } from '@dash/shared';
import { Button, type ButtonProps } from '@mantine/core';
import { Link } from 'react-router';

/**
 * Takes a signer who already set a signing device to the Set Signing Device page to choose another
 * (until deployment is requested: the API refuses it after).
 */
export function ChangeSigningDeviceButton({
  organizationSlug,
  size = 'xs',
  variant = 'subtle',
}: {
  organizationSlug: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const { t } = useT('wallet');
  return (
    <Button
      component={Link}
      to={paths.org.wallet.signingDevice(organizationSlug)}
      size={size}
      variant={variant}
    >
      {t('signers.changeDevice')}
    </Button>
  );
}
