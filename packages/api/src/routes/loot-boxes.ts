import { unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamSchema, lootBoxBodySchema } from '@manager/contract';
import { checkRewards, toStoredRewards } from '../loot-boxes/rewards';
import { deleteLootBox, listLootBoxes, saveLootBox, toggleLootBox } from '../loot-boxes/store';
import { ok, parse } from '../plugins/envelope';
import { readMultipartForm } from '../plugins/uploads';

/**
 * Validates everything (fields, rewards, which files belong to which reward) before storing
 * any image, then writes in one transaction; a failed write removes the images it stored.
 */
async function save(app: FastifyInstance, request: FastifyRequest, id?: number) {
  const { fields: text, images } = await readMultipartForm(request);
  const fields = parse(lootBoxBodySchema, text);
  const targets = await checkRewards(app.db, fields.rewards, images);
  const stored: string[] = [];
  const store = async (field: string) => {
    const name = basename(await app.storeImage(images[field]!));
    stored.push(name);
    return name;
  };
  try {
    const imageUrl = images.image ? await store('image') : undefined;
    const urls = [];
    for (const t of targets) urls.push({ reward: t.reward, key: t.key, url: await store(t.field) });
    return await saveLootBox(app.db, request.admin!.id, id, { fields, rewards: toStoredRewards(fields.rewards, urls), imageUrl });
  } catch (error) {
    await Promise.all(stored.map((n) => unlink(join(app.config.uploadsDir, n)).catch(() => undefined)));
    throw error;
  }
}

/** Loot boxes: list, create and update (multipart with reward images), toggle, delete. */
export default async function lootBoxRoutes(app: FastifyInstance) {
  app.get('/loot-boxes', async () => ok(await listLootBoxes(app.db)));
  app.post('/loot-boxes', async (request) => ok(await save(app, request), 'Loot box created'));
  app.put('/loot-boxes/:id', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    return ok(await save(app, request, id), 'Loot box updated');
  });
  app.patch('/loot-boxes/:id/toggle-status', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    const box = await toggleLootBox(app.db, request.admin!.id, id);
    return ok(box, box.isActive ? 'Loot box activated' : 'Loot box deactivated');
  });
  app.delete('/loot-boxes/:id', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    await deleteLootBox(app.db, request.admin!.id, id);
    return ok(null, 'Loot box deleted');
  });
}
