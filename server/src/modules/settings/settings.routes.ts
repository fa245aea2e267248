import { settingsBody, settingsResponse, settingsSaveResponse, settingsTexts } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchema } from '../../route-schema';
import { readAllSettings } from './settings.repo';
import { changeSettings } from './settings.service';

/** The business's details printed on bills (docs/rules.md section 14). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', routeSchema('settings', settingsResponse), () => readAllSettings(app.db));

  app.put('/settings', routeSchema('settings', settingsSaveResponse, { body: settingsBody }), async (request) => ({
    msg: settingsTexts.saved,
    settings: await changeSettings(app.db, request.body),
  }));
};
