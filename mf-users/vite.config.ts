import { remoteViteConfig } from '../packages/vite-config/src/index.ts';

export default remoteViteConfig('mf_users', new URL('./', import.meta.url));
