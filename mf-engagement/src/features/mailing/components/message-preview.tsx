import type { CSSProperties } from 'react';
import { Flex, Typography } from '@manager/ui';
import { uploadUrl } from '@manager/platform';

interface PreviewProps {
  message: string;
  buttonText: string;
  buttonLink: string;
  /** The stored image's name, or null. */
  mediaLink: string | null;
}

const bubble: CSSProperties = {
  maxWidth: 360,
  border: '1px solid rgba(0, 0, 0, 0.15)',
  borderRadius: 12,
  overflow: 'hidden',
  background: 'rgba(0, 0, 0, 0.02)',
};

/**
 * The message as a player's Telegram shows it: the image on top, the text with its line breaks
 * and spacing as typed (the bot sends plain text), and under it the button with its label,
 * opening its link.
 */
export function MessagePreview({ message, buttonText, buttonLink, mediaLink }: PreviewProps) {
  const image = uploadUrl(mediaLink);
  return (
    <figure aria-label="Message preview" style={{ margin: 0 }}>
      <Flex vertical style={bubble}>
        {image && (
          <img
            src={image}
            alt="Mailing image"
            style={{ width: '100%', maxHeight: 240, objectFit: 'cover' }}
          />
        )}
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 12 }}>
          {message}
        </Typography.Paragraph>
        <a
          href={buttonLink}
          target="_blank"
          rel="noreferrer"
          style={{
            display: 'block',
            textAlign: 'center',
            padding: '8px 12px',
            borderTop: '1px solid rgba(0, 0, 0, 0.15)',
            fontWeight: 500,
          }}
        >
          {buttonText}
        </a>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {`Button opens ${buttonLink}`}
      </Typography.Text>
    </figure>
  );
}
