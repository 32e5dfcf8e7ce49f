import { randomBytes } from 'node:crypto';
import {
  codedMessage,
  SIGNING_DEVICE_CHALLENGE_TTL_MS,
  type TSigningDeviceChallenge,
  type TSigningDeviceProof,
  type TUser,
} from '@dash/shared/contracts';
import { type Hex, recoverMessageAddress } from 'viem';
import type { Database } from '../../db/client';
import { AppError, type TAppMessage } from '../../http/errors';
import { insertChallenge, lockChallenge, markChallengeUsed } from './repo';

// The proof that a user holds a signing device's key: a one-time challenge (for one user and
// address, until it expires) that their wallet signs with personal_sign (EIP-191); the API recovers
// the signer from the exact text it gave and takes the proof once, in the transaction that stores
// what it proves.

/** The text a wallet shows and signs: what it is for, the address, the account, a nonce and the expiry. */
export function challengeMessage(values: {
  uid: string;
  ethAddress: string;
  email: string;
  nonce: string;
  expiresAt: Date;
}): string {
  return [
    'Dash asks you to prove you hold this key, to use it as a signing device.',
    'Signing costs nothing and sends no transaction.',
    '',
    `Address: ${values.ethAddress}`,
    `Account: ${values.email}`,
    `Challenge: ${values.uid}`,
    `Nonce: ${values.nonce}`,
    `Expires: ${values.expiresAt.toISOString()}`,
  ].join('\n');
}

export async function createChallenge(
  db: Database,
  user: TUser,
  ethAddress: string,
  now: Date,
): Promise<TSigningDeviceChallenge> {
  const uid = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + SIGNING_DEVICE_CHALLENGE_TTL_MS);
  const message = challengeMessage({
    uid,
    ethAddress,
    email: user.email,
    nonce: randomBytes(16).toString('hex'),
    expiresAt,
  });
  await insertChallenge(db, { uid, userUid: user.uid, ethAddress, message, expiresAt });
  return { uid, message, expiresAt: expiresAt.toISOString() };
}

const refused = (field: 'proof' | 'signature', message: TAppMessage) =>
  new AppError('VALIDATION', message, { [field]: message });

/**
 * Takes the proof for `ethAddress` (in the caller's transaction): the challenge must be this user's,
 * for this address, unused and unexpired, and the signature must recover the address. Throws a 400
 * naming what is wrong; on success the challenge is used up.
 */
export async function consumeProof(
  tx: Database,
  user: TUser,
  ethAddress: string,
  proof: TSigningDeviceProof,
  now: Date,
): Promise<void> {
  const challenge = await lockChallenge(tx, proof.challengeUid);
  if (
    !challenge ||
    challenge.userUid !== user.uid ||
    challenge.ethAddress !== ethAddress ||
    challenge.usedAt !== null ||
    challenge.expiresAt <= now
  ) {
    throw refused('proof', codedMessage('messages.signingDeviceChallengeInvalid'));
  }
  let signer: string;
  try {
    signer = await recoverMessageAddress({ message: challenge.message, signature: proof.signature as Hex });
  } catch {
    throw refused('signature', codedMessage('messages.signingDeviceSignatureMalformed'));
  }
  if (signer !== ethAddress)
    throw refused('signature', codedMessage('messages.signingDeviceSignatureMismatch'));
  await markChallengeUsed(tx, challenge.uid, now);
}
