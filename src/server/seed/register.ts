/**
 * The entities' starting data: every new company gets countries, category roots, parts used and
 * actions; the demo clinic gets a full materia medica and patients. Each program that creates
 * companies (the server, the company command, the test servers, the bench) calls
 * registerSeeders() as it starts; a company created before that is refused (companies/create.ts).
 */
import { onCompanyCreated } from '../companies/create';
import { onDemoCreated } from '../demo';
import { seedCompany } from './company';
import { seedDemo } from './demo';

let registered = false;

/** Registers the seeders once, however often it is called. */
export function registerSeeders(): void {
  if (registered) return;
  registered = true;
  onCompanyCreated(seedCompany);
  onDemoCreated(seedDemo);
}
