/** The clinic's time zone, as the diary's files name it (its home is ./time-zone.ts). */
export { clinicTimeZone as clinicZone } from './time-zone';
