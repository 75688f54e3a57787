import { toast } from './toasts.tsx';

/** Copies text and tells the admin; a refused clipboard (permissions, old browser) says so. */
export async function copyText(text: string, success: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(success);
  } catch {
    toast.error('Copy failed: select the text and copy it by hand');
  }
}
