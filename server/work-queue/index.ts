/**
 * The work queue's face (issue 30, docs/work-queue.md): areas register their kinds of work here
 * (`registerQueueKinds`, from their own faces), so the queue reads no area; the start page and the
 * operations board read the same definitions.
 */
export { workQueueRoutes } from './routes';
export { at, registerQueueKinds, type QueueActionDef, type QueueColumns, type QueueKind, type QueueRow, type QueueScope, type QueueSource } from './registry';
export { queueCard } from './queue';
