/**
 * The public booking calls (no login; the company from `_company_slug`), so that the /book page
 * and a clinic's own website can book. Each first checks that the clinic takes bookings online
 * (./clinic.ts); each is limited per address (RATE_LIMITS). docs/api.md, "Public booking calls".
 */
import { BOOKING_CALLS } from '../../shared/booking';
import { defineCall, type CallDefinition } from '../http/calls';
import { book } from './book';
import { openClinic } from './clinic';
import { bookingInputs } from './input';
import { cancelBooking, getBooking, rescheduleBooking } from './manage';
import { bookingOptions, bookingSlots } from './offer';

const CANCELLED_TEXT = 'Your appointment is cancelled.';

export const bookingCalls: CallDefinition[] = [
  defineCall({
    path: BOOKING_CALLS.getOptions,
    access: 'public',
    input: bookingInputs.getOptions,
    handler: async (ctx) => ({ data: await bookingOptions(ctx, await openClinic(ctx)) }),
  }),
  defineCall({
    path: BOOKING_CALLS.getSlots,
    access: 'public',
    input: bookingInputs.getSlots,
    handler: async (ctx, input) => ({
      data: { slots: await bookingSlots(ctx, await openClinic(ctx), input) },
    }),
  }),
  defineCall({
    path: BOOKING_CALLS.book,
    access: 'public',
    input: bookingInputs.book,
    handler: async (ctx, input) => ({ data: await book(ctx, await openClinic(ctx), input) }),
  }),
  defineCall({
    path: BOOKING_CALLS.getBooking,
    access: 'public',
    input: bookingInputs.getBooking,
    handler: async (ctx, input) => ({
      data: await getBooking(ctx, await openClinic(ctx), input.manage_token),
    }),
  }),
  defineCall({
    path: BOOKING_CALLS.cancel,
    access: 'public',
    input: bookingInputs.cancel,
    handler: async (ctx, input) => ({
      data: await cancelBooking(ctx, await openClinic(ctx), input.manage_token),
      messages: [{ type: 's', text: CANCELLED_TEXT }],
    }),
  }),
  defineCall({
    path: BOOKING_CALLS.reschedule,
    access: 'public',
    input: bookingInputs.reschedule,
    handler: async (ctx, input) => ({
      data: await rescheduleBooking(ctx, await openClinic(ctx), input),
    }),
  }),
];
