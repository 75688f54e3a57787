-- Uploaded images are stored as the bare file name `<uuid>.<ext>` (served at /uploads/<name>).
-- Rows written when some columns kept the served path `/uploads/<name>` get the bare name.
UPDATE "tasks" SET "photo_url" = substr("photo_url", 10) WHERE "photo_url" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "tournaments" SET "tournaments_image" = substr("tournaments_image", 10) WHERE "tournaments_image" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "giveaways" SET "preview_image_url" = substr("preview_image_url", 10) WHERE "preview_image_url" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "mailings" SET "media_link" = substr("media_link", 10) WHERE "media_link" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "settings" SET "banner_one_image_url" = substr("banner_one_image_url", 10) WHERE "banner_one_image_url" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "settings" SET "banner_two_image_url" = substr("banner_two_image_url", 10) WHERE "banner_two_image_url" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "shop_items" SET "photo_url" = substr("photo_url", 10) WHERE "photo_url" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "shop_items" SET "thumb_url" = substr("thumb_url", 10) WHERE "thumb_url" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "loot_boxes" SET "image_url" = substr("image_url", 10) WHERE "image_url" LIKE '/uploads/%';
