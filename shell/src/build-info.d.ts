/** The shell's build (@manager/vite-config, build-info.ts); `BuildInfo` of `@manager/contract`. */
declare const __CONSOLE_BUILD__: import('@manager/contract').BuildInfo;
