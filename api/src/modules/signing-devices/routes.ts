import {
  ZCreateSigningDeviceRequest,
  ZSigningDeviceResponse,
  ZSigningDevicesResponse,
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
    url: '/profile/signing-devices',
    status: 201,
    guard: requireUser,
    body: ZCreateSigningDeviceRequest,
    response: ZSigningDeviceResponse,
    async handler({ auth, body }) {
      return { data: await deps.signingDevices.create(auth, body) };
    },
  });
}
