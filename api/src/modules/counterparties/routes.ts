import { createHash } from 'node:crypto';
import {
  NETWORKS,
  ZBankBeneficiariesResponse,
  ZBankBeneficiaryParams,
  ZBankBeneficiaryResponse,
  ZMexicanBanksResponse,
  ZMexicanCitiesResponse,
  ZNetworksResponse,
  ZRegisteredWalletParams,
  ZRegisteredWalletResponse,
  ZRegisteredWalletsResponse,
  ZUpdateCounterpartyRequest,
} from '@dash/shared/contracts';
import {
  mexicanBanks,
  mexicanCities,
  ZCreateBankBeneficiaryRequest,
  ZCreateRegisteredWalletRequest,
} from '@dash/shared/counterparty-rules';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { approvedOrganizationGuard, requireUser, SESSION_ACCESS } from '../../http/guards';
import { documentRoute } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import type { CounterpartyService } from './service';

/** Reference data changes only with a deploy: a day in the browser, then revalidated by ETag. */
export const REFERENCE_DATA_MAX_AGE_SECONDS = 86_400;

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A GET of fixed reference data: serialized and checked against its contract once, answered with
 * a long private cache and an ETag (If-None-Match gives 304). Behind sign-in like the rest of the
 * dashboard's API, but not organization-scoped: every member of every organization shares one copy.
 */
function defineReferenceRoute<S extends z.ZodType>(
  app: FastifyInstance,
  spec: { url: string; summary: string; response: S; data: z.input<S> },
): void {
  const json = JSON.stringify(spec.response.parse(spec.data));
  const etag = `"${createHash('sha256').update(json).digest('base64url')}"`;
  documentRoute(app, {
    method: 'GET',
    url: spec.url,
    summary: spec.summary,
    access: SESSION_ACCESS,
    responses: { 200: spec.response },
  });
  app.route({
    method: 'GET',
    url: spec.url,
    handler: async (request, reply) => {
      await requireUser(request);
      reply
        .header('cache-control', `private, max-age=${REFERENCE_DATA_MAX_AGE_SECONDS}`)
        .header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });
}

export function registerCounterpartyReferenceRoutes(app: FastifyInstance): void {
  defineReferenceRoute(app, {
    url: '/rails/networks',
    summary: 'The network records (id, name, type, explorer prefixes, testnet)',
    response: ZNetworksResponse,
    data: { data: [...NETWORKS] },
  });
  defineReferenceRoute(app, {
    url: '/rails/mexican-banks',
    summary: "Mexican banks by CLABE bank code (clabe-validator's list)",
    response: ZMexicanBanksResponse,
    data: { data: mexicanBanks() },
  });
  defineReferenceRoute(app, {
    url: '/rails/mexican-cities',
    summary: "Mexican cities by CLABE city code (clabe-validator's list)",
    response: ZMexicanCitiesResponse,
    data: { data: mexicanCities() },
  });
}

/** Registered blockchain wallets and bank beneficiaries: approved organizations only; Viewers read. */
export function registerCounterpartyRoutes(
  app: FastifyInstance,
  deps: { counterparties: CounterpartyService },
): void {
  const { counterparties } = deps;

  defineRoute(app, {
    method: 'GET',
    url: '/rails/blockchain-wallets',
    summary: "The organization's registered blockchain wallets",
    guard: approvedOrganizationGuard('rails.read'),
    response: ZRegisteredWalletsResponse,
    async handler({ auth }) {
      // A wallet on a dev chain is marked so: the page then links it to no public explorer.
      const local = new Set(
        app.appConfig.chains.networks.filter((network) => network.local).map((network) => network.network),
      );
      const wallets = await counterparties.listWallets(auth.organization);
      return {
        data: wallets.map((wallet) => (local.has(wallet.network) ? { ...wallet, localChain: true } : wallet)),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/rails/blockchain-wallets',
    messageCodes: ['messages.registeredWalletDuplicate'],
    status: 201,
    summary: 'Registers a blockchain wallet (EVM addresses stored checksummed)',
    guard: approvedOrganizationGuard('rails.write'),
    body: ZCreateRegisteredWalletRequest,
    response: ZRegisteredWalletResponse,
    async handler({ auth, body }) {
      return { data: await counterparties.createWallet(auth.organization, auth.user, body) };
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/rails/blockchain-wallets/:walletUid',
    messageCodes: ['messages.registeredWalletNotFound'],
    summary: "Changes a registered wallet's name and remark",
    guard: approvedOrganizationGuard('rails.write'),
    params: ZRegisteredWalletParams,
    body: ZUpdateCounterpartyRequest,
    response: ZRegisteredWalletResponse,
    async handler({ auth, params, body }) {
      return {
        data: await counterparties.updateWallet(auth.organization, auth.user, params.walletUid, body),
      };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/rails/blockchain-wallets/:walletUid',
    messageCodes: ['messages.registeredWalletNotFound', 'messages.counterpartyInUse'],
    summary: 'Deletes a registered wallet',
    guard: approvedOrganizationGuard('rails.write'),
    params: ZRegisteredWalletParams,
    response: null,
    async handler({ auth, params }) {
      await counterparties.deleteWallet(auth.organization, auth.user, params.walletUid);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/rails/bank-beneficiaries',
    summary: "The organization's bank beneficiaries (CLABE accounts and Pix keys)",
    guard: approvedOrganizationGuard('rails.read'),
    response: ZBankBeneficiariesResponse,
    async handler({ auth }) {
      return { data: await counterparties.listBeneficiaries(auth.organization) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/rails/bank-beneficiaries',
    messageCodes: ['messages.clabeDuplicate', 'messages.pixKeyDuplicate'],
    status: 201,
    summary: 'Adds a bank beneficiary (the key is stored normalized)',
    guard: approvedOrganizationGuard('rails.write'),
    body: ZCreateBankBeneficiaryRequest,
    response: ZBankBeneficiaryResponse,
    async handler({ auth, body }) {
      return { data: await counterparties.createBeneficiary(auth.organization, auth.user, body) };
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/rails/bank-beneficiaries/:beneficiaryUid',
    messageCodes: ['messages.bankBeneficiaryNotFound'],
    summary: "Changes a bank beneficiary's name and remark",
    guard: approvedOrganizationGuard('rails.write'),
    params: ZBankBeneficiaryParams,
    body: ZUpdateCounterpartyRequest,
    response: ZBankBeneficiaryResponse,
    async handler({ auth, params, body }) {
      return {
        data: await counterparties.updateBeneficiary(
          auth.organization,
          auth.user,
          params.beneficiaryUid,
          body,
        ),
      };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/rails/bank-beneficiaries/:beneficiaryUid',
    messageCodes: ['messages.bankBeneficiaryNotFound', 'messages.counterpartyInUse'],
    summary: 'Deletes a bank beneficiary',
    guard: approvedOrganizationGuard('rails.write'),
    params: ZBankBeneficiaryParams,
    response: null,
    async handler({ auth, params }) {
      await counterparties.deleteBeneficiary(auth.organization, auth.user, params.beneficiaryUid);
    },
  });
}
