import { sql } from 'drizzle-orm';
import { moduleSettings } from '../admin';
import type { BossQueue } from '../jobs/boss';
import type { AppServices } from '../services';
import { deliver, smtpConfigured, smtpFailure } from './mailer';
import { outboundPolicy } from '../http/outbound';
import { DOCUMENT_SEND_FAILED_QUEUE, DOCUMENT_SEND_QUEUE, outgoingMessage } from './store';

interface SendJob {
  sendId: string;
  orgId: string;
}

/**
 * Sends one queued email. The send's row says whether it still has to go: a job that runs again
 * after its message went out (its completion was lost) finds it `sent` and does nothing. The mail
 * server is called outside any transaction; its answer is written after. A refusal or a time-out
 * is written on the send (attempts, reason) and thrown, so pg-boss retries with back-off.
 */
export async function sendQueuedEmail({ database, config }: AppServices, { sendId, orgId }: SendJob) {
  const prepared = await database.withTenant(orgId, async (tx) => {
    const { rows } = await tx.execute<{ status: string }>(sql`select status from document_sends where id = ${sendId} for update`);
    if (rows[0]?.status !== 'queued') return null;
    const settings = await moduleSettings(tx, 'emailConfig');
    if (!smtpConfigured(settings)) {
      // The mail server was removed after this was queued: it waits in the outbox instead.
      await tx.execute(sql`update document_sends set status = 'outbox', updated_at = now() where id = ${sendId}`);
      return null;
    }
    return { settings, message: await outgoingMessage(tx, sendId) };
  });
  if (!prepared) return;
  let response: string;
  try {
    response = await deliver(prepared.settings, prepared.message, config.mail.timeoutSeconds, outboundPolicy(config.outboundAllowedRanges));
  } catch (err) {
    const reason = smtpFailure(err);
    await database.withTenant(orgId, (tx) =>
      tx.execute(sql`update document_sends set attempts = attempts + 1, last_error = ${reason}, updated_at = now() where id = ${sendId} and status = 'queued'`),
    );
    throw new Error(reason);
  }
  await database.withTenant(orgId, (tx) =>
    tx.execute(sql`
      update document_sends set status = 'sent', sent_at = now(), attempts = attempts + 1, server_response = ${response.slice(0, 1000)}, last_error = null, updated_at = now()
      where id = ${sendId} and status = 'queued'`),
  );
}

/** A send whose retries are spent (or whose last worker died) is `failed`, with the last reason known. */
export async function failEmail({ database }: AppServices, { sendId, orgId }: SendJob) {
  await database.withTenant(orgId, (tx) =>
    tx.execute(sql`
      update document_sends set status = 'failed', failed_at = now(), updated_at = now(),
        last_error = coalesce(last_error, 'The mail server did not answer in time')
      where id = ${sendId} and status = 'queued'`),
  );
}

/** The documents area's queues: email, and the dead letters of email. */
export function documentQueues(services: AppServices): BossQueue[] {
  const { mail } = services.config;
  // A send is given up for lost (its server was killed) once it has been active longer than a
  // connection, a greeting and the data could take.
  const expireInSeconds = mail.timeoutSeconds * 3 + 5;
  return [
    { name: DOCUMENT_SEND_FAILED_QUEUE, retryLimit: 10, retryDelay: mail.retryDelaySeconds, expireInSeconds, workers: 1, handler: (data) => failEmail(services, data as unknown as SendJob) },
    {
      name: DOCUMENT_SEND_QUEUE,
      retryLimit: mail.retries,
      retryDelay: mail.retryDelaySeconds,
      expireInSeconds,
      deadLetter: DOCUMENT_SEND_FAILED_QUEUE,
      workers: mail.workers,
      handler: (data) => sendQueuedEmail(services, data as unknown as SendJob),
    },
  ];
}
