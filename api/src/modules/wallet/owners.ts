import { codedMessage, SAFE_SENTINEL_ADDRESS } from '@dash/shared/contracts';
import { type Address, getAddress, zeroAddress } from 'viem';
import { AppError, type TAppMessage } from '../../http/errors';
import type { WalletChainAccess } from './chain';
import type { SignerRow } from './repo';
import { type SafeDeploymentConfig, saltNonceFor } from './safe';

/*
 * The Safe's owners as the signers make them: the rules they must keep to be deployed, and the
 * configuration they would be deployed with (read by get-wallet for the predicted addresses and by
 * request-deploy for the real thing).
 */

/** A rule the signers break, as a 4xx on `owners` (the form shows the message as it is). */
export const ownersProblem = (code: 'CONFLICT' | 'VALIDATION', message: TAppMessage) =>
  new AppError(code, message, { owners: message });

/**
 * The owners a deployment would get, in proposal order, or the rule they break: at least one
 * signer, every signer Ready, no address twice, none Safe refuses (zero, sentinel).
 */
export function ownersOf(signers: SignerRow[]): { owners: Address[] } | { problem: AppError } {
  if (signers.length === 0)
    return { problem: new AppError('CONFLICT', codedMessage('messages.signersRequired')) };
  if (signers.some((signer) => !signer.ethAddress)) {
    return { problem: new AppError('CONFLICT', codedMessage('messages.signingDevicesRequired')) };
  }
  const owners = signers.map((signer) => getAddress(signer.ethAddress as string));
  if (owners.some((owner) => owner === zeroAddress)) {
    return { problem: ownersProblem('VALIDATION', codedMessage('messages.zeroAddress')) };
  }
  if (owners.some((owner) => owner === getAddress(SAFE_SENTINEL_ADDRESS))) {
    return { problem: ownersProblem('VALIDATION', codedMessage('messages.safeReservedAddress')) };
  }
  if (new Set(owners).size !== owners.length) {
    return { problem: ownersProblem('VALIDATION', codedMessage('messages.signingDeviceShared')) };
  }
  return { owners };
}

/** The configuration a deployment of these owners gets on this chain. */
export function configFor(
  chain: WalletChainAccess,
  organizationUid: string,
  owners: Address[],
  threshold: number,
): SafeDeploymentConfig {
  return {
    chainId: chain.info.id,
    owners,
    threshold,
    saltNonce: saltNonceFor(organizationUid),
    ...chain.contracts,
  };
}
