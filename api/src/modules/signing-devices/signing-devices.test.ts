import {
  INVALID_ETH_ADDRESS,
  SIGNING_DEVICE_DUPLICATE_MESSAGE,
  ZERO_ADDRESS,
  ZERO_ADDRESS_MESSAGE,
  ZSigningDeviceResponse,
  ZSigningDevicesResponse,
} from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { signingDevices } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';

// The EIP-55 reference vector, and the same address with one letter's case flipped.
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

describe('signing devices', () => {
  it('stores an all-lowercase address in checksum form and lists it', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app);

    const created = await call(app, 'POST', '/profile/signing-devices', {
      cookie: ada.cookie,
      body: { name: ' Ledger ', ethAddress: CHECKSUMMED.toLowerCase() },
    });

    expect(created.statusCode).toBe(201);
    const device = ZSigningDeviceResponse.parse(created.json()).data;
    expect(device).toMatchObject({ name: 'Ledger', ethAddress: CHECKSUMMED });
    const [row] = await db.select().from(signingDevices);
    expect(row?.ethAddress).toBe(CHECKSUMMED);
    const listed = await call(app, 'GET', '/profile/signing-devices', { cookie: ada.cookie });
    expect(ZSigningDevicesResponse.parse(listed.json()).data).toEqual([device]);
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
        body: { name: 'Ledger', ethAddress },
      });

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION',
        message: INVALID_ETH_ADDRESS,
        fields: { ethAddress: INVALID_ETH_ADDRESS },
      });
      expect(await db.select().from(signingDevices)).toEqual([]);
    },
  );

  it('refuses the zero address with 400 under the field: a Safe cannot take it as an owner', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app);
    const response = await call(app, 'POST', '/profile/signing-devices', {
      cookie: ada.cookie,
      body: { name: 'Ledger', ethAddress: ZERO_ADDRESS },
    });
    expect(response.json().error).toEqual({
      code: 'VALIDATION',
      message: ZERO_ADDRESS_MESSAGE,
      fields: { ethAddress: ZERO_ADDRESS_MESSAGE },
    });
    expect(await db.select().from(signingDevices)).toEqual([]);
  });

  it('refuses the same address twice for one user, however it is spelled, but not for another user', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app);
    const create = (cookie: string, ethAddress: string) =>
      call(app, 'POST', '/profile/signing-devices', { cookie, body: { name: 'Device', ethAddress } });

    expect((await create(ada.cookie, CHECKSUMMED)).statusCode).toBe(201);
    const duplicate = await create(ada.cookie, CHECKSUMMED.toLowerCase());
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({
      code: 'CONFLICT',
      message: SIGNING_DEVICE_DUPLICATE_MESSAGE,
      fields: { ethAddress: SIGNING_DEVICE_DUPLICATE_MESSAGE },
    });

    const grace = await signInUser(app);
    expect((await create(grace.cookie, CHECKSUMMED)).statusCode).toBe(201);
    const adas = (await call(app, 'GET', '/profile/signing-devices', { cookie: ada.cookie })).json().data;
    expect(adas).toHaveLength(1);
  });

  it('needs a name and a session', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app);
    const unnamed = await call(app, 'POST', '/profile/signing-devices', {
      cookie: ada.cookie,
      body: { name: '', ethAddress: CHECKSUMMED },
    });
    expect(unnamed.json().error.fields).toEqual({ name: 'Name is required' });
    expect(errorOf(await call(app, 'GET', '/profile/signing-devices'))).toMatchObject({ status: 401 });
  });
});
