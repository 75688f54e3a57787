import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SETTINGS_IMAGE_FIELDS, updateSettingsBodySchema } from '@manager/contract';
import { writeAudit } from '../db/audit';
import { settings } from '../db/schema/settings';
import { badRequest, ok, parse } from '../plugins/envelope';
import { readMultipartForm } from '../plugins/uploads';
import { loadSettingsRow, SETTINGS_ID, settingsChanges, toSettings, type BannerImages } from '../settings/settings-store';

const IMAGE_FIELDS: ReadonlySet<string> = new Set(SETTINGS_IMAGE_FIELDS);

/** GET /settings and POST /settings (multipart with optional bannerOneImage / bannerTwoImage). */
export default async function settingsRoutes(app: FastifyInstance) {
  app.get('/settings', async () => ok(toSettings(await loadSettingsRow(app.db))));

  app.post('/settings', async (request) => {
    const { fields, images } = await readMultipartForm(request);
    const stray = Object.keys(images).find((field) => !IMAGE_FIELDS.has(field));
    if (stray) throw badRequest(`${stray}: Unexpected file field`);
    const body = parse(updateSettingsBodySchema, fields);

    // Files are written only for a request whose fields passed, and removed if the save fails.
    const stored: BannerImages = {};
    if (images.bannerOneImage) stored.bannerOneImageUrl = await app.storeImage(images.bannerOneImage);
    if (images.bannerTwoImage) stored.bannerTwoImageUrl = await app.storeImage(images.bannerTwoImage);
    try {
      const saved = await app.db.transaction(async (tx) => {
        const before = await loadSettingsRow(tx, true);
        const [after] = await tx
          .update(settings)
          .set(settingsChanges(before, body, stored, app.clock()))
          .where(eq(settings.id, SETTINGS_ID))
          .returning();
        await writeAudit(tx, {
          adminId: request.admin!.id,
          action: 'settings.update',
          entity: 'settings',
          entityId: SETTINGS_ID,
          before: toSettings(before),
          after: toSettings(after!),
        });
        return after!;
      });
      return ok(toSettings(saved), 'Settings updated successfully');
    } catch (error) {
      const names = Object.values(stored).map((url) => url.replace(/^\/uploads\//, ''));
      await Promise.all(names.map((name) => unlink(join(app.config.uploadsDir, name)).catch(() => undefined)));
      throw error;
    }
  });
}
