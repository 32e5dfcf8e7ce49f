import { acceptLanguageTags, detectLocale, type TLocale } from '@dash/shared/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The language of a request where no user's choice applies (a new user, an anonymous page): its
 * Accept-Language, else English. A user's own choice (users.locale) always comes first.
 */
export function localeOfRequest(request: FastifyRequest): TLocale {
  return detectLocale(acceptLanguageTags(request.headers['accept-language']));
}
