import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, Flex, Typography } from '../antd.ts';
import { DeleteOutlined } from '@ant-design/icons';
import { IMAGE_ACCEPT, IMAGE_UPLOAD_MAX_BYTES } from '../limits.ts';

interface ImageUploadProps {
  label: string;
  /** Called with the picked image, or null when cleared. */
  onChange: (file: File | null) => void;
  /** The image already stored (shown until a new one is picked). */
  currentUrl?: string | null;
  accept?: string;
  maxBytes?: number;
  required?: boolean;
  disabled?: boolean;
  /** e.g. "JPEG, PNG, GIF or WebP, up to 10MB". */
  hint?: string;
}

/** An image picker with a thumbnail preview; rejects non-images and oversized files. */
export function ImageUpload(props: ImageUploadProps) {
  const { label, onChange, currentUrl, accept = IMAGE_ACCEPT, maxBytes = IMAGE_UPLOAD_MAX_BYTES } = props;
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // object URLs hold the file in memory until revoked
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError('Please select a valid image file');
      event.target.value = '';
      return;
    }
    if (file.size > maxBytes) {
      setError(`Image must be ${Math.round(maxBytes / 1024 / 1024)}MB or smaller`);
      event.target.value = '';
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(file));
    onChange(file);
  }

  function clear() {
    setPreview(null);
    setError(null);
    if (input.current) input.current.value = '';
    onChange(null);
  }

  const shown = preview ?? currentUrl ?? null;
  return (
    <Flex vertical gap={6}>
      <label htmlFor={inputId} style={{ fontWeight: 500 }}>
        {label}
        {props.required && (
          <span aria-hidden="true" style={{ color: '#ff4d4f' }}>
            {' '}
            *
          </span>
        )}
      </label>
      <Flex gap={8} align="center" wrap>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={accept}
          required={props.required && !shown}
          disabled={props.disabled}
          onChange={pick}
          style={{ maxWidth: '100%' }}
        />
        {preview && (
          <Button size="small" icon={<DeleteOutlined />} onClick={clear} disabled={props.disabled}>
            Remove
          </Button>
        )}
      </Flex>
      {shown && (
        <img
          src={shown}
          alt={`${label} preview`}
          width={96}
          height={96}
          style={{ objectFit: 'cover', borderRadius: 8 }}
        />
      )}
      {props.hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {props.hint}
        </Typography.Text>
      )}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
