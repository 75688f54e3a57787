import { useEffect, useState, type CSSProperties } from 'react';

/** Local, never fetched: a grey tile with a simple gift box outline. */
export const GIFT_PLACEHOLDER_SRC =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
      '<rect width="64" height="64" rx="12" fill="#f0f0f0"/>' +
      '<g fill="none" stroke="#bfbfbf" stroke-width="3" stroke-linejoin="round">' +
      '<rect x="14" y="26" width="36" height="24" rx="2"/><rect x="11" y="19" width="42" height="8" rx="2"/>' +
      '<path d="M32 19v31M32 19c-4-7-12-7-12-2s8 2 12 2c4 0 12 3 12-2s-8-5-12 2"/></g></svg>',
  );

/**
 * URL of a gift picture on the NFT image host: "Plush Pepe #123" -> `${base}plushpepe-123.webp`
 * (lower case, letters and digits only, then the number). A name without a number gives
 * `${base}plushpepe.webp`.
 */
export function giftImageUrl(baseUrl: string, name: string, extension = 'webp'): string {
  const match = /^(.*?)\s*#\s*(\d+)\s*$/.exec(name);
  const base = (match ? match[1]! : name).toLowerCase().replace(/[^a-z0-9]/g, '');
  const slug = match ? `${base}-${match[2]}` : base;
  const prefix = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return `${prefix}${slug}.${extension}`;
}

interface GiftImageProps {
  /** Gift name, e.g. "Plush Pepe #123"; also the default alt text. */
  name: string;
  /** The NFT image host (runtime config `nftImageBaseUrl`). Ignored when `src` is given. */
  baseUrl?: string;
  /** An explicit picture (e.g. modelThumbUrl); the placeholder still covers load errors. */
  src?: string | null;
  size?: number;
  alt?: string;
  style?: CSSProperties;
  className?: string;
}

/** A gift picture that falls back to a local placeholder when missing or failing to load. */
export function GiftImage({ name, baseUrl, src, size = 48, alt, style, className }: GiftImageProps) {
  const wanted = src || (baseUrl && name ? giftImageUrl(baseUrl, name) : GIFT_PLACEHOLDER_SRC);
  const [failed, setFailed] = useState(false);
  // a new gift gets a fresh attempt
  useEffect(() => setFailed(false), [wanted]);
  return (
    <img
      src={failed ? GIFT_PLACEHOLDER_SRC : wanted}
      alt={alt ?? name}
      width={size}
      height={size}
      loading="lazy"
      className={className}
      style={{ objectFit: 'cover', borderRadius: 8, ...style }}
      onError={() => setFailed(true)}
    />
  );
}
