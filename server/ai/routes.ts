import { aiEndpoints } from '../../src/api/ai/contract';
import { allow, route } from '../http/route';
import { conversation, leadThread, sendChat, threadOf, visibleLead } from './chat';
import { generateTour } from './generate';
import { modelSettings, usageOf } from './model';

export const aiRoutes = [
  route({
    endpoint: aiEndpoints.generateTour,
    access: allow('customizedTours', 'create'),
    handler: ({ tx, auth, services, body }) => generateTour(tx, auth, services, body),
  }),

  /** Where the model comes from and this month's tokens (Configurations → AI model). */
  route({
    endpoint: aiEndpoints.usage,
    access: allow('configurations', 'view'),
    handler: async ({ tx, services }) => ({ data: await usageOf(tx, await modelSettings(tx, services)) }),
  }),

  /** The lead's one thread (made on first read) with its conversation, and the model that answers (null: none). */
  route({
    endpoint: aiEndpoints.leadThread,
    access: allow('leads', 'view'),
    handler: ({ tx, auth, services, query }) => leadThread(tx, auth, services, query.leadId),
  }),

  route({
    endpoint: aiEndpoints.leadChat,
    access: allow('leads', 'view'),
    async handler({ tx, auth, params }) {
      const leadId = await visibleLead(tx, auth, params.id);
      return { data: await conversation(tx, await threadOf(tx, leadId)) };
    },
  }),

  /** A message to the lead's assistant, answered as a stream of server-sent events (docs/ai.md). */
  route({
    endpoint: aiEndpoints.sendChat,
    access: allow('leads', 'update'),
    handler: ({ tx, auth, services, params, body }) => sendChat(tx, auth, services, params.id, body.text),
  }),
];
