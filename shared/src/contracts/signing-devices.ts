import { ZIsoDateTime, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { getAddress, isAddress } from 'viem/utils';
import { ZERO_ADDRESS, ZERO_ADDRESS_MESSAGE } from './counterparties';
import { SAFE_RESERVED_ADDRESS_MESSAGE, SAFE_SENTINEL_ADDRESS } from './wallet';

export const INVALID_ETH_ADDRESS = 'Invalid Ethereum address';
export const SIGNING_DEVICE_NAME_REQUIRED = 'Name is required';
export const SIGNING_DEVICE_NAME_MAX = 64;
export const SIGNING_DEVICE_DUPLICATE_MESSAGE = 'You already registered a signing device with this address';

/**
 * 0x and 40 hex digits. An address in one case (all lower or all upper) carries no checksum;
 * a mixed-case one must pass its EIP-55 checksum, so a mistyped character is caught.
 */
export function isValidEthAddress(value: string): boolean {
  if (!isAddress(value, { strict: false })) return false;
  const digits = value.slice(2);
  const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  return oneCase || getAddress(value) === value;
}

/**
 * An Ethereum address, trimmed, validated and given in its EIP-55 checksum form. Not the zero
 * address (no key signs for it) nor Safe's sentinel (address 1): a Safe refuses both as owners, so
 * they are refused here rather than when the wallet is deployed, where the signer would already
 * show as ready.
 */
export const ZEthAddress = z
  .string({ message: INVALID_ETH_ADDRESS })
  .trim()
  .refine(isValidEthAddress, { message: INVALID_ETH_ADDRESS })
  .refine((value) => value.toLowerCase() !== ZERO_ADDRESS, { message: ZERO_ADDRESS_MESSAGE, abort: true })
  .refine((value) => value.toLowerCase() !== SAFE_SENTINEL_ADDRESS, {
    message: SAFE_RESERVED_ADDRESS_MESSAGE,
    abort: true,
  })
  .transform((value) => getAddress(value));

export const ZCreateSigningDeviceRequest = z.strictObject({
  name: z
    .string({ message: SIGNING_DEVICE_NAME_REQUIRED })
    .trim()
    .min(1, { message: SIGNING_DEVICE_NAME_REQUIRED })
    .max(SIGNING_DEVICE_NAME_MAX, { message: `Name must be at most ${SIGNING_DEVICE_NAME_MAX} characters` }),
  ethAddress: ZEthAddress,
});
export type TCreateSigningDeviceRequest = z.input<typeof ZCreateSigningDeviceRequest>;

export const ZSigningDevice = z.object({
  uid: ZUid,
  name: z.string(),
  ethAddress: z.string(),
  createdAt: ZIsoDateTime,
});
export type TSigningDevice = z.infer<typeof ZSigningDevice>;

export const ZSigningDeviceResponse = z.object({ data: ZSigningDevice });
export type TSigningDeviceResponse = z.infer<typeof ZSigningDeviceResponse>;

export const ZSigningDevicesResponse = z.object({ data: z.array(ZSigningDevice) });
export type TSigningDevicesResponse = z.infer<typeof ZSigningDevicesResponse>;
