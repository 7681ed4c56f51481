/** Every migration, in the order it is applied. Append only: never edit one that has shipped. */
import type { Migration } from '../migrate';
import { platform } from './0001_platform';
import { serverSecrets } from './0002_server_secrets';

export const MIGRATIONS: readonly Migration[] = [platform, serverSecrets];
