import { randomUUID } from 'node:crypto';
import {
  INVALID_ETH_ADDRESS,
  SIGNING_DEVICE_CHALLENGE_INVALID,
  SIGNING_DEVICE_DUPLICATE_MESSAGE,
  SIGNING_DEVICE_PROOF_REQUIRED,
  SIGNING_DEVICE_SIGNATURE_MALFORMED,
  SIGNING_DEVICE_SIGNATURE_MISMATCH,
  ZERO_ADDRESS,
  ZERO_ADDRESS_MESSAGE,
  ZSigningDeviceChallengeResponse,
  ZSigningDeviceResponse,
  ZSigningDevicesResponse,
} from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { auditEvents, signingDeviceChallenges, signingDevices } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';

// The EIP-55 reference vector, and the same address with one letter's case flipped.
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

/** A proof of the right shape for no challenge: what the address and name rules see past. */
const NO_CHALLENGE = { challengeUid: randomUUID(), signature: `0x${'11'.repeat(65)}` };

describe('signing devices', () => {
  it('stores an all-lowercase address in checksum form and lists it', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app);
    const key = privateKeyToAccount(generatePrivateKey());
    const challenge = await challengeFor(app, ada.cookie, key.address.toLowerCase());

    const created = await call(app, 'POST', '/profile/signing-devices', {
      cookie: ada.cookie,
      body: {
        name: ' Ledger ',
        ethAddress: key.address.toLowerCase(),
        proof: {
          challengeUid: challenge.uid,
          signature: await key.signMessage({ message: challenge.message }),
        },
      },
    });

    expect(created.statusCode).toBe(201);
    const device = ZSigningDeviceResponse.parse(created.json()).data;
    expect(device).toMatchObject({ name: 'Ledger', ethAddress: key.address });
    const [row] = await db.select().from(signingDevices);
    expect(row?.ethAddress).toBe(key.address);
    const listed = await call(app, 'GET', '/profile/signing-devices', { cookie: ada.cookie });
    expect(ZSigningDevicesResponse.parse(listed.json()).data).toEqual([device]);
  });

  it('refuses a device without a proof, typed address or not, with 400 under `proof`, storing nothing', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app);

    const response = await call(app, 'POST', '/profile/signing-devices', {
      cookie: ada.cookie,
      body: { name: 'Ledger', ethAddress: CHECKSUMMED },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION',
      message: SIGNING_DEVICE_PROOF_REQUIRED,
      messageCode: 'messages.signingDeviceProofRequired',
      fields: { proof: SIGNING_DEVICE_PROOF_REQUIRED },
      fieldCodes: { proof: { code: 'messages.signingDeviceProofRequired' } },
      requestId: response.headers['x-request-id'],
    });
    expect(await db.select().from(signingDevices)).toEqual([]);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.subjectType, 'signing_device'))).toEqual(
      [],
    );
  });

  it.each([
    ['too short', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea'],
    ['without 0x', CHECKSUMMED.slice(2)],
    ['not hex', '0xZZaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['a mixed-case address with a bad checksum', BAD_CHECKSUM],
  ])(
    'refuses an address %s with 400 and "Invalid Ethereum address" under the field',
    async (_case, ethAddress) => {
      const { app, db } = await createTestApp();
      const ada = await signInUser(app);

      const response = await call(app, 'POST', '/profile/signing-devices', {
        cookie: ada.cookie,
        body: { name: 'Ledger', ethAddress, proof: NO_CHALLENGE },
      });

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        requestId: response.headers['x-request-id'],
        code: 'VALIDATION',
        message: INVALID_ETH_ADDRESS,
        messageCode: 'messages.invalidEthereumAddress',
        fields: { ethAddress: INVALID_ETH_ADDRESS },
        fieldCodes: { ethAddress: { code: 'messages.invalidEthereumAddress' } },
      });
      expect(await db.select().from(signingDevices)).toEqual([]);
    },
  );

  it('refuses the zero address with 400 under the field: a Safe cannot take it as an owner', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app);
    const response = await call(app, 'POST', '/profile/signing-devices', {
      cookie: ada.cookie,
      body: { name: 'Ledger', ethAddress: ZERO_ADDRESS, proof: NO_CHALLENGE },
    });
    expect(response.json().error).toEqual({
      requestId: response.headers['x-request-id'],
      code: 'VALIDATION',
      message: ZERO_ADDRESS_MESSAGE,
      messageCode: 'messages.zeroAddress',
      fields: { ethAddress: ZERO_ADDRESS_MESSAGE },
      fieldCodes: { ethAddress: { code: 'messages.zeroAddress' } },
    });
    expect(await db.select().from(signingDevices)).toEqual([]);
  });

  it('refuses the same address twice for one user, however it is spelled, but not for another user', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app);
    const key = privateKeyToAccount(generatePrivateKey());
    const create = async (cookie: string, ethAddress: string) => {
      const challenge = await challengeFor(app, cookie, ethAddress);
      const signature = await key.signMessage({ message: challenge.message });
      return call(app, 'POST', '/profile/signing-devices', {
        cookie,
        body: { name: 'Device', ethAddress, proof: { challengeUid: challenge.uid, signature } },
      });
    };

    expect((await create(ada.cookie, key.address)).statusCode).toBe(201);
    const duplicate = await create(ada.cookie, key.address.toLowerCase());
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({
      requestId: duplicate.headers['x-request-id'],
      code: 'CONFLICT',
      message: SIGNING_DEVICE_DUPLICATE_MESSAGE,
      messageCode: 'messages.signingDeviceDuplicate',
      fields: { ethAddress: SIGNING_DEVICE_DUPLICATE_MESSAGE },
      fieldCodes: { ethAddress: { code: 'messages.signingDeviceDuplicate' } },
    });

    const grace = await signInUser(app);
    expect((await create(grace.cookie, key.address)).statusCode).toBe(201);
    const adas = (await call(app, 'GET', '/profile/signing-devices', { cookie: ada.cookie })).json().data;
    expect(adas).toHaveLength(1);
  });

  it('needs a name and a session', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app);
    const unnamed = await call(app, 'POST', '/profile/signing-devices', {
      cookie: ada.cookie,
      body: { name: '', ethAddress: CHECKSUMMED, proof: NO_CHALLENGE },
    });
    expect(unnamed.json().error.fields).toEqual({ name: 'Name is required' });
    expect(errorOf(await call(app, 'GET', '/profile/signing-devices'))).toMatchObject({ status: 401 });
  });
});

/** A challenge for `ethAddress`, as the user's browser asks for it. */
async function challengeFor(app: FastifyInstance, cookie: string, ethAddress: string) {
  const response = await call(app, 'POST', '/profile/signing-devices/challenges', {
    cookie,
    body: { ethAddress },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ZSigningDeviceChallengeResponse.parse(response.json()).data;
}

describe('a signing device proves its key', () => {
  it('is stored verified with a signed challenge, which then cannot be used again', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app);
    const key = privateKeyToAccount(generatePrivateKey());
    const challenge = await challengeFor(app, ada.cookie, key.address.toLowerCase());
    expect(challenge.message).toContain(`Address: ${key.address}`);
    expect(challenge.message).toContain(`Challenge: ${challenge.uid}`);
    const signature = await key.signMessage({ message: challenge.message });

    const created = await call(app, 'POST', '/profile/signing-devices', {
      cookie: ada.cookie,
      body: {
        name: 'Browser wallet',
        ethAddress: key.address,
        proof: { challengeUid: challenge.uid, signature },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const device = ZSigningDeviceResponse.parse(created.json()).data;
    expect(device.verifiedAt).not.toBeNull();
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.subjectUid, device.uid));
    expect(audited).toEqual([
      expect.objectContaining({ action: 'signing_device.registered', toState: 'verified' }),
    ]);

    // The same proof again (say, for a device of the same key under another name): refused.
    await db.delete(signingDevices);
    const again = await call(app, 'POST', '/profile/signing-devices', {
      cookie: ada.cookie,
      body: { name: 'Again', ethAddress: key.address, proof: { challengeUid: challenge.uid, signature } },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      requestId: again.headers['x-request-id'],
      code: 'VALIDATION',
      message: SIGNING_DEVICE_CHALLENGE_INVALID,
      messageCode: 'messages.signingDeviceChallengeInvalid',
      fields: { proof: SIGNING_DEVICE_CHALLENGE_INVALID },
      fieldCodes: { proof: { code: 'messages.signingDeviceChallengeInvalid' } },
    });
    expect(await db.select().from(signingDevices)).toEqual([]);
  });

  it('refuses, storing nothing, a signature by another key, a malformed one, and a challenge of another address, user or time', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app);
    const grace = await signInUser(app);
    const key = privateKeyToAccount(generatePrivateKey());
    const stranger = privateKeyToAccount(generatePrivateKey());
    const register = (cookie: string, proof: { challengeUid: string; signature: string }) =>
      call(app, 'POST', '/profile/signing-devices', {
        cookie,
        body: { name: 'Device', ethAddress: key.address, proof },
      });
    const fieldOf = (response: Awaited<ReturnType<typeof register>>) => ({
      status: response.statusCode,
      fields: response.json().error?.fields,
    });

    const mine = await challengeFor(app, ada.cookie, key.address);
    expect(
      fieldOf(
        await register(ada.cookie, {
          challengeUid: mine.uid,
          signature: await stranger.signMessage({ message: mine.message }),
        }),
      ),
    ).toEqual({
      status: 400,
      fields: { signature: SIGNING_DEVICE_SIGNATURE_MISMATCH },
    });
    // 65 bytes whose recovery id is no secp256k1 one.
    expect(
      fieldOf(await register(ada.cookie, { challengeUid: mine.uid, signature: `0x${'11'.repeat(64)}05` })),
    ).toEqual({
      status: 400,
      fields: { signature: SIGNING_DEVICE_SIGNATURE_MALFORMED },
    });
    expect(fieldOf(await register(ada.cookie, { challengeUid: mine.uid, signature: '0x1234' }))).toEqual({
      status: 400,
      fields: { 'proof.signature': SIGNING_DEVICE_SIGNATURE_MALFORMED },
    });
    const otherAddress = await challengeFor(app, ada.cookie, stranger.address);
    const gracesChallenge = await challengeFor(app, grace.cookie, key.address);
    const expired = await challengeFor(app, ada.cookie, key.address);
    await db
      .update(signingDeviceChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signingDeviceChallenges.uid, expired.uid));
    for (const challenge of [otherAddress, gracesChallenge, expired]) {
      const signature = await key.signMessage({ message: challenge.message });
      expect(fieldOf(await register(ada.cookie, { challengeUid: challenge.uid, signature }))).toEqual({
        status: 400,
        fields: { proof: SIGNING_DEVICE_CHALLENGE_INVALID },
      });
    }
    expect(await db.select().from(signingDevices)).toEqual([]);
    // The refusals used nothing up: the right signature of the first challenge still registers it.
    const signature = await key.signMessage({ message: mine.message });
    expect((await register(ada.cookie, { challengeUid: mine.uid, signature })).statusCode).toBe(201);
  });

  it('verifies a device registered before proofs were required, once; another user’s is not found', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app);
    const grace = await signInUser(app);
    const key = privateKeyToAccount(generatePrivateKey());
    const [device] = await db
      .insert(signingDevices)
      .values({ userUid: ada.uid, name: 'Legacy', ethAddress: key.address, verifiedAt: null })
      .returning();
    if (!device) throw new Error('no device');
    const before = (await call(app, 'GET', '/profile/signing-devices', { cookie: ada.cookie })).json().data;
    expect(before).toEqual([expect.objectContaining({ uid: device.uid, verifiedAt: null })]);

    const challenge = await challengeFor(app, ada.cookie, key.address);
    const proof = {
      challengeUid: challenge.uid,
      signature: await key.signMessage({ message: challenge.message }),
    };
    const strangers = await call(app, 'POST', `/profile/signing-devices/${device.uid}/verification`, {
      cookie: grace.cookie,
      body: proof,
    });
    expect(errorOf(strangers)).toMatchObject({ status: 404 });
    const verified = await call(app, 'POST', `/profile/signing-devices/${device.uid}/verification`, {
      cookie: ada.cookie,
      body: proof,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(ZSigningDeviceResponse.parse(verified.json()).data).toMatchObject({
      uid: device.uid,
      verifiedAt: expect.any(String),
    });
    const listed = (await call(app, 'GET', '/profile/signing-devices', { cookie: ada.cookie })).json().data;
    expect(listed[0].verifiedAt).not.toBeNull();
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.subjectUid, device.uid));
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'signing_device.verified',
        fromState: 'unverified',
        toState: 'verified',
      }),
    ]);
    // The used challenge proves nothing again; a wrong key's signature leaves it as it was.
    const replayed = await call(app, 'POST', `/profile/signing-devices/${device.uid}/verification`, {
      cookie: ada.cookie,
      body: proof,
    });
    expect([replayed.statusCode, replayed.json().error.fields]).toEqual([
      400,
      { proof: SIGNING_DEVICE_CHALLENGE_INVALID },
    ]);
  });

  it('refuses to verify a legacy device with another key’s signature, keeping it unverified', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app);
    const key = privateKeyToAccount(generatePrivateKey());
    const stranger = privateKeyToAccount(generatePrivateKey());
    const [device] = await db
      .insert(signingDevices)
      .values({ userUid: ada.uid, name: 'Legacy', ethAddress: key.address, verifiedAt: null })
      .returning();
    if (!device) throw new Error('no device');
    const challenge = await challengeFor(app, ada.cookie, key.address);

    const refused = await call(app, 'POST', `/profile/signing-devices/${device.uid}/verification`, {
      cookie: ada.cookie,
      body: {
        challengeUid: challenge.uid,
        signature: await stranger.signMessage({ message: challenge.message }),
      },
    });

    expect([refused.statusCode, refused.json().error.fields]).toEqual([
      400,
      { signature: SIGNING_DEVICE_SIGNATURE_MISMATCH },
    ]);
    const [row] = await db.select().from(signingDevices).where(eq(signingDevices.uid, device.uid));
    expect(row?.verifiedAt).toBeNull();
  });
});
