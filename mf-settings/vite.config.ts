import { remoteViteConfig } from '../packages/vite-config/src/index.ts';

export default remoteViteConfig('mf_settings', new URL('./', import.meta.url));
