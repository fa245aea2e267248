import { errorBody, settingsBody, settingsResponse, settingsSaveResponse, settingsTexts } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSettings, saveSettings } from './settings.repo';

/** The business's details printed on bills (DESIGN.md section 14). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', { schema: { tags: ['settings'], response: { 200: settingsResponse } } }, () =>
    readSettings(app.db),
  );

  app.put(
    '/settings',
    { schema: { tags: ['settings'], body: settingsBody, response: { 200: settingsSaveResponse, 400: errorBody } } },
    async (request) => ({ msg: settingsTexts.saved, settings: await saveSettings(app.db, request.body) }),
  );
};
