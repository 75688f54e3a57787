import { remoteViteConfig } from '../packages/vite-config/src/index.ts';

export default remoteViteConfig('mf_transactions', new URL('./', import.meta.url));
