import { remoteViteConfig } from '../vite.remote.ts';

export default remoteViteConfig('mf_users');
