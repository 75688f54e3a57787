import { unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createShopItemBodySchema, idParamSchema, updateShopItemBodySchema } from '@manager/contract';
import { badRequest, ok, parse } from '../plugins/envelope';
import { readMultipartForm, type ImageUpload } from '../plugins/uploads';
import { createShopItem, deleteShopItem, listShopItems, updateShopItem, type ImagePaths } from '../shop/items';
import { listShopOrders } from '../shop/orders';

const IMAGE_FIELDS = ['photo', 'thumb'] as const;

/** The multipart form of an item; only `photo` and `thumb` may carry files (checked by content). */
async function readShopItemForm(request: FastifyRequest) {
  const form = await readMultipartForm(request);
  const unknown = Object.keys(form.images).filter((k) => !(IMAGE_FIELDS as readonly string[]).includes(k));
  if (unknown.length) throw badRequest(`${unknown[0]}: Unexpected file field`);
  return form;
}

/** Called once the fields are valid, so a refused request stores nothing. Paths are relative to the uploads base. */
async function storeImages(app: FastifyInstance, images: Record<string, ImageUpload>): Promise<ImagePaths> {
  const paths: ImagePaths = {};
  if (images.photo) paths.photoUrl = basename(await app.storeImage(images.photo));
  if (images.thumb) paths.thumbUrl = basename(await app.storeImage(images.thumb));
  return paths;
}

/** A failed write must not leave the images it stored behind. */
async function removeImages(app: FastifyInstance, paths: ImagePaths) {
  await Promise.all(Object.values(paths).map((p) => unlink(join(app.config.uploadsDir, p)).catch(() => undefined)));
}

/** Shop items (CRUD, multipart with photo and thumb) and shop orders (view only). */
export default async function shopRoutes(app: FastifyInstance) {
  app.get('/shop-items', async () => ok(await listShopItems(app.db)));

  app.post('/shop-items', async (request) => {
    const form = await readShopItemForm(request);
    const fields = parse(createShopItemBodySchema, form.fields);
    const paths = await storeImages(app, form.images);
    try {
      return ok(await createShopItem(app.db, request.admin!.id, fields, paths), 'Shop item created');
    } catch (error) {
      await removeImages(app, paths);
      throw error;
    }
  });

  app.put('/shop-items/:id', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    const form = await readShopItemForm(request);
    const fields = parse(updateShopItemBodySchema, form.fields);
    const paths = await storeImages(app, form.images);
    try {
      return ok(await updateShopItem(app.db, request.admin!.id, id, fields, paths), 'Shop item updated');
    } catch (error) {
      await removeImages(app, paths);
      throw error;
    }
  });

  app.delete('/shop-items/:id', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    await deleteShopItem(app.db, request.admin!.id, id);
    return ok(null, 'Shop item deleted');
  });

  app.get('/shop-orders', async () => ok(await listShopOrders(app.db)));
}
