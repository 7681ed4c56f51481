/**
 * The diary's settings: the `appointments` module's settings tab. The clinic's time zone is a
 * product setting (product-module.ts), since invoices and notes read it too.
 */
import type { SettingsTab } from '../settings';

export const DIARY_SETTINGS = {
  onlineBooking: 'online_booking',
  bookingIntro: 'booking_intro',
  cancellationPolicy: 'cancellation_policy',
  reminderHours: 'reminder_hours',
  smsReminders: 'sms_reminders',
  waitlistOfferCount: 'waitlist_offer_count',
  reviewDays: 'review_days',
  slotStepMinutes: 'slot_step_minutes',
} as const;

export const DIARY_SETTINGS_TABS: readonly SettingsTab[] = [
  {
    name: 'diary',
    label: 'Diary',
    sections: [
      {
        title: 'Online booking',
        items: [
          {
            name: DIARY_SETTINGS.onlineBooking,
            type: 'toggle',
            label: 'Patients may book online',
            public: true,
            default: 1,
            hint: 'Off: the booking page and the public booking calls say that online booking is closed.',
          },
          {
            name: DIARY_SETTINGS.bookingIntro,
            type: 'text',
            label: 'Words at the top of the booking page',
            public: true,
            default: '',
          },
          {
            name: DIARY_SETTINGS.cancellationPolicy,
            type: 'text',
            label: 'Cancellation policy',
            public: true,
            default: 'Please give us at least 24 hours notice if you can not come.',
            hint: 'Shown on the booking page and in every confirmation and reminder.',
          },
          {
            name: DIARY_SETTINGS.slotStepMinutes,
            type: 'number',
            label: 'Offer a time every (minutes)',
            public: false,
            default: 15,
            min: 5,
            max: 120,
          },
        ],
      },
      {
        title: 'Reminders',
        items: [
          {
            name: DIARY_SETTINGS.reminderHours,
            type: 'number',
            label: 'Send a reminder this many hours before',
            public: false,
            default: 24,
            min: 0,
            max: 336,
            hint: '0 sends no reminders; an appointment type may set its own.',
          },
          {
            name: DIARY_SETTINGS.smsReminders,
            type: 'toggle',
            label: 'Also remind by text message',
            public: false,
            default: 0,
            hint: 'Needs an SMS provider set up on the server (docs/operations.md).',
          },
        ],
      },
      {
        title: 'Waitlist and reviews',
        items: [
          {
            name: DIARY_SETTINGS.waitlistOfferCount,
            type: 'number',
            label: 'Offer a freed time to the first (patients on the waitlist)',
            public: false,
            default: 3,
            min: 1,
            max: 20,
          },
          {
            name: DIARY_SETTINGS.reviewDays,
            type: 'number',
            label: 'Due for review: medicine runs out within (days)',
            public: false,
            default: 14,
            min: 1,
            max: 90,
          },
        ],
      },
    ],
  },
];
