/**
 * The waitlist's mails: an offer of a freed time with its accept link, and the note that a time
 * offered has gone. Times in the clinic's zone, as every diary message writes them.
 */
import { OFFER_PATH } from '../../shared/diary/waitlist';
import type { Config } from '../config';
import { composeMail } from '../mail/compose';
import { publicLink } from '../mail/links';
import type { MailMessage } from '../mail/mailer';
import { clinicTime } from '../messages/compose';
import type { ClinicFacts } from '../messages/facts';

interface Offered {
  first_name: string;
  email: string;
  type_name: string;
  practitioner_name: string;
  start: Date;
  expires_at: Date;
}

const hello = (name: string) => (name ? `Hello ${name},` : 'Hello,');
const signature = (clinic: ClinicFacts) => [clinic.name, clinic.phone].filter(Boolean).join(' · ');

export function offerMail(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  clinic: ClinicFacts,
  offer: Offered,
  token: string,
): MailMessage {
  const when = clinicTime(offer.start, clinic.zone);
  const href = publicLink(config, OFFER_PATH, { token, company: clinic.slug });
  return {
    to: offer.email,
    subject: `A time has come free at ${clinic.name}: ${when}`,
    ...composeMail([
      hello(offer.first_name),
      `You are on our waiting list, and a time has come free: ${when}.`,
      `${offer.type_name || 'Appointment'} with ${offer.practitioner_name}`,
      { href, label: 'Book this time' },
      `We have offered it to a few people on the list: the first to book it has it. The offer ends ${clinicTime(offer.expires_at, clinic.zone)}.`,
      'If it does not suit you, do nothing: you stay on the list.',
      signature(clinic),
    ]),
  };
}

export function goneMail(clinic: ClinicFacts, offer: Offered): MailMessage {
  const when = clinicTime(offer.start, clinic.zone);
  return {
    to: offer.email,
    subject: `That time has gone: ${when} at ${clinic.name}`,
    ...composeMail([
      hello(offer.first_name),
      `Sorry, the time we offered you, ${when}, has been taken.`,
      'You are still on our waiting list; we will write again when another time comes free.',
      signature(clinic),
    ]),
  };
}
