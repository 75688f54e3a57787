import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, lootBoxBodySchema, lootBoxesQuerySchema } from '@manager/contract';
import { checkAmounts, lootBoxAmounts } from '../lib/amount-limits';
import { withStoredImages } from '../lib/images';
import { adminIdOf, idOf } from '../lib/request';
import { readMultipartForm } from '../lib/request-body';
import { route } from '../lib/route';
import { requireFreshStepUp } from '../plugins/auth-guard';
import { ok, parse } from '../lib/envelope';
import { checkShopItems, deleteLootBox, listLootBoxes, saveLootBox, toggleLootBox } from './repository';
import { checkRewards, rewardFiles, shopItemIdsOf, toStoredRewards } from './rewards';

/**
 * Validates everything (fields, rewards, amounts within their limits, which files belong to
 * which reward) before storing any image, then writes in one transaction; a failed write (a
 * refused step-up included) removes the images it stored.
 */
async function save(app: FastifyInstance, request: FastifyRequest, id?: number) {
  const { fields: text, images } = await readMultipartForm(request);
  const fields = parse(lootBoxBodySchema, text);
  checkRewards(fields.rewards);
  checkAmounts(app.config.amountLimits, lootBoxAmounts(fields.amount, fields.rewards));
  await checkShopItems(app.db, shopItemIdsOf(fields.rewards));
  const files = rewardFiles(fields.rewards, images);
  const toStore = {
    image: images.image,
    ...Object.fromEntries(files.map((f) => [f.field, images[f.field]])),
  };
  return withStoredImages(app.images, toStore, (names) =>
    saveLootBox(
      app.db,
      adminIdOf(request),
      id,
      { fields, rewards: toStoredRewards(fields.rewards, files, names), imageUrl: names.image },
      (tx) => requireFreshStepUp(app, request, tx),
    ),
  );
}

/**
 * Loot boxes: list (whole or by page), create and update (multipart with reward images), toggle,
 * delete. A new box needs a fresh step-up; an edit only when it changes the price or the payout.
 */
export default async function lootBoxRoutes(app: FastifyInstance) {
  route(app, calls.lootBoxes, async (request) =>
    ok(await listLootBoxes(app.db, parse(lootBoxesQuerySchema, request.query, 'query'))),
  );
  route(app, calls.createLootBox, async (request) => ok(await save(app, request), 'Loot box created'));
  route(app, calls.updateLootBox, async (request) =>
    ok(await save(app, request, idOf(request)), 'Loot box updated'),
  );
  route(app, calls.toggleLootBox, async (request) => {
    const box = await toggleLootBox(app.db, adminIdOf(request), idOf(request));
    return ok(box, box.isActive ? 'Loot box activated' : 'Loot box deactivated');
  });
  route(app, calls.deleteLootBox, async (request) => {
    await deleteLootBox(app.db, adminIdOf(request), idOf(request));
    return ok(null, 'Loot box deleted');
  });
}
