import { aiPaths, aiUsageSchema, chatInput, chatMessageSchema, generatedTourSchema, generateTourInput, leadThreadQuery, leadThreadSchema } from '../../src/api/ai/contract';
import * as v from 'valibot';
import { idParams, itemAnswer } from '../../src/api/common/schemas';
import { allow, fileAnswer, route } from '../http/route';
import { conversation, leadThread, sendChat, threadOf, visibleLead } from './chat';
import { generateTour } from './generate';
import { modelSettings, usageOf } from './model';

export const aiRoutes = [
  route({
    method: 'POST',
    path: aiPaths.generateTour.pattern,
    answers: generatedTourSchema,
    access: allow('customizedTours', 'create'),
    body: generateTourInput,
    status: 201,
    handler: ({ tx, auth, services, body }) => generateTour(tx, auth, services, body),
  }),

  /** Where the model comes from and this month's tokens (Configurations → AI model). */
  route({
    method: 'GET',
    path: aiPaths.usage.pattern,
    answers: itemAnswer(aiUsageSchema),
    access: allow('configurations', 'view'),
    handler: async ({ tx, services }) => ({ data: await usageOf(tx, await modelSettings(tx, services)) }),
  }),

  /** The lead's one thread (made on first read) with its conversation, and the model that answers (null: none). */
  route({
    method: 'GET',
    path: aiPaths.leadThread.pattern,
    answers: leadThreadSchema,
    access: allow('leads', 'view'),
    query: leadThreadQuery,
    handler: ({ tx, auth, services, query }) => leadThread(tx, auth, services, query.leadId),
  }),

  route({
    method: 'GET',
    path: aiPaths.leadChat.pattern,
    answers: v.object({ data: v.array(chatMessageSchema) }),
    access: allow('leads', 'view'),
    params: idParams,
    async handler({ tx, auth, params }) {
      const leadId = await visibleLead(tx, auth, params.id);
      return { data: await conversation(tx, await threadOf(tx, leadId)) };
    },
  }),

  /** A message to the lead's assistant, answered as a stream of server-sent events (docs/ai.md). */
  route({
    method: 'POST',
    path: aiPaths.leadChat.pattern,
    answers: fileAnswer('text/event-stream'),
    access: allow('leads', 'update'),
    params: idParams,
    body: chatInput,
    handler: ({ tx, auth, services, params, body }) => sendChat(tx, auth, services, params.id, body.text),
  }),
];
