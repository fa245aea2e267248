import { createReadStream } from 'node:fs';
import { backupCreateResponse, backupListResponse, backupNameParams, backupTexts, errorBody } from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { backupFilePath, listBackups, takeBackup } from './backup.service';

/** The answer of a download: the zip itself, streamed, so nothing checks or serializes it. */
const backupFile = {
  description: 'The backup file',
  content: { 'application/zip': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
};

/** The Backups screen's calls (docs/rules.md section 16); for now any signed-in user may use them. */

export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { backupDir, backupAt, backupKeep, businessTz } = app.config;

  app.get('/backups', { schema: { tags: ['backup'], response: { 200: backupListResponse } } }, async () => ({
    rows: await listBackups(backupDir),
    schedule: { at: backupAt ?? null, timeZone: businessTz, keep: backupKeep },
  }));

  app.post('/backups', { schema: { tags: ['backup'], response: { 200: backupCreateResponse } } }, async () => ({
    msg: backupTexts.created,
    backup: await takeBackup(app.db, app.config),
  }));

  // Only a name the list shows: the folder is read, never a path built from the request.
  app.get(
    '/backups/:name',
    { schema: { tags: ['backup'], params: backupNameParams, response: { 200: backupFile, 404: errorBody } } },
    async (request, reply) => {
      const { name } = request.params;
      const file = await backupFilePath(backupDir, name);
      if (!file) throw notFound(backupTexts.notFound);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );
};
