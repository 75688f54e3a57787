import { remoteViteConfig } from '@manager/vite-config';
import { area } from './src/area';

// The console's remote configuration, from the published package: Module Federation with the
// console's shared singletons, the build info its release states, and the dev server (its
// own port, the API passed on). Ports of its own, since apps.json lists only the console's
// apps, and the area it adds to the console (src/area.ts).
export default remoteViteConfig('mf_outside', new URL('./', import.meta.url), {
  port: 4179,
  devPort: 5179,
  area,
});
