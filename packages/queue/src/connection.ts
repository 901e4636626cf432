// The queue's address: a redis:// or rediss:// (TLS) URL, with an optional password (Redis
// AUTH) that is never printed or written into results. Connections retry for a while when
// Redis goes away, then give up, so a lost server ends a worker or a race with a message
// instead of a process that waits forever.
import { Redis } from 'ioredis';

/** The default queue name: workers and races meet on it unless told otherwise. */
export const DEFAULT_QUEUE_NAME = 'gridrace';

export class QueueError extends Error {
  override readonly name = 'QueueError';
}

export interface QueueAddress {
  /** The URL as given (may hold a password: never print it). */
  readonly url: string;
  /** host:port/db, with rediss:// when TLS: what messages and results name. */
  readonly where: string;
}

/** Checks a queue URL; throws QueueError with one line for anything else. */
export function parseQueueUrl(text: string): QueueAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new QueueError(`--queue: "${text}" is not a URL; use redis://HOST:PORT (rediss:// for TLS, redis://:PASSWORD@HOST:PORT with AUTH)`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new QueueError(`--queue: ${url.protocol}// is not a Redis URL; use redis://HOST:PORT or rediss://HOST:PORT`);
  }
  if (url.hostname === '') throw new QueueError(`--queue: the URL names no host; use redis://HOST:PORT`);
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new QueueError(`--queue: "/${db}" is not a database number`);
  const where = `${url.protocol === 'rediss:' ? 'rediss://' : ''}${url.hostname}:${url.port || '6379'}${db ? `/${db}` : ''}`;
  return { url: text, where };
}

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
