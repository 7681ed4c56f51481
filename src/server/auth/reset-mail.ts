/** The password-reset mail: names the clinic, carries the single-use link, says how long it lasts. */
import type { Config } from '../config';
import { composeMail } from '../mail/compose';
import { publicLink } from '../mail/links';
import type { MailMessage } from '../mail/mailer';

const RESET_PATH = '/password-reset';

export function resetMail(options: {
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>;
  to: string;
  firstName: string;
  clinic: { company_name: string; company_slug: string };
  token: string;
}): MailMessage {
  const { clinic } = options;
  const href = publicLink(options.config, RESET_PATH, {
    token: options.token,
    company: clinic.company_slug,
  });
  const greeting = options.firstName ? `Hello ${options.firstName},` : 'Hello,';
  return {
    to: options.to,
    subject: `Reset your ${clinic.company_name} password`,
    ...composeMail([
      greeting,
      `Someone, hopefully you, asked to reset the password of your ${clinic.company_name} account in Materia.`,
      { href, label: 'Choose a new password' },
      'The link works once and expires in 1 hour.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      clinic.company_name,
    ]),
  };
}
