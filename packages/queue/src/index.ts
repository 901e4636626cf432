// The public API of @gridrace/queue.
export { QueueExecutor, planJobs } from './queue-executor.js';
export type { QueueExecutorOptions, QueueStatus } from './queue-executor.js';
export { runQueueWorker, runJob, thisMachine, earlierRecords } from './queue-worker.js';
export type { QueueWorkerOptions, WorkerEnd } from './queue-worker.js';
export { parseQueueUrl, QueueError, DEFAULT_QUEUE_NAME } from './address.js';
export type { QueueAddress } from './address.js';
export { connect } from './connection.js';
export type { ConnectionOptions } from './connection.js';
export { JOB_VERSION, jobProblem } from './job.js';
export type { JobData, JobResult, JobSettings, JobTask, Machine } from './job.js';
