import { numberToDecimalText } from '@manager/contract';
import type { RedirectAction } from '@manager/contract';
import { checkedCall, http, useChange } from '@manager/platform';
import { SETTINGS_MESSAGES } from './messages';
import { keys } from '../../../query-keys';

interface BannerValues {
  status: boolean;
  url: RedirectAction;
  /** A newly picked image; absent keeps the stored one. */
  image?: File | null;
}

export interface SettingsUpdate {
  technicalMode: boolean;
  playToStars: number;
  playToRedChip: number;
  bannerOne: BannerValues;
  bannerTwo: BannerValues;
}

/** The multipart body of POST /settings (docs/api.md). */
function settingsFormData(values: SettingsUpdate): FormData {
  const form = new FormData();
  form.append('technicalMode', String(values.technicalMode));
  form.append('playToStars', numberToDecimalText(values.playToStars));
  form.append('playToRedChip', numberToDecimalText(values.playToRedChip));
  const banners = [
    ['bannerOne', values.bannerOne],
    ['bannerTwo', values.bannerTwo],
  ] as const;
  for (const [prefix, banner] of banners) {
    if (banner.image) form.append(`${prefix}Image`, banner.image);
    form.append(`${prefix}Url`, banner.url);
    form.append(`${prefix}Status`, String(banner.status));
  }
  return form;
}

/** POST /settings; the caller shows `Failed to update settings` for any rejection. */
export async function updateSettings(values: SettingsUpdate): Promise<void> {
  await checkedCall(() => http.post('/settings', settingsFormData(values)), SETTINGS_MESSAGES.updateFailed);
}

/** Saves, then reloads the settings (spec: "settings are reloaded afterwards"). */
export const useUpdateSettings = () => useChange(updateSettings, keys.settings.all());
