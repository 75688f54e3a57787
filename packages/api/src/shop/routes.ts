import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  calls,
  createShopItemBodySchema,
  shopItemsQuerySchema,
  shopOrdersQuerySchema,
  updateShopItemBodySchema,
  type Currency,
} from '@manager/contract';
import { exportRoute } from '../exports/route';
import { checkAmounts } from '../lib/amount-limits';
import { withStoredImages } from '../lib/images';
import { adminIdOf, idOf } from '../lib/request';
import { readMultipartForm, refuseOtherFiles } from '../lib/request-body';
import { route } from '../lib/route';
import { requireFreshStepUp } from '../plugins/auth-guard';
import { ok, parse } from '../lib/envelope';
import { shopOrdersPlan } from './export-plan';
import { listShopItems, listShopOrders } from './lists';
import { createShopItem, deleteShopItem, updateShopItem } from './repository';

/** The multipart form of an item; only `photo` and `thumb` may carry files (checked by content). */
async function readShopItemForm(request: FastifyRequest) {
  const form = await readMultipartForm(request);
  refuseOtherFiles(form.images, ['photo', 'thumb']);
  return { fields: form.fields, images: { photoUrl: form.images.photo, thumbUrl: form.images.thumb } };
}

/**
 * Shop items (CRUD, multipart with photo and thumb) and shop orders (view only); both lists
 * whole or by page. A new item needs a fresh step-up (the contract marks it); an edit only when
 * it changes the price. A price above its currency's limit is a 400 before any image is stored.
 */
export default async function shopRoutes(app: FastifyInstance) {
  const checkPrice = (fields: { price: number; currency: Currency }) =>
    checkAmounts(app.config.amountLimits, [
      { field: 'price', currency: fields.currency, value: fields.price },
    ]);

  route(app, calls.shopItems, async (request) =>
    ok(await listShopItems(app.db, parse(shopItemsQuerySchema, request.query, 'query'))),
  );

  route(app, calls.createShopItem, async (request) => {
    const form = await readShopItemForm(request);
    const fields = parse(createShopItemBodySchema, form.fields);
    checkPrice(fields);
    const item = await withStoredImages(app.images, form.images, (names) =>
      createShopItem(app.db, adminIdOf(request), fields, names),
    );
    return ok(item, 'Shop item created');
  });

  route(app, calls.updateShopItem, async (request) => {
    const id = idOf(request);
    const form = await readShopItemForm(request);
    const fields = parse(updateShopItemBodySchema, form.fields);
    checkPrice(fields);
    const item = await withStoredImages(app.images, form.images, (names) =>
      updateShopItem(app.db, adminIdOf(request), id, fields, names, (tx) =>
        requireFreshStepUp(app, request, tx),
      ),
    );
    return ok(item, 'Shop item updated');
  });

  route(app, calls.deleteShopItem, async (request) => {
    await deleteShopItem(app.db, adminIdOf(request), idOf(request));
    return ok(null, 'Shop item deleted');
  });

  route(app, calls.shopOrders, async (request) =>
    ok(await listShopOrders(app.db, parse(shopOrdersQuerySchema, request.query, 'query'))),
  );
  exportRoute(app, calls.exportShopOrders, shopOrdersPlan);
}
