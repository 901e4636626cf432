// The queue's address: a redis:// or rediss:// (TLS) URL, with an optional password (Redis
// AUTH) that is never printed or written into results. This module imports nothing, so that a
// command line can check a --queue flag without loading BullMQ and ioredis (a third of a second
// of start-up for every `gridrace race`, queue or not).

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
