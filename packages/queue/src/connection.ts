// Connections to the queue's Redis (address.ts checks the URL). Connections retry for a while when
// Redis goes away, then give up, so a lost server ends a worker or a race with a message
// instead of a process that waits forever.
import { Redis } from 'ioredis';
import type { QueueAddress } from './address.js';

export interface ConnectionOptions {
  /** How long to keep trying to reach a server that went away (ms). Default 10 s. */
  readonly reconnectMs?: number;
  /** Called once when the connection gives up, with why. */
  readonly onLost?: (why: string) => void;
}

/**
 * An ioredis connection for BullMQ (no per-command retry cap: BullMQ's workers block on
 * Redis), retrying with a short backoff for `reconnectMs`, then closed for good.
 */
export function connect(address: QueueAddress, options: ConnectionOptions = {}): Redis {
  const budget = options.reconnectMs ?? 10_000;
  let firstFailure: number | undefined;
  let lastError = '';
  let lost = false;
  const redis = new Redis(address.url, {
    maxRetriesPerRequest: null,
    // A lost server fails queued commands when the retries are over, instead of holding them.
    enableOfflineQueue: true,
    retryStrategy: () => {
      firstFailure ??= Date.now();
      if (Date.now() - firstFailure > budget) {
        if (!lost) {
          lost = true;
          options.onLost?.(`lost Redis at ${address.where} (${lastError || 'connection closed'}; retried for ${Math.round(budget / 1000)} s)`);
        }
        return null;
      }
      return 200;
    },
  });
  redis.on('error', (err: Error) => {
    lastError = err.message;
  });
  redis.on('ready', () => {
    firstFailure = undefined;
  });
  return redis;
}
