import {
  ZCreateSigningDeviceRequest,
  ZSigningDeviceChallengeRequest,
  ZSigningDeviceChallengeResponse,
  ZSigningDeviceParams,
  ZSigningDeviceResponse,
  ZSigningDevicesResponse,
  ZVerifySigningDeviceRequest,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards';
import { defineRoute } from '../../http/route';
import type { SigningDeviceService } from './service';

export function registerSigningDeviceRoutes(
  app: FastifyInstance,
  deps: { signingDevices: SigningDeviceService },
): void {
  defineRoute(app, {
    method: 'GET',
    url: '/profile/signing-devices',
    guard: requireUser,
    response: ZSigningDevicesResponse,
    async handler({ auth }) {
      return { data: await deps.signingDevices.list(auth) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/profile/signing-devices/challenges',
    status: 201,
    guard: requireUser,
    body: ZSigningDeviceChallengeRequest,
    response: ZSigningDeviceChallengeResponse,
    async handler({ auth, body }) {
      return { data: await deps.signingDevices.challenge(auth, body.ethAddress) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/profile/signing-devices',
    messageCodes: [
      'messages.signingDeviceChallengeInvalid',
      'messages.signingDeviceDuplicate',
      'messages.signingDeviceProofRequired',
      'messages.signingDeviceSignatureMismatch',
    ],
    status: 201,
    guard: requireUser,
    body: ZCreateSigningDeviceRequest,
    response: ZSigningDeviceResponse,
    async handler({ auth, body }) {
      return { data: await deps.signingDevices.create(auth, body) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/profile/signing-devices/:signingDeviceUid/verification',
    messageCodes: [
      'messages.signingDeviceNotFound',
      'messages.signingDeviceChallengeInvalid',
      'messages.signingDeviceSignatureMismatch',
    ],
    guard: requireUser,
    params: ZSigningDeviceParams,
    body: ZVerifySigningDeviceRequest,
    response: ZSigningDeviceResponse,
    async handler({ auth, params, body }) {
      return { data: await deps.signingDevices.verify(auth, params.signingDeviceUid, body) };
    },
  });
}
