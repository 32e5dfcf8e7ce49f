import { coded, deferred, english, ZIsoDateTime, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { getAddress, isAddress } from 'viem/utils';
import { ZERO_ADDRESS } from './counterparties';
import { SAFE_SENTINEL_ADDRESS } from './wallet';

export const INVALID_ETH_ADDRESS = english('messages.invalidEthereumAddress');
export const SIGNING_DEVICE_NAME_REQUIRED = english('messages.nameRequired');
export const SIGNING_DEVICE_NAME_MAX = 64;
export const SIGNING_DEVICE_DUPLICATE_MESSAGE = english('messages.signingDeviceDuplicate');
export const SIGNING_DEVICE_SIGNATURE_MALFORMED = english('messages.signingDeviceSignatureMalformed');
export const SIGNING_DEVICE_CHALLENGE_INVALID = english('messages.signingDeviceChallengeInvalid');
export const SIGNING_DEVICE_SIGNATURE_MISMATCH = english('messages.signingDeviceSignatureMismatch');
export const SIGNING_DEVICE_PROOF_REQUIRED = english('messages.signingDeviceProofRequired');
/** How long a challenge can be signed. */
export const SIGNING_DEVICE_CHALLENGE_TTL_MS = 10 * 60_000;

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
export const ZEthAddress = deferred(() =>
  z
    .string(coded('messages.invalidEthereumAddress'))
    .trim()
    .refine(isValidEthAddress, coded('messages.invalidEthereumAddress'))
    .refine((value) => value.toLowerCase() !== ZERO_ADDRESS, {
      ...coded('messages.zeroAddress'),
      abort: true,
    })
    .refine((value) => value.toLowerCase() !== SAFE_SENTINEL_ADDRESS, {
      ...coded('messages.safeReservedAddress'),
      abort: true,
    })
    .transform((value) => getAddress(value)),
);

/**
 * Proof that the browser's wallet (or a hardware wallet) holds the device's key: the EIP-191
 * personal_sign signature of a one-time challenge the API gave for this user and address.
 */
export const ZSigningDeviceProof = deferred(() =>
  z.strictObject(
    {
      challengeUid: ZUid,
      /** 65 bytes, hex. */
      signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, coded('messages.signingDeviceSignatureMalformed')),
    },
    {
      error: (issue) =>
        issue.input === undefined ? coded('messages.signingDeviceProofRequired').error(issue) : undefined,
    },
  ),
);
export type TSigningDeviceProof = z.infer<typeof ZSigningDeviceProof>;

/**
 * | Call | Who | Answer |
 * |---|---|---|
 * | POST profile/signing-devices/challenges {ethAddress} | the signed-in user | 201 {data: TSigningDeviceChallenge} |
 * | POST profile/signing-devices {name, ethAddress, proof} | the signed-in user | 201 {data: TSigningDevice}, verified |
 * | POST profile/signing-devices/{uid}/verification {challengeUid, signature} | the device's owner | 200 {data: TSigningDevice} |
 *
 * A device is stored only with its proof; one registered before proofs existed is unverified until
 * its owner verifies it. A missing proof, or one whose challenge is unknown, another user's or
 * address's, used or expired, or whose signature does not recover the address, is a 400 under
 * `proof`/`signature`; nothing is stored.
 */
export const ZSigningDeviceChallengeRequest = deferred(() => z.strictObject({ ethAddress: ZEthAddress }));
export const ZSigningDeviceChallenge = deferred(() =>
  z.object({
    uid: ZUid,
    /** The exact text to sign with personal_sign (EIP-191). */
    message: z.string(),
    expiresAt: ZIsoDateTime,
  }),
);
export type TSigningDeviceChallenge = z.infer<typeof ZSigningDeviceChallenge>;
export const ZSigningDeviceChallengeResponse = deferred(() => z.object({ data: ZSigningDeviceChallenge }));

export const ZCreateSigningDeviceRequest = deferred(() =>
  z.strictObject({
    name: z
      .string(coded('messages.nameRequired'))
      .trim()
      .min(1, coded('messages.nameRequired'))
      .max(SIGNING_DEVICE_NAME_MAX, coded('messages.nameTooLong')),
    ethAddress: ZEthAddress,
    /** Required: a browser's wallet or a hardware wallet (the address typed) signs the same challenge. */
    proof: ZSigningDeviceProof,
  }),
);
/** The form's fields: the proof is asked for once they are valid. */
export const ZNewSigningDeviceForm = deferred(() => ZCreateSigningDeviceRequest.omit({ proof: true }));
export type TCreateSigningDeviceRequest = z.input<typeof ZCreateSigningDeviceRequest>;

export const ZVerifySigningDeviceRequest = ZSigningDeviceProof;
export const ZSigningDeviceParams = deferred(() => z.object({ signingDeviceUid: ZUid }));

export const ZSigningDevice = deferred(() =>
  z.object({
    uid: ZUid,
    name: z.string(),
    ethAddress: z.string(),
    /** When its owner proved they hold its key; null: unverified. */
    verifiedAt: ZIsoDateTime.nullable(),
    createdAt: ZIsoDateTime,
  }),
);
export type TSigningDevice = z.infer<typeof ZSigningDevice>;

export const ZSigningDeviceResponse = deferred(() => z.object({ data: ZSigningDevice }));
export type TSigningDeviceResponse = z.infer<typeof ZSigningDeviceResponse>;

export const ZSigningDevicesResponse = deferred(() => z.object({ data: z.array(ZSigningDevice) }));
export type TSigningDevicesResponse = z.infer<typeof ZSigningDevicesResponse>;
