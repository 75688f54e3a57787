import { REDIRECT_ACTIONS } from '@manager/contract';
import { ImageUpload } from '@manager/ui';
import { Card, Checkbox, Form, Select } from '@manager/ui';
import { uploadUrl } from '@manager/platform';

const REDIRECT_OPTIONS = REDIRECT_ACTIONS.map((action) => ({ value: action, label: action }));

interface BannerCardProps {
  /** `bannerOne` or `bannerTwo`: its fields are `{name}Status` and `{name}Url`. */
  name: 'bannerOne' | 'bannerTwo';
  title: string;
  /** The stored image, shown until another is picked. */
  imageUrl: string | null;
  onImageChange: (file: File | null) => void;
  disabled?: boolean;
}

/** One banner: Active, image with preview, Redirect Action. A group named by its title. */
export function BannerCard({ name, title, imageUrl, onImageChange, disabled }: BannerCardProps) {
  return (
    <Card size="small" title={title} role="group" aria-label={title} style={{ height: '100%' }}>
      <Form.Item name={`${name}Status`} valuePropName="checked" style={{ marginBottom: 12 }}>
        <Checkbox disabled={disabled}>Active</Checkbox>
      </Form.Item>
      <div style={{ marginBottom: 16 }}>
        <ImageUpload
          label={`${title} Image`}
          currentUrl={uploadUrl(imageUrl)}
          onChange={onImageChange}
          disabled={disabled}
          hint="JPEG, PNG, GIF or WebP, up to 10MB"
        />
      </div>
      <Form.Item
        label="Redirect Action"
        name={`${name}Url`}
        rules={[{ required: true, message: 'Please select a redirect action' }]}
        style={{ marginBottom: 0 }}
      >
        <Select options={REDIRECT_OPTIONS} disabled={disabled} showSearch />
      </Form.Item>
    </Card>
  );
}
