import type { RedirectAction, Settings } from '@manager/contract';
import { toast, useCan, useRecordChanges } from '@manager/platform';
import { useFormUnderChange } from '@manager/platform/forms';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  FormChangeNotice,
  InputNumber,
  Row,
  Typography,
} from '@manager/ui';
import { useState } from 'react';
import { SETTINGS_ID } from '../api/get-settings';
import { SETTINGS_MESSAGES } from '../api/messages';
import { useUpdateSettings, type SettingsUpdate } from '../api/update-settings';
import { BannerCard } from './banner-card';

// One field per stored value (a banner's too), so Review changes takes another admin's change
// of one into the form without dropping what the admin typed in another.
interface FormValues {
  technicalMode: boolean;
  playToStars: number | null;
  playToRedChip: number | null;
  bannerOneStatus: boolean;
  bannerOneUrl: RedirectAction;
  bannerTwoStatus: boolean;
  bannerTwoUrl: RedirectAction;
}

/** The form's values of the stored settings: what it opens with, and what "This record changed" compares. */
const valuesOf = (s: Settings): FormValues => ({
  technicalMode: s.technicalMode,
  playToStars: s.playToStars,
  playToRedChip: s.playToRedChip,
  bannerOneStatus: s.bannerOneStatus,
  bannerOneUrl: s.bannerOneUrl ?? 'close',
  bannerTwoStatus: s.bannerTwoStatus,
  bannerTwoUrl: s.bannerTwoUrl ?? 'close',
});

/** The fields' labels, as the form shows them (a banner's under its title), for "Changed meanwhile". */
const LABELS: Record<keyof FormValues, string> = {
  technicalMode: 'Technical Mode',
  playToStars: 'Play to Stars Rate',
  playToRedChip: 'Play to Red Chip Rate',
  bannerOneStatus: 'Banner One Active',
  bannerOneUrl: 'Banner One Redirect Action',
  bannerTwoStatus: 'Banner Two Active',
  bannerTwoUrl: 'Banner Two Redirect Action',
};

const rateRules = (label: string) => [
  { required: true, message: `Please enter the ${label}` },
  { type: 'number' as const, min: 0, message: `${label} must be at least 0` },
];

/**
 * The settings form, over the settings as stored now. The fields are read from them once:
 * another admin's change shows "This record changed" and enters the fields only through Review
 * changes (the fields typed in keep what was typed). After a save, `onSaved` opens it again.
 */
export function SettingsForm({ settings, onSaved }: { settings: Settings; onSaved: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const changes = useRecordChanges('settings', SETTINGS_ID, true);
  const under = useFormUnderChange(form, SETTINGS_ID, valuesOf(settings), changes);
  const [bannerOneImage, setBannerOneImage] = useState<File | null>(null);
  const [bannerTwoImage, setBannerTwoImage] = useState<File | null>(null);
  const update = useUpdateSettings();
  const saving = update.isPending;
  // Each part changes with its own permission; the API checks each part that changed. A part the
  // admin may not change is shown, not editable; no part at all: no Save.
  const canGeneral = useCan('settings.general');
  const canRates = useCan('settings.rates');
  const canBanners = useCan('settings.banners');

  function submit(values: FormValues) {
    const payload: SettingsUpdate = {
      technicalMode: values.technicalMode,
      playToStars: values.playToStars ?? 0,
      playToRedChip: values.playToRedChip ?? 0,
      bannerOne: { status: values.bannerOneStatus, url: values.bannerOneUrl, image: bannerOneImage },
      bannerTwo: { status: values.bannerTwoStatus, url: values.bannerTwoUrl, image: bannerTwoImage },
    };
    update.mutate(payload, {
      onSuccess: () => {
        toast.success(SETTINGS_MESSAGES.updated);
        onSaved();
      },
      // `Failed to update settings`, or `Confirmation cancelled` when the admin gave up at the step-up.
      onError: (error) => toast.error(error.message || SETTINGS_MESSAGES.updateFailed),
    });
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={valuesOf(settings)}
      onFinish={submit}
      disabled={saving}
    >
      {/* A save's own reload is no change by someone else: the notice waits for it to settle. */}
      {!saving && <FormChangeNotice {...under} labels={LABELS} />}
      <Card title="General" size="small" style={{ marginBottom: 16 }}>
        <Form.Item
          name="technicalMode"
          valuePropName="checked"
          extra="Maintenance mode: players see a maintenance notice."
        >
          <Checkbox disabled={saving || !canGeneral}>Technical Mode</Checkbox>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Play to Stars Rate" name="playToStars" rules={rateRules('Play to Stars Rate')}>
              <InputNumber min={0} step={0.01} style={{ width: '100%' }} disabled={saving || !canRates} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Play to Red Chip Rate"
              name="playToRedChip"
              rules={rateRules('Play to Red Chip Rate')}
            >
              <InputNumber min={0} step={0.01} style={{ width: '100%' }} disabled={saving || !canRates} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Banner Management" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <BannerCard
              name="bannerOne"
              title="Banner One"
              imageUrl={settings.bannerOneImageUrl}
              onImageChange={setBannerOneImage}
              disabled={saving || !canBanners}
            />
          </Col>
          <Col xs={24} md={12}>
            <BannerCard
              name="bannerTwo"
              title="Banner Two"
              imageUrl={settings.bannerTwoImageUrl}
              onImageChange={setBannerTwoImage}
              disabled={saving || !canBanners}
            />
          </Col>
        </Row>
      </Card>

      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        Rates convert PLAY into Stars and Red Chips; banners show in the player app when Active.
      </Typography.Paragraph>
      {(canGeneral || canRates || canBanners) && (
        <Button type="primary" htmlType="submit" loading={saving} block={false} disabled={under.changed}>
          {saving ? 'Saving...' : 'Save Settings'}
        </Button>
      )}
    </Form>
  );
}
