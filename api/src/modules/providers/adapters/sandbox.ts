import { ZTransferInstructions } from '@dash/shared/contracts';
import { z } from 'zod';
import { verifyTimestamped } from '../../../http/hmac';
import {
  type ProviderAdapter,
  type ProviderOnboarding,
  type ProviderOnboardingStatus,
  type ProviderQuote,
  type ProviderTransfer,
  type ProviderWebhookEvent,
  WebhookRefused,
} from './adapter';
import { createProviderHttpClient, ProviderError } from './http-client';
import { WEBHOOK_TOLERANCE_SECONDS } from './sandbox-config';

/** The sandbox provider's API (api/sandbox-provider/server.ts), as a real provider's adapter would read it. */
const ZSandboxOnboarding = z.object({
  id: z.string().min(1),
  externalReference: z.string(),
  status: z.enum(['pending_review', 'needs_more_info', 'approved', 'rejected', 'failed']),
  reason: z.string().nullable(),
  requirements: z.array(z.object({ code: z.string(), description: z.string() })),
});

const STATUS: Record<z.infer<typeof ZSandboxOnboarding>['status'], ProviderOnboardingStatus> = {
  pending_review: 'pending',
  needs_more_info: 'needs_more_info',
  approved: 'approved',
  rejected: 'rejected',
  failed: 'failed',
};

const ZSandboxTransferStatus = z.enum([
  'awaiting_funds',
  'funds_received',
  'payment_submitted',
  'completed',
  'failed',
  'returned',
  'canceled',
]);

const ZSandboxTransfer = z.object({
  id: z.string().min(1),
  externalReference: z.string(),
  status: ZSandboxTransferStatus,
  instructions: ZTransferInstructions,
  txHash: z.string().nullable(),
  payoutReference: z.string().nullable(),
  failureReason: z.string().nullable(),
});

const ZSandboxQuote = z.object({
  id: z.string().min(1),
  sourceCurrency: z.string(),
  sourceAmount: z.string(),
  targetCurrency: z.string(),
  targetAmount: z.string(),
  rate: z.string(),
  fee: z.string(),
  feeCurrency: z.string(),
  expiresAt: z.iso.datetime(),
});

const ONBOARDING_EVENT_TYPES = [
  'onboarding.approved',
  'onboarding.rejected',
  'onboarding.needs_more_info',
  'onboarding.failed',
] as const;
const TRANSFER_EVENT_TYPES = ZSandboxTransferStatus.options.map((status) => `transfer.${status}`);
export const SANDBOX_WEBHOOK_EVENT_TYPES = [...ONBOARDING_EVENT_TYPES, ...TRANSFER_EVENT_TYPES] as const;

const ZSandboxEvent = z.union([
  z.object({
    id: z.string().min(1).max(200),
    type: z.enum(ONBOARDING_EVENT_TYPES),
    data: z.object({ onboarding: ZSandboxOnboarding }),
  }),
  z.object({
    id: z.string().min(1).max(200),
    type: z.string().startsWith('transfer.'),
    data: z.object({ transfer: ZSandboxTransfer }),
  }),
]);

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ProviderError(
      `The sandbox answered an unexpected ${what}: ${result.error.message}`,
      200,
      'bad_response',
      true,
    );
  }
  return result.data;
}

function toTransfer(value: unknown): ProviderTransfer {
  const { id, ...rest } = parsed(ZSandboxTransfer, value, 'transfer');
  return { externalId: id, ...rest };
}

function toQuote(value: unknown): ProviderQuote {
  const { id, expiresAt, ...rest } = parsed(ZSandboxQuote, value, 'quote');
  return { externalId: id, expiresAt: new Date(expiresAt), ...rest };
}

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

function toOnboarding(value: unknown): ProviderOnboarding {
  const parsed = ZSandboxOnboarding.safeParse(value);
  if (!parsed.success) {
    throw new ProviderError(
      `The sandbox answered an unexpected onboarding: ${parsed.error.message}`,
      200,
      'bad_response',
      true,
    );
  }
  const { id, externalReference, status, reason, requirements } = parsed.data;
  return { externalId: id, externalReference, status: STATUS[status], reason, requirements };
}

export interface SandboxAdapterOptions {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  timeoutMs?: number;
}

export function createSandboxAdapter(options: SandboxAdapterOptions): ProviderAdapter {
  const request = createProviderHttpClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });

  return {
    async startOnboarding(account, kybData, idempotencyKey) {
      const answer = await request({
        method: 'POST',
        path: '/v1/onboardings',
        idempotencyKey,
        body: { externalReference: account.uid, business: kybData, webhookUrl: account.webhookUrl },
      });
      return toOnboarding(answer);
    },

    async getOnboarding(externalId) {
      return toOnboarding(
        await request({ method: 'GET', path: `/v1/onboardings/${encodeURIComponent(externalId)}` }),
      );
    },

    async createQuote(quote, idempotencyKey) {
      return toQuote(await request({ method: 'POST', path: '/v1/quotes', idempotencyKey, body: quote }));
    },

    async createTransfer(transfer, idempotencyKey) {
      const { quoteExternalId, ...rest } = transfer;
      return toTransfer(
        await request({
          method: 'POST',
          path: '/v1/transfers',
          idempotencyKey,
          body: { quoteId: quoteExternalId, ...rest },
        }),
      );
    },

    async getTransfer(externalId) {
      return toTransfer(
        await request({ method: 'GET', path: `/v1/transfers/${encodeURIComponent(externalId)}` }),
      );
    },

    verifyWebhook(rawBody, headers): ProviderWebhookEvent {
      const verdict = verifyTimestamped(options.webhookSecret, rawBody, headers[SANDBOX_SIGNATURE_HEADER], {
        toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
      });
      if (verdict === 'bad-signature') throw new WebhookRefused('bad-signature', 'Bad webhook signature');
      if (verdict === 'stale') throw new WebhookRefused('stale', 'Webhook timestamp outside the tolerance');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRefused('malformed', 'Webhook body is not JSON');
      }
      const type = (json as { type?: unknown } | null)?.type;
      if (typeof type !== 'string' || !(SANDBOX_WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) {
        throw new WebhookRefused('unknown-event', `Unknown webhook event type ${JSON.stringify(type)}`);
      }
      const event = ZSandboxEvent.safeParse(json);
      if (!event.success)
        throw new WebhookRefused('malformed', `Malformed webhook event: ${event.error.message}`);
      const data = event.data.data;
      if ('transfer' in data) {
        return { id: event.data.id, type: 'transfer.updated', transfer: toTransfer(data.transfer) };
      }
      return { id: event.data.id, type: 'onboarding.updated', onboarding: toOnboarding(data.onboarding) };
    },
  };
}
