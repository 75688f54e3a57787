import { useEffect, useState, type ComponentType } from 'react';

type QrCode = ComponentType<{
  value: string;
  size: number;
  title: string;
  role: string;
  'aria-label': string;
}>;
const SIZE = 176;

/**
 * The QR code of the otpauth link for an authenticator app. Its library is downloaded only
 * when an enrolment shows it, not with the sign-in page; if the download fails, the box stays
 * empty and the secret below it can still be typed in.
 */
export function AuthenticatorQrCode({ value }: { value: string }) {
  const [Qr, setQr] = useState<QrCode | null>(null);
  useEffect(() => {
    let mounted = true;
    import('qrcode.react').then(
      (m) => mounted && setQr(() => m.QRCodeSVG),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return (
    <div
      style={{
        background: '#fff',
        padding: 8,
        border: '1px solid #f0f0f0',
        borderRadius: 8,
        width: SIZE + 18,
        height: SIZE + 18,
      }}
    >
      {Qr && (
        <Qr
          value={value}
          size={SIZE}
          title="QR code for your authenticator app"
          role="img"
          aria-label="QR code for your authenticator app"
        />
      )}
    </div>
  );
}
