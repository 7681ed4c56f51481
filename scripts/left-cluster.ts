/**
 * What `npm start`'s supervisor (scripts/start.mjs, plain JavaScript) loads through tsx to stop
 * the embedded cluster a dead server left running: db/postmaster.ts imports nothing but Node.
 */
export { stopOwnerlessCluster } from '../src/server/db/postmaster';
