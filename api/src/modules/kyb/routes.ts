import {
  codedMessage,
  ZDocumentParams,
  ZKybApplicationResponse,
  ZKybQueueResponse,
  ZKybReviewParams,
  ZKybReviewResponse,
  ZKybTimelineResponse,
  ZRejectKybRequest,
  ZRequestKybChangesRequest,
  ZSaveKybDraftRequest,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors';
import { downloadHeaders } from '../../http/file-download';
import { OPERATOR_ACCESS, organizationGuard, requireOperator } from '../../http/guards';
import { documentRoute } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import type { DocumentService } from '../documents/index';
import { type KybService, operatorActor } from './service';

export function registerKybRoutes(app: FastifyInstance, deps: { kyb: KybService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/kyb',
    summary: "The organization's KYB application (NotStarted when there is none yet)",
    guard: organizationGuard('kyb.read'),
    response: ZKybApplicationResponse,
    async handler({ auth }) {
      return { data: await deps.kyb.get(auth.organization.uid) };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/kyb',
    messageCodes: ['messages.kybNotEditable'],
    summary: 'Save the KYB draft (partial data, validated as far as it goes)',
    guard: organizationGuard('kyb.edit'),
    body: ZSaveKybDraftRequest,
    response: ZKybApplicationResponse,
    async handler({ auth, body }) {
      return { data: await deps.kyb.saveDraft(auth, body) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/kyb/submit',
    messageCodes: [
      'messages.kybSubmitIncomplete',
      'messages.kybDocumentsMissing',
      'messages.kybNotEditable',
      'messages.kybAlreadySubmitted',
    ],
    summary: 'Submit the saved KYB application for review (complete, with its required documents)',
    guard: organizationGuard('kyb.submit'),
    response: ZKybApplicationResponse,
    async handler({ auth }) {
      return { data: await deps.kyb.submit(auth) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/kyb/timeline',
    summary: 'Every change of the KYB application: who, when, from, to, note (oldest first)',
    guard: organizationGuard('kyb.read'),
    response: ZKybTimelineResponse,
    async handler({ auth }) {
      return { data: await deps.kyb.timeline(auth.organization.uid) };
    },
  });
}

/** The compliance review: platform operators only (OPERATOR_EMAILS), whatever their memberships. */
export function registerKybReviewRoutes(
  app: FastifyInstance,
  deps: { kyb: KybService; documents: DocumentService },
): void {
  defineRoute(app, {
    method: 'GET',
    url: '/ops/kyb',
    summary: 'The review queue: submitted KYB applications, oldest first (operators)',
    guard: requireOperator,
    response: ZKybQueueResponse,
    async handler() {
      return { data: await deps.kyb.queue() };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/ops/kyb/:organizationUid',
    messageCodes: ['messages.kybNotFound'],
    summary: "One organization's KYB application with its documents and timeline (operators)",
    guard: requireOperator,
    params: ZKybReviewParams,
    response: ZKybReviewResponse,
    async handler({ params }) {
      return { data: await deps.kyb.review(params.organizationUid) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/ops/kyb/:organizationUid/approve',
    messageCodes: ['messages.kybNotSubmitted', 'messages.kybNotFound'],
    summary: 'Approve a submitted KYB application (operators)',
    guard: requireOperator,
    params: ZKybReviewParams,
    response: ZKybApplicationResponse,
    async handler({ auth, params }) {
      return { data: await deps.kyb.approve(operatorActor(auth), params.organizationUid) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/ops/kyb/:organizationUid/reject',
    messageCodes: ['messages.kybNotSubmitted', 'messages.kybNotFound'],
    summary: 'Reject a submitted KYB application with a reason (operators)',
    guard: requireOperator,
    params: ZKybReviewParams,
    body: ZRejectKybRequest,
    response: ZKybApplicationResponse,
    async handler({ auth, params, body }) {
      return { data: await deps.kyb.reject(operatorActor(auth), params.organizationUid, body.reason) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/ops/kyb/:organizationUid/request-changes',
    messageCodes: ['messages.kybNotSubmitted', 'messages.kybNotFound'],
    summary: 'Send a submitted KYB application back with a note of what to change (operators)',
    guard: requireOperator,
    params: ZKybReviewParams,
    body: ZRequestKybChangesRequest,
    response: ZKybApplicationResponse,
    async handler({ auth, params, body }) {
      return { data: await deps.kyb.requestChanges(operatorActor(auth), params.organizationUid, body.note) };
    },
  });

  documentRoute(app, {
    method: 'GET',
    url: '/ops/kyb/:organizationUid/documents/:documentUid',
    summary: 'Download a document of an organization under review (operators; a link)',
    access: OPERATOR_ACCESS,
    messageCodes: ['messages.documentNotFound'],
    responses: {
      200: { contentType: 'application/octet-stream', description: 'The file, as an attachment' },
    },
  });
  app.get('/ops/kyb/:organizationUid/documents/:documentUid', async (request, reply) => {
    await requireOperator(request);
    const params = ZDocumentParams.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND', codedMessage('messages.documentNotFound'));
    const file = await deps.documents.download(params.data.organizationUid, params.data.documentUid);
    return reply.headers(downloadHeaders(file)).send(file.body);
  });
}
