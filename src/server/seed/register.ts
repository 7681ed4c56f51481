/**
 * Registers the entities' starting data: every new company gets countries, category roots,
 * parts used and actions; the demo clinic gets a full materia medica and patients.
 */
import { onCompanyCreated } from '../companies/create';
import { onDemoCreated } from '../demo';
import { seedCompany } from './company';
import { seedDemo } from './demo';

onCompanyCreated(seedCompany);
onDemoCreated(seedDemo);
