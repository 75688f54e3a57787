// No async boundary (`import('./bootstrap')`) needed: @module-federation/vite wraps this entry
// so it runs only once the share scope is ready (the built page's `mf-entry-bootstrap` script
// awaits the host's init and pending shares first; the dev server wraps it the same way).
// Importing statically saves a request before the first render.
// antd's styles, made at build time for the console's theme (@manager/vite-config, antd-static-css.ts): the page
// renders under `consolePageTheme`, which generates none at run time.
import 'virtual:antd-static.css';
import './bootstrap';
