/**
 * Starts sending due messages in this process (main.ts, unless JOB_WORKER=off): the job queue
 * hands each due message job to sendMessage.
 */
import type { JobQueue } from '../jobs/queue';
import { QUEUES } from '../jobs/queue';
import type { Services } from '../services';
import type { MessageJob } from './schedule';
import { sendMessage, type MessageDeps } from './send';
import { createSmsSender } from './sms';

export async function startMessageWorker(
  jobs: JobQueue,
  services: Pick<Services, 'db' | 'config' | 'mailer'>,
): Promise<void> {
  const deps: MessageDeps = {
    db: services.db,
    config: services.config,
    mailer: services.mailer,
    sms: createSmsSender(services.config.smsUrl),
  };
  await jobs.work<MessageJob>(QUEUES.messages, (job) => sendMessage(deps, job));
}
