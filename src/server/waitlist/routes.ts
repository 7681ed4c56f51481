/**
 * The public calls of a waitlist offer's page (no login; the company from `_company_slug`; the
 * offer from its token), limited per address (RATE_LIMITS). They sit beside online booking's
 * calls, but answer whether or not the clinic books online: the clinic made the offer itself.
 */
import { z } from 'zod';
import { WAITLIST_CALLS } from '../../shared/diary/waitlist';
import { defineCall, type CallDefinition } from '../http/calls';
import { acceptOffer, getOffer } from './accept';

const offerInput = z.object({ offer_token: z.string().min(1).max(300) }).strict();

export const waitlistCalls: CallDefinition[] = [
  defineCall({
    path: WAITLIST_CALLS.getOffer,
    access: 'public',
    input: offerInput,
    handler: async (ctx, input) => ({ data: await getOffer(ctx, input.offer_token) }),
  }),
  defineCall({
    path: WAITLIST_CALLS.acceptOffer,
    access: 'public',
    input: offerInput,
    handler: (ctx, input) => acceptOffer(ctx, input.offer_token),
  }),
];
