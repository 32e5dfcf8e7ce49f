import {
  ZDeployWalletNetworkRequest,
  ZDeployWalletRequest,
  ZProposeWalletSignerRequest,
  ZSetWalletSigningDeviceRequest,
  ZWalletResponse,
  ZWalletSignerParams,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { organizationGuard } from '../../http/guards';
import { runIdempotent } from '../../http/idempotency';
import { defineRoute } from '../../http/route';
import type { WalletService } from './service';

export function registerWalletRoutes(
  app: FastifyInstance,
  deps: { wallet: WalletService; db: Database },
): void {
  defineRoute(app, {
    method: 'GET',
    url: '/wallet',
    guard: organizationGuard('wallet.read'),
    response: ZWalletResponse,
    async handler({ auth }) {
      return { data: await deps.wallet.get(auth.organization) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/wallet/signer/propose',
    messageCodes: [
      'messages.notAUser',
      'messages.walletDeployed',
      'messages.signersLockedDeploymentRequested',
      'messages.alreadySigner',
    ],
    status: 201,
    guard: organizationGuard('wallet.manage'),
    body: ZProposeWalletSignerRequest,
    response: ZWalletResponse,
    async handler({ auth, body }) {
      return { data: await deps.wallet.proposeSigner(auth.organization, auth.user, body.userUid) };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/wallet/signer/:userUid',
    messageCodes: [
      'messages.notASigner',
      'messages.walletDeployed',
      'messages.signersLockedDeploymentRequested',
    ],
    guard: organizationGuard('wallet.manage'),
    params: ZWalletSignerParams,
    response: null,
    async handler({ auth, params }) {
      await deps.wallet.removeSigner(auth.organization, auth.user, params.userUid);
    },
  });

  // Every member may call it; the service lets a signer set only their own device.
  defineRoute(app, {
    method: 'POST',
    url: '/wallet/signer/signing-device',
    messageCodes: [
      'messages.signersLockedDeploymentRequested',
      'messages.signingDeviceSignersOnly',
      'messages.walletSignerAddressTaken',
      'messages.walletDeployed',
      'messages.chooseOwnSigningDevice',
    ],
    guard: organizationGuard('wallet.read'),
    body: ZSetWalletSigningDeviceRequest,
    response: ZWalletResponse,
    async handler({ auth, body }) {
      return {
        data: await deps.wallet.setSigningDevice(auth.organization, auth.user, body.signingDeviceUid),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/wallet/deploy',
    messageCodes: [
      'messages.signersRequired',
      'messages.signingDevicesRequired',
      'messages.safeReservedAddress',
      'messages.zeroAddress',
      'messages.signersLockedDeploymentRequested',
      'messages.signingDeviceShared',
      'messages.walletDeployed',
      'messages.walletDeploying',
      'messages.walletSignersChanged',
    ],
    status: 202,
    guard: organizationGuard('wallet.manage'),
    body: ZDeployWalletRequest,
    response: ZWalletResponse,
    async handler({ auth, body }) {
      return { data: await deps.wallet.deploy(auth.organization, auth.user, body) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/wallet/deploy/retry',
    messageCodes: [
      'messages.walletDeployed',
      'messages.walletDeploying',
      'messages.deploymentRetryFailedOnly',
    ],
    status: 202,
    guard: organizationGuard('wallet.manage'),
    response: ZWalletResponse,
    async handler({ auth }) {
      return { data: await deps.wallet.retry(auth.organization, auth.user) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/wallet/deployments',
    messageCodes: [
      'messages.walletNotDeployedYet',
      'messages.walletOnNetwork',
      'messages.walletNetworkUnavailable',
      'messages.walletNetworkDeploying',
    ],
    status: 202,
    summary:
      'Deploys the Safe on another network at the same address, or retries a failed one there (Idempotency-Key required)',
    guard: organizationGuard('wallet.manage'),
    idempotent: true,
    body: ZDeployWalletNetworkRequest,
    response: ZWalletResponse,
    handler: ({ request, reply, auth, body }) =>
      runIdempotent(
        deps.db,
        request,
        reply,
        { organizationUid: auth.organization.uid, userUid: auth.user.uid },
        202,
        (tx) => deps.wallet.deployOnNetwork(tx, auth.organization, auth.user, body.network),
      ),
  });
}
