import { remoteViteConfig } from '../packages/vite-config/src/index.ts';

export default remoteViteConfig('mf_commerce', new URL('./', import.meta.url));
