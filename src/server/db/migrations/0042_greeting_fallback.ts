/**
 * Written by hand (data): the demo's "Greeting" snippet read "Dear {patient.title}
 * {patient.last_name}," and printed "Dear  Smith," for every patient without a title. It now gives
 * the first name as the title's fallback (issue 43 #4, shared/entities/merge-fields.ts). Only a
 * snippet still exactly as shipped is changed; a clinic's own wording is left alone.
 */
import type { Migration } from '../migrate';

export const greetingFallback0042: Migration = {
  name: '0042_greeting_fallback',
  sql: `
update snippets
  set snippet_body = '<p>Dear {patient.title|patient.first_name} {patient.last_name},</p>'
  where snippet_name = 'Greeting'
    and snippet_body = '<p>Dear {patient.title} {patient.last_name},</p>';
`,
};
