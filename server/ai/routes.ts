import { aiUsageSchema, generatedTourSchema, generateTourInput } from '../../src/api/ai/contract';
import { itemAnswer } from '../../src/api/common/schemas';
import { allow, route } from '../http/route';
import { generateTour } from './generate';
import { modelSettings, usageOf } from './model';

export const aiRoutes = [
  route({
    method: 'POST',
    path: '/customized-tours/generate-with-ai',
    answers: generatedTourSchema,
    access: allow('customizedTours', 'create'),
    body: generateTourInput,
    status: 201,
    handler: ({ tx, auth, services, body }) => generateTour(tx, auth, services, body),
  }),

  /** Where the model comes from and this month's tokens (Configurations → AI model). */
  route({
    method: 'GET',
    path: '/ai/usage',
    answers: itemAnswer(aiUsageSchema),
    access: allow('configurations', 'view'),
    handler: async ({ tx, services }) => ({ data: await usageOf(tx, await modelSettings(tx, services)) }),
  }),
];
