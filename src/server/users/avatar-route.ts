/**
 * GET /avatars/{slug}/{key}: a user's picture for an <img>. Its bytes were checked on upload, it
 * is sent with the type they were found to be, never sniffed (nosniff) and never run (a CSP with
 * nothing allowed); a key names one picture for ever, so it may be cached for a year.
 */
import type { FastifyInstance } from 'fastify';
import { AVATAR_PATH } from '../../shared/avatars';
import type { Services } from '../services';
import { findAvatar } from './avatars';

export function registerAvatarRoute(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { slug: string; key: string } }>(
    `${AVATAR_PATH}/:slug/:key`,
    async (request, reply) => {
      const avatar = await findAvatar(services, request.params.slug, request.params.key);
      if (!avatar) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('text/plain')
          .send('Not found');
      }
      return reply
        .header('content-type', avatar.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(avatar.data);
    },
  );
}
