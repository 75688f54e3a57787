import type { FastifyInstance } from 'fastify';
import { calls, SETTINGS_IMAGE_FIELDS, updateSettingsBodySchema } from '@manager/contract';
import { withStoredImages } from '../lib/images';
import { adminIdOf } from '../lib/request';
import { requireFreshStepUp } from '../plugins/auth-guard';
import { readMultipartForm, refuseOtherFiles } from '../lib/request-body';
import { requirePermission } from '../lib/permissions';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { readSettings, updateSettings } from './repository';

/**
 * Global settings: read, and save (multipart with optional bannerOneImage / bannerTwoImage).
 * A save that changes a rate or technical mode needs a fresh step-up; one that leaves them
 * (the banners) does not. The call lets in an admin holding any of the settings permissions;
 * the save then needs the permission of each part it changes (repository.ts), else 403.
 */
export default async function settingsRoutes(app: FastifyInstance) {
  route(app, calls.settings, async () => ok(await readSettings(app.db)));

  route(app, calls.updateSettings, async (request) => {
    const { fields, images } = await readMultipartForm(request);
    refuseOtherFiles(images, SETTINGS_IMAGE_FIELDS);
    const body = parse(updateSettingsBodySchema, fields);
    const banners = { bannerOneImageUrl: images.bannerOneImage, bannerTwoImageUrl: images.bannerTwoImage };
    const saved = await withStoredImages(app.images, banners, (names) =>
      updateSettings(
        app.db,
        adminIdOf(request),
        body,
        names,
        app.clock(),
        (tx) => requireFreshStepUp(app, request, tx),
        (needs) => needs.forEach((p) => requirePermission(request, [p])),
      ),
    );
    return ok(saved, 'Settings updated successfully');
  });
}
