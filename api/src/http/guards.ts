import {
  API_KEY_REFUSED_PERMISSIONS,
  can,
  codedMessage,
  english,
  ORGANIZATION_HEADER,
  PERMISSION_DENIED_CODE,
  type TMessageCode,
  type TOrganization,
  type TPermission,
  type TUser,
  ZUid,
} from '@dash/shared/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { actAsApiKey } from '../modules/audit/source';
import { AppError } from './errors';
import { documentGuard, type RouteAccess } from './openapi';
import { SESSION_TOKEN_PATTERN } from './session-cookie';

export interface AuthenticatedSession {
  user: TUser;
  /** True when this request pushed the expiry forward: the cookie is sent again with the answer. */
  extended: boolean;
  /** Until when (ms since the epoch) this answer stays true without a write: expiry or next extension. */
  validUntil?: number;
}

/** What an API key acts as: the Admin who created it, in its organization, with its role. */
export interface ApiKeyAccess {
  apiKey: { uid: string; name: string };
  user: TUser;
  /** The key's organization; `role` is the key's role (capped by its creator's). */
  organization: TOrganization;
}

/** How the guards reach the data; buildApp wires the auth, API key and organization services in. */
export interface AccessResolver {
  /** The live key behind an `Authorization: Bearer` secret, or null (unknown, revoked, its creator gone). */
  authenticateApiKey(secret: string): Promise<ApiKeyAccess | null>;
  /** The live session for a cookie value (extending it when due), or null when unknown or expired. */
  authenticate(sessionToken: string): Promise<AuthenticatedSession | null>;
  /** authenticate() and findMembership() in one round trip (organization-scoped requests). */
  authenticateForOrganization(
    sessionToken: string,
    organizationUid: string,
  ): Promise<{ session: AuthenticatedSession; organization: TOrganization | null } | null>;
  /** The organization with the user's role in it, or null when the user is not a member. */
  findMembership(organizationUid: string, userUid: string): Promise<TOrganization | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: Config;
    access: AccessResolver;
  }
  interface FastifyRequest {
    /** Memoised session lookup: every guard in one request shares one query. */
    sessionLookup: Promise<AuthenticatedSession | null> | null;
    /** Memoised API key lookup, for a request that sends `Authorization: Bearer`. */
    apiKeyLookup: Promise<ApiKeyAccess | null> | null;
    /** Set when the session was extended; an onSend hook re-sends the cookie. */
    extendedSessionToken: string | null;
    /**
     * The organization this request is confined to (its guard named it), null when none: what a
     * write may have changed in the read cache (http/read-cache.ts). '' when it named two.
     */
    organizationScope: string | null;
  }
}

const BEARER = /^Bearer\s+(\S*)\s*$/i;

/**
 * The secret of a request that sends `Authorization: Bearer`, else undefined. Such a request is
 * authenticated by its key alone: its cookie, if any, is never looked at, so what a browser sends
 * by itself (the cookie) cannot ride along on a request the Origin check lets through for keys.
 */
export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  return BEARER.exec(header)?.[1];
}

/** The key of a bearer request; 401 when it is unknown, forged or revoked (checked on every request). */
async function requireApiKey(request: FastifyRequest, secret: string): Promise<ApiKeyAccess> {
  request.apiKeyLookup ??= request.server.access.authenticateApiKey(secret);
  const access = await request.apiKeyLookup;
  if (!access) throw new AppError('UNAUTHENTICATED', codedMessage('messages.apiKeyInvalid'));
  actAsApiKey(access.apiKey);
  return access;
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[request.server.appConfig.sessionCookieName];
  return token !== undefined && SESSION_TOKEN_PATTERN.test(token) ? token : undefined;
}

function remember(request: FastifyRequest, token: string, session: AuthenticatedSession | null) {
  if (session?.extended) request.extendedSessionToken = token;
  return session;
}

async function lookupSession(request: FastifyRequest): Promise<AuthenticatedSession | null> {
  const token = sessionToken(request);
  if (token === undefined) return null;
  return remember(request, token, await request.server.access.authenticate(token));
}

/** The signed-in user, or null. */
export function currentSession(request: FastifyRequest): Promise<AuthenticatedSession | null> {
  request.sessionLookup ??= lookupSession(request);
  return request.sessionLookup;
}

export const UNAUTHENTICATED_MESSAGE = english('messages.signInToContinue');
export const ORGANIZATION_NOT_FOUND_MESSAGE = english('messages.organizationNotFound');

/**
 * The signed-in user; otherwise 401 UNAUTHENTICATED. A valid API key is refused (403): what is
 * not an organization's (a profile, signing devices, creating organizations) is a person's own.
 */
export async function requireUser(request: FastifyRequest): Promise<TUser> {
  const secret = bearerSecret(request);
  if (secret !== undefined) {
    await requireApiKey(request, secret);
    throw new AppError('FORBIDDEN', codedMessage('messages.apiKeyRefused'));
  }
  const session = await currentSession(request);
  if (!session) throw new AppError('UNAUTHENTICATED', codedMessage('messages.signInToContinue'));
  return session.user;
}

/**
 * Who is asking, a signed-in user or an API key (401 otherwise), for a guard that authorizes by
 * something else next (a signed link's organization, through requireOrganizationByUid).
 */
export async function requireCaller(request: FastifyRequest): Promise<void> {
  const secret = bearerSecret(request);
  if (secret !== undefined) await requireApiKey(request, secret);
  else await requireUser(request);
}

/** True for a platform operator (OPERATOR_EMAILS). */
export function isOperator(config: Pick<Config, 'operatorEmails'>, user: { email: string }): boolean {
  return config.operatorEmails.has(user.email.toLowerCase());
}

/**
 * For the compliance review: a signed-in user (401) who is a platform operator (403). Operators get
 * no organization's pages through this: requireOrganization still asks for membership.
 */
export async function requireOperator(request: FastifyRequest): Promise<TUser> {
  const user = await requireUser(request);
  if (!isOperator(request.server.appConfig, user))
    throw new AppError('FORBIDDEN', codedMessage('messages.kybOperatorOnly'));
  return user;
}

export interface OrganizationContext {
  user: TUser;
  /** The organization named by the x-organization-uid header, with the user's role in it. */
  organization: TOrganization;
  /** Set when an API key made the request: it acts as `user` (its creator) with the key's role. */
  apiKey?: { uid: string; name: string };
}

/**
 * For organization-scoped endpoints: a signed-in user (401), a well-formed x-organization-uid header
 * (400), membership of that organization (404, so non-members cannot probe which organizations
 * exist) and the role's permission (403 with the permission's message).
 */
export async function requireOrganization(
  request: FastifyRequest,
  permission: TPermission,
): Promise<OrganizationContext> {
  const header = request.headers[ORGANIZATION_HEADER];
  const secret = bearerSecret(request);
  // A key belongs to one organization: without the header, it acts in that one.
  if (secret !== undefined && (header === undefined || header === '')) {
    const { organization } = await requireApiKey(request, secret);
    return requireOrganizationByUid(request, organization.uid, permission);
  }
  const uid = ZUid.safeParse(header);
  if (!uid.success) {
    // Who is asking comes first: an anonymous caller gets 401 whatever the header says.
    if (secret !== undefined) await requireApiKey(request, secret);
    else await requireUser(request);
    if (header === undefined || header === '') {
      throw new AppError('VALIDATION', codedMessage('messages.chooseOrganizationFirst'), {
        [ORGANIZATION_HEADER]: codedMessage('messages.organizationHeaderRequired'),
      });
    }
    throw new AppError('VALIDATION', codedMessage('messages.organizationHeaderInvalid'), {
      [ORGANIZATION_HEADER]: codedMessage('messages.invalidIdentifier'),
    });
  }

  return requireOrganizationByUid(request, uid.data, permission);
}

/**
 * requireOrganization for what only a member in person does with their own membership (leaving
 * it): an API key is refused (403) whatever its role.
 */
export async function requireMemberInPerson(
  request: FastifyRequest,
  permission: TPermission,
): Promise<OrganizationContext> {
  const context = await requireOrganization(request, permission);
  if (context.apiKey) throw new AppError('FORBIDDEN', codedMessage('messages.apiKeyRefused'));
  return context;
}

/**
 * The same checks for an organization named in the URL instead of the header (a browser loading an
 * <img> cannot send headers): a signed-in member (401, 404) with the permission (403).
 */
export async function requireOrganizationByUid(
  request: FastifyRequest,
  organizationUid: string,
  permission: TPermission,
): Promise<OrganizationContext> {
  // A request that named two organizations is confined to neither ('' forgets every cached read).
  request.organizationScope =
    request.organizationScope === null || request.organizationScope === organizationUid
      ? organizationUid
      : '';
  const secret = bearerSecret(request);
  if (secret !== undefined)
    return authorizeApiKey(await requireApiKey(request, secret), organizationUid, permission);
  const { user, organization } = await resolveMembership(request, organizationUid);
  if (!organization) throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
  if (!can(organization.role, permission)) {
    throw new AppError('FORBIDDEN', codedMessage(PERMISSION_DENIED_CODE[permission]));
  }
  return { user, organization };
}

/**
 * A key acts only in its own organization (403 when another is named), never where only a person
 * may (API_KEY_REFUSED_PERMISSIONS), and otherwise as a member of its role under the same matrix.
 */
function authorizeApiKey(
  access: ApiKeyAccess,
  organizationUid: string,
  permission: TPermission,
): OrganizationContext {
  if (access.organization.uid !== organizationUid) {
    throw new AppError('FORBIDDEN', codedMessage('messages.apiKeyOtherOrganization'));
  }
  if (API_KEY_REFUSED_PERMISSIONS.includes(permission)) {
    throw new AppError('FORBIDDEN', codedMessage('messages.apiKeyRefused'));
  }
  if (!can(access.organization.role, permission)) {
    throw new AppError('FORBIDDEN', codedMessage(PERMISSION_DENIED_CODE[permission]));
  }
  return { user: access.user, organization: access.organization, apiKey: access.apiKey };
}

/**
 * Asks again, past this request's memo, whether its session still has `permission` in the
 * organization: a long-lived response (the event stream) stops once its caller signed out or
 * was removed, whichever process did it.
 */
export async function stillAllowed(
  request: FastifyRequest,
  organizationUid: string,
  permission: TPermission,
): Promise<boolean> {
  const secret = bearerSecret(request);
  if (secret !== undefined) {
    const access = await request.server.access.authenticateApiKey(secret);
    return access?.organization.uid === organizationUid && can(access.organization.role, permission);
  }
  const token = sessionToken(request);
  if (token === undefined) return false;
  const found = await request.server.access.authenticateForOrganization(token, organizationUid);
  return Boolean(found?.organization && can(found.organization.role, permission));
}

export const ORGANIZATION_NOT_APPROVED_MESSAGE = english('messages.organizationNotApproved');

/**
 * For the approved-only group (rails, deposit, explore, open-stable): the organization checks of
 * requireOrganization, then 403 with a clear message when the organization is not Approved.
 */
export async function requireApprovedOrganization(
  request: FastifyRequest,
  permission: TPermission,
): Promise<OrganizationContext> {
  return refuseUnapproved(await requireOrganization(request, permission));
}

/** requireApprovedOrganization for an organization named in the URL (a download link sends no header). */
export async function requireApprovedOrganizationByUid(
  request: FastifyRequest,
  organizationUid: string,
  permission: TPermission,
): Promise<OrganizationContext> {
  return refuseUnapproved(await requireOrganizationByUid(request, organizationUid, permission));
}

function refuseUnapproved(context: OrganizationContext): OrganizationContext {
  if (context.organization.approvalStatus !== 'Approved') {
    throw new AppError('FORBIDDEN', codedMessage('messages.organizationNotApproved'));
  }
  return context;
}

/** Session and membership together in one query, unless the session is already known. */
async function resolveMembership(
  request: FastifyRequest,
  organizationUid: string,
): Promise<{ user: TUser; organization: TOrganization | null }> {
  const { access } = request.server;
  if (request.sessionLookup === null) {
    const token = sessionToken(request);
    if (token === undefined) throw new AppError('UNAUTHENTICATED', codedMessage('messages.signInToContinue'));
    const found = await access.authenticateForOrganization(token, organizationUid);
    request.sessionLookup = Promise.resolve(remember(request, token, found?.session ?? null));
    if (!found) throw new AppError('UNAUTHENTICATED', codedMessage('messages.signInToContinue'));
    return { user: found.session.user, organization: found.organization };
  }
  const user = await requireUser(request);
  return { user, organization: await access.findMembership(organizationUid, user.uid) };
}

/** What the guards check, as the API reference tells it (http/openapi.ts). */
const SESSION_CODES = [
  'messages.signInToContinue',
  'messages.apiKeyInvalid',
  'messages.apiKeyRefused',
] as const;
const KEY_CODES = [
  'messages.apiKeyInvalid',
  'messages.apiKeyOtherOrganization',
  'messages.apiKeyRefused',
] as const;
export const SESSION_ACCESS: RouteAccess = {
  security: ['session'],
  errors: ['UNAUTHENTICATED'],
  messageCodes: SESSION_CODES,
};
export const OPERATOR_ACCESS: RouteAccess = {
  security: ['session'],
  errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  messageCodes: [...SESSION_CODES, 'messages.kybOperatorOnly'],
};
export const ORGANIZATION_ACCESS: RouteAccess = {
  security: ['session', 'organizationKey'],
  organizationHeader: true,
  errors: ['VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  messageCodes: [
    ...SESSION_CODES,
    ...KEY_CODES,
    'messages.chooseOrganizationFirst',
    'messages.organizationHeaderRequired',
    'messages.organizationHeaderInvalid',
    'messages.invalidIdentifier',
    'messages.organizationNotFound',
  ],
};
/** An organization named in the URL (requireOrganizationByUid). */
export const ORGANIZATION_IN_PATH_ACCESS: RouteAccess = {
  security: ['session', 'organizationKey'],
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  messageCodes: [...SESSION_CODES, ...KEY_CODES, 'messages.organizationNotFound'],
};

documentGuard(requireUser, SESSION_ACCESS);
documentGuard(requireOperator, OPERATOR_ACCESS);

/** A permission no API key has (keys, members) is documented as the session's alone. */
const accessFor = (permission: TPermission, more: readonly TMessageCode[] = []): RouteAccess => {
  const messageCodes = [
    ...(ORGANIZATION_ACCESS.messageCodes ?? []),
    PERMISSION_DENIED_CODE[permission],
    ...more,
  ];
  return API_KEY_REFUSED_PERMISSIONS.includes(permission)
    ? { ...ORGANIZATION_ACCESS, security: ['session'], messageCodes }
    : { ...ORGANIZATION_ACCESS, messageCodes };
};

/** The guard of an organization-scoped route: `guard: organizationGuard('members.read')`. */
export function organizationGuard(permission: TPermission) {
  return documentGuard(
    (request: FastifyRequest) => requireOrganization(request, permission),
    accessFor(permission),
  );
}

/** The guard of a route only a member signed in in person may call, never an API key (leaving). */
export function memberInPersonGuard(permission: TPermission) {
  return documentGuard((request: FastifyRequest) => requireMemberInPerson(request, permission), {
    ...accessFor(permission),
    security: ['session'],
  });
}

/** The guard of an approved-only route (rails, deposit, explore, open-stable). */
export function approvedOrganizationGuard(permission: TPermission) {
  return documentGuard(
    (request: FastifyRequest) => requireApprovedOrganization(request, permission),
    accessFor(permission, ['messages.organizationNotApproved']),
  );
}
